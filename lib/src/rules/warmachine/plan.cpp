// Compiling a Warmachine encounter into its BattlePlan, and resetting a
// BattleState from the plan: faction 0 at 0", faction 1 at `distance`.
#include <algorithm>

#include "rules/warmachine/battle.hpp"

namespace arena::warmachine {

BattlePlan::BattlePlan(const Encounter& encounter)
    : distance(roster_of(encounter).distance), max_rounds(encounter.max_rounds) {
  for (int c = 0; c < encounter.combatant_count(); ++c) {
    models.push_back(warjack_of(encounter, c));
    faction.push_back(encounter.combatants[static_cast<std::size_t>(c)].faction);
  }
  for (const Faction& f : encounter.factions)
    faction_sizes.push_back(static_cast<int>(f.members.size()));
}

void BattleState::reset(const BattlePlan& plan) {
  models.resize(plan.models.size());
  standing = plan.faction_sizes;
  for (int c = 0; c < plan.model_count(); ++c) {
    models[c] = ModelState{};
    models[c].x = plan.faction[c] == 0 ? 0.0 : plan.distance;
    models[c].boxes = plan.models[static_cast<std::size_t>(c)].model.boxes;
  }
  factions_standing = static_cast<int>(
      std::count_if(standing.begin(), standing.end(), [](int n) { return n > 0; }));
  round = 0;
  first = 0;
}

}  // namespace arena::warmachine
