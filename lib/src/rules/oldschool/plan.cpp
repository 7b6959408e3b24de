// Compiling an oldschool encounter into its BattlePlan.
#include <algorithm>

#include "rules/oldschool/battle.hpp"

namespace arena::oldschool {

BattlePlan::BattlePlan(const Encounter& encounter)
    : sides(encounter),
      turns(listed_turns(encounter, roster_of(encounter).order.members)),
      order(roster_of(encounter).order.kind),
      max_rounds(encounter.max_rounds) {
  for (int c = 0; c < encounter.combatant_count(); ++c) {
    const Fighter& fighter = fighter_of(encounter, c);
    PlanFighter compiled;
    compiled.faction = encounter.combatants[static_cast<std::size_t>(c)].faction;
    compiled.level = fighter.level;
    compiled.ac = fighter.armor_class();
    compiled.armor_value = fighter.armor_value;
    compiled.tactics = fighter.tactics;
    compiled.hp = flatten(fighter.hp, terms);
    compiled.damage = flatten(fighter.damage, terms);
    fighters.push_back(compiled);
  }
  std::vector<int> factions;
  for (const PlanFighter& fighter : fighters) factions.push_back(fighter.faction);
  standing = StandingStart(factions, static_cast<int>(encounter.factions.size()));
  harms = HarmTable(standing, [&](int a, int b) {
    return needed_to_hit(fighters[a].level, fighters[b].ac) <= 20 &&
           fighter_of(encounter, a).damage.max() > 0;
  });
}

}  // namespace arena::oldschool
