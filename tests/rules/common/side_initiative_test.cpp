// Side initiative (rules/common/side_initiative.hpp): the factions by their
// d6, higher first, ties shuffled by a die per step (scripted dice).
#include "rules/common/side_initiative.hpp"

#include <gtest/gtest.h>

#include <span>
#include <vector>

#include "arena/scripted_dice.hpp"

namespace arena {
namespace {

struct HeardTies {
  std::vector<std::vector<int>> ties;
  void initiative(int, int) {}
  void initiative_tie(std::span<const int> tied) { ties.emplace_back(tied.begin(), tied.end()); }
};

// Five factions of one creature each; faction 2's fell.
Standing five_factions_but_the_third() {
  static const StandingStart start(std::vector<int>{0, 1, 2, 3, 4}, 5);
  Standing standing;
  standing.reset(start);
  standing.drops(2);
  return standing;
}

TEST(SideInitiativeTest, HigherFirstAndTiesInTheOrderTheirDiceDraw) {
  const Standing standing = five_factions_but_the_third();
  std::vector<int> rolls(5, 0);
  std::vector<int> order;
  HeardTies heard;
  // d6: 3, 5, (2 is down), 3, 6; then the tie of 0 and 3 draws d2 = 1,
  // which swaps them.
  ScriptedDice dice{3, 5, 3, 6, 1};
  roll_side_initiative(standing, rolls, order, dice, heard);
  EXPECT_EQ(order, (std::vector<int>{4, 1, 3, 0}));
  EXPECT_EQ(heard.ties, (std::vector<std::vector<int>>{{3, 0}}));
  EXPECT_EQ(dice.remaining(), 0u);

  // The same rolls with d2 = 2 keep the tie in faction order.
  ScriptedDice kept{3, 5, 3, 6, 2};
  roll_side_initiative(standing, rolls, order, kept, heard);
  EXPECT_EQ(order, (std::vector<int>{4, 1, 0, 3}));
}

TEST(SideInitiativeTest, AThreeWayTieIsAFisherYatesShuffle) {
  const Standing standing = five_factions_but_the_third();
  std::vector<int> rolls(5, 0);
  std::vector<int> order;
  HeardTies heard;
  // 0, 1 and 3 tie on 4 below 4's 6. Sorted: 4, then 0 1 3; the shuffle
  // swaps the last with the d3 = 1st (0), then the second with the d2 = 2nd
  // (itself): 4, 3, 1, 0.
  ScriptedDice dice{4, 4, 4, 6, 1, 2};
  roll_side_initiative(standing, rolls, order, dice, heard);
  EXPECT_EQ(order, (std::vector<int>{4, 3, 1, 0}));
  EXPECT_EQ(heard.ties, (std::vector<std::vector<int>>{{3, 1, 0}}));
  EXPECT_EQ(dice.remaining(), 0u);
}

}  // namespace
}  // namespace arena
