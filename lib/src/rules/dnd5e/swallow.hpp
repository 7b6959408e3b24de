// Swallowing creatures (a purple worm, a behir, a giant toad): the
// digestion of those inside at the start of the swallower's turn. The rest
// of Swallow is a condition (conditions.hpp, condition_rules.hpp): who is
// swallowed, its escape by regurgitation, and its release when the
// swallower drops; targets.hpp keeps the swallowed out of everyone's reach
// but their swallower's.
#pragma once

#include "rules/dnd5e/damage.hpp"

namespace arena::dnd5e::detail {

// At the start of `self`'s turn, each creature it swallowed takes its
// Swallow damage (not an attack: resistance to nonmagical attacks does not
// apply).
template <class Dice, class Events>
[[gnu::noinline]] void digest_swallowed(const BattlePlan& plan, BattleState& state, int self,
                                        Dice& dice, Events& events) {
  const PlanDamagePart& part = plan.rules[self].traits.swallow_damage;
  for (int c = 0; c < plan.creature_count(); ++c) {
    if (swallower_of(state, c) != self || !state.combatants[c].can_act()) continue;
    DealtDamage dealt;
    dealt.total =
        apply_defence(roll(plan, part.dice, dice),
                      defence_under_conditions(state, c, plan.defence(c, part.type, true)));
    if (dealt.total > 0) dealt.types.insert(part.type);
    CombatantState& them = state.combatants[c];
    const int hp_before = them.hp;
    TraitsAtWork at_work;
    const DamageEffect effect = deal_damage<true>(plan, state, c, dealt, dice, at_work);
    events.note(c, "is digested");
    if (dealt.total > 0) events.damaged(c, hp_before - them.hp, them.hp);
    report_traits(c, at_work, events);
    record_damage<true>(state, self, c, effect, events);
  }
}

}  // namespace arena::dnd5e::detail
