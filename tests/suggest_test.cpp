#include "arena/suggest.hpp"

#include <gtest/gtest.h>

#include <string_view>

namespace arena {
namespace {

TEST(SuggestTest, EditDistanceIgnoresCase) {
  EXPECT_EQ(edit_distance("Fire", "fire"), 0);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3);
  EXPECT_EQ(edit_distance("", "abc"), 3);
}

TEST(SuggestTest, SuggestsCloseNamesOnly) {
  const std::string_view names[] = {"longsword", "shortsword", "greatsword"};
  EXPECT_EQ(closest_match("longswrd", names), "longsword");
  EXPECT_EQ(did_you_mean("greatswor", names), " (did you mean 'greatsword'?)");
  EXPECT_EQ(closest_match("banana", names), std::nullopt);
  EXPECT_EQ(did_you_mean("banana", names), "");
}

// The start of one name alone is that name; the start of several is none.
TEST(SuggestTest, SuggestsTheOneNameAWordBegins) {
  const std::string_view commands[] = {"simulate", "validate", "replay", "roll"};
  EXPECT_EQ(closest_match("sim", commands), "simulate");
  EXPECT_EQ(closest_match("valid", commands), "validate");
  const std::string_view options[] = {"--battles", "--battle-map", "--threads"};
  EXPECT_EQ(closest_match("--thr", options), "--threads");
  EXPECT_EQ(closest_match("--batt", options), std::nullopt);  // two begin so
  EXPECT_EQ(closest_match("--b", options), std::nullopt);     // too short to tell
}

// A word that one name alone begins is that name: "warning" for "warn".
TEST(SuggestTest, SuggestsTheOneNameThatBeginsAWord) {
  const std::string_view levels[] = {"trace", "debug", "info", "warn", "error", "off"};
  EXPECT_EQ(closest_match("warning", levels), "warn");
  EXPECT_EQ(closest_match("information", levels), "info");
  const std::string_view stems[] = {"fire", "fireball"};
  EXPECT_EQ(closest_match("fireballs", stems), "fireball");  // one letter off
  const std::string_view two[] = {"fire", "fireb"};
  EXPECT_EQ(closest_match("firebolt-storm", two), std::nullopt);  // two begin it
}

// Every letter differing is no typo.
TEST(SuggestTest, AShortWordUnlikeEveryNameGetsNoSuggestion) {
  const std::string_view keys[] = {"hp", "ac", "name"};
  EXPECT_EQ(closest_match("zz", keys), std::nullopt);
  EXPECT_EQ(closest_match("hq", keys), "hp");
  EXPECT_EQ(closest_match("x", keys), std::nullopt);
}

TEST(SameWordTest, IgnoresCaseButNothingElse) {
  EXPECT_TRUE(same_word("Fire", "fire"));
  EXPECT_TRUE(same_word("", ""));
  EXPECT_FALSE(same_word("fire", "fires"));
  EXPECT_FALSE(same_word("fire", "hire"));
  EXPECT_FALSE(same_word("fire-", "fire_"));
}

}  // namespace
}  // namespace arena
