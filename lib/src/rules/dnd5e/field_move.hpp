// Movement on a battlefield: a creature moves a square at a time (a step
// costs 5 ft; with the 5-10-5 rule every second diagonal costs 10), never
// into a square another living creature occupies nor off the field. Each
// step is a tentative outcome offered to the reaction chain
// (reactions.hpp) before it happens: a mover that drops there stays where
// it was and its move ends.
#pragma once

#include <algorithm>
#include <array>
#include <climits>

#include "rules/dnd5e/reactions.hpp"

namespace arena::dnd5e::detail {

// Whether `foot` is on the field and clear of every living creature but `self`.
inline bool free_for(const BattlePlan& plan, const BattleState& state, int self,
                     const space::Footprint& foot) {
  if (!space::on_field(foot, plan.field.width, plan.field.height)) return false;
  for (int y = foot.at.y; y < foot.at.y + foot.side; ++y) {
    for (int x = foot.at.x; x < foot.at.x + foot.side; ++x) {
      const int c =
          state.field
              .occupant[static_cast<std::size_t>(y) * static_cast<std::size_t>(plan.field.width) +
                        static_cast<std::size_t>(x)];
      if (c >= 0 && c != self && !state.combatants[c].dead) return false;
    }
  }
  return true;
}

// A move: towards `target` until within `stop` feet of it, or away from it
// while it stays within `stop` feet.
struct MoveGoal {
  int target = 0;
  int stop = 5;
  bool away = false;
  bool disengaged = false;
};

// The next step of `self` for `goal`: the direct step, else a neighbour of
// it (a diagonal's two axes, a straight step's two diagonals), the first
// that gets closer (away: farther without passing `stop`) onto a free
// square; false when none does.
inline bool next_step(const BattlePlan& plan, const BattleState& state, int self,
                      const MoveGoal& goal, space::Footprint& next, space::Square& direction) {
  const space::Footprint& here = state.field.at[self];
  const space::Footprint& there = state.field.at[goal.target];
  const space::Square d =
      goal.away ? space::step_away(here, there) : space::step_towards(here, there);
  const int now = space::distance_feet(here, there, plan.field.diagonals);
  const bool diagonal = d.x != 0 && d.y != 0;
  const std::array<space::Square, 3> options =
      diagonal   ? std::array<space::Square, 3>{d, space::Square{d.x, 0}, space::Square{0, d.y}}
      : d.x != 0 ? std::array<space::Square, 3>{d, space::Square{d.x, 1}, space::Square{d.x, -1}}
                 : std::array<space::Square, 3>{d, space::Square{1, d.y}, space::Square{-1, d.y}};
  for (const space::Square& option : options) {
    if (option.x == 0 && option.y == 0) continue;
    const space::Footprint step{{here.at.x + option.x, here.at.y + option.y}, here.side};
    const int then = space::distance_feet(step, there, plan.field.diagonals);
    const bool better = goal.away ? then > now && then <= goal.stop : then < now;
    if (better && free_for(plan, state, self, step)) {
      next = step;
      direction = option;
      return true;
    }
  }
  return false;
}

// How many steps `self` can take before any step could start within the
// reach of an enemy that could react: each step changes a distance by at
// most one step's feet, so until then no step can leave anyone's reach
// (the move skips the reaction chain for them; 0: the next step may).
template <bool Full>
int steps_clear_of_reach(const BattlePlan& plan, const BattleState& state, int self) {
  const int most = plan.field.diagonals == space::Diagonals::Phb ? space::kFeetPerSquare
                                                                 : 2 * space::kFeetPerSquare;
  int clear = INT_MAX;
  for (int e : plan.enemies_of(plan.creatures[self].faction)) {
    const int reach = plan.field.creatures[e].reach;
    if (reach == 0 || !can_react<Full>(state, e)) continue;
    const int gap = feet_between(plan, state, self, e) - reach;
    if (gap <= 0) return 0;  // already within a reach: no one else changes that
    clear = std::min(clear, (gap + most - 1) / most);
  }
  return clear;
}

// Moves `self` up to `budget` feet for `goal`; returns the feet moved. Reports
// the move, and each reaction it provokes before that reaction.
template <bool Full, class Dice, class Events>
int move(const BattlePlan& plan, BattleState& state, int self, const MoveGoal& goal, int budget,
         Dice& dice, Events& events) {
  int moved = 0;
  int reported = 0;
  int diagonals = 0;
  int clear = 0;  // steps still clear of every reach (steps_clear_of_reach)
  const auto report = [&] {
    if (moved > reported) events.moved(self, moved - reported, state.field.at[self].at);
    reported = moved;
  };
  while (goal.away || space::distance_feet(state.field.at[self], state.field.at[goal.target],
                                           plan.field.diagonals) > goal.stop) {
    space::Footprint next;
    space::Square direction;
    if (!next_step(plan, state, self, goal, next, direction)) break;
    const int cost = space::step_feet(direction, diagonals, plan.field.diagonals);
    if (moved + cost > budget) break;
    Tentative step;
    step.actor = self;
    step.from = state.field.at[self];
    step.to = next;
    step.disengaged = goal.disengaged;
    if (!goal.disengaged && clear == 0) clear = steps_clear_of_reach<Full>(plan, state, self);
    if (clear > 0) {
      --clear;
    } else if (!goal.disengaged) {
      answer<Full>(plan, state, step, dice, events, report);
      if (step.cancelled) break;
    }
    state.field.move(plan.field, self, next);
    moved += cost;
    diagonals += direction.x != 0 && direction.y != 0;
  }
  report();
  return moved;
}

}  // namespace arena::dnd5e::detail
