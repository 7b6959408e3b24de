// Compiling a Warmachine encounter into its BattlePlan, and resetting a
// BattleState from the plan: faction 0 at 0", faction 1 at `distance`.
#include "rules/warmachine/battle.hpp"

namespace arena::warmachine {

namespace {

// Whether `attacker` can ever damage `target`: some weapon it uses (a
// "close" model never shoots) whose most damage, sixes on its POW (and STR
// in melee), beats the target's ARM. It rolls two dice, and a third with a
// focus to spend: in melee a charge's (or a damage boost's), with a gun a
// damage boost's. A model without weapons cannot.
bool can_harm(const Warjack& attacker, const Model& target) {
  const Model& me = attacker.model;
  const bool focus = me.focus > 0;
  const int most_shot = 6 * (2 + (focus && boosts_damage(attacker.boost) ? 1 : 0));
  const int most_strike = 6 * (2 + (focus ? 1 : 0));
  if (attacker.policy == Policy::ShootThenClose) {
    for (const RangedWeapon& w : me.ranged) {
      if (w.pow + most_shot > target.arm) return true;
    }
  }
  for (const MeleeWeapon& w : me.melee) {
    if (me.str + w.pow + most_strike > target.arm) return true;
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
    return can_harm(models[static_cast<std::size_t>(a)], models[static_cast<std::size_t>(b)].model);
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
