// BattleDice: the dice of one battle, by purpose, drawn from two streams of
// Rng(seed, i).
//
// check(sides) is a roll that decides whether something succeeds: an attack
// roll, a saving throw, an initiative roll. roll(sides) is every other die:
// damage, hit points, a random pick of a target. Each purpose has its own
// stream, so two variants of an encounter (`arena compare`) make the same
// checks battle for battle even when their weapons roll different numbers of
// damage dice or pick among different numbers of targets: their outcomes stay
// paired, and the paired comparison precise. Each stream is an independent
// xoshiro256**, so the dice stay exactly uniform. A plain value; one per
// battle.
#pragma once

#include <cstdint>

#include "arena/rng.hpp"

namespace arena {

class BattleDice {
 public:
  BattleDice(std::uint64_t seed, std::uint64_t battle)
      : checks_(seed, battle, 0), rolls_(seed, battle, 1) {}

  // A die of a check (attack roll, save, initiative): the paired stream.
  int check(int sides) { return checks_.roll(sides); }
  // Any other die (damage, hit points, target choice).
  int roll(int sides) { return rolls_.roll(sides); }

 private:
  Rng checks_;
  Rng rolls_;
};

}  // namespace arena
