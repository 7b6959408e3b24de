#include "arena/dice_distribution.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>

#include "arena/dice.hpp"

namespace arena {
namespace {

DiceDistribution distribution_of(std::string_view text) {
  auto expr = DiceExpr::parse(text);
  EXPECT_TRUE(expr.has_value()) << text;
  auto distribution = DiceDistribution::of(*expr);
  EXPECT_TRUE(distribution.has_value()) << text;
  return *distribution;
}

// Enumerates every outcome of the dice by brute force (an independent oracle
// for small expressions) and counts the totals, via a scripted roll.
std::map<int, double> enumerate(const DiceExpr& expr) {
  std::vector<int> sides;
  for (const DiceTerm& term : expr.terms()) {
    for (int i = 0; i < term.count; ++i) sides.push_back(term.sides);
  }
  struct Cursor {
    const std::vector<int>* faces;
    std::size_t next = 0;
    int roll(int) { return (*faces)[next++]; }
  };
  std::map<int, double> counts;
  std::vector<int> faces(sides.size(), 1);
  double outcomes = 0;
  while (true) {
    Cursor cursor{&faces};
    counts[expr.roll(cursor)] += 1;
    outcomes += 1;
    std::size_t i = 0;
    while (i < faces.size() && faces[i] == sides[i]) faces[i++] = 1;
    if (i == faces.size()) break;
    ++faces[i];
  }
  for (auto& [total, count] : counts) count /= outcomes;
  return counts;
}

TEST(DiceDistributionTest, TwoD6IsTriangular) {
  const DiceDistribution d = distribution_of("2d6");
  EXPECT_EQ(d.min(), 2);
  EXPECT_EQ(d.max(), 12);
  for (int total = 2; total <= 12; ++total) {
    EXPECT_NEAR(d.probability(total), (6 - std::abs(total - 7)) / 36.0, 1e-15) << total;
  }
  EXPECT_DOUBLE_EQ(d.outcomes(), 36);
}

TEST(DiceDistributionTest, TwoD6PlusThreeMatchesTheIssue) {
  const DiceDistribution d = distribution_of("2d6+3");
  EXPECT_NEAR(d.mean(), 10, 1e-12);
  EXPECT_EQ(d.min(), 5);
  EXPECT_EQ(d.max(), 15);
  EXPECT_NEAR(d.probability(10), 6.0 / 36, 1e-15);
  EXPECT_NEAR(d.stddev(), std::sqrt(35.0 / 6), 1e-12);
}

// With whole numbers of ways, the mean is exact: a difference of equal dice
// has mean 0, not -1.7e-16 (`arena roll 1d6-1d6 --stats` printed -0.0000).
TEST(DiceDistributionTest, MeansOfWholeWaysAreExact) {
  EXPECT_EQ(distribution_of("1d6-1d6").mean(), 0.0);
  EXPECT_EQ(distribution_of("2d6-2d6").mean(), 0.0);
  EXPECT_EQ(distribution_of("1d20-1d20").mean(), 0.0);
  EXPECT_EQ(distribution_of("4d6kh3").mean(), 15869.0 / 1296);
}

TEST(DiceDistributionTest, FourD6KeepThreeHasKnownMean) {
  const DiceDistribution d = distribution_of("4d6kh3");
  EXPECT_NEAR(d.mean(), 15869.0 / 1296, 1e-12);  // 12.2446...
  EXPECT_NEAR(d.probability(18), 21.0 / 1296, 1e-15);
  EXPECT_NEAR(d.probability(3), 1.0 / 1296, 1e-15);
}

TEST(DiceDistributionTest, AdvantageIsTwoD20KeepHighest) {
  const DiceDistribution d = distribution_of("2d20kh1");
  for (int k = 1; k <= 20; ++k) EXPECT_NEAR(d.probability(k), (2 * k - 1) / 400.0, 1e-15) << k;
  EXPECT_NEAR(d.mean(), 13.825, 1e-12);
}

TEST(DiceDistributionTest, DisadvantageIsTwoD20KeepLowest) {
  const DiceDistribution d = distribution_of("2d20kl1");
  for (int k = 1; k <= 20; ++k) EXPECT_NEAR(d.probability(k), (41 - 2 * k) / 400.0, 1e-15) << k;
}

TEST(DiceDistributionTest, MatchesBruteForceEnumeration) {
  for (const char* text : {"3d4+1", "1d6-1d4", "5d3kh2", "4d4kl2+1d6", "-1d8+2", "3d6kh1-2"}) {
    const DiceExpr expr = *DiceExpr::parse(text);
    const DiceDistribution d = distribution_of(text);
    const auto truth = enumerate(expr);
    EXPECT_EQ(d.min(), truth.begin()->first) << text;
    EXPECT_EQ(d.max(), truth.rbegin()->first) << text;
    for (const auto& [total, p] : truth) EXPECT_NEAR(d.probability(total), p, 1e-14) << text;
    EXPECT_NEAR(expr.mean(), d.mean(), 1e-12) << text;
  }
}

TEST(DiceDistributionTest, CumulativeColumnsAddUp) {
  const DiceDistribution d = distribution_of("3d6");
  EXPECT_NEAR(d.at_least(3), 1.0, 1e-12);
  EXPECT_NEAR(d.at_most(18), 1.0, 1e-12);
  EXPECT_NEAR(d.at_least(11) + d.at_most(10), 1.0, 1e-12);
  EXPECT_NEAR(d.at_least(18), 1.0 / 216, 1e-15);
}

TEST(DiceDistributionTest, LargeSumsStayNormalised) {
  const DiceDistribution d = distribution_of("100d100");
  double total = 0;
  for (double p : d.probabilities()) total += p;
  EXPECT_NEAR(total, 1.0, 1e-9);
  EXPECT_NEAR(d.mean(), 5050, 1e-6);
  EXPECT_NEAR(d.stddev(), std::sqrt(100 * (100.0 * 100 - 1) / 12), 1e-6);
}

TEST(DiceDistributionTest, RefusesExpressionsTooLargeToCompute) {
  auto distribution = DiceDistribution::of(*DiceExpr::parse("1000d10000+1000d10000"));
  ASSERT_FALSE(distribution.has_value());
  EXPECT_NE(distribution.error().find("too large to compute"), std::string::npos);
}

TEST(DiceDistributionTest, DamageListsAddTheirParts) {
  auto damage = parse_damage("1d4 fire + 1d4 cold");
  auto d = DiceDistribution::of(*damage);
  ASSERT_TRUE(d.has_value());
  EXPECT_NEAR(d->probability(5), 4.0 / 16, 1e-15);
}

}  // namespace
}  // namespace arena

namespace arena {
namespace {

TEST(DiceDistributionTest, FarTailsAreNeverNegative) {
  // Found by fuzzing: the sliding window's running sum went below zero.
  for (const char* text : {"10d61", "100d100", "1000d2"}) {
    const DiceDistribution d = *DiceDistribution::of(*DiceExpr::parse(text));
    for (double p : d.probabilities()) ASSERT_GE(p, 0.0) << text;
  }
}

TEST(DiceDistributionTest, KeepMeansAgreeWithDistributionsForLargerPools) {
  for (const char* text : {"10d6kh3", "8d10kl5", "20d4kh19", "6d20kh1"}) {
    const DiceExpr expr = *DiceExpr::parse(text);
    EXPECT_NEAR(expr.mean(), DiceDistribution::of(expr)->mean(), 1e-9) << text;
  }
}

}  // namespace
}  // namespace arena
