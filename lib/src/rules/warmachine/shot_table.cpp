// `arena shoot` for warmachine: the exact distribution (shot_distribution.hpp)
// of a named attacker's weapon against a named target at each distance.
#include "arena/shot_table.hpp"

#include <fmt/format.h>

#include "arena/suggest.hpp"
#include "rules/warmachine/battle.hpp"
#include "rules/warmachine/engagement.hpp"
#include "rules/warmachine/roster.hpp"
#include "rules/warmachine/shot_distribution.hpp"

namespace arena::warmachine {

static_assert(kMaxShotDistance == kMaxDistance, "arena shoot answers the distances files allow");
static_assert(kMaxShotFocus == kMaxFocus, "arena shoot spends the focus files allow");

namespace {

// The combatant called `name`, or the first of faction `faction` when it is
// empty. A name matches as a library name does (case, '-' and '_' aside:
// "destroyer" is "Destroyer") when no combatant has it exactly.
Expected<int, std::string> combatant(const Encounter& encounter, const std::string& name,
                                     std::size_t faction, const char* role) {
  if (name.empty()) {
    if (faction >= encounter.factions.size() || encounter.factions[faction].members.empty())
      return unexpected(fmt::format("no {}: the encounter has no faction {}", role, faction + 1));
    return encounter.factions[faction].members.front();
  }
  std::vector<std::string> names;
  for (std::size_t c = 0; c < encounter.combatants.size(); ++c) {
    if (encounter.combatants[c].name == name) return static_cast<int>(c);
    names.push_back(encounter.combatants[c].name);
  }
  const std::string key = library_key(name);
  for (std::size_t c = 0; c < names.size(); ++c) {
    if (library_key(names[c]) == key) return static_cast<int>(c);
  }
  return unexpected(
      fmt::format("no {} \"{}\" in the encounter{}", role, name, did_you_mean(name, names)));
}

Expected<int, std::string> weapon_index(const Model& model, const std::string& text) {
  if (model.ranged.empty()) return unexpected(fmt::format("{} has no ranged weapon", model.name));
  if (text.empty()) return 0;
  std::vector<std::string> names;
  for (std::size_t w = 0; w < model.ranged.size(); ++w) {
    if (model.ranged[w].name == text || std::to_string(w + 1) == text) return static_cast<int>(w);
    names.push_back(model.ranged[w].name);
  }
  return unexpected(fmt::format("{} has no ranged weapon \"{}\"{} (it has: {})", model.name, text,
                                did_you_mean(text, names), fmt::join(names, ", ")));
}

Expected<Boost, std::string> boost_of(const std::optional<std::string>& text, Boost fallback) {
  if (!text) return fallback;
  if (auto boost = parse_boost(*text)) return *boost;
  return unexpected(fmt::format("--boost: unknown boost \"{}\"{}; expected one of: {}", *text,
                                did_you_mean(*text, kBoostNames), fmt::join(kBoostNames, ", ")));
}

ShotRow row(ShotSetup setup, double distance) {
  // Mk III: a model in melee cannot aim. Where it still shoots there (a
  // gunfighter within 0.5"), the shot is unaimed; where it cannot, there is
  // no shot to aim.
  const bool shot_in_melee =
      in_melee(*setup.attacker, *setup.target, distance, setup.target_down) &&
      !engaged(*setup.attacker, *setup.weapon, *setup.target, distance, setup.target_down);
  const bool aimed = setup.rat_bonus > 0 && !shot_in_melee;
  if (!aimed) setup.rat_bonus = 0;
  const ShotDistribution d = shot_distribution(setup, distance);
  ShotRow r;
  r.distance = distance;
  r.aimed = aimed;
  r.p_direct = d.p_direct();
  r.p_blast = d.p_blast();
  r.p_zero = d.probability(0);
  r.mean = d.mean();
  for (double q : kShotQuantiles) r.quantiles.push_back(d.quantile(q));
  for (std::size_t v = 0; v < d.ways.size(); ++v)
    r.distribution.push_back(d.probability(static_cast<int>(v)));
  while (r.distribution.size() > 1 && r.distribution.back() == 0) r.distribution.pop_back();
  return r;
}

}  // namespace

// Precondition: encounter.rules is warmachine (the registry's dispatch).
Expected<ShotTable, std::string> shot_table(const Encounter& encounter,
                                            const ShotRequest& request) {
  const auto attacker = combatant(encounter, request.attacker, 0, "attacker");
  if (!attacker) return unexpected(attacker.error());
  // By default the target is the first model of the first faction besides the attacker's.
  const int attacker_faction = encounter.combatants[static_cast<std::size_t>(*attacker)].faction;
  const auto target = combatant(encounter, request.target, attacker_faction == 0 ? 1 : 0, "target");
  if (!target) return unexpected(target.error());
  if (*target == *attacker) {
    return unexpected(fmt::format("the target is the attacker, {}: name another with --target",
                                  encounter.combatants[static_cast<std::size_t>(*target)].name));
  }
  const Warjack& shooter = warjack_of(encounter, *attacker);
  const auto weapon = weapon_index(shooter.model, request.weapon);
  if (!weapon) return unexpected(weapon.error());
  const auto boost = boost_of(request.boost, shooter.boost);
  if (!boost) return unexpected(boost.error());
  const int focus = request.focus.value_or(shooter.model.focus);
  if (focus < 0 || focus > kMaxFocus)
    return unexpected(fmt::format("--focus {}: expected 0 to {}", focus, kMaxFocus));
  for (double d : request.distances) {
    if (auto checked = checked_distance(d); !checked) return unexpected(checked.error());
  }
  const Model& standing_target = warjack_of(encounter, *target).model;
  const Model target_model =
      request.knocked_down ? as_knocked_down(standing_target) : standing_target;
  const ShotSetup setup{&shooter.model,
                        &shooter.model.ranged[static_cast<std::size_t>(*weapon)],
                        &target_model,
                        focus,
                        *boost,
                        request.knocked_down,
                        request.aim ? kAimBonus : 0};
  ShotTable table{encounter.combatants[static_cast<std::size_t>(*attacker)].name,
                  setup.weapon->name,
                  encounter.combatants[static_cast<std::size_t>(*target)].name,
                  focus,
                  std::string(name(*boost)),
                  request.aim,
                  request.knocked_down,
                  {}};
  for (double d : request.distances) table.rows.push_back(row(setup, d));
  return table;
}

}  // namespace arena::warmachine
