// `arena validate` for warmachine: each model as battles play it, with its
// policy and focus split; and the model text the library shows.
#include "rules/common/describe.hpp"

#include <fmt/format.h>

#include "rules/warmachine/ruleset.hpp"

namespace arena::warmachine {

namespace {

using nlohmann::json;

std::string specials_suffix(Specials set) {
  return set == 0 ? "" : fmt::format(" [{}]", specials_text(set));
}

json specials_json(Specials set) {
  json list = json::array();
  for (std::string_view n : special_names()) {
    if (has(set, *parse_special(n))) list.push_back(n);
  }
  return list;
}

// describe_factions_text wants per-faction tactics; warmachine's are per model.
std::vector<Tactics> no_faction_tactics(const Encounter& encounter) {
  return std::vector<Tactics>(encounter.factions.size());
}

}  // namespace

std::string model_text(const Model& m, std::string_view indent) {
  std::string out =
      fmt::format("{}SPD {} STR {} MAT {} RAT {} DEF {} ARM {}, base {} mm, {} boxes, focus {}{}\n",
                  indent, m.spd, m.str, m.mat, m.rat, m.def, m.arm, m.base, m.boxes, m.focus,
                  specials_suffix(m.special));
  for (const RangedWeapon& w : m.ranged) {
    out += fmt::format("{}  ranged {}: RNG {} POW {}{}{}\n", indent, w.name, w.rng, w.pow,
                       w.aoe > 0 ? fmt::format(" AOE {}", w.aoe) : "", specials_suffix(w.special));
  }
  for (const MeleeWeapon& w : m.melee) {
    out += fmt::format("{}  melee {}: RNG {} POW {} (P+S {}){}\n", indent, w.name, w.rng, w.pow,
                       w.pow + m.str, specials_suffix(w.special));
  }
  return out;
}

json model_json(const Model& m) {
  json ranged = json::array(), melee = json::array();
  for (const RangedWeapon& w : m.ranged) {
    ranged.push_back({{"name", w.name},
                      {"rng", w.rng},
                      {"pow", w.pow},
                      {"aoe", w.aoe},
                      {"special", specials_json(w.special)}});
  }
  for (const MeleeWeapon& w : m.melee) {
    melee.push_back(
        {{"name", w.name}, {"rng", w.rng}, {"pow", w.pow}, {"special", specials_json(w.special)}});
  }
  return {{"name", m.name},
          {"spd", m.spd},
          {"str", m.str},
          {"mat", m.mat},
          {"rat", m.rat},
          {"def", m.def},
          {"arm", m.arm},
          {"base", m.base},
          {"boxes", m.boxes},
          {"focus", m.focus},
          {"special", specials_json(m.special)},
          {"ranged", ranged},
          {"melee", melee}};
}

std::string describe_factions(const Encounter& encounter) {
  const Roster& roster = roster_of(encounter);
  std::string out = fmt::format("\nthe forces start {}\" apart on a line\n", roster.distance);
  for (std::size_t f = 0; f < encounter.factions.size(); ++f) {
    out += fmt::format("\n{}\n", encounter.factions[f].name);
    for (int c : encounter.factions[f].members) {
      const Warjack& w = warjack_of(encounter, c);
      out += fmt::format("  {} (policy {}, boost {})\n",
                         encounter.combatants[static_cast<std::size_t>(c)].name, name(w.policy),
                         name(w.boost));
      out += model_text(w.model, "    ");
    }
  }
  return out;
}

json describe_factions_json(const Encounter& encounter) {
  json factions = describe_factions_as_json(encounter, no_faction_tactics(encounter), [&](int c) {
    const Warjack& w = warjack_of(encounter, c);
    json model = model_json(w.model);
    model["name"] = encounter.combatants[static_cast<std::size_t>(c)].name;
    model["policy"] = name(w.policy);
    model["boost"] = name(w.boost);
    return model;
  });
  for (json& f : factions) f.erase("tactics");
  return factions;
}

json describe_encounter_json(const Encounter& encounter) {
  return {{"distance", roster_of(encounter).distance}};
}

}  // namespace arena::warmachine
