// A Warmachine roll: 2d6, or 3d6 when boosted, kept die by die (criticals
// look for doubles, replays show each die).
#pragma once

#include <array>
#include <cstddef>
#include <span>

namespace arena::warmachine {

struct Roll {
  std::array<int, 3> dice{};
  int count = 0;  // 0: not rolled
  std::span<const int> values() const { return {dice.data(), static_cast<std::size_t>(count)}; }
  int sum() const {
    int total = 0;
    for (int d : values()) total += d;
    return total;
  }
};

// `count` dice, each from `draw()`.
template <class Draw>
Roll roll_dice(int count, Draw draw) {
  Roll r;
  r.count = count;
  for (int i = 0; i < count; ++i) r.dice[static_cast<std::size_t>(i)] = draw();
  return r;
}

}  // namespace arena::warmachine
