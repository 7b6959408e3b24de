// Target choice by tactics (tactics.hpp), over the battle state.
//
// Candidates are the enemies who can act (a creature at 0 HP is out of the
// fight). `random` draws one uniformly; `weakest`/`strongest` take the lowest
// or highest current HP, `lowest_ac` the lowest AC (ties: lower HP); ties
// left go to the earlier creature of the encounter. `focus` keeps the
// faction's shared target while it stands and draws a new one at random
// when it drops.
#pragma once

#include "arena/battle_plan.hpp"
#include "arena/battle_state.hpp"

namespace arena {

namespace detail {

inline bool is_candidate(const BattlePlan& plan, const BattleState& state, int self, int other) {
  return plan.faction[other] != plan.faction[self] && state.combatants[other].can_act();
}

template <class Dice>
int random_enemy(const BattlePlan& plan, const BattleState& state, int self, Dice& dice) {
  const int n = plan.creatures;
  int candidates = 0;
  for (int c = 0; c < n; ++c) candidates += is_candidate(plan, state, self, c);
  if (candidates == 0) return -1;
  int pick = candidates == 1 ? 1 : dice.die(candidates);
  for (int c = 0; c < n; ++c) {
    if (is_candidate(plan, state, self, c) && --pick == 0) return c;
  }
  return -1;
}

// The candidate that `better(a, b)` ranks first.
template <class Better>
int best_enemy(const BattlePlan& plan, const BattleState& state, int self, Better better) {
  int best = -1;
  const int n = plan.creatures;
  for (int c = 0; c < n; ++c) {
    if (is_candidate(plan, state, self, c) && (best < 0 || better(c, best))) best = c;
  }
  return best;
}

}  // namespace detail

// The target `self` attacks now, or -1 when no enemy can be attacked.
// A single candidate is taken without rolling, so scripted tests need no
// targeting dice in one-on-one fights.
template <class Dice>
int choose_target(const BattlePlan& plan, BattleState& state, int self, Dice& dice) {
  const auto& hp = [&](int c) { return state.combatants[c].hp; };
  switch (plan.target_policy[self]) {
    case TargetPolicy::Random:
      return detail::random_enemy(plan, state, self, dice);
    case TargetPolicy::Weakest:
      return detail::best_enemy(plan, state, self, [&](int a, int b) { return hp(a) < hp(b); });
    case TargetPolicy::Strongest:
      return detail::best_enemy(plan, state, self, [&](int a, int b) { return hp(a) > hp(b); });
    case TargetPolicy::LowestAc:
      return detail::best_enemy(plan, state, self, [&](int a, int b) {
        const int ac_a = plan.ac[a];
        const int ac_b = plan.ac[b];
        return ac_a < ac_b || (ac_a == ac_b && hp(a) < hp(b));
      });
    case TargetPolicy::Focus: {
      int& focus = state.focus[plan.faction[self]];
      if (focus < 0 || !detail::is_candidate(plan, state, self, focus)) {
        focus = detail::random_enemy(plan, state, self, dice);
      }
      return focus;
    }
  }
  return -1;
}

}  // namespace arena
