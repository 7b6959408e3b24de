// Movement on a battlefield: a creature moves a square at a time (a step
// costs 5 ft; with the 5-10-5 rule every second diagonal costs 10), never
// into a square another living creature occupies nor off the field. Each
// step is a tentative outcome offered to the reaction chain
// (reactions.hpp) before it happens: a mover that drops there stays where
// it was and its move ends.
#pragma once

#include <algorithm>
#include <climits>

#include "rules/dnd5e/reactions.hpp"

namespace arena::dnd5e::detail {

// A move: towards `target` until within `stop` feet of it, or away from it
// while it stays within `stop` feet.
struct MoveGoal {
  int target = 0;
  int stop = 5;
  bool away = false;
  bool disengaged = false;
  int afraid_of = -1;  // frightened by this creature: no step takes it closer
};

// One step of a move: where to, its direction, and the feet from there to
// the goal's target.
struct Step {
  space::Footprint to;
  space::Square direction;
  int feet = 0;
};

// The next step of `self` for `goal`, `now` feet from its target: the
// direct step, else a neighbour of it (a diagonal's two axes, a straight
// step's two diagonals), the first that gets closer (away: farther without
// passing `stop`) onto a free square; false when none does.
inline bool next_step(const BattlePlan& plan, const BattleState& state, int self,
                      const MoveGoal& goal, int now, Step& next) {
  const space::Footprint& here = state.field.at[self];
  const space::Footprint& there = state.field.at[goal.target];
  const space::Square d =
      goal.away ? space::step_away(here, there) : space::step_towards(here, there);
  const auto take = [&](space::Square option) {
    if (option.x == 0 && option.y == 0) return false;
    const space::Footprint step{{here.at.x + option.x, here.at.y + option.y}, here.side};
    const int then = space::distance_feet(step, there, plan.field.diagonals);
    const bool better = goal.away ? then > now && then <= goal.stop : then < now;
    if (!better || !free_for(plan, state, self, step)) return false;
    if (goal.afraid_of >= 0) {
      const space::Footprint& fear = state.field.at[goal.afraid_of];
      if (space::distance_feet(step, fear, plan.field.diagonals) <
          space::distance_feet(here, fear, plan.field.diagonals))
        return false;
    }
    next = {step, option, then};
    return true;
  };
  if (take(d)) return true;  // the direct step, most often
  if (d.x != 0 && d.y != 0) return take({d.x, 0}) || take({0, d.y});
  if (d.x != 0) return take({d.x, 1}) || take({d.x, -1});
  return take({1, d.y}) || take({-1, d.y});
}

// Whether step number `step` of `self`, to `to`, leaves the reach of an
// enemy that could react (then the move asks the reaction chain). Each step
// changes a distance by at most one step's feet, so an enemy whose reach is
// `gap` feet beyond `to` cannot be left in the next gap / that many steps:
// it is looked at again only after them (FieldState::reach_due), and `due`
// is the first step at which any enemy is; at the move's first step (0)
// every enemy is looked at. An enemy that cannot react now cannot for the
// rest of the move: no one regains a reaction, wakes or rises during
// another creature's move.
template <bool Full>
bool leaves_reach(const BattlePlan& plan, BattleState& state, int self, int step,
                  const space::Footprint& to, int& due) {
  const space::Diagonals rule = plan.field.diagonals;
  const int most =
      rule == space::Diagonals::Phb ? space::kFeetPerSquare : 2 * space::kFeetPerSquare;
  const space::Footprint& from = state.field.at[self];
  bool leaves = false;
  due = INT_MAX;
  for (int e : plan.enemies_of(plan.creatures[self].faction)) {
    int& mine = state.field.reach_due[e];
    if (step == 0 || mine <= step) {
      const int reach = plan.field.creatures[e].reach;
      if (reach == 0 || !can_react<Full>(state, e)) {
        mine = INT_MAX;
        continue;
      }
      const int gap = space::distance_feet(state.field.at[e], to, rule) - reach;
      // (A division by a constant: a multiplication, where one by `most` is slow.)
      const int steps_away = rule == space::Diagonals::Phb ? (gap + 4) / 5 : (gap + 9) / 10;
      mine = step + 1 + (gap <= 0 ? 0 : steps_away);
      // Within its reach before the step only if at most a step's feet beyond it after.
      leaves = leaves || (gap > 0 && gap <= most &&
                          space::distance_feet(state.field.at[e], from, rule) <= reach);
    }
    due = std::min(due, mine);
  }
  return leaves;
}

// Moves `self` up to `budget` feet for `goal`; returns the feet moved. Reports
// the move, and each reaction it provokes before that reaction.
template <bool Full, class Dice, class Events>
int move(const BattlePlan& plan, BattleState& state, int self, const MoveGoal& goal, int budget,
         Dice& dice, Events& events) {
  int moved = 0;
  int reported = 0;
  int diagonals = 0;
  const auto report = [&] {
    if (moved > reported) events.moved(self, moved - reported, state.field.at[self].at);
    reported = moved;
  };
  // The first step at which an enemy's reach is looked at (leaves_reach): every one at the first.
  int due = 0;
  // Its target stays where it is while it moves: only reactions happen meanwhile.
  int now = feet_between(plan, state, self, goal.target);
  for (int steps = 0; goal.away || now > goal.stop; ++steps) {
    Step next;
    if (!next_step(plan, state, self, goal, now, next)) break;
    const int cost = space::step_feet(next.direction, diagonals, plan.field.diagonals);
    if (moved + cost > budget) break;
    if (!goal.disengaged && steps >= due &&
        leaves_reach<Full>(plan, state, self, steps, next.to, due)) {
      Tentative step;
      step.actor = self;
      step.from = state.field.at[self];
      step.to = next.to;
      answer<Full>(plan, state, step, dice, events, report);
      if (step.cancelled) break;
    }
    state.field.move(plan.field, self, next.to);
    now = next.feet;
    moved += cost;
    diagonals += next.direction.x != 0 && next.direction.y != 0;
  }
  report();
  return moved;
}

}  // namespace arena::dnd5e::detail
