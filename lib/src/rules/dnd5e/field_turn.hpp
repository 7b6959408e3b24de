// The battlefield's part of a 5e turn (turn.hpp calls it on a battlefield
// only): where the creature moves before it acts, and which action it can
// take from there.
//
// The creature wants its best action against its target (turn.hpp's
// choice, range aside) and moves by its "movement":
//   - advance: towards the target until it is within that action's reach or
//     normal range;
//   - kite: a ranged creature backs away from a target within its own
//     speed + 5 ft (one that could close and strike next turn) while the
//     target stays within normal range, then shoots; with a hostile within 5 ft it takes the
//     Disengage action instead and backs away without provoking (with
//     Nimble Escape, a bonus action: it shoots as well);
//   - hold: stays.
// A creature that finds others in its way steps round them (field_move.hpp);
// one that cannot take a step at all attacks an enemy it reaches instead.
// It then takes the best action all of whose attacks reach the target
// (turn.hpp's rule of value); when none does and it may move, it Dashes
// (its action adds its speed to the movement it has left). With its charge
// ready (field_charge.hpp) it takes its best action with the charge's
// attack. A creature that began its turn prone, or down (a PC that a
// natural 20 got up), spent half its speed standing up; a grappled or
// restrained one (speed 0) stays and strikes an enemy it reaches; a
// frightened one takes no step closer to what frightens it. Leaving a
// hostile's reach provokes opportunity attacks (reactions.hpp).
#pragma once

#include "rules/dnd5e/field_charge.hpp"
#include "rules/dnd5e/turn.hpp"

