// What can still change a hit point in a battle in which no blow can: a PC
// dying (it may get up with a natural 20 and fight on), a creature
// swallowed (it is digested, and fights its swallower), a Death Burst
// pending. Both stalemates wait for these: the one in which no one can
// harm an enemy (no_harm_can_come below) and the one in which no one can
// reach one (field_stalemate.hpp).
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

// Whether no one left can change an enemy's hit points by a blow (harm.hpp)
// and nothing else can change one either. Out of line, and asked only in
// plans where some creature cannot harm some enemy: inlined, it made the
// round loop around it too large to inline (2.7% more instructions a
// guards-vs-goblins battle).
template <bool Full>
[[gnu::noinline]] bool no_harm_can_come(const BattlePlan& plan, const BattleState& state) {
  return plan.harms.stalled(plan.standing, state.standing) &&
         !hit_points_may_still_change<Full>(plan, state);
}

}  // namespace arena::dnd5e::detail
