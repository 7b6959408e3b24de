// BattleDice: the dice of one battle, drawn from two streams of Rng(seed, i).
//
// Every d20 (attack rolls, initiative, death saves) comes from one stream and
// every other die (damage, hit points, target choice) from another. So two
// variants of an encounter (`arena compare`) roll the same d20s battle for
// battle even when their weapons roll different numbers of damage dice,
// which keeps their outcomes paired and the paired comparison precise. Each
// stream is an independent xoshiro256**, so the dice stay exactly uniform.
// A plain value; one per battle.
#pragma once

#include <cstdint>

#include "arena/rng.hpp"

namespace arena {

class BattleDice {
 public:
  BattleDice(std::uint64_t seed, std::uint64_t battle) : d20_(seed, battle, 0), other_(seed, battle, 1) {}

  int die(int sides) { return sides == 20 ? d20_.die(20) : other_.die(sides); }

 private:
  Rng d20_;
  Rng other_;
};

}  // namespace arena
