#include "arena/diagnostics.hpp"

#include <gtest/gtest.h>

namespace arena {
namespace {

TEST(DiagnosticsTest, FormatsFileLineColumnPointerAndMessage) {
  EXPECT_EQ(format_diagnostic("f.json", {{3, 7}, "/factions/0", "bad", ""}),
            "f.json:3:7: /factions/0: bad");
  EXPECT_EQ(format_diagnostic("f.json", {{1, 1}, "", "empty", ""}), "f.json:1:1: /: empty");
}

TEST(DiagnosticsTest, KeepsEachProblemOnOneLine) {
  // Found by fuzzing: a key with a newline split the error over lines.
  EXPECT_EQ(format_diagnostic("f.json", {{1, 2}, "/a\nb", "unknown key \"a\nb\x1b[31m\"", ""}),
            "f.json:1:2: /a\\nb: unknown key \"a\\nb\\u001b[31m\"");
}

TEST(DiagnosticsTest, ShowsTheFirstTwentyInFileOrder) {
  Diagnostics diagnostics;
  for (int line = 30; line >= 1; --line) diagnostics.add({line, 1}, "/x", "p");
  const auto lines = diagnostics.format("f");
  ASSERT_EQ(lines.size(), 21u);
  EXPECT_EQ(lines[0], "f:1:1: /x: p");
  EXPECT_EQ(lines[19], "f:20:1: /x: p");
  EXPECT_EQ(lines[20], "f: 10 more problems not shown");
}

}  // namespace
}  // namespace arena
