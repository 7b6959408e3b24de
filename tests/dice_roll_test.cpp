#include <gtest/gtest.h>

#include "arena/dice.hpp"
#include "arena/dice_distribution.hpp"
#include "arena/rng.hpp"
#include "arena/scripted_dice.hpp"
#include "test_util.hpp"

namespace arena {
namespace {

int roll_scripted(std::string_view text, std::initializer_list<int> faces) {
  ScriptedDice dice(faces);
  const int total = DiceExpr::parse(text)->roll(dice);
  EXPECT_EQ(dice.remaining(), 0u) << text;
  return total;
}

TEST(DiceRollTest, AddsDiceAndConstant) {
  EXPECT_EQ(roll_scripted("2d6+3", {4, 2}), 9);
}

TEST(DiceRollTest, SubtractsNegativeTerms) {
  EXPECT_EQ(roll_scripted("1d8-1d4-1", {5, 3}), 1);
}

TEST(DiceRollTest, KeepsHighestDice) {
  EXPECT_EQ(roll_scripted("4d6kh3", {1, 5, 3, 6}), 14);
}

TEST(DiceRollTest, KeepsLowestDice) {
  EXPECT_EQ(roll_scripted("4d6kl2", {4, 5, 3, 6}), 7);
}

TEST(DiceRollTest, AdvantageKeepsTheBetterD20) {
  EXPECT_EQ(roll_scripted("2d20kh1", {7, 15}), 15);
  EXPECT_EQ(roll_scripted("2d20kl1", {7, 15}), 7);
}

TEST(DiceRollTest, RollDiceLeavesOutTheConstant) {
  ScriptedDice dice{3, 4};
  EXPECT_EQ(DiceExpr::parse("2d6+5")->roll_dice(dice), 7);
}

// 10^6 rolls at a fixed seed: the observed totals against the exact
// distribution, by a chi-square test with a bound that a correct roller
// exceeds with probability far below one in a million.
class RolledFrequencyTest : public ::testing::TestWithParam<const char*> {};

TEST_P(RolledFrequencyTest, MatchesExactDistribution) {
  const DiceExpr expr = *DiceExpr::parse(GetParam());
  const DiceDistribution exact = *DiceDistribution::of(expr);
  constexpr long long kRolls = 1'000'000;
  std::vector<long long> observed(exact.probabilities().size(), 0);
  Rng rng(20261122, 7);
  for (long long i = 0; i < kRolls; ++i) {
    const int total = expr.roll(rng);
    ASSERT_GE(total, exact.min());
    ASSERT_LE(total, exact.max());
    ++observed[static_cast<std::size_t>(total - exact.min())];
  }
  const auto chi = testing::chi_square(observed, exact.probabilities(), kRolls);
  EXPECT_LT(chi.statistic, testing::chi_square_bound(chi.degrees_of_freedom))
      << GetParam() << " df=" << chi.degrees_of_freedom;
}

INSTANTIATE_TEST_SUITE_P(Expressions, RolledFrequencyTest,
                         ::testing::Values("1d20", "2d6+3", "8d6", "4d6kh3", "2d20kh1", "2d20kl1",
                                           "1d7", "3d4kl2-1d6", "6d10kh4"));

}  // namespace
}  // namespace arena
