// Stalemates on a battlefield: a battle in which no creature left standing
// can ever reach an enemy left standing that it can hurt ends at once as a
// draw, like one in which none can hurt an enemy (harm.hpp, rules/common/
// stalemate.hpp). (A fire whip that reaches a fire-immune foe, which could
// hurt it but never reaches it, is such a battle.)
//
// "Ever" is judged so that no battle that could still change is called:
//   - every creature standing is still (FieldPlan::still: speed 0, or
//     "hold"). A creature moves only on its own turn, or pushed by a
//     charge (which needs a charger that moved) or set down by a Split
//     (which needs a blow), so no distance changes while all are still;
//     a speed of 0 from a condition (grappled, restrained) does not count;
//   - none reaches an enemy standing that it can hurt (harm.hpp) from where
//     it stands with any of its actions, legendary ones included, available
//     or not (a breath weapon may recharge), nor with its reaction to an
//     enemy starting its turn nearby (FieldPlan::farthest): a condition
//     alone changes no hit point, and moves no one who is still;
//   - and nothing else can still change a hit point (pending_change.hpp).
// Battle code compiled for a battlefield calls this, once a round at most,
// and only when the plan has a still creature (FieldPlan::any_still).
#pragma once

#include "rules/dnd5e/field_rules.hpp"
#include "rules/dnd5e/pending_change.hpp"

namespace arena::dnd5e::detail {

// Whether nothing can change on the battlefield any more (see above). Out
// of line: the round loop that asks stays as small as without it.
template <bool Full>
[[gnu::noinline]] bool out_of_reach_for_good(const BattlePlan& plan, const BattleState& state) {
  if (!plan.field.any_still || hit_points_may_still_change<Full>(plan, state)) return false;
  const int count = plan.creature_count();
  for (int c = 0; c < count; ++c) {
    if (state.combatants[c].can_act() && plan.field.still[static_cast<std::size_t>(c)] == 0)
      return false;
  }
  for (int c = 0; c < count; ++c) {
    if (!state.combatants[c].can_act()) continue;
    const int farthest = plan.field.farthest[static_cast<std::size_t>(c)];
    for (int enemy : state.standing.enemies_of(plan.creatures[c].faction)) {
      if (plan.harms.harms(c, enemy) && feet_between(plan, state, c, enemy) <= farthest)
        return false;
    }
  }
  return true;
}

}  // namespace arena::dnd5e::detail
