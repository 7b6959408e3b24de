// Shared table-top geometry for rulesets with positions: points on the
// table in inches, distances, points along a line, and the d6 directions of
// a deviating shot. Plain values and pure functions; thread-safe.
//
// Conventions: coordinates are inches (double); base sizes are given in
// millimetres, as model cards print them (kMmPerInch converts); angles are
// radians, counter-clockwise from +x.
#pragma once

#include <cmath>
#include <numbers>

namespace arena::space {

inline constexpr double kMmPerInch = 25.4;

struct Point {
  double x = 0;
  double y = 0;
  bool operator==(const Point&) const = default;
};

inline Point operator+(Point a, Point b) {
  return {a.x + b.x, a.y + b.y};
}
inline Point operator-(Point a, Point b) {
  return {a.x - b.x, a.y - b.y};
}
inline Point operator*(double k, Point a) {
  return {k * a.x, k * a.y};
}

inline double length(Point v) {
  return std::hypot(v.x, v.y);
}
inline double distance(Point a, Point b) {
  return length(b - a);
}

// The radius in inches of a round base `base_mm` across.
inline double base_radius(double base_mm) {
  return base_mm / 2.0 / kMmPerInch;
}

// The unit vector at `angle` radians.
inline Point unit(double angle) {
  return {std::cos(angle), std::sin(angle)};
}

// The angle of the direction from `from` to `to` (0 when they coincide).
inline double heading(Point from, Point to) {
  const Point v = to - from;
  return v.x == 0 && v.y == 0 ? 0.0 : std::atan2(v.y, v.x);
}

// The point `d` inches from `from` on the line towards `to` (past it when d
// exceeds their distance; `from` itself when they coincide).
inline Point along(Point from, Point to, double d) {
  return from + d * unit(heading(from, to));
}

// The heading of a deviation die: 1 points straight away from `attacker`
// along the line attacker -> `target`, and each step turns 60 degrees
// (2 at 60, 3 at 120, 4 straight back towards the attacker, ...).
// Precondition: 1 <= d6 <= 6.
inline double deviation_heading(Point attacker, Point target, int d6) {
  return heading(attacker, target) + (d6 - 1) * (std::numbers::pi / 3.0);
}

// Where a shot lands that deviates `inches` from `origin` in the direction
// of `d6`, for an attacker at `attacker` aiming at `target`.
inline Point deviate(Point origin, Point attacker, Point target, double inches, int d6) {
  return origin + inches * unit(deviation_heading(attacker, target, d6));
}

}  // namespace arena::space
