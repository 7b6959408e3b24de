// Standing (rules/common/standing.hpp): the counts and enemy lists that
// targeting reads, as creatures drop and get back up.
#include "rules/common/standing.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "rules/common/stalemate.hpp"

namespace arena {
namespace {

std::vector<int> enemies(const Standing& standing, int faction) {
  const std::span<const int> list = standing.enemies_of(faction);
  return {list.begin(), list.end()};
}

// Three factions: 0 = {0, 3}, 1 = {1, 4, 5}, 2 = {2}.
const StandingStart kThreeFactions(std::vector<int>{0, 1, 2, 0, 1, 1}, 3);

TEST(StandingTest, StartsWithEveryoneStandingInCreatureOrder) {
  EXPECT_EQ(kThreeFactions.faction_sizes, (std::vector<int>{2, 3, 1}));
  Standing s;
  s.reset(kThreeFactions);
  EXPECT_EQ(s.total(), 6);
  EXPECT_EQ(s.factions(), 3);
  EXPECT_EQ(enemies(s, 0), (std::vector<int>{1, 2, 4, 5}));
  EXPECT_EQ(enemies(s, 1), (std::vector<int>{0, 2, 3}));
  EXPECT_EQ(enemies(s, 2), (std::vector<int>{0, 1, 3, 4, 5}));
  const std::span<const int> all = kThreeFactions.enemies_of(2);
  EXPECT_EQ(std::vector<int>(all.begin(), all.end()), (std::vector<int>{0, 1, 3, 4, 5}));
}

TEST(StandingTest, DropsLeaveEveryOtherFactionsListInOrder) {
  Standing s;
  s.reset(kThreeFactions);
  s.drops(4);
  EXPECT_EQ(enemies(s, 0), (std::vector<int>{1, 2, 5}));
  EXPECT_EQ(enemies(s, 2), (std::vector<int>{0, 1, 3, 5}));
  EXPECT_EQ(enemies(s, 1), (std::vector<int>{0, 2, 3}));  // its own faction's list is untouched
  EXPECT_EQ(s.members(1), 2);
  EXPECT_EQ(s.total(), 5);
  s.drops(2);
  EXPECT_EQ(s.factions(), 2);
  EXPECT_EQ(enemies(s, 0), (std::vector<int>{1, 5}));
  s.drops(0);
  s.drops(3);
  EXPECT_EQ(s.factions(), 1);
  EXPECT_EQ(s.last_faction(), 1);
  EXPECT_TRUE(enemies(s, 1).empty());
}

TEST(StandingTest, RisingCreaturesGoBackToTheirPlace) {
  Standing s;
  s.reset(kThreeFactions);
  for (int c : {5, 1, 4}) s.drops(c);  // faction 1 is out, dropped in another order
  EXPECT_EQ(s.factions(), 2);
  EXPECT_TRUE(enemies(s, 0) == (std::vector<int>{2}));
  s.rises(4);
  EXPECT_EQ(enemies(s, 0), (std::vector<int>{2, 4}));
  s.rises(1);
  EXPECT_EQ(enemies(s, 0), (std::vector<int>{1, 2, 4}));
  EXPECT_EQ(enemies(s, 2), (std::vector<int>{0, 1, 3, 4}));
  EXPECT_EQ(s.factions(), 3);
  s.rises(5);
  Standing fresh;
  fresh.reset(kThreeFactions);
  EXPECT_EQ(s, fresh);  // back to the start, lists and counts
}

TEST(StandingTest, ResetRestoresTheStartAfterABattle) {
  Standing s;
  s.reset(kThreeFactions);
  s.drops(0);
  s.drops(1);
  s.reset(kThreeFactions);
  Standing fresh;
  fresh.reset(kThreeFactions);
  EXPECT_EQ(s, fresh);
}

// Stalemates (rules/common/stalemate.hpp) over the three factions: only
// creature 3 (faction 0) can hurt anyone, and only creature 4 (faction 1).
TEST(HarmTableTest, AStalemateComesWhenTheLastWhoCouldHurtAnEnemyLeft) {
  const HarmTable harms(kThreeFactions, [](int a, int b) { return a == 3 && b == 4; });
  EXPECT_TRUE(harms.harms(3, 4));
  EXPECT_FALSE(harms.harms(4, 3));
  Standing s;
  s.reset(kThreeFactions);
  EXPECT_FALSE(harms.stalled(kThreeFactions, s));
  s.drops(4);  // the one who could be hurt is out
  EXPECT_TRUE(harms.stalled(kThreeFactions, s));
  s.rises(4);
  s.drops(3);  // the one who could hurt is out
  EXPECT_TRUE(harms.stalled(kThreeFactions, s));
}

TEST(HarmTableTest, WhenEveryoneCanHurtEveryEnemyNothingStalls) {
  const HarmTable harms(kThreeFactions, [](int, int) { return true; });
  Standing s;
  s.reset(kThreeFactions);
  for (int c : {0, 1, 2, 4}) s.drops(c);
  EXPECT_FALSE(harms.stalled(kThreeFactions, s));  // 3 and 5 can still fight
  s.drops(5);
  EXPECT_FALSE(harms.stalled(kThreeFactions, s));  // one faction left: won, not stalled
}

TEST(HarmTableTest, AnAttackersRowAnewLeavesTheOthersAndCountsWhoCanStall) {
  HarmTable harms(kThreeFactions, [](int, int) { return true; });
  EXPECT_FALSE(harms.can_stall());
  // 3 can no longer hurt 4: the table can stall; every other pair is kept.
  harms.update_attacker(kThreeFactions, 3, [](int, int b) { return b != 4; });
  EXPECT_TRUE(harms.can_stall());
  EXPECT_FALSE(harms.harms(3, 4));
  EXPECT_TRUE(harms.harms(3, 5));
  EXPECT_TRUE(harms.harms(4, 3));
  EXPECT_TRUE(harms.harms(0, 4));
  // 3 again can hurt all of its enemies: no pair is missing.
  harms.update_attacker(kThreeFactions, 3, [](int, int) { return true; });
  EXPECT_FALSE(harms.can_stall());
  // A row counts each enemy once: 2 (faction 2) has five enemies.
  harms.update_attacker(kThreeFactions, 2, [](int, int) { return false; });
  harms.update_attacker(kThreeFactions, 2, [](int, int b) { return b != 0; });
  EXPECT_TRUE(harms.can_stall());
  harms.update_attacker(kThreeFactions, 2, [](int, int) { return true; });
  EXPECT_FALSE(harms.can_stall());
}

}  // namespace
}  // namespace arena
