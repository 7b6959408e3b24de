#include <gtest/gtest.h>

#include "arena/dice.hpp"

namespace arena {
namespace {

DiceExpr parsed(std::string_view text) {
  auto expr = DiceExpr::parse(text);
  EXPECT_TRUE(expr.has_value()) << text << ": " << (expr ? "" : expr.error().message);
  return expr ? *expr : DiceExpr();
}

DiceError error_of(std::string_view text) {
  auto damage = parse_damage(text);
  EXPECT_FALSE(damage.has_value()) << text;
  return damage ? DiceError{} : damage.error();
}

TEST(DiceParserTest, ParsesPlainDiceAndConstants) {
  EXPECT_EQ(parsed("2d6+3").to_string(), "2d6+3");
  EXPECT_EQ(parsed("2d6+3").terms(), (std::vector<DiceTerm>{{2, 6, 2, false, false}}));
  EXPECT_EQ(parsed("2d6+3").flat(), 3);
  EXPECT_EQ(parsed("7").to_string(), "7");
  EXPECT_TRUE(parsed("7").is_constant());
  EXPECT_EQ(parsed("1d4-1").to_string(), "1d4-1");
  EXPECT_EQ(parsed("-1d4+3").to_string(), "-1d4+3");
}

TEST(DiceParserTest, ReadsD20AsOneD20) {
  EXPECT_EQ(parsed("d20").to_string(), "1d20");
}

TEST(DiceParserTest, AllowsSpacesAroundOperatorsAndUppercase) {
  EXPECT_EQ(parsed(" 2D6 + 1d4 - 2 ").to_string(), "2d6+1d4-2");
}

TEST(DiceParserTest, ParsesKeepHighestAndLowest) {
  EXPECT_EQ(parsed("4d6kh3").terms(), (std::vector<DiceTerm>{{4, 6, 3, false, false}}));
  EXPECT_EQ(parsed("2d20kl1").terms(), (std::vector<DiceTerm>{{2, 20, 1, true, false}}));
  EXPECT_EQ(parsed("2d20kl1+5").to_string(), "2d20kl1+5");
}

TEST(DiceParserTest, FoldsConstantsTogether) {
  EXPECT_EQ(parsed("1d6+2+3-1").flat(), 4);
}

TEST(DiceParserTest, SummarisesMinMaxMean) {
  const DiceExpr expr = parsed("2d6+3");
  EXPECT_EQ(expr.min(), 5);
  EXPECT_EQ(expr.max(), 15);
  EXPECT_DOUBLE_EQ(expr.mean(), 10.0);
  EXPECT_EQ(parsed("1d4-1d6").min(), -5);
  EXPECT_EQ(parsed("1d4-1d6").max(), 3);
}

TEST(DiceParserTest, ParsesTypedDamage) {
  auto damage = parse_damage("1d8+3 slashing");
  ASSERT_TRUE(damage.has_value());
  ASSERT_EQ(damage->size(), 1u);
  EXPECT_EQ((*damage)[0].type, DamageType::Slashing);
  EXPECT_EQ((*damage)[0].dice.to_string(), "1d8+3");
}

TEST(DiceParserTest, ParsesListsOfTypedDamage) {
  auto damage = parse_damage("2d10+8 piercing + 2d6 fire");
  ASSERT_TRUE(damage.has_value());
  EXPECT_EQ(to_string(*damage), "2d10+8 piercing + 2d6 fire");
  auto with_comma = parse_damage("1d6 cold, 1d6 Necrotic");
  ASSERT_TRUE(with_comma.has_value());
  EXPECT_EQ(to_string(*with_comma), "1d6 cold + 1d6 necrotic");
}

TEST(DiceParserTest, UntypedDamageIsAllowedAlone) {
  auto damage = parse_damage("1d6+2");
  ASSERT_TRUE(damage.has_value());
  EXPECT_EQ((*damage)[0].type, DamageType::Untyped);
}

// One test per error kind: the message and the column it points at.
TEST(DiceParserTest, RejectsEmptyExpression) {
  EXPECT_EQ(error_of(""), (DiceError{1, "empty dice expression"}));
  EXPECT_EQ(error_of("   "), (DiceError{1, "empty dice expression"}));
}

TEST(DiceParserTest, RejectsUnexpectedCharacter) {
  EXPECT_EQ(error_of("2d6#"), (DiceError{4, "unexpected character '#'"}));
  EXPECT_EQ(error_of("x"), (DiceError{1, "unexpected character 'x'"}));
}

TEST(DiceParserTest, RejectsMissingSides) {
  EXPECT_EQ(error_of("2d"), (DiceError{3, "expected the number of sides after 'd'"}));
  EXPECT_EQ(error_of("2d+1"), (DiceError{3, "expected the number of sides after 'd'"}));
}

TEST(DiceParserTest, RejectsZeroDice) {
  EXPECT_EQ(error_of("0d6"), (DiceError{1, "dice count must be at least 1"}));
}

TEST(DiceParserTest, RejectsZeroSides) {
  EXPECT_EQ(error_of("1+2d0"), (DiceError{5, "a die needs at least 1 side"}));
}

TEST(DiceParserTest, RejectsTooManyDice) {
  EXPECT_EQ(error_of("1001d6"), (DiceError{1, "too many dice: 1001 (at most 1000 per term)"}));
}

TEST(DiceParserTest, RejectsTooManySides) {
  EXPECT_EQ(error_of("1d10001"), (DiceError{3, "too many sides: 10001 (at most 10000)"}));
}

TEST(DiceParserTest, RejectsNumbersThatOverflow) {
  EXPECT_EQ(error_of("1d99999999999"), (DiceError{3, "number too large"}));
}

TEST(DiceParserTest, RejectsLargeConstants) {
  EXPECT_EQ(error_of("1d6+1000001"), (DiceError{5, "constant too large (at most 1000000)"}));
}

TEST(DiceParserTest, RejectsTooManyTerms) {
  std::string text = "1d4";
  for (int i = 0; i < 16; ++i) text += "+1d4";
  EXPECT_EQ(error_of(text), (DiceError{65, "too many terms (at most 16)"}));
}

// A damage list's parts add up to at most kMaxDamage (1e8): 13 typed parts
// of 16 x 1000d10000 each once came to 2e9, and a critical against a
// vulnerable target overflowed an int (the hit healed its target).
TEST(DiceParserTest, RejectsDamageListsThatAddUpPastTheLimit) {
  const std::string big = "1000d10000+1000d10000+1000d10000+1000d10000+1000d10000";  // 5e7 at most
  ASSERT_TRUE(parse_damage(big + " fire + " + big + " cold").has_value());  // 1e8: the limit
  const std::string past = big + " fire + " + big + " cold + 1 acid";
  EXPECT_EQ(error_of(past), (DiceError{static_cast<int>(2 * big.size() + 17),
                                       "this damage can add up to 100000001 (at most 100000000)"}));
  // A subtracted die counts by its size: it can take a total as far down.
  std::string down;
  for (int i = 0; i < 10; ++i) down += "-1000d10000";
  EXPECT_EQ(error_of(down + "-1").message,
            "this damage can add up to 100000001 (at most 100000000)");
}

TEST(DiceParserTest, RejectsDanglingOperator) {
  EXPECT_EQ(error_of("2d6+"), (DiceError{5, "expected dice or a number after '+'"}));
  EXPECT_EQ(error_of("2d6 - "), (DiceError{7, "expected dice or a number after '-'"}));
}

TEST(DiceParserTest, RejectsBadKeep) {
  EXPECT_EQ(error_of("4d6k3"), (DiceError{5, "expected 'h' or 'l' after 'k' (kh3, kl1)"}));
  EXPECT_EQ(error_of("4d6kh"), (DiceError{6, "expected the number of dice to keep after 'kh'"}));
  EXPECT_EQ(error_of("4d6kh0"), (DiceError{4, "must keep at least 1 die"}));
  EXPECT_EQ(error_of("4d6kl5"), (DiceError{4, "cannot keep 5 of 4 dice"}));
}

TEST(DiceParserTest, RejectsUnknownDamageTypeWithSuggestion) {
  EXPECT_EQ(error_of("1d8+3 slashng"),
            (DiceError{7, "unknown damage type 'slashng' (did you mean 'slashing'?)"}));
  EXPECT_EQ(error_of("1d8 banana"), (DiceError{5, "unknown damage type 'banana'"}));
}

TEST(DiceParserTest, RejectsUntypedPartInDamageList) {
  EXPECT_EQ(error_of("1d8 fire + 1d6"),
            (DiceError{12, "each part of a damage list needs a damage type"}));
  EXPECT_EQ(error_of("1d6, 1d8 fire"),
            (DiceError{1, "each part of a damage list needs a damage type"}));
}

TEST(DiceParserTest, RejectsDamageTypeInPlainDice) {
  auto expr = DiceExpr::parse("1d8 fire");
  ASSERT_FALSE(expr.has_value());
  EXPECT_EQ(expr.error(), (DiceError{5, "a damage type is not allowed here"}));
}

}  // namespace
}  // namespace arena

namespace arena {
namespace {

TEST(DiceParserTest, KeepingEveryDieIsPlainDice) {
  EXPECT_EQ(*DiceExpr::parse("4d6kl4"), *DiceExpr::parse("4d6"));
  EXPECT_EQ(*DiceExpr::parse("4d6kh4"), *DiceExpr::parse("4d6"));
}

TEST(DiceParserTest, CanonicalTextParsesBackToTheSameExpression) {
  for (const char* text : {"2d6+3", "-1d4+2", "4d6kh3-1d8kl1+7", "d20", "3", "1d6-1d6"}) {
    const DiceExpr expr = *DiceExpr::parse(text);
    EXPECT_EQ(*DiceExpr::parse(expr.to_string()), expr) << text;
  }
}

TEST(DiceParserTest, RejectsADanglingOperatorBeforeADamageType) {
  EXPECT_EQ(error_of("2d6+ fire"), (DiceError{6, "expected dice or a number after '+'"}));
}

}  // namespace
}  // namespace arena