namespace arena::dnd5e::detail {

// The action of `self` all of whose attacks reach `target` from where they
// stand: its best, or under a fixed action policy its first (turn.hpp).
inline const PlanAction* reaching_action(const BattlePlan& plan, const BattleState& state, int self,
                                         int target) {
  const int feet = feet_between(plan, state, self, target);
  return action_where(plan, state, self, target, [&](const PlanAction& action) {
    return action_limit(plan, self, action, false) >= feet;
  });
}

// With its charge ready, the action of `self` with its charge attack that
// reaches `target` (else the one that reaches): its best, or its first.
inline const PlanAction* charge_action(const BattlePlan& plan, const BattleState& state, int self,
                                       int target) {
  const int feet = feet_between(plan, state, self, target);
  const int attack = plan.field.creatures[self].charge.attack;
  const PlanAction* charge = action_where(plan, state, self, target, [&](const PlanAction& a) {
    const auto parts = plan.parts_of(a.attacks);
    return action_limit(plan, self, a, false) >= feet &&
           std::find(parts.begin(), parts.end(), attack) != parts.end();
  });
  return charge != nullptr ? charge : reaching_action(plan, state, self, target);
}

// The action a creature wants to take against `target` (turn.hpp's
// choice), or for a kiting creature the one that strikes from beyond its
// reach.
inline const PlanAction* wanted_action(const BattlePlan& plan, const BattleState& state, int self,
                                       int target) {
  const FieldCreature& me = plan.field.creatures[self];
  if (me.movement == Movement::Kite) {
    const PlanAction* ranged = action_where(plan, state, self, target, [&](const PlanAction& a) {
      return action_limit(plan, self, a, true) > me.reach;
    });
    if (ranged != nullptr) return ranged;
  }
  return choose_action(plan, state, self, target);
}

// For a creature that could not take a step towards `target` (others
// stand all round it): its best action against another enemy it reaches
// from where it stands, that enemy set in `target`; nullptr when none.
template <bool Full>
const PlanAction* reachable_instead(const BattlePlan& plan, const BattleState& state, int self,
                                    int& target) {
  const int enemies = enemies_standing(plan, state, self);
  const PlanAction* best = nullptr;
  double best_value = -1;
  for (int enemy : state.standing.enemies_of(plan.creatures[self].faction)) {
    if constexpr (Full) {
      if (!may_attack(state, self, enemy)) continue;
    }
    const PlanAction* action =
        enemy == target ? nullptr : reaching_action(plan, state, self, enemy);
    if (action == nullptr) continue;
    const double value =
        plan.action_value(self, *action, enemy, enemies, target_state(plan, state, self, enemy));
    if (value > best_value) {
      best_value = value;
      best = action;
      target = enemy;
    }
  }
  return best;
}

template <bool Full, class Dice, class Events>
const PlanAction* approach(const BattlePlan& plan, BattleState& state, int self, int& target,
                           Dice& dice, Events& events) {
  const FieldCreature& me = plan.field.creatures[self];
  // Standing up from prone costs half its speed; still prone, it crawls
  // nowhere; grappled or restrained, its speed is 0.
  int speed = state.field.standing_up ? me.speed / 2 : me.speed;
  if constexpr (Full) {
    if (state.rules[self].conditions.any_of(kHeldInPlace)) speed = 0;
  }
  const PlanAction* wanted = wanted_action(plan, state, self, target);
  if (wanted == nullptr) return nullptr;
  const int comfort = action_limit(plan, self, *wanted, true);
  const int feet = feet_between(plan, state, self, target);
  MoveGoal goal{target, comfort, false, false};
  if constexpr (Full) goal.afraid_of = source_of(state, self, Condition::Frightened);
  // Held in place, it does not take the Disengage action to back away.
  const bool kite = me.movement == Movement::Kite && comfort > me.reach && speed > 0;
  bool hemmed_in = false;  // it wanted to close in and could not take a step
  Moved moved;             // this turn's move so far
  if (kite && hostile_adjacent(plan, state, self)) {
    // Disengage, and no opportunity attacks as it backs away: its action,
    // or with Nimble Escape a bonus action, and it still shoots. Only when
    // it has a step to take (its target is not already at the edge of
    // normal range, no wall or creature blocks it): else the rest of the
    // turn plays as for any kiter.
    MoveGoal away = goal;
    away.away = away.disengaged = true;
    if (Step first; next_step(plan, state, self, away, feet, first)) {
      events.note(self, me.nimble_escape ? "disengages (Nimble Escape)" : "disengages");
      move<Full>(plan, state, self, away, speed, dice, events);
      return me.nimble_escape ? reaching_action(plan, state, self, target) : nullptr;
    }
  }
  // It backs away only from a target that could close and strike next turn
  // (as near as its own speed and a step), never out of normal range.
  if (kite && feet < comfort && feet <= me.speed + space::kFeetPerSquare) {
    goal.away = true;
    moved = move<Full>(plan, state, self, goal, speed, dice, events);
  } else if (me.movement != Movement::Hold && feet > comfort) {
    moved = move<Full>(plan, state, self, goal, speed, dice, events);
    note_charge(state, self, target, moved.straight ? moved.feet : 0);
    hemmed_in = moved.feet == 0 && speed > 0;
  }
  if (!can_still_act<Full>(state, self)) return nullptr;  // dropped or incapacitated by a reaction
  const PlanAction* action = charge_ready(plan, state, self, target)
                                 ? charge_action(plan, state, self, target)
                                 : reaching_action(plan, state, self, target);
  // Held by a reaction to its move (grappled, knocked prone): it moves no further.
  const bool held = !can_keep_moving<Full>(state, self);
  // Unable to step (hemmed in, or held in place), it strikes whom it reaches.
  if (action == nullptr && (hemmed_in || speed == 0 || held))
    action = reachable_instead<Full>(plan, state, self, target);
  // No Dash towards what frightens it: it cannot come a step closer; none
  // at speed 0, which it would not change.
  if (action != nullptr || me.movement == Movement::Hold || goal.away || goal.afraid_of == target ||
      speed == 0 || held)
    return action;
  events.note(self, "dashes");
  // The Dash adds its speed to what is left of the turn's movement.
  move<Full>(plan, state, self, goal, speed - moved.feet + me.speed, dice, events, moved);
  return nullptr;
}

}  // namespace arena::dnd5e::detail
