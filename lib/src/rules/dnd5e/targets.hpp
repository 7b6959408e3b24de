// Target choice in a 5e battle: the shared tactics (rules/common/
// targeting.hpp) over the 5e plan and state.
#pragma once

#include <span>

#include "rules/common/targeting.hpp"
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
  int distance(int self, int c) const {
    return space::distance_feet(state.field.at[self], state.field.at[c], plan.field.diagonals);
  }
};

// The number of enemies of `self` who can act.
inline int enemies_standing(const BattlePlan& plan, const BattleState& state, int self) {
  return static_cast<int>(state.standing.enemies_of(plan.creatures[self].faction).size());
}

// The target `self` attacks now by its tactics, or -1 when no enemy can be attacked.
// Inlined: the turn calls it every time, and a call's register saves
// cost about as much as a random policy's work.
template <class Dice>
[[gnu::always_inline]] inline int choose_target(const BattlePlan& plan, BattleState& state,
                                                int self, Dice& dice) {
  TargetView view{plan, state};
  return arena::choose_target(view, plan.creatures[self].tactics, self, dice);
}

}  // namespace arena::dnd5e
