// Compiling a Warmachine encounter into its BattlePlan, and resetting a
// BattleState from the plan: faction 0 at 0", faction 1 at `distance`.
#include "rules/warmachine/battle.hpp"

namespace arena::warmachine {

namespace {

// Whether `attacker` can ever damage `target`: some weapon whose most
// damage, three sixes (a charge's or a boost's extra die) on its POW (and
// STR in melee), beats the target's ARM. A model without weapons cannot.
bool can_harm(const Model& attacker, const Model& target) {
  constexpr int kMostDice = 3 * 6;
  for (const RangedWeapon& w : attacker.ranged) {
    if (w.pow + kMostDice > target.arm) return true;
  }
  for (const MeleeWeapon& w : attacker.melee) {
    if (attacker.str + w.pow + kMostDice > target.arm) return true;
  }
  return false;
}

}  // namespace

BattlePlan::BattlePlan(const Encounter& encounter)
    : distance(roster_of(encounter).distance), max_rounds(encounter.max_rounds) {
  for (int c = 0; c < encounter.combatant_count(); ++c) {
    models.push_back(warjack_of(encounter, c));
    down.push_back(as_knocked_down(models.back().model));
    faction.push_back(encounter.combatants[static_cast<std::size_t>(c)].faction);
  }
  standing = StandingStart(faction, static_cast<int>(encounter.factions.size()));
  harms = HarmTable(standing, [&](int a, int b) {
    return can_harm(models[static_cast<std::size_t>(a)].model,
                    models[static_cast<std::size_t>(b)].model);
  });
}

void BattleState::reset(const BattlePlan& plan) {
  models.resize(plan.models.size());
  standing.reset(plan.standing);
  for (int c = 0; c < plan.model_count(); ++c) {
    models[c] = ModelState{};
    models[c].x = plan.faction[c] == 0 ? 0.0 : plan.distance;
    models[c].boxes = plan.models[static_cast<std::size_t>(c)].model.boxes;
  }
  round = 0;
  first = 0;
}

}  // namespace arena::warmachine
