// Who can hurt whom in a 5e encounter, for stalemates (rules/common/
// stalemate.hpp) and for whom a creature finishes off: a creature can
// change an enemy's hit points when one of its attacks (with their riders),
// or one of its save effects, has a damage part the enemy is not immune to.
// Conditions alone change no hit points. Plain functions over the plan.
#pragma once

#include "rules/dnd5e/plan.hpp"

namespace arena::dnd5e {

// Whether some part of `parts` is one `target` is not immune to, from a
// source `magical` or `silvered` (a werewolf's immunity stops neither).
inline bool damages(const BattlePlan& plan, Slice parts, int target, bool magical,
                    bool silvered = false) {
  for (const PlanDamagePart& part : plan.damage_of(parts)) {
    if (!plan.defence(target, part.type, magical, silvered).immune) return true;
  }
  return false;
}

// Whether `attacker` has a way to change `target`'s hit points.
inline bool can_harm(const BattlePlan& plan, int attacker, int target) {
  for (const PlanSaveEffect& effect : plan.saves_of(plan.rules[attacker].save_effects)) {
    if (damages(plan, effect.damage, target, true)) return true;  // not an attack: magical
  }
  for (const auto& actions : {plan.actions_of(attacker), plan.legendary_of(attacker)}) {
    for (const PlanAction& action : actions) {
      for (int a : plan.parts_of(action.attacks)) {
        const PlanAttack& attack = plan.attack(attacker, a);
        if (damages(plan, attack.parts, target, attack.magical, attack.silvered)) return true;
        for (const PlanSaveEffect& rider : plan.saves_of(attack.on_hit_saves)) {
          if (damages(plan, rider.damage, target, true)) return true;
        }
      }
    }
  }
  return false;
}

}  // namespace arena::dnd5e
