// ScriptedDice: a dice source that returns the values a test lists, in order.
//
// Rules take their dice source as a template parameter with the members of
// BattleDice (`check` for attack and save rolls, `roll` for every other die),
// so a test can script every roll of a situation, in the order the rules ask
// for them whatever their purpose, and assert the exact outcome. Asking for a
// die when the script is exhausted, or getting a scripted value outside
// [1, sides], aborts: the test's script is wrong.
// Not thread-safe.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <vector>

#include "arena/check.hpp"

namespace arena {

class ScriptedDice {
 public:
  ScriptedDice(std::initializer_list<int> values) : values_(values) {}
  explicit ScriptedDice(std::vector<int> values) : values_(std::move(values)) {}

  int check(int sides) { return next(sides); }
  int roll(int sides) { return next(sides); }

  // How many scripted values are still unused (tests assert 0 at the end).
  std::size_t remaining() const { return values_.size() - next_; }

 private:
  int next(int sides) {
    ARENA_CHECK(next_ < values_.size());
    const int value = values_[next_++];
    ARENA_CHECK(value >= 1 && value <= sides);
    return value;
  }

  std::vector<int> values_;
  std::size_t next_ = 0;
};

}  // namespace arena
