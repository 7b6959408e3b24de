// Areas of effect on the table: a cone, a sphere (a circle on the flat
// table, so also a cylinder), a line and a cube (a square on the table),
// and whether an area covers a point. Units are the caller's (feet on a 5e
// grid, inches for Warmachine); directions are vectors of any non-zero
// length. Plain values and pure functions; thread-safe.
//
// The shapes, as the 5e rules draw them:
//   - cone: from its point of origin along a direction, `size` long; its
//     width at any distance from the origin equals that distance;
//   - sphere: every point within `size` of its centre (the origin);
//   - line: from its origin along a direction, `size` long and `width` wide;
//   - cube: a square of side `size` with the middle of one face at its
//     origin, extending along the direction.
// Boundaries belong to the area. On a grid of squares, a square is caught
// when its centre is covered: the DMG's "a square at least half covered
// is affected", read at the centre (square_caught()), which never needs
// partial areas and keeps every test an exact sum of a few products.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "space/geometry.hpp"
#include "space/grid.hpp"

namespace arena::space {

enum class Shape : std::uint8_t { Cone, Sphere, Line, Cube };

struct Area {
  Shape shape = Shape::Sphere;
  Point origin;           // a cone's, a line's or a cube's origin; a sphere's centre
  Point direction{1, 0};  // where a cone, a line or a cube points (unused by a sphere)
  double size = 0;        // length, radius or side
  double width = 0;       // a line's width
};

// Rounding slack: a point this close to a boundary is on it.
inline constexpr double kAreaSlack = 1e-9;

// Whether `area` covers point `p`.
inline bool covers(const Area& area, Point p) {
  const Point v = p - area.origin;
  if (area.shape == Shape::Sphere) return length(v) <= area.size + kAreaSlack;
  const double norm = length(area.direction);
  if (norm == 0) return false;
  const Point u = (1.0 / norm) * area.direction;
  const double along = v.x * u.x + v.y * u.y;  // distance along the direction
  const double across = std::abs(v.x * u.y - v.y * u.x);
  if (along < -kAreaSlack || along > area.size + kAreaSlack) return false;
  switch (area.shape) {
    case Shape::Cone:
      return across <= along / 2 + kAreaSlack;
    case Shape::Line:
      return across <= area.width / 2 + kAreaSlack;
    case Shape::Cube:
      return across <= area.size / 2 + kAreaSlack;
    case Shape::Sphere:
      break;
  }
  return false;
}

// The centre, in feet, of grid square `s`.
inline Point square_centre(Square s) {
  return {(s.x + 0.5) * kFeetPerSquare, (s.y + 0.5) * kFeetPerSquare};
}

// The centre, in feet, of footprint `f`.
inline Point footprint_centre(const Footprint& f) {
  return {(f.at.x + f.side / 2.0) * kFeetPerSquare, (f.at.y + f.side / 2.0) * kFeetPerSquare};
}

// Whether `area` (in feet) catches grid square `s`: it covers its centre.
inline bool square_caught(const Area& area, Square s) {
  return covers(area, square_centre(s));
}

// Whether `area` catches a creature on footprint `f`: any of its squares.
inline bool footprint_caught(const Area& area, const Footprint& f) {
  for (int y = f.at.y; y < f.at.y + f.side; ++y) {
    for (int x = f.at.x; x < f.at.x + f.side; ++x) {
      if (square_caught(area, {x, y})) return true;
    }
  }
  return false;
}

// Where a ray from the centre of footprint `f` along `direction` leaves
// it, in feet: the point of origin of a cone or a line its creature aims
// that way (a corner for a diagonal).
inline Point edge_towards(const Footprint& f, Point direction) {
  const Point centre = footprint_centre(f);
  const double half = f.side * kFeetPerSquare / 2.0;
  const double reach = std::max(std::abs(direction.x), std::abs(direction.y));
  if (reach == 0) return centre;
  return centre + (half / reach) * direction;
}

}  // namespace arena::space
