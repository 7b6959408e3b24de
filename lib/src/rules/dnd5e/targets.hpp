// Target choice in a 5e battle: the shared tactics (rules/common/
// targeting.hpp) over the 5e plan and state.
#pragma once

#include <span>

#include "rules/common/targeting.hpp"
#include "rules/dnd5e/condition_rules.hpp"
#include "rules/dnd5e/plan.hpp"
#include "rules/dnd5e/state.hpp"

namespace arena::dnd5e {

// A 5e battle as the shared targeting sees it. Who stands is what the
// battle loop keeps (BattleState::standing).
struct TargetView {
  const BattlePlan& plan;
  BattleState& state;

  int faction(int c) const { return plan.creatures[c].faction; }
  std::span<const int> enemies_standing(int self) const {
    return state.standing.enemies_of(faction(self));
  }
  bool can_act(int c) const { return state.combatants[c].can_act(); }
  int hp(int c) const { return state.combatants[c].hp; }
  int ac(int c) const { return plan.creatures[c].ac; }
  int& focus(int self) const { return state.focus[faction(self)]; }
  // Feet between them on the battlefield (only "nearest" asks, and only a battlefield has it).
  int distance(int self, int c) const { return detail::feet_between(plan, state, self, c); }
};

// The number of enemies of `self` who can act.
inline int enemies_standing(const BattlePlan& plan, const BattleState& state, int self) {
  return static_cast<int>(state.standing.enemies_of(plan.creatures[self].faction).size());
}

// The conditions that limit whom a creature can attack.
inline constexpr ConditionSet kLimitTargets =
    ConditionSet::of({Condition::Charmed, Condition::Swallowed});

// Whether `self` can attack `c`: not its charmer, and not a creature
// swallowed (total cover).
inline bool may_attack(const BattleState& state, int self, int c) {
  return !detail::charmed_by(state, self, c) && detail::swallower_of(state, c) < 0;
}

// The target the tactics chose, `target`, under the conditions that limit
// whom `self` can attack: a swallowed creature attacks its swallower only;
// instead of a creature it may not attack, an enemy drawn at random among
// those it may; -1 when there is none.
template <class Dice>
[[gnu::noinline]] int limited_target(const BattlePlan& plan, BattleState& state, int self,
                                     int target, Dice& dice) {
  if (const int swallower = detail::swallower_of(state, self); swallower >= 0)
    return state.combatants[swallower].can_act() ? swallower : -1;
  if (may_attack(state, self, target)) return target;
  int candidates[kCreatureSpan];
  int count = 0;
  for (int c : state.standing.enemies_of(plan.creatures[self].faction)) {
    if (may_attack(state, self, c)) candidates[count++] = c;
  }
  if (count == 0) return -1;
  return candidates[count == 1 ? 0 : dice.roll(count) - 1];
}

// The target `self` attacks now by its tactics, or -1 when no enemy can be attacked.
// Inlined: the turn calls it every time, and a call's register saves
// cost about as much as a random policy's work. `Full`: the encounter has
// the full rules (turn.hpp); without them no condition limits targets, and
// the plain turn does not test for one.
template <bool Full = true, class Dice>
[[gnu::always_inline]] inline int choose_target(const BattlePlan& plan, BattleState& state,
                                                int self, Dice& dice) {
  TargetView view{plan, state};
  const int target = arena::choose_target(view, plan.creatures[self].tactics, self, dice);
  if constexpr (Full) {
    if (target >= 0 && plan.imposable.any_of(kLimitTargets) &&
        (plan.any_swallower || state.rules[self].conditions.contains(Condition::Charmed))) {
      return limited_target(plan, state, self, target, dice);
    }
  }
  return target;
}

}  // namespace arena::dnd5e
