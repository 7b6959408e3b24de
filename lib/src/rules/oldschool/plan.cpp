// Compiling an oldschool encounter into its BattlePlan, and resetting a
// BattleState from the plan.
#include <algorithm>

#include "rules/oldschool/battle.hpp"

namespace arena::oldschool {

BattlePlan::BattlePlan(const Encounter& encounter)
    : order(roster_of(encounter).order), max_rounds(encounter.max_rounds) {
  for (int c = 0; c < encounter.combatant_count(); ++c) {
    const Fighter& fighter = fighter_of(encounter, c);
    PlanFighter compiled;
    compiled.faction = encounter.combatants[static_cast<std::size_t>(c)].faction;
    compiled.level = fighter.level;
    compiled.ac = fighter.armor_class();
    compiled.armor_value = fighter.armor_value;
    compiled.target = fighter.tactics.target;
    compiled.hp = flatten(fighter.hp, terms);
    compiled.damage = flatten(fighter.damage, terms);
    fighters.push_back(compiled);
  }
  for (const Faction& faction : encounter.factions) {
    faction_sizes.push_back(static_cast<int>(faction.members.size()));
    const std::size_t first = member_lists.size();
    member_lists.insert(member_lists.end(), faction.members.begin(), faction.members.end());
    members.push_back(slice_from(member_lists, first));
  }
  for (int f = 0; f < faction_count(); ++f) {
    const std::size_t first = enemy_lists.size();
    for (int c = 0; c < fighter_count(); ++c) {
      if (fighters[c].faction != f) enemy_lists.push_back(c);
    }
    enemies.push_back(slice_from(enemy_lists, first));
  }
}

void BattleState::reset(const BattlePlan& plan) {
  if (fighters.size() != plan.fighters.size() || standing.size() != plan.faction_sizes.size()) {
    fighters.resize(plan.fighters.size());  // the first battle of a worker
    standing.resize(plan.faction_sizes.size());
    focus.resize(plan.faction_sizes.size());
    side_rolls.resize(plan.faction_sizes.size());
    side_order.reserve(plan.faction_sizes.size());
  }
  std::fill(fighters.begin(), fighters.end(), FighterState{});
  std::copy(plan.faction_sizes.begin(), plan.faction_sizes.end(), standing.begin());
  std::fill(focus.begin(), focus.end(), -1);
  standing_total = plan.fighter_count();
  factions_standing = plan.faction_count();  // a faction has at least one member
  round = 0;
}

}  // namespace arena::oldschool
