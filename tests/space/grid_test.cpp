#include "space/grid.hpp"

#include <gtest/gtest.h>

namespace arena::space {
namespace {

Footprint at(int x, int y, int side = 1) {
  return {{x, y}, side};
}

TEST(GridTest, PhbDistanceCountsEveryDiagonalAsFiveFeet) {
  EXPECT_EQ(distance_feet(at(0, 0), at(1, 0), Diagonals::Phb), 5);
  EXPECT_EQ(distance_feet(at(0, 0), at(1, 1), Diagonals::Phb), 5);
  EXPECT_EQ(distance_feet(at(0, 0), at(4, 3), Diagonals::Phb), 20);
  EXPECT_EQ(distance_feet(at(3, 3), at(3, 3), Diagonals::Phb), 0);
}

TEST(GridTest, FiveTenFiveMakesEverySecondDiagonalTen) {
  EXPECT_EQ(distance_feet(at(0, 0), at(1, 1), Diagonals::FiveTenFive), 5);
  EXPECT_EQ(distance_feet(at(0, 0), at(2, 2), Diagonals::FiveTenFive), 15);
  EXPECT_EQ(distance_feet(at(0, 0), at(3, 3), Diagonals::FiveTenFive), 20);
  EXPECT_EQ(distance_feet(at(0, 0), at(4, 3), Diagonals::FiveTenFive), 25);
  EXPECT_EQ(step_feet({1, 1}, 0, Diagonals::FiveTenFive), 5);
  EXPECT_EQ(step_feet({1, 1}, 1, Diagonals::FiveTenFive), 10);
  EXPECT_EQ(step_feet({1, 1}, 1, Diagonals::Phb), 5);
  EXPECT_EQ(step_feet({0, 1}, 1, Diagonals::FiveTenFive), 5);
}

TEST(GridTest, LargeCreaturesMeasureFromTheirNearestSquare) {
  EXPECT_EQ(squares_for_size("large"), 2);
  EXPECT_EQ(squares_for_size("huge"), 3);
  EXPECT_EQ(squares_for_size("gargantuan"), 4);
  EXPECT_EQ(squares_for_size("small"), 1);
  const Footprint ogre = at(2, 0, 2);  // covers x 2..3, y 0..1
  EXPECT_EQ(distance_feet(at(0, 0), ogre, Diagonals::Phb), 10);
  EXPECT_EQ(distance_feet(at(1, 1), ogre, Diagonals::Phb), 5);
  EXPECT_EQ(distance_feet(at(5, 3), ogre, Diagonals::Phb), 10);
  EXPECT_TRUE(within(at(4, 2), ogre, 5, Diagonals::Phb));
  EXPECT_FALSE(within(at(6, 0), ogre, 10, Diagonals::Phb));
}

TEST(GridTest, ReachTenAgainstReachFive) {
  EXPECT_TRUE(within(at(0, 0), at(2, 0), 10, Diagonals::Phb));
  EXPECT_FALSE(within(at(0, 0), at(2, 0), 5, Diagonals::Phb));
}

TEST(GridTest, OverlapAndField) {
  EXPECT_TRUE(overlaps(at(0, 0, 2), at(1, 1)));
  EXPECT_FALSE(overlaps(at(0, 0, 2), at(2, 0)));
  EXPECT_TRUE(on_field(at(8, 8, 2), 10, 10));
  EXPECT_FALSE(on_field(at(9, 8, 2), 10, 10));
  EXPECT_FALSE(on_field(at(-1, 0), 10, 10));
}

TEST(GridTest, StepsGoTowardsAndAway) {
  EXPECT_EQ(step_towards(at(0, 0), at(5, 3)), (Square{1, 1}));
  EXPECT_EQ(step_towards(at(0, 2), at(5, 1, 2)), (Square{1, 0}));  // rows overlap: straight
  EXPECT_EQ(step_towards(at(5, 5), at(5, 0)), (Square{0, -1}));
  EXPECT_EQ(step_away(at(0, 0), at(3, 0)), (Square{-1, 0}));
  EXPECT_EQ(step_away(at(2, 2), at(1, 1)), (Square{1, 1}));
}

TEST(GridTest, LinesVisitOneSquarePerStepOfTheLongerAxis) {
  const std::vector<Square> straight = line({0, 0}, {3, 0});
  EXPECT_EQ(straight, (std::vector<Square>{{0, 0}, {1, 0}, {2, 0}, {3, 0}}));
  const std::vector<Square> slope = line({0, 0}, {4, 2});
  ASSERT_EQ(slope.size(), 5u);
  EXPECT_EQ(slope.front(), (Square{0, 0}));
  EXPECT_EQ(slope.back(), (Square{4, 2}));
  for (std::size_t i = 1; i < slope.size(); ++i) {
    EXPECT_EQ(slope[i].x - slope[i - 1].x, 1);
    EXPECT_LE(std::abs(slope[i].y - slope[i - 1].y), 1);
  }
}

}  // namespace
}  // namespace arena::space
