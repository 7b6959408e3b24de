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

TEST(SameWordTest, IgnoresCaseButNothingElse) {
  EXPECT_TRUE(same_word("Fire", "fire"));
  EXPECT_TRUE(same_word("", ""));
  EXPECT_FALSE(same_word("fire", "fires"));
  EXPECT_FALSE(same_word("fire", "hire"));
  EXPECT_FALSE(same_word("fire-", "fire_"));
}

}  // namespace
}  // namespace arena
