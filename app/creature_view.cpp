#include "creature_view.hpp"

#include <vector>

#include <fmt/format.h>

#include "arena/dice.hpp"

namespace arena::app {

namespace {

std::string hp_text(const Creature& creature) {
  return creature.hp.is_constant() ? std::to_string(creature.hp.flat())
                                   : creature.hp.to_string() + " (rolled per battle)";
}

std::string range_text(const Attack& attack) {
  std::string text;
  if (attack.reach > 0) text = fmt::format("reach {} ft.", attack.reach);
  if (attack.range_normal > 0) {
    if (!text.empty()) text += ", ";
    text += fmt::format("range {}/{} ft.", attack.range_normal, attack.range_long);
  }
  return text;
}

std::vector<std::string> type_names(const DamageTypeSet& set) {
  std::vector<std::string> names;
  for (int t = 1; t < kDamageTypeCount; ++t) {
    if (set.contains(static_cast<DamageType>(t))) names.emplace_back(name(static_cast<DamageType>(t)));
  }
  return names;
}

}  // namespace

nlohmann::json creature_json(const Creature& creature) {
  nlohmann::json attacks = nlohmann::json::array();
  for (const Attack& attack : creature.attacks) {
    nlohmann::json entry = {{"name", attack.name},
                            {"kind", attack.kind == AttackKind::Melee ? "melee" : "ranged"},
                            {"to_hit", attack.to_hit},
                            {"damage", to_string(attack.damage)},
                            {"mean_damage", [&] {
                               double mean = 0;
                               for (const DamageDice& part : attack.damage) mean += part.dice.mean();
                               return mean;
                             }()},
                            {"disadvantage", attack.disadvantage},
                            {"magical", attack.magical},
                            {"derivation", attack.derivation}};
    if (attack.reach > 0) entry["reach"] = attack.reach;
    if (attack.range_normal > 0) entry["range"] = {attack.range_normal, attack.range_long};
    attacks.push_back(std::move(entry));
  }
  nlohmann::json actions = nlohmann::json::array();
  for (const Action& action : creature.actions) {
    nlohmann::json names = nlohmann::json::array();
    for (int index : action.attacks) names.push_back(creature.attacks[static_cast<std::size_t>(index)].name);
    actions.push_back({{"name", action.name}, {"attacks", names}});
  }
  return {{"name", creature.name},
          {"hp", creature.hp.is_constant() ? nlohmann::json(creature.hp.flat())
                                           : nlohmann::json(creature.hp.to_string())},
          {"ac", creature.ac},
          {"ac_source", creature.ac_source},
          {"initiative", creature.initiative},
          {"pc", creature.pc},
          {"tactics", {{"target", name(creature.tactics.target)}}},
          {"attacks", attacks},
          {"actions", actions},
          {"resistances", type_names(creature.resistances)},
          {"immunities", type_names(creature.immunities)},
          {"vulnerabilities", type_names(creature.vulnerabilities)},
          {"nonmagical_resistances", type_names(creature.nonmagical_resistances)},
          {"nonmagical_immunities", type_names(creature.nonmagical_immunities)},
          {"warnings", creature.warnings}};
}

std::string creature_table(const Creature& creature) {
  std::string out = fmt::format("  {}{}\n    HP {}   AC {} ({})   initiative {:+d}\n", creature.name,
                                creature.pc ? " (PC)" : "", hp_text(creature), creature.ac,
                                creature.ac_source, creature.initiative);
  for (const Attack& attack : creature.attacks) {
    out += fmt::format("    {:<28} {:+3d} to hit  {:<26} {:<24} {}{}\n", attack.name, attack.to_hit,
                       to_string(attack.damage), range_text(attack), attack.derivation,
                       attack.disadvantage ? " [disadvantage]" : "");
  }
  std::string actions;
  for (const Action& action : creature.actions) actions += (actions.empty() ? "" : " | ") + action.name;
  out += fmt::format("    actions: {}\n", actions.empty() ? "none" : actions);
  auto list = [&](const char* label, const DamageTypeSet& set) {
    auto names = type_names(set);
    if (!names.empty()) out += fmt::format("    {}: {}\n", label, fmt::join(names, ", "));
  };
  list("resistant", creature.resistances);
  list("immune", creature.immunities);
  list("vulnerable", creature.vulnerabilities);
  list("resistant to nonmagical", creature.nonmagical_resistances);
  list("immune to nonmagical", creature.nonmagical_immunities);
  for (const std::string& warning : creature.warnings) out += fmt::format("    warning: {}\n", warning);
  return out;
}

}  // namespace arena::app
