#include "space/geometry.hpp"

#include <gtest/gtest.h>

namespace arena::space {
namespace {

constexpr double kEps = 1e-12;

TEST(GeometryTest, DistanceIsEuclidean) {
  EXPECT_DOUBLE_EQ(distance({0, 0}, {3, 4}), 5.0);
  EXPECT_DOUBLE_EQ(distance({1, 1}, {1, 1}), 0.0);
  EXPECT_DOUBLE_EQ(distance({-2, 0}, {2, 0}), 4.0);
}

TEST(GeometryTest, BaseRadiusConvertsMillimetresToInches) {
  EXPECT_DOUBLE_EQ(base_radius(50.8), 1.0);
  EXPECT_NEAR(base_radius(30), 0.590551, 1e-6);
  EXPECT_DOUBLE_EQ(base_radius(0), 0.0);
}

TEST(GeometryTest, AlongWalksTheLineAndPastItsEnd) {
  const Point p = along({0, 0}, {0, 10}, 4);
  EXPECT_NEAR(p.x, 0, kEps);
  EXPECT_NEAR(p.y, 4, kEps);
  const Point past = along({1, 1}, {4, 5}, 10);  // a 3-4-5 line, twice its length
  EXPECT_NEAR(past.x, 7, kEps);
  EXPECT_NEAR(past.y, 9, kEps);
  EXPECT_EQ(along({2, 2}, {2, 2}, 3), (Point{5, 2}));  // no direction: +x by convention
}

TEST(GeometryTest, DeviationOnePointsAwayFromTheAttacker) {
  const Point attacker{0, 0}, target{10, 0};
  const Point away = deviate(target, attacker, target, 2, 1);
  EXPECT_NEAR(away.x, 12, kEps);
  EXPECT_NEAR(away.y, 0, kEps);
  const Point back = deviate(target, attacker, target, 2, 4);
  EXPECT_NEAR(back.x, 8, kEps);
  EXPECT_NEAR(back.y, 0, kEps);
}

TEST(GeometryTest, DeviationStepsAreSixtyDegrees) {
  const Point attacker{0, 0}, target{0, 5};  // aiming up +y
  for (int d6 = 1; d6 <= 6; ++d6) {
    const Point landed = deviate(target, attacker, target, 1, d6);
    // Consecutive directions are 60 degrees apart: their landing points are 1" apart.
    const Point next = deviate(target, attacker, target, 1, d6 % 6 + 1);
    EXPECT_NEAR(distance(landed, next), 1.0, 1e-12) << d6;
    EXPECT_NEAR(distance(landed, target), 1.0, 1e-12) << d6;
  }
  // 2 and 6 are mirror images across the line of fire.
  const Point two = deviate(target, attacker, target, 1, 2);
  const Point six = deviate(target, attacker, target, 1, 6);
  EXPECT_NEAR(two.x, -six.x, kEps);
  EXPECT_NEAR(two.y, six.y, kEps);
  EXPECT_NEAR(two.y, 5.5, kEps);  // cos 60 = 1/2 further along the line
}

}  // namespace
}  // namespace arena::space
