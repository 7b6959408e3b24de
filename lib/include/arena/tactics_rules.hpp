// Target choice by tactics (tactics.hpp), over the battle state.
//
// Candidates are the enemies who can act (a creature at 0 HP is out of the
// fight). `random` draws one uniformly; `weakest`/`strongest` take the lowest
// or highest current HP, `lowest_ac` the lowest AC (ties: lower HP); ties
// left go to the earlier creature of the encounter. `focus` keeps the
// faction's shared target while it stands and draws a new one at random
// when it drops.
#pragma once

#include "arena/battle_state.hpp"
#include "arena/encounter.hpp"

namespace arena {

namespace detail {

inline bool is_candidate(const Encounter& encounter, const BattleState& state, int self, int other) {
  return encounter.creatures[other].faction != encounter.creatures[self].faction &&
         state.combatants[other].can_act();
}

template <class Dice>
int random_enemy(const Encounter& encounter, const BattleState& state, int self, Dice& dice) {
  const int n = static_cast<int>(encounter.creatures.size());
  int candidates = 0;
  for (int c = 0; c < n; ++c) candidates += is_candidate(encounter, state, self, c);
  if (candidates == 0) return -1;
  int pick = candidates == 1 ? 1 : dice.die(candidates);
  for (int c = 0; c < n; ++c) {
    if (is_candidate(encounter, state, self, c) && --pick == 0) return c;
  }
  return -1;
}

// The candidate that `better(a, b)` ranks first.
template <class Better>
int best_enemy(const Encounter& encounter, const BattleState& state, int self, Better better) {
  int best = -1;
  const int n = static_cast<int>(encounter.creatures.size());
  for (int c = 0; c < n; ++c) {
    if (is_candidate(encounter, state, self, c) && (best < 0 || better(c, best))) best = c;
  }
  return best;
}

}  // namespace detail

// The target `self` attacks now, or -1 when no enemy can be attacked.
// A single candidate is taken without rolling, so scripted tests need no
// targeting dice in one-on-one fights.
template <class Dice>
int choose_target(const Encounter& encounter, BattleState& state, int self, Dice& dice) {
  const auto& hp = [&](int c) { return state.combatants[c].hp; };
  switch (encounter.creatures[self].tactics.target) {
    case TargetPolicy::Random:
      return detail::random_enemy(encounter, state, self, dice);
    case TargetPolicy::Weakest:
      return detail::best_enemy(encounter, state, self, [&](int a, int b) { return hp(a) < hp(b); });
    case TargetPolicy::Strongest:
      return detail::best_enemy(encounter, state, self, [&](int a, int b) { return hp(a) > hp(b); });
    case TargetPolicy::LowestAc:
      return detail::best_enemy(encounter, state, self, [&](int a, int b) {
        const int ac_a = encounter.creatures[a].ac;
        const int ac_b = encounter.creatures[b].ac;
        return ac_a < ac_b || (ac_a == ac_b && hp(a) < hp(b));
      });
    case TargetPolicy::Focus: {
      int& focus = state.focus[encounter.creatures[self].faction];
      if (focus < 0 || !detail::is_candidate(encounter, state, self, focus)) {
        focus = detail::random_enemy(encounter, state, self, dice);
      }
      return focus;
    }
  }
  return -1;
}

}  // namespace arena
