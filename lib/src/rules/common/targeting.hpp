// Target choice by tactics (tactics.hpp), for every ruleset whose
// combatants pick an enemy to attack (5e, oldschool, knave).
//
// Candidates are the enemies who can act (a creature at 0 HP is out of the
// fight). `random` draws one uniformly; `weakest`/`strongest` take the lowest
// or highest current HP, `lowest_ac` the easiest to hit by armor (the
// view's ac(): 5e's AC, Knave's armor bonus, oldschool's armor value,
// which is the least armored), then the lower HP. Ties left go to a die
// among the tied (a roll, drawn only when there is a tie), or with
// "ties": "first" to the earlier creature of the encounter. `focus`
// keeps the faction's shared target while it stands and picks a new one
// when it drops: at random, or the first enemy standing with "ties": "first".
// `nearest` takes the enemy at the smallest distance; only a view with
// positions offers it (readers reject it elsewhere).
//
// The battle is seen through a view, a small struct of inline functions
// over the ruleset's plan and state:
//   std::span<const int> enemies_standing(int self)  those who can act, in creature order
//                                                    (standing.hpp keeps the lists)
//   bool can_act(int c); int hp(int c); int ac(int c)
//   int& focus(int self)                    the faction's focus target, -1 when none
//   int distance(int self, int c)           optional: feet between them, for `nearest`
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "arena/check.hpp"
#include "arena/encounter.hpp"
#include "rules/common/tactics.hpp"

namespace arena {

namespace targeting {

// The first enemy who can act, or -1.
template <class View>
int first_enemy_standing(const View& view, int self) {
  const std::span<const int> enemies = view.enemies_standing(self);
  return enemies.empty() ? -1 : enemies.front();
}

// A random enemy who can act (a die on the roll stream), or -1. A single
// candidate is taken without rolling, so scripted tests need no targeting
// dice in one-on-one fights.
template <class View, class Dice>
[[gnu::always_inline]] inline int random_enemy(const View& view, int self, Dice& dice) {
  const std::span<const int> enemies = view.enemies_standing(self);
  if (enemies.size() <= 1) return enemies.empty() ? -1 : enemies.front();  // no die for one
  return enemies[static_cast<std::size_t>(dice.roll(static_cast<int>(enemies.size())) - 1)];
}

// The candidate with the lowest `key(c)` (a non-negative integer below
// 2^52: AC and HP keys are far inside); ties go to a die among the tied
// (TiePolicy::Random) or to the earlier creature (TiePolicy::First).
// One pass keeps the lowest key, the earliest creature with it and how
// many share it; only a tie costs a die and a second pass to find the
// drawn one. (A branch-free pass measured no faster on one thread and costs
// twice the instructions per enemy: GCC keeps a branch for a new lowest.)
template <class View, class Key, class Dice>
int best_enemy(const View& view, int self, Key key, TiePolicy ties, Dice& dice) {
  const std::span<const int> enemies = view.enemies_standing(self);
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  int first = -1;
  int tied = 0;
  for (int c : enemies) {
    const std::int64_t k = key(c);
    const bool lower = k < best;
    tied = lower ? 1 : tied + (k == best);
    first = lower ? c : first;
    best = lower ? k : best;
  }
  if (tied <= 1 || ties == TiePolicy::First) return first;
  int pick = dice.roll(tied);
  for (int c : enemies) {
    if (key(c) == best && --pick == 0) return c;
  }
  return first;  // not reached: `pick` is one of the tied
}

}  // namespace targeting

// The target `self` attacks now under `tactics`, or -1 when no enemy can
// be attacked.
template <class View, class Dice>
[[gnu::always_inline]] inline int choose_target(View& view, const Tactics& tactics, int self,
                                                Dice& dice) {
  const auto hp = [&](int c) -> std::int64_t { return view.hp(c); };
  constexpr std::int64_t kHpRange = std::int64_t{1} << 31;  // hit points are ints
  const TiePolicy ties = tactics.ties;
  switch (tactics.target) {
    case TargetPolicy::Random:
      return targeting::random_enemy(view, self, dice);
    case TargetPolicy::Weakest:
      return targeting::best_enemy(
          view, self, [&](int c) { return hp(c); }, ties, dice);
    case TargetPolicy::Strongest:
      return targeting::best_enemy(
          view, self, [&](int c) { return kHpRange - hp(c); }, ties, dice);
    case TargetPolicy::LowestAc:  // then the lower HP
      return targeting::best_enemy(
          view, self, [&](int c) { return view.ac(c) * kHpRange + hp(c); }, ties, dice);
    case TargetPolicy::Focus: {
      int& focus = view.focus(self);
      if (focus < 0 || !view.can_act(focus)) {
        focus = ties == TiePolicy::First ? targeting::first_enemy_standing(view, self)
                                         : targeting::random_enemy(view, self, dice);
      }
      return focus;
    }
    case TargetPolicy::Nearest:
      if constexpr (requires { view.distance(self, self); }) {
        return targeting::best_enemy(
            view, self, [&](int c) -> std::int64_t { return view.distance(self, c); }, ties, dice);
      } else {
        ARENA_CHECK(false);  // a ruleset without positions rejects "nearest" as it reads
        return -1;
      }
  }
  return -1;
}

}  // namespace arena
