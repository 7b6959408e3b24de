// Target choice by tactics (tactics.hpp), over the battle state.
//
// Candidates are the enemies who can act (a creature at 0 HP is out of the
// fight). `random` draws one uniformly; `weakest`/`strongest` take the lowest
// or highest current HP, `lowest_ac` the lowest AC (ties: lower HP); ties
// left go to the earlier creature of the encounter. `focus` keeps the
// faction's shared target while it stands and draws a new one at random
// when it drops.
//
// Candidates are counted from BattleState::standing, which the battle loop
// keeps equal to the members who can act, and scanned among the enemies the
// plan lists per faction (battle_plan.hpp). The scans avoid branching on
// who stands: that is random, and mispredicted branches cost more here
// than the scans themselves.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "arena/battle_plan.hpp"
#include "arena/battle_state.hpp"
#include "arena/check.hpp"

namespace arena {

namespace detail {

// The number of enemies of `self` who can act, from the counts that the
// battle loop keeps (BattleState::member_drops and member_rises).
inline int enemies_standing(const BattlePlan& plan, const BattleState& state, int self) {
  return state.standing_total - state.standing[plan.creatures[self].faction];
}

inline bool is_candidate(const BattlePlan& plan, const BattleState& state, int self, int other) {
  return plan.creatures[other].faction != plan.creatures[self].faction && state.combatants[other].can_act();
}

// The first enemy who can act, or -1.
inline int first_enemy_standing(const BattlePlan& plan, const BattleState& state, int self) {
  for (int c : plan.enemies_of(plan.creatures[self].faction)) {
    if (state.combatants[c].can_act()) return c;
  }
  return -1;
}

template <class Dice>
int random_enemy(const BattlePlan& plan, const BattleState& state, int self, Dice& dice) {
  const int candidates = enemies_standing(plan, state, self);
  if (candidates <= 1) return first_enemy_standing(plan, state, self);  // no die for one
  const int pick = dice.roll(candidates);
  // The pick-th enemy who can act, in creature order. Who stands and which
  // one was drawn are random, so the scan does not branch on them (an early
  // exit would be mispredicted about once a call): it counts the enemies
  // before the pick-th standing one, which is where the latter is. (With a
  // single candidate the early exit above is the faster: it is predicted.)
  const std::span<const int> enemies = plan.enemies_of(plan.creatures[self].faction);
  int standing = 0;
  std::size_t before = 0;
  for (int c : enemies) {
    standing += state.combatants[c].can_act();
    before += standing < pick;
  }
  ARENA_CHECK(before < enemies.size());  // else `standing` is out of step with hit points
  return enemies[before];
}

// The candidate with the lowest `key(c)` (a non-negative integer below
// 2^52: AC and HP keys are far inside); ties go to the earlier creature. Which enemy is best and who
// stands are random, so branching on each enemy would be mispredicted
// often: (key, creature) is packed into one integer, an enemy who cannot
// act is pushed past every candidate, and the lowest is kept with std::min
// (a conditional move).
template <class Key>
int best_enemy(const BattlePlan& plan, const BattleState& state, int self, Key key) {
  constexpr std::int64_t kCreatures = 1024;
  static_assert(kMaxCreatures <= kCreatures);
  constexpr std::int64_t kOut = std::int64_t{1} << 62;
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  for (int c : plan.enemies_of(plan.creatures[self].faction)) {
    const std::int64_t out = state.combatants[c].can_act() ? 0 : kOut;
    best = std::min(best, out + key(c) * kCreatures + c);
  }
  return best < kOut ? static_cast<int>(best % kCreatures) : -1;
}

}  // namespace detail

// The target `self` attacks now, or -1 when no enemy can be attacked.
// A single candidate is taken without rolling, so scripted tests need no
// targeting dice in one-on-one fights.
template <class Dice>
int choose_target(const BattlePlan& plan, BattleState& state, int self, Dice& dice) {
  const auto hp = [&](int c) -> std::int64_t { return state.combatants[c].hp; };
  constexpr std::int64_t kHpRange = std::int64_t{1} << 31;  // hit points are ints
  switch (plan.creatures[self].target) {
    case TargetPolicy::Random:
      return detail::random_enemy(plan, state, self, dice);
    case TargetPolicy::Weakest:
      return detail::best_enemy(plan, state, self, [&](int c) { return hp(c); });
    case TargetPolicy::Strongest:
      return detail::best_enemy(plan, state, self, [&](int c) { return kHpRange - hp(c); });
    case TargetPolicy::LowestAc:  // then the lower HP
      return detail::best_enemy(plan, state, self, [&](int c) { return plan.creatures[c].ac * kHpRange + hp(c); });
    case TargetPolicy::Focus: {
      int& focus = state.focus[plan.creatures[self].faction];
      if (focus < 0 || !detail::is_candidate(plan, state, self, focus)) {
        focus = detail::random_enemy(plan, state, self, dice);
      }
      return focus;
    }
  }
  return -1;
}

}  // namespace arena
