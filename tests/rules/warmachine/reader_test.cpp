// Reading warmachine members: library models with overrides, models of
// their own, and what is wrong with a member, with its position.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/warmachine/roster.hpp"
#include "test_util.hpp"

namespace arena::warmachine {
namespace {

std::string encounter(const std::string& first,
                      const std::string& second = R"({ "model": "ironclad" })") {
  return testing::duel_json(first, second, R"("rules": "warmachine", )");
}

TEST(WarmachineReaderTest, LibraryModelWithOverrides) {
  const Encounter e = testing::load(encounter(
      R"({ "model": "IRONCLAD", "name": "Old Iron", "arm": 20, "focus": 2, "boost": "hit",
           "policy": "close", "ranged": [ { "name": "gun", "rng": 10, "pow": 12, "aoe": 3 } ] })"));
  const Warjack& w = warjack_of(e, 0);
  EXPECT_EQ(e.combatants[0].name, "Old Iron");
  EXPECT_EQ(w.model.arm, 20);
  EXPECT_EQ(w.model.def, 12);  // the library's
  EXPECT_EQ(w.model.focus, 2);
  EXPECT_EQ(w.boost, Boost::Hit);
  EXPECT_EQ(w.policy, Policy::Close);
  ASSERT_EQ(w.model.ranged.size(), 1u);
  EXPECT_DOUBLE_EQ(w.model.ranged[0].aoe, 3);
  ASSERT_EQ(w.model.melee.size(), 1u);  // the library's quake hammer stays
  EXPECT_EQ(w.model.melee[0].name, "quake hammer");
  EXPECT_DOUBLE_EQ(roster_of(e).distance, kDefaultDistance);
}

TEST(WarmachineReaderTest, ModelOfItsOwnNeedsItsStats) {
  const auto problems =
      testing::problems(encounter(R"({ "name": "Scrap", "spd": 4, "base": 40 })"));
  ASSERT_EQ(problems.size(), 6u);
  EXPECT_NE(problems[0].find("/factions/0/members/0: missing required key \"str\""),
            std::string::npos)
      << problems[0];
  EXPECT_NE(problems[5].find("missing required key \"boxes\""), std::string::npos) << problems[5];
}

// Every problem with its pointer, in the order of the file.
TEST(WarmachineReaderTest, EveryProblemWithItsPointer) {
  const auto problems = testing::problems(encounter(
      R"({ "model": "destroyer", "special": ["stelth"], "boost": "all",
           "melee": [ { "name": "axe", "pow": 2, "rng": -1 } ] })"));
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_NE(problems[0].find("/special/0: unknown special \"stelth\" (did you mean 'stealth'?)"),
            std::string::npos)
      << problems[0];
  EXPECT_NE(problems[2].find("/melee/0/rng: must be greater than 0 and at most 100, found -1"),
            std::string::npos)
      << problems[2];
  EXPECT_NE(problems[1].find("/boost: unknown boost \"all\""), std::string::npos) << problems[1];
}

}  // namespace
}  // namespace arena::warmachine
