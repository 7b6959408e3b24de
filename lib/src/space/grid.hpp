// A battlefield of 5-ft squares, as 5e plays it: squares, creature
// footprints, distances (the PHB's "every square 5 ft, diagonals included"
// or the DMG's 5-10-5 diagonals), reach, steps towards or away from a
// creature, and the squares of a straight line. Plain values and pure
// functions; thread-safe.
//
// Conventions: x grows to the east, y to the south; a footprint is the
// square of its lowest corner and its side in squares (a Large creature
// covers 2 x 2). The distance between two creatures is that between their
// nearest squares, so two adjacent creatures are 5 ft apart.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace arena::space {

inline constexpr int kFeetPerSquare = 5;

enum class Diagonals : std::uint8_t {
  Phb,          // every diagonal step is 5 ft
  FiveTenFive,  // the DMG's variant: every second diagonal step costs 10 ft
};

struct Square {
  int x = 0;
  int y = 0;
  bool operator==(const Square&) const = default;
};

struct Footprint {
  Square at;     // its lowest corner
  int side = 1;  // in squares
  bool operator==(const Footprint&) const = default;
};

// The side in squares of a creature of `size` ("tiny" ... "gargantuan"):
// tiny to medium 1, large 2, huge 3, gargantuan 4. Unknown sizes: 1.
inline int squares_for_size(std::string_view size) {
  if (size == "large") return 2;
  if (size == "huge") return 3;
  if (size == "gargantuan") return 4;
  return 1;
}

// The squares between two spans [a, a + a_side) and [b, b + b_side) on one
// axis, counted as steps: 0 when they overlap, 1 when they touch.
inline int gap(int a, int a_side, int b, int b_side) {
  // Two std::max, not one over an initializer list: this is the hot path of
  // every distance, and the list compiles to a loop through memory.
  return std::max(0, std::max(b - (a + a_side - 1), a - (b + b_side - 1)));
}

// The feet of a path of dx and dy squares (both >= 0) under `rule`.
inline int path_feet(int dx, int dy, Diagonals rule) {
  const int straight = std::max(dx, dy);
  const int diagonal = std::min(dx, dy);
  return kFeetPerSquare * (rule == Diagonals::Phb ? straight : straight + diagonal / 2);
}

// The distance in feet between the nearest squares of two footprints.
// Two creatures of one square each, most of them, take the short way: the
// gaps are the differences of their coordinates.
inline int distance_feet(const Footprint& a, const Footprint& b, Diagonals rule) {
  if ((a.side | b.side) == 1)
    return path_feet(std::abs(a.at.x - b.at.x), std::abs(a.at.y - b.at.y), rule);
  return path_feet(gap(a.at.x, a.side, b.at.x, b.side), gap(a.at.y, a.side, b.at.y, b.side), rule);
}

// Whether `b` is within `reach` feet of `a`.
inline bool within(const Footprint& a, const Footprint& b, int reach, Diagonals rule) {
  return distance_feet(a, b, rule) <= reach;
}

inline bool overlaps(const Footprint& a, const Footprint& b) {
  return a.at.x < b.at.x + b.side && b.at.x < a.at.x + a.side && a.at.y < b.at.y + b.side &&
         b.at.y < a.at.y + a.side;
}

// Whether `f` lies on a field `width` x `height` squares, corner (0, 0).
inline bool on_field(const Footprint& f, int width, int height) {
  return f.at.x >= 0 && f.at.y >= 0 && f.at.x + f.side <= width && f.at.y + f.side <= height;
}

inline int sign(int v) {
  return (v > 0) - (v < 0);
}

// The direction of one step of `from` towards `to` on each axis (-1, 0, +1):
// 0 on an axis where they already overlap.
inline Square step_towards(const Footprint& from, const Footprint& to) {
  const auto axis = [](int a, int a_side, int b, int b_side) {
    if (b > a + a_side - 1) return 1;
    if (a > b + b_side - 1) return -1;
    return 0;
  };
  return {axis(from.at.x, from.side, to.at.x, to.side),
          axis(from.at.y, from.side, to.at.y, to.side)};
}

// The direction of one step of `from` straight away from `to`.
inline Square step_away(const Footprint& from, const Footprint& to) {
  // Centres doubled, to stay in integers.
  const int dx = 2 * from.at.x + from.side - (2 * to.at.x + to.side);
  const int dy = 2 * from.at.y + from.side - (2 * to.at.y + to.side);
  if (dx == 0 && dy == 0) return {1, 0};
  return {sign(dx), sign(dy)};
}

// The cost in feet of one step in direction `d`, the `diagonals_so_far`-th
// diagonal of a move (5-10-5: every second diagonal costs 10 ft).
inline int step_feet(Square d, int diagonals_so_far, Diagonals rule) {
  const bool diagonal = d.x != 0 && d.y != 0;
  if (!diagonal || rule == Diagonals::Phb) return kFeetPerSquare;
  return diagonals_so_far % 2 == 0 ? kFeetPerSquare : 2 * kFeetPerSquare;
}

// The squares of the straight line from `a` to `b`, both included
// (Bresenham's line: one square per step of the longer axis).
inline std::vector<Square> line(Square a, Square b) {
  std::vector<Square> squares;
  const int dx = std::abs(b.x - a.x), dy = -std::abs(b.y - a.y);
  const int sx = sign(b.x - a.x), sy = sign(b.y - a.y);
  int error = dx + dy;
  for (Square p = a;;) {
    squares.push_back(p);
    if (p == b) break;
    const int twice = 2 * error;
    if (twice >= dy) {
      error += dy;
      p.x += sx;
    }
    if (twice <= dx) {
      error += dx;
      p.y += sy;
    }
  }
  return squares;
}

}  // namespace arena::space
