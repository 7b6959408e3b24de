// Charge, Trampling Charge and Pounce: one rule, its numbers from the SRD
// text (scripts/convert_srd.py, FieldCharge). A creature that moved at
// least `distance` feet straight toward its target this turn and then hits
// it with the charge's attack deals the extra damage; the target saves or
// is pushed away and knocked prone; a target that is prone then takes the
// bonus-action attack (Pounce, Trampling Charge). Once a turn, on the
// creature's own turn, on a battlefield only (gridless battles have no
// movement).
//
// "Straight toward" on a grid of squares: the advance towards the target
// (field_turn.hpp), every step of which brings it closer (field_move.hpp).
// A push is forced movement: it provokes no opportunity attacks.
#pragma once

#include <climits>

#include "rules/dnd5e/field_move.hpp"

namespace arena::dnd5e::detail {

// `self` moved `feet` straight toward `target` this turn.
inline void note_charge(BattleState& state, int self, int target, int feet) {
  state.field.charger = self;
  state.field.charge_target = target;
  state.field.charge_feet = feet;
}

// The charge's extra damage, rolled (dice twice on a critical), of the
// type FieldCharge::extra_type; the hit applies the target's defences
// (roll_hit, damage.hpp).
template <class Dice>
int charge_rolled(const BattlePlan& plan, int attacker, bool critical, Dice& dice) {
  const FieldCharge& charge = plan.field.creatures[attacker].charge;
  if (charge.extra.count == 0) return 0;
  return roll_damage_part(0, std::span<const DiceTerm>(&charge.extra, 1), critical, Defence{},
                          dice);
}

// `target` is pushed up to `feet` away from `from`, square by square, while
// a free square takes it farther.
template <class Events>
void push_away(const BattlePlan& plan, BattleState& state, int from, int target, int feet,
               Events& events) {
  const MoveGoal goal{from, INT_MAX, true, true};
  int moved = 0;
  int diagonals = 0;
  Step next;
  for (int now = feet_between(plan, state, target, from);
       next_step(plan, state, target, goal, now, next); now = next.feet) {
    const int cost = space::step_feet(next.direction, diagonals, plan.field.diagonals);
    if (moved + cost > feet) break;
    state.field.move(plan.field, target, next.to);
    moved += cost;
    diagonals += next.direction.x != 0 && next.direction.y != 0;
  }
  if (moved > 0) {
    events.note(target, "is pushed");
    events.moved(target, moved, state.field.at[target].at);
  }
}

// After the charge's hit has landed on `target`: its save against being
// pushed and knocked prone, then the bonus attack on a prone target. The
// charge is spent.
template <bool Full, class Dice, class Events>
[[gnu::noinline]] void charge_lands(const BattlePlan& plan, BattleState& state, int attacker,
                                    int target, Dice& dice, Events& events) {
  state.field.charge_feet = 0;  // once a turn
  if (state.combatants[target].hp <= 0) return;
  const FieldCharge& charge = plan.field.creatures[attacker].charge;
  if (charge.dc > 0) {
    const SaveRoll roll = saving_throw(plan, state, target, charge.ability, charge.dc, false, dice);
    events.save(target, "charge", charge.ability, roll);
    if (!roll.success) {
      if (charge.push > 0) push_away(plan, state, attacker, target, charge.push, events);
      if (charge.prone)
        impose_condition(plan, state, attacker, target, ConditionEffect{}, charge.ability,
                         charge.dc, events);
    }
  }
  if (charge.bonus_attack >= 0 && state.combatants[target].hp > 0 &&
      state.rules[target].conditions.contains(Condition::Prone) &&
      attack_reaches(plan, state, attacker, target, charge.bonus_attack)) {
    events.note(attacker, "attacks the prone target as a bonus action");
    make_attack<Full, true>(plan, state, attacker, target, charge.bonus_attack, true, dice, events);
  }
}

}  // namespace arena::dnd5e::detail
