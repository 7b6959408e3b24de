// Target choice by tactics (tactics.hpp), for every ruleset whose
// combatants pick an enemy to attack (5e, oldschool).
//
// Candidates are the enemies who can act (a creature at 0 HP is out of the
// fight). `random` draws one uniformly; `weakest`/`strongest` take the lowest
// or highest current HP, `lowest_ac` the lowest AC (ties: lower HP); ties
// left go to the earlier creature of the encounter. `focus` keeps the
// faction's shared target while it stands and draws a new one at random
// when it drops.
//
// The battle is seen through a view, a small struct of inline functions
// over the ruleset's plan and state:
//   std::span<const int> enemies(int self)  the other factions' members, in creature order
//   int enemies_standing(int self)          how many of them can act (kept by the battle loop)
//   bool can_act(int c); int hp(int c); int ac(int c)
//   int& focus(int self)                    the faction's focus target, -1 when none
// The scans avoid branching on who stands: that is random, and mispredicted
// branches cost more here than the scans themselves.
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
  for (int c : view.enemies(self)) {
    if (view.can_act(c)) return c;
  }
  return -1;
}

// A random enemy who can act (a die on the roll stream), or -1. A single
// candidate is taken without rolling, so scripted tests need no targeting
// dice in one-on-one fights.
template <class View, class Dice>
[[gnu::always_inline]] inline int random_enemy(const View& view, int self, Dice& dice) {
  const int candidates = view.enemies_standing(self);
  if (candidates <= 1) return first_enemy_standing(view, self);  // no die for one
  const int pick = dice.roll(candidates);
  // The pick-th enemy who can act, in creature order. Who stands and which
  // one was drawn are random, so the scan does not branch on them (an early
  // exit would be mispredicted about once a call): it counts the enemies
  // before the pick-th standing one, which is where the latter is. (With a
  // single candidate the early exit above is the faster: it is predicted.)
  const std::span<const int> enemies = view.enemies(self);
  int standing = 0;
  std::size_t before = 0;
  for (int c : enemies) {
    standing += view.can_act(c);
    before += standing < pick;
  }
  ARENA_CHECK(before < enemies.size());  // else the standing count is out of step with hit points
  return enemies[before];
}

// The candidate with the lowest `key(c)` (a non-negative integer below
// 2^52: AC and HP keys are far inside); ties go to the earlier creature.
// Which enemy is best and who stands are random, so branching on each enemy
// would be mispredicted often: (key, creature) is packed into one integer,
// an enemy who cannot act is pushed past every candidate, and the lowest is
// kept with std::min (a conditional move).
template <class View, class Key>
int best_enemy(const View& view, int self, Key key) {
  constexpr std::int64_t kCreatures = 1024;
  static_assert(kMaxCreatures <= kCreatures);
  constexpr std::int64_t kOut = std::int64_t{1} << 62;
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  for (int c : view.enemies(self)) {
    const std::int64_t out = view.can_act(c) ? 0 : kOut;
    best = std::min(best, out + key(c) * kCreatures + c);
  }
  return best < kOut ? static_cast<int>(best % kCreatures) : -1;
}

}  // namespace targeting

// The target `self` attacks now under `policy`, or -1 when no enemy can be
// attacked.
template <class View, class Dice>
[[gnu::always_inline]] inline int choose_target(View& view, TargetPolicy policy, int self,
                                                Dice& dice) {
  const auto hp = [&](int c) -> std::int64_t { return view.hp(c); };
  constexpr std::int64_t kHpRange = std::int64_t{1} << 31;  // hit points are ints
  switch (policy) {
    case TargetPolicy::Random:
      return targeting::random_enemy(view, self, dice);
    case TargetPolicy::Weakest:
      return targeting::best_enemy(view, self, [&](int c) { return hp(c); });
    case TargetPolicy::Strongest:
      return targeting::best_enemy(view, self, [&](int c) { return kHpRange - hp(c); });
    case TargetPolicy::LowestAc:  // then the lower HP
      return targeting::best_enemy(view, self,
                                   [&](int c) { return view.ac(c) * kHpRange + hp(c); });
    case TargetPolicy::Focus: {
      int& focus = view.focus(self);
      if (focus < 0 || !view.can_act(focus)) focus = targeting::random_enemy(view, self, dice);
      return focus;
    }
  }
  return -1;
}

}  // namespace arena
