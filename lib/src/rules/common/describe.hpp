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

// "weakest", then ", ties: first" and ", downed: finish" where not the defaults.
inline std::string tactics_text(const Tactics& tactics) {
  std::string text(name(tactics.target));
  if (tactics.ties != TiePolicy::Random) text += fmt::format(", ties: {}", name(tactics.ties));
  if (tactics.downed != DownedPolicy::Ignore)
    text += fmt::format(", downed: {}", name(tactics.downed));
  return text;
}

// {"target": ...}, with "ties" and "downed" where not the defaults.
inline nlohmann::json tactics_json(const Tactics& tactics) {
  nlohmann::json out = {{"target", name(tactics.target)}};
  if (tactics.ties != TiePolicy::Random) out["ties"] = name(tactics.ties);
  if (tactics.downed != DownedPolicy::Ignore) out["downed"] = name(tactics.downed);
  return out;
}

// "\nFACTION (target: POLICY)\n" and `combatant(c)`'s lines for each
// member, with "    tactics: ..." after those of a member whose own
// tactics (`tactics_of(c)`) are not its faction's.
template <class Combatant, class TacticsOf>
std::string describe_factions_text(const Encounter& encounter, std::span<const Tactics> tactics,
                                   Combatant combatant, TacticsOf tactics_of) {
  std::string out;
  for (std::size_t f = 0; f < encounter.factions.size(); ++f) {
    out += fmt::format("\n{} (target: {})\n", encounter.factions[f].name, tactics_text(tactics[f]));
    for (int member : encounter.factions[f].members) {
      out += combatant(member);
      if (const Tactics& own = tactics_of(member); !(own == tactics[f]))
        out += fmt::format("    tactics: {}\n", tactics_text(own));
    }
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
                        {"tactics", tactics_json(tactics[f])},
                        {"creatures", members}});
  }
  return factions;
}

}  // namespace arena
