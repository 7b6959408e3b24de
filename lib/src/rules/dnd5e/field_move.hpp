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

// When no step gets closer (others stand in the way): a shortest way round
// them over free squares (any of the eight directions) to within
// `goal.stop` feet of its target, searched within a few squares of the box
// that holds both, into state.field.way (its last square first); false
// when there is none. An A* search (steps counted alike; the distance left
// in squares, which no step shortens by more than one, orders it), run
// only when the direct steps fail. The squares stay free while the mover
// follows it (only reactions happen meanwhile, and the dead leave theirs).
inline bool way_around(const BattlePlan& plan, BattleState& state, int self, const MoveGoal& goal) {
  constexpr int kMargin = 3;  // squares beyond the box of the two
  const space::Footprint& here = state.field.at[self];
  const space::Footprint& there = state.field.at[goal.target];
  const int side = here.side;
  const int x0 = std::max(0, std::min(here.at.x, there.at.x) - kMargin);
  const int y0 = std::max(0, std::min(here.at.y, there.at.y) - kMargin);
  const int x1 =
      std::min(plan.field.width - side, std::max(here.at.x, there.at.x + there.side - 1) + kMargin);
  const int y1 = std::min(plan.field.height - side,
                          std::max(here.at.y, there.at.y + there.side - 1) + kMargin);
  const int width = x1 - x0 + 1;
  const auto index = [&](space::Square s) { return (s.y - y0) * width + (s.x - x0); };
  const auto square_of = [&](int i) { return space::Square{x0 + i % width, y0 + i / width}; };
  // Steps still needed from a square: 0 within `goal.stop`.
  const auto left = [&](space::Square s) {
    const int feet = space::distance_feet({s, side}, there, space::Diagonals::Phb) - goal.stop;
    return feet <= 0 ? 0 : (feet + space::kFeetPerSquare - 1) / space::kFeetPerSquare;
  };
  FieldState& field = state.field;
  field.came_from.assign(static_cast<std::size_t>(width * (y1 - y0 + 1)), -1);
  field.steps_to.resize(field.came_from.size());
  // Per estimate (steps so far + steps left), the squares to look at.
  const std::size_t most = static_cast<std::size_t>(width + (y1 - y0 + 1)) * 2 + 2;
  if (field.open.size() < most) field.open.resize(most);
  for (std::vector<int>& bucket : field.open) bucket.clear();
  const int start = index(here.at);
  field.came_from[static_cast<std::size_t>(start)] = start;
  field.steps_to[static_cast<std::size_t>(start)] = 0;
  field.open[static_cast<std::size_t>(left(here.at))].push_back(start);
  for (std::size_t estimate = 0; estimate < field.open.size(); ++estimate) {
    std::vector<int>& bucket = field.open[estimate];
    while (!bucket.empty()) {
      const int at = bucket.back();
      bucket.pop_back();
      const space::Square square = square_of(at);
      const int steps = field.steps_to[static_cast<std::size_t>(at)];
      if (steps + left(square) != static_cast<int>(estimate)) continue;  // reached shorter since
      if (at != start && left(square) == 0 &&
          space::distance_feet({square, side}, there, plan.field.diagonals) <= goal.stop) {
        field.way.clear();
        for (int i = at; i != start; i = field.came_from[static_cast<std::size_t>(i)])
          field.way.push_back(square_of(i));
        return true;
      }
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const space::Square to{square.x + dx, square.y + dy};
          if ((dx == 0 && dy == 0) || to.x < x0 || to.x > x1 || to.y < y0 || to.y > y1) continue;
          const auto i = static_cast<std::size_t>(index(to));
          if ((field.came_from[i] >= 0 && field.steps_to[i] <= steps + 1) ||
              !free_for(plan, state, self, {to, side}))
            continue;
          field.came_from[i] = at;
          field.steps_to[i] = steps + 1;
          const auto next = static_cast<std::size_t>(steps + 1 + left(to));
          if (next < field.open.size()) field.open[next].push_back(static_cast<int>(i));
        }
      }
    }
  }
  return false;
}

// The next step along state.field.way (way_around), taken off it.
inline Step step_on_way(const BattlePlan& plan, BattleState& state, int self, int target) {
  const space::Footprint& here = state.field.at[self];
  const space::Square to = state.field.way.back();
  state.field.way.pop_back();
  Step next;
  next.to = {to, here.side};
  next.direction = {to.x - here.at.x, to.y - here.at.y};
  next.feet = space::distance_feet(next.to, state.field.at[target], plan.field.diagonals);
  return next;
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

// What a move did: the feet moved, whether every step went straight for
// the goal (a detour does not: no charge after it), and the diagonal steps
// counted so far this turn (under the 5-10-5 rule every second costs 10 ft).
struct Moved {
  int feet = 0;
  bool straight = true;
  int diagonals = 0;
};

// Moves `self` up to `budget` feet for `goal`. Reports the move, and each
// reaction it provokes before that reaction. `before` is what the turn
// moved already: its diagonals go on counting (a Dash continues the move).
template <bool Full, class Dice, class Events>
Moved move(const BattlePlan& plan, BattleState& state, int self, const MoveGoal& goal, int budget,
           Dice& dice, Events& events, const Moved& before = {}) {
  int moved = 0;
  int reported = 0;
  int diagonals = before.diagonals;
  const auto report = [&] {
    if (moved > reported) events.moved(self, moved - reported, state.field.at[self].at);
    reported = moved;
  };
  // The first step at which an enemy's reach is looked at (leaves_reach): every one at the first.
  int due = 0;
  // Its target stays where it is while it moves: only reactions happen meanwhile.
  int now = feet_between(plan, state, self, goal.target);
  // Once blocked, it keeps to the way round: a direct step could lead back in.
  bool detour = false;
  for (int steps = 0; goal.away || now > goal.stop; ++steps) {
    Step next;
    if (!detour && !next_step(plan, state, self, goal, now, next)) {
      // Not away, nor while afraid: those only ever step one way.
      if (goal.away || goal.afraid_of >= 0 || !way_around(plan, state, self, goal)) break;
      detour = true;
    }
    if (detour) {
      if (state.field.way.empty()) break;
      next = step_on_way(plan, state, self, goal.target);
    }
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
      // A reaction changed the mover (a Split made it smaller and set its
      // other half down, maybe on the square ahead): the move ends here.
      if (state.field.at[self].side != next.to.side || !free_for(plan, state, self, next.to)) {
        break;
      }
    }
    state.field.move(plan.field, self, next.to);
    now = next.feet;
    moved += cost;
    diagonals += next.direction.x != 0 && next.direction.y != 0;
  }
  report();
  return {moved, !detour, diagonals};
}

}  // namespace arena::dnd5e::detail
