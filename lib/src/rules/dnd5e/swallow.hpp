// Swallowing creatures (a purple worm, a behir, a giant toad) and the
// Engulf of the gelatinous cube and the shambling mound: the digestion of
// those inside at the start of the swallower's turn, the mound's engulfing
// after its multiattack, the escape of an engulfed creature by a Strength
// check (the mound's grapple would allow Dexterity too: Strength is what
// is played), and how many a swallower holds. The rest of Swallow is a
// condition (conditions.hpp, condition_rules.hpp): who is swallowed, its
// escape by regurgitation, and its release when the swallower drops;
// targets.hpp keeps the swallowed out of everyone's reach but their
// swallower's.
#pragma once

#include "rules/dnd5e/damage.hpp"

namespace arena::dnd5e::detail {

// At the start of `self`'s turn, each creature it swallowed takes its
// Swallow damage (not an attack: resistance to nonmagical attacks does not
// apply), unless it makes the save the swallower's rule gives (a shambling
// mound's).
template <class Dice, class Events>
[[gnu::noinline]] void digest_swallowed(const BattlePlan& plan, BattleState& state, int self,
                                        Dice& dice, Events& events) {
  const PlanTraits& traits = plan.rules[self].traits;
  const PlanDamagePart& part = traits.swallow_damage;
  for (int c = 0; c < plan.creature_count(); ++c) {
    if (swallower_of(state, c) != self || !state.combatants[c].can_act()) continue;
    if (traits.swallow_save_dc > 0) {
      const SaveRoll roll = saving_throw(plan, state, c, traits.swallow_save_ability,
                                         traits.swallow_save_dc, false, dice);
      events.save(c, "Engulf", traits.swallow_save_ability, roll);
      if (roll.success) continue;
    }
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
    record_damage<true>(plan, state, self, c, effect, events);
  }
}

// How many creatures `self` has swallowed (or engulfed) now.
inline int swallowed_by(const BattlePlan& plan, const BattleState& state, int self) {
  int count = 0;
  for (int c = 0; c < plan.creature_count(); ++c) count += swallower_of(state, c) == self;
  return count;
}

// Whether `self` has room for one more (Traits::swallow_holds).
inline bool can_swallow_more(const BattlePlan& plan, const BattleState& state, int self) {
  const int holds = plan.rules[self].traits.swallow_holds;
  return holds <= 0 || swallowed_by(plan, state, self) < holds;
}

// Whether `self` is engulfed by a creature it escapes with its action (a
// gelatinous cube); it then spends its action on try_escape().
inline bool escapes_by_check(const BattlePlan& plan, const BattleState& state, int self) {
  const int swallower = swallower_of(state, self);
  return swallower >= 0 && plan.rules[swallower].traits.swallow_escape_check > 0;
}

// After a shambling mound's multiattack (`action`, begun on `first_target`):
// when every attack hit the one target and it still stands, the mound
// grapples and engulfs it.
template <class Events>
[[gnu::noinline]] void engulf_after_hits(const BattlePlan& plan, BattleState& state, int self,
                                         int target, int first_target, const PlanAction& action,
                                         Events& events) {
  const auto hits = static_cast<std::uint32_t>(state.rules[self].action_hits);
  if (target != first_target || hits < action.attacks.count ||
      !state.combatants[target].can_act() || !can_swallow_more(plan, state, self)) {
    return;
  }
  events.note(self, "engulfs its target (both attacks hit)");
  swallow(plan, state, self, target, events);
}

// `self`'s action inside its engulfer: a Strength check (d20 + its
// Strength modifier, a check: restraint does not hamper it) against the
// escape DC; on a success it is out, next to the engulfer. A creature whose
// only way out is this check tries it every turn: staying in costs it the
// digestion, and from inside it could attack only the engulfer, restrained.
template <class Dice, class Events>
[[gnu::noinline]] void try_escape(const BattlePlan& plan, BattleState& state, int self, Dice& dice,
                                  Events& events) {
  const int swallower = swallower_of(state, self);
  const int dc = plan.rules[swallower].traits.swallow_escape_check;
  const int d20 = dice.check(20);
  const bool escaped = d20 + plan.rules[self].strength_check >= dc;
  events.note(self, escaped ? "escapes (Strength check)" : "fails to escape (Strength check)");
  if (escaped) {
    end_conditions_from(state, self, swallower, events);
    leave_swallower(plan, state, self, swallower);
  }
}

}  // namespace arena::dnd5e::detail
