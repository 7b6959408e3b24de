// The frame of every ruleset's `arena validate` output: each faction with
// its tactics, then each of its combatants as the ruleset shows it.
#pragma once

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "arena/encounter.hpp"
#include "rules/common/tactics.hpp"

namespace arena {

// "\nFACTION (target: POLICY)\n" and `combatant(c)`'s lines for each member.
template <class Combatant>
std::string describe_factions_text(const Encounter& encounter, std::span<const Tactics> tactics,
                                   Combatant combatant) {
  std::string out;
  for (std::size_t f = 0; f < encounter.factions.size(); ++f) {
    out += fmt::format("\n{} (target: {})\n", encounter.factions[f].name, name(tactics[f].target));
    for (int member : encounter.factions[f].members) out += combatant(member);
  }
  return out;
}

// The JSON array of factions: name, tactics, and `combatant(c)` for each member.
template <class Combatant>
nlohmann::json describe_factions_as_json(const Encounter& encounter,
                                         std::span<const Tactics> tactics, Combatant combatant) {
  nlohmann::json factions = nlohmann::json::array();
  for (std::size_t f = 0; f < encounter.factions.size(); ++f) {
    nlohmann::json members = nlohmann::json::array();
    for (int member : encounter.factions[f].members) members.push_back(combatant(member));
    factions.push_back({{"name", encounter.factions[f].name},
                        {"tactics", {{"target", name(tactics[f].target)}}},
                        {"creatures", members}});
  }
  return factions;
}

}  // namespace arena
