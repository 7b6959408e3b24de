// Flat dice (rules/common/flat_dice.hpp): a critical's dice, rolled twice
// over, draw the same dice in the same order as rolling the terms twice.
#include "rules/common/flat_dice.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arena/rng.hpp"

namespace arena {
namespace {

DiceExpr parse(const std::string& text) {
  auto expr = DiceExpr::parse(text);
  EXPECT_TRUE(expr.has_value()) << text;
  return *expr;
}

TEST(FlatDiceTest, PlainDiceAreRolledWithoutTheirTerms) {
  std::vector<DiceTerm> terms;
  EXPECT_EQ(flatten(parse("2d6+3"), terms).plain_count, 2);
  EXPECT_EQ(flatten(parse("4d6kh3"), terms).plain_count, 0);
  EXPECT_EQ(flatten(parse("1d8+1d6"), terms).plain_count, 0);
  EXPECT_EQ(flatten(parse("-1d4"), terms).plain_count, 0);
}

TEST(FlatDiceTest, ACriticalRollsTheDiceTwiceAndTheConstantOnce) {
  for (const char* text : {"2d6+3", "1d8", "4d6kh3+1", "1d8+1d6-2", "2d20kl1", "5-1d4", "7"}) {
    std::vector<DiceTerm> terms;
    const DiceExpr expr = parse(text);
    const FlatDice flat = flatten(expr, terms);
    for (std::uint64_t battle = 0; battle < 50; ++battle) {
      for (const bool critical : {false, true}) {
        Rng rng(3, battle), reference(3, battle);
        int expected = expr.flat() + expr.roll_dice(reference);
        if (critical) expected += expr.roll_dice(reference);
        EXPECT_EQ(roll_flat_critical(terms, flat, critical, rng), expected) << text;
        EXPECT_EQ(rng, reference) << text;  // the same draws
      }
      Rng rng(5, battle), reference(5, battle);
      EXPECT_EQ(roll_flat(terms, flat, rng), expr.roll(reference)) << text;
      EXPECT_EQ(rng, reference) << text;
    }
  }
}

}  // namespace
}  // namespace arena
