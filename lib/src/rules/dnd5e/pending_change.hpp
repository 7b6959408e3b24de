// What can still change a hit point in a battle in which no blow can: a PC
// dying (it may get up with a natural 20 and fight on), a creature
// swallowed (it is digested, and fights its swallower), a Death Burst
// pending. Both stalemates wait for these: the one in which no one can
// harm an enemy (battle.hpp) and the one in which no one can reach one
// (field_stalemate.hpp).
#pragma once

#include "rules/dnd5e/plan.hpp"
#include "rules/dnd5e/state.hpp"

namespace arena::dnd5e::detail {

template <bool Full>
bool hit_points_may_still_change(const BattlePlan& plan, const BattleState& state) {
  if (state.bursts_pending) return true;
  for (int c = 0, count = plan.creature_count(); c < count; ++c) {
    const CombatantState& me = state.combatants[c];
    if (me.dead) continue;
    if (!me.can_act() && !me.stable) return true;  // dying
    if constexpr (Full) {
      if (state.rules[c].conditions.contains(Condition::Swallowed)) return true;
    }
  }
  return false;
}

}  // namespace arena::dnd5e::detail
