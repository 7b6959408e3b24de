// The areas of space/area.hpp on a grid of 5-ft squares, each against a
// map drawn by hand: '#' a caught square (its centre covered), '.' not.
#include "space/area.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace arena::space {
namespace {

// The squares of a `width` x `height` window that `area` catches.
std::vector<std::string> drawn(const Area& area, int width, int height) {
  std::vector<std::string> rows;
  for (int y = 0; y < height; ++y) {
    std::string row;
    for (int x = 0; x < width; ++x) row += square_caught(area, {x, y}) ? '#' : '.';
    rows.push_back(row);
  }
  return rows;
}

Area area(Shape shape, Point origin, Point direction, double size, double width = 5) {
  return {shape, origin, direction, size, width};
}

TEST(AreaTest, AConeWidensAsFarAsItGoes) {
  // A 15-ft cone east from the edge of square (0, 2): at 2.5 ft and 7.5 ft
  // from the origin it is 2.5 and 7.5 ft wide (one row), at 12.5 ft 12.5 ft
  // wide (three rows); the fourth column's centres lie 17.5 ft out.
  const Footprint caster{{0, 2}, 1};
  const Area cone = area(Shape::Cone, edge_towards(caster, {1, 0}), {1, 0}, 15);
  EXPECT_EQ(drawn(cone, 5, 5),
            (std::vector<std::string>{".....", "...#.", ".###.", "...#.", "....."}));
}

TEST(AreaTest, ADiagonalConeStartsAtTheCorner) {
  // South-east from square (0, 0): its corner (5, 5) is the origin. The
  // squares beside the diagonal lie exactly on the cone's edge (their
  // centres 3.5 ft across at 7.1 ft along): boundaries belong to the area.
  const Footprint caster{{0, 0}, 1};
  const Area cone = area(Shape::Cone, edge_towards(caster, {1, 1}), {1, 1}, 15);
  EXPECT_EQ(drawn(cone, 5, 5),
            (std::vector<std::string>{".....", ".##..", ".###.", "..#..", "....."}));
}

TEST(AreaTest, ASphereAtAnIntersectionCatchesACircleOfSquares) {
  // Radius 10 ft around the corner (10, 10): centres 3.5 and 7.9 ft away
  // are in, the diagonal ones 10.6 ft away are out.
  const Area sphere = area(Shape::Sphere, {10, 10}, {}, 10);
  EXPECT_EQ(drawn(sphere, 5, 5),
            (std::vector<std::string>{".##..", "####.", "####.", ".##..", "....."}));
}

TEST(AreaTest, ALineIsFiveFeetWideAndEndsAtItsLength) {
  // 30 ft east from square (0, 1): six squares; then 30 ft south-east from
  // square (0, 0): the diagonal's centres are 3.5 ft apart, so four
  // squares fit, and the squares beside them (3.5 ft across) do not.
  const Footprint east{{0, 1}, 1};
  EXPECT_EQ(drawn(area(Shape::Line, edge_towards(east, {1, 0}), {1, 0}, 30), 8, 3),
            (std::vector<std::string>{"........", ".######.", "........"}));
  const Footprint corner{{0, 0}, 1};
  EXPECT_EQ(drawn(area(Shape::Line, edge_towards(corner, {1, 1}), {1, 1}, 30), 6, 6),
            (std::vector<std::string>{"......", ".#....", "..#...", "...#..", "....#.", "......"}));
}

TEST(AreaTest, ACubeHasOneFaceOnItsOrigin) {
  // A 15-ft cube whose west face is centred on (5, 7.5): three by three
  // squares east of x = 5 ft; pointing north from (12.5, 15) instead.
  EXPECT_EQ(drawn(area(Shape::Cube, {5, 7.5}, {1, 0}, 15), 5, 4),
            (std::vector<std::string>{".###.", ".###.", ".###.", "....."}));
  EXPECT_EQ(drawn(area(Shape::Cube, {12.5, 15}, {0, -1}, 15), 5, 4),
            (std::vector<std::string>{".###.", ".###.", ".###.", "....."}));
}

TEST(AreaTest, ALargeCreatureIsCaughtWhenAnyOfItsSquaresIs) {
  // The 15-ft cone of the first test catches square (3, 1) and not (4, 1).
  const Area cone = area(Shape::Cone, edge_towards({{0, 2}, 1}, {1, 0}), {1, 0}, 15);
  EXPECT_TRUE(footprint_caught(cone, {{3, 0}, 2}));  // (3, 1) is one of its squares
  EXPECT_FALSE(footprint_caught(cone, {{4, 0}, 2}));
  EXPECT_FALSE(footprint_caught(cone, {{1, 0}, 2}));  // (1, 1) and (2, 1): beside the cone
}

TEST(AreaTest, EdgesAreWhereARayFromTheCentreLeavesTheSpace) {
  EXPECT_EQ(edge_towards({{0, 0}, 1}, {1, 0}), (Point{5, 2.5}));
  EXPECT_EQ(edge_towards({{0, 0}, 1}, {1, 1}), (Point{5, 5}));
  EXPECT_EQ(edge_towards({{0, 0}, 2}, {0, -3}), (Point{5, 0}));
  EXPECT_EQ(edge_towards({{0, 0}, 1}, {2, 1}), (Point{5, 3.75}));
  EXPECT_EQ(footprint_centre({{1, 2}, 2}), (Point{10, 15}));
}

}  // namespace
}  // namespace arena::space
