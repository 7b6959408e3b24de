// The target choice of rules/common/targeting.hpp over a small view: the
// lowest key, and a die among the tied that picks them in creature order.
#include "rules/common/targeting.hpp"

#include <gtest/gtest.h>

#include <span>
#include <utility>
#include <vector>

namespace arena {
namespace {

// Enemies standing in creature order, with their hit points and AC.
struct FakeView {
  std::vector<int> standing;
  std::vector<int> hit_points;
  std::vector<int> armor = std::vector<int>(8, 12);
  int focused = -1;

  std::span<const int> enemies_standing(int) const { return standing; }
  bool can_act(int c) const { return hit_points[static_cast<std::size_t>(c)] > 0; }
  int hp(int c) const { return hit_points[static_cast<std::size_t>(c)]; }
  int ac(int c) const { return armor[static_cast<std::size_t>(c)]; }
  int& focus(int) { return focused; }
};

// Dice that return scripted values and keep the sides asked for.
struct RecordingDice {
  explicit RecordingDice(std::vector<int> scripted = {}) : values(std::move(scripted)) {}
  std::vector<int> values;
  std::vector<int> sides;
  int roll(int s) {
    sides.push_back(s);
    const int value = values.at(sides.size() - 1);
    EXPECT_LE(value, s);
    return value;
  }
};

int weakest(FakeView& view, RecordingDice& dice, TiePolicy ties = TiePolicy::Random) {
  return choose_target(view, Tactics{TargetPolicy::Weakest, ties}, 0, dice);
}

TEST(TargetingTest, TheWeakestAloneTakesNoDie) {
  FakeView view{{1, 2, 4, 5}, {9, 7, 9, 9, 3, 8}};
  RecordingDice dice;
  EXPECT_EQ(weakest(view, dice), 4);
  EXPECT_TRUE(dice.sides.empty());
}

TEST(TargetingTest, ADieAmongTheTiedPicksThemInCreatureOrder) {
  // Creatures 2, 5 and 7 tie at 4 HP; 1 was the lowest until 2 came.
  FakeView view{{1, 2, 3, 5, 6, 7}, {0, 6, 4, 9, 0, 4, 5, 4}};
  for (int pick = 1; pick <= 3; ++pick) {
    RecordingDice dice({pick});
    EXPECT_EQ(weakest(view, dice), (std::vector<int>{2, 5, 7})[static_cast<std::size_t>(pick - 1)]);
    EXPECT_EQ(dice.sides, std::vector<int>{3});  // one die, of the tied count
  }
}

TEST(TargetingTest, ALowerKeyAfterATieStartsTheTiedOver) {
  // 1 and 2 tie at 5, then 4 and 6 tie lower, at 2.
  FakeView view{{1, 2, 4, 6}, {0, 5, 5, 0, 2, 0, 2}};
  RecordingDice dice({2});
  EXPECT_EQ(weakest(view, dice), 6);
  EXPECT_EQ(dice.sides, std::vector<int>{2});
}

TEST(TargetingTest, FirstTiesTakeTheEarliestWithoutADie) {
  FakeView view{{1, 2, 3}, {0, 6, 4, 4}};
  RecordingDice dice;
  EXPECT_EQ(weakest(view, dice, TiePolicy::First), 2);
  EXPECT_TRUE(dice.sides.empty());
}

TEST(TargetingTest, NoEnemyStandingIsNoTarget) {
  FakeView view{{}, {5, 5}};
  RecordingDice dice;
  EXPECT_EQ(weakest(view, dice), -1);
  EXPECT_EQ(choose_target(view, Tactics{TargetPolicy::Strongest}, 0, dice), -1);
  EXPECT_TRUE(dice.sides.empty());
}

TEST(TargetingTest, TheStrongestAndTheLowestAcUseTheSameTies) {
  FakeView view{{0, 1, 2, 3}, {8, 3, 8, 5}};
  view.armor = {14, 12, 14, 12};
  RecordingDice strongest({2});
  EXPECT_EQ(choose_target(view, Tactics{TargetPolicy::Strongest}, 0, strongest), 2);
  EXPECT_EQ(strongest.sides, std::vector<int>{2});
  RecordingDice lowest_ac;  // AC 12: 1 and 3, and 1 has the lower HP
  EXPECT_EQ(choose_target(view, Tactics{TargetPolicy::LowestAc}, 0, lowest_ac), 1);
  EXPECT_TRUE(lowest_ac.sides.empty());
}

}  // namespace
}  // namespace arena
