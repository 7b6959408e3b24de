// `arena validate` for oldschool: each fighter as battles play it.
#include "rules/common/describe.hpp"

#include <fmt/format.h>

#include "rules/oldschool/ruleset.hpp"

namespace arena::oldschool {

namespace {

using nlohmann::json;

std::string hp_text(const Fighter& fighter) {
  if (fighter.hp.is_constant()) return std::to_string(fighter.hp.flat());
  return fmt::format("{} ({} per battle)", fighter.hp.to_string(),
                     fighter.hp_given ? "rolled" : "level d10, rolled");
}

}  // namespace

std::string describe_factions(const Encounter& encounter) {
  const Roster& roster = roster_of(encounter);
  return fmt::format("\nturn order: {}\n", describe_turn_order(encounter, roster.order)) +
         describe_factions_text(
             encounter, roster.faction_tactics,
             [&](int c) {
               const Fighter& fighter = fighter_of(encounter, c);
               // Level 11 and up needs at most 1: any d20.
               const int needed = needed_to_hit(fighter.level, 10);
               return fmt::format(
                   "  {}\n    level {}   HP {}   AC {} ({} {})\n    {} {}: hits AC 10 on {}\n",
                   encounter.combatants[static_cast<std::size_t>(c)].name, fighter.level,
                   hp_text(fighter), fighter.armor_class(), fighter.armor, fighter.armor_value,
                   fighter.weapon, fighter.damage.to_string(),
                   needed <= 1 ? std::string("any d20")
                               : fmt::format("a d20 of {} or more", needed));
             },
             [&](int c) -> const Tactics& { return fighter_of(encounter, c).tactics; });
}

nlohmann::json describe_factions_json(const Encounter& encounter) {
  return describe_factions_as_json(encounter, roster_of(encounter).faction_tactics, [&](int c) {
    const Fighter& fighter = fighter_of(encounter, c);
    return json{
        {"name", encounter.combatants[static_cast<std::size_t>(c)].name},
        {"level", fighter.level},
        {"hp", fighter.hp.is_constant() ? json(fighter.hp.flat()) : json(fighter.hp.to_string())},
        {"ac", fighter.armor_class()},
        {"armor", fighter.armor},
        {"armor_value", fighter.armor_value},
        {"weapon", fighter.weapon},
        {"damage", fighter.damage.to_string()},
        {"tactics", tactics_json(fighter.tactics)}};
  });
}

nlohmann::json describe_encounter_json(const Encounter& encounter) {
  return {{"order", turn_order_json(encounter, roster_of(encounter).order)}};
}

}  // namespace arena::oldschool
