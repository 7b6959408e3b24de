// Seed 003's 25 unit tests (10 of is.engaged, 15 of shot) with the seed's
// exact dice and expected results. The seed's `position` is the next die's
// 1-based index: 1 + the dice a shot used. Its vectorised calls over several
// distances are loops here: with `recycle` each distance starts from the
// same dice, without it the next distance takes the dice after.
#include "rules/warmachine/shot.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "arena/scripted_dice.hpp"
#include "rules/warmachine/engagement.hpp"
#include "rules/warmachine/library.hpp"

namespace arena::warmachine {
namespace {

const Model& lib(const char* name) {
  const Model* m = library_model(name);
  EXPECT_NE(m, nullptr) << name;
  return *m;
}

// The seed's anonymous targets: list(stats = c(DEF =, ARM =, BASE =)).
Model target(int def, int arm, double base = 50, Specials special = 0) {
  Model m;
  m.name = "target";
  m.def = def;
  m.arm = arm;
  m.base = base;
  m.special = special;
  return m;
}

constexpr Specials kStealth = static_cast<Specials>(Special::Stealth);

// The seed's returned row: damage, focus left, knocked down, position, hit.
struct Row {
  int damage, focus;
  bool knocked_down;
  int position;
  bool hit;
};

void expect_row(const ShotResult& r, int focus, const Row& want) {
  EXPECT_EQ(r.damage, want.damage);
  EXPECT_EQ(focus - r.focus_spent, want.focus);
  EXPECT_EQ(r.knocked_down, want.knocked_down);
  EXPECT_EQ(1 + r.dice_used, want.position);
  EXPECT_EQ(r.hit, want.hit);
}

ShotResult shot(const Model& attacker, int which, const Model& t, Boost boost, int focus, bool kd,
                double dist, ScriptedDice& dice) {
  return shoot(attacker, attacker.ranged.at(static_cast<std::size_t>(which - 1)), t, dist, focus,
               boost, kd, dice);
}

// ------------------------------------------------------------ is.engaged ----

TEST(WarmachineEngagedTest, Seed1DestroyerAt6KnockedDown) {
  EXPECT_FALSE(in_melee(lib("destroyer"), lib("destroyer"), 6, true));
}
TEST(WarmachineEngagedTest, Seed2DestroyerAt2) {
  EXPECT_FALSE(in_melee(lib("destroyer"), lib("destroyer"), 2, false));
}
TEST(WarmachineEngagedTest, Seed3DestroyerAtHalfInch) {
  EXPECT_TRUE(in_melee(lib("destroyer"), lib("destroyer"), 0.5, false));
}
TEST(WarmachineEngagedTest, Seed4SprigganAt2) {
  EXPECT_TRUE(in_melee(lib("spriggan"), lib("destroyer"), 2, false));
}
TEST(WarmachineEngagedTest, Seed5ScytheanConquestAtHalfInch) {
  EXPECT_TRUE(in_melee(lib("scythean"), lib("conquest"), 0.5, false));
}
TEST(WarmachineEngagedTest, Seed6ScytheanConquestAt2) {
  EXPECT_TRUE(in_melee(lib("scythean"), lib("conquest"), 2, false));
}
TEST(WarmachineEngagedTest, Seed7NegativeDistanceIsAnError) {
  // The check `arena shoot` runs on each distance before any rule.
  const auto checked = checked_distance(-2);
  ASSERT_FALSE(checked.has_value());
  EXPECT_EQ(checked.error(), "distance -2 is less than zero");
}
TEST(WarmachineEngagedTest, Seed8MissingDistanceIsAnError) {
  const auto checked = checked_distance(std::numeric_limits<double>::quiet_NaN());
  ASSERT_FALSE(checked.has_value());
  EXPECT_EQ(checked.error(), "distance is not a number");
}
TEST(WarmachineEngagedTest, Seed9ScytheanConquestAt0To3) {
  const std::vector<bool> want = {true, true, true, false};
  for (int d = 0; d <= 3; ++d) {
    EXPECT_EQ(in_melee(lib("scythean"), lib("conquest"), d, false), want[d]) << d;
  }
}
TEST(WarmachineEngagedTest, Seed10ScytheanConquestKnockedDown) {
  const std::vector<bool> kd = {true, true, false, false};
  const std::vector<bool> want = {false, false, true, false};
  for (int d = 0; d <= 3; ++d) {
    EXPECT_EQ(in_melee(lib("scythean"), lib("conquest"), d, kd[d]), want[d]) << d;
  }
}

// Two models without melee weapons engage nothing, even base to base; one
// with a melee weapon engages the other.
TEST(WarmachineEngagedTest, NoMeleeWeaponNoEngagement) {
  Model gunner = lib("destroyer");
  gunner.melee.clear();
  EXPECT_FALSE(in_melee(gunner, gunner, 0, false));
  EXPECT_TRUE(in_melee(gunner, lib("destroyer"), 0, false));
  EXPECT_TRUE(in_melee(lib("destroyer"), gunner, 0.5, false));
}

// ------------------------------------------------------------------ shot ----

TEST(WarmachineShotTest, Seed1NoFocusAllSixes) {
  ScriptedDice dice{6, 6, 6, 6};
  const auto r = shot(lib("destroyer"), 1, target(20, 0), Boost::Damage, 0, false, 6, dice);
  expect_row(r, 0, {26, 0, false, 5, true});
  EXPECT_TRUE(r.direct);
}

TEST(WarmachineShotTest, Seed2MissAndScatterWide) {
  ScriptedDice dice{6, 5, 6, 5};
  const auto r = shot(lib("destroyer"), 1, target(20, 0, 10), Boost::Damage, 0, false, 14, dice);
  expect_row(r, 0, {0, 0, false, 5, false});
  EXPECT_TRUE(r.scattered);
  EXPECT_DOUBLE_EQ(r.deviation, 6);
}

TEST(WarmachineShotTest, Seed3LuckyScatter) {
  ScriptedDice dice{1, 3, 1, 1, 1, 1};
  const auto r = shot(lib("destroyer"), 1, target(20, 0, 50), Boost::Damage, 0, false, 6, dice);
  expect_row(r, 0, {9, 0, false, 7, true});
  EXPECT_FALSE(r.direct);
}

TEST(WarmachineShotTest, Seed4ShortLuckyScatter) {
  ScriptedDice dice{1, 5, 1, 1};
  const auto r = shot(lib("destroyer"), 1, target(0, 0, 50), Boost::Hit, 3, false, 14.5, dice);
  expect_row(r, 3, {9, 3, false, 5, true});
  EXPECT_TRUE(r.out_of_reach);
}

TEST(WarmachineShotTest, Seed5LongLuckyScatter) {
  ScriptedDice dice{6, 1, 1, 1};
  const auto r = shot(lib("destroyer"), 1, target(0, 0, 50), Boost::Damage, 0, false, 21, dice);
  expect_row(r, 0, {9, 0, false, 5, true});
}

TEST(WarmachineShotTest, Seed6BoostBlastDamage) {
  ScriptedDice dice{1, 2, 1, 2, 4};
  const auto r = shot(lib("destroyer"), 1, target(0, 13, 30), Boost::Both, 1, false, 14.5, dice);
  expect_row(r, 1, {1, 0, false, 6, true});
}

TEST(WarmachineShotTest, Seed7Stealth) {
  ScriptedDice dice{1, 2, 1, 2, 4};
  const auto r =
      shot(lib("destroyer"), 1, target(0, 13, 30, kStealth), Boost::Both, 3, false, 6, dice);
  expect_row(r, 3, {1, 2, false, 6, true});
}

TEST(WarmachineShotTest, Seed8InMelee) {
  ScriptedDice dice{};
  const auto r = shot(lib("destroyer"), 1, target(0, 13, 30), Boost::Both, 3, false, 0.5, dice);
  expect_row(r, 3, {0, 3, false, 1, false});
  EXPECT_TRUE(r.engaged);
}

TEST(WarmachineShotTest, Seed9InMeleeEngaging) {
  Model t = target(0, 13, 30);
  t.melee.push_back({"doom hammer", 2, 0, 0});
  ScriptedDice dice{};
  const auto r = shot(lib("behemoth"), 2, t, Boost::Both, 3, false, 2, dice);
  expect_row(r, 3, {0, 3, false, 1, false});
}

TEST(WarmachineShotTest, Seed10KnockedDownTargetCanBeShotInMelee) {
  ScriptedDice dice{6, 6, 6, 6, 6};
  const auto r = shot(lib("conquest"), 3, lib("scythean"), Boost::Hit, 3, true, 0.5, dice);
  expect_row(r, 3, {6, 2, true, 6, true});
}

TEST(WarmachineShotTest, Seed11AllSixesAt3To5) {
  ScriptedDice dice(std::vector<int>(12, 6));
  const int positions[] = {5, 9, 13};
  int used = 0;  // not recycled: each distance takes the dice after the last
  for (int d = 3; d <= 5; ++d) {
    const auto r = shot(lib("destroyer"), 1, target(20, 0), Boost::Damage, 0, false, d, dice);
    used += r.dice_used;
    expect_row(r, 0, {26, 0, false, 5, true});
    EXPECT_EQ(1 + used, positions[d - 3]);
  }
}

TEST(WarmachineShotTest, Seed12StealthLuckyScatterRecycled) {
  const std::vector<int> damage = {16, 16, 9};
  for (int d = 4; d <= 6; ++d) {
    ScriptedDice dice{1, 3, 1, 1, 1, 1};
    const auto r =
        shot(lib("destroyer"), 1, target(7, 0, 30, kStealth), Boost::Hit, 0, false, d, dice);
    expect_row(r, 0, {damage[d - 4], 0, false, 5, true});
  }
}

TEST(WarmachineShotTest, Seed13AllFivesAt1To16Recycled) {
  Model t = target(13, 13, 30);
  t.melee.push_back({"Halberd", 2, 0, 0});
  const double dist[] = {1, 6, 11, 16};
  const Row want[] = {{0, 3, false, 1, false},
                      {16, 1, false, 7, true},
                      {16, 1, false, 7, true},
                      {0, 3, false, 3, false}};
  for (int i = 0; i < 4; ++i) {
    ScriptedDice dice(std::vector<int>(24, 5));
    const auto r = shot(lib("destroyer"), 1, t, Boost::Both, 3, false, dist[i], dice);
    expect_row(r, 3, want[i]);
  }
}

TEST(WarmachineShotTest, Seed14IroncladLongLuckyScatter) {
  ScriptedDice dice{6, 1, 6, 6, 6};
  const auto r = shot(lib("destroyer"), 1, lib("ironclad"), Boost::Both, 3, false, 21, dice);
  expect_row(r, 3, {7, 2, false, 6, true});
}

TEST(WarmachineShotTest, Seed15ShortAndLongRangeHits) {
  ScriptedDice dice{4, 3, 2, 3, 4, 4, 6, 1, 6, 6, 6};
  const auto near = shot(lib("destroyer"), 1, lib("ironclad"), Boost::Both, 3, false, 1, dice);
  expect_row(near, 3, {7, 1, false, 7, true});
  const auto far = shot(lib("destroyer"), 1, lib("ironclad"), Boost::Both, 3, false, 20, dice);
  EXPECT_EQ(1 + near.dice_used + far.dice_used, 12);  // the seed's position 12
  EXPECT_EQ(far.damage, 7);
  EXPECT_EQ(3 - far.focus_spent, 2);
  EXPECT_TRUE(far.hit);
  EXPECT_EQ(dice.remaining(), 0u);
}

// Beyond the seed: the criticals it implements.
TEST(WarmachineShotTest, CriticalKnockdownOnADouble) {
  ScriptedDice dice{4, 4, 3, 3};
  const auto r = shot(lib("behemoth"), 1, lib("ironclad"), Boost::None, 0, false, 6, dice);
  EXPECT_FALSE(r.knocked_down);  // the bombard has no critical knockdown
  Model jack = lib("behemoth");
  jack.ranged[0].special |= static_cast<Specials>(Special::CriticalKnockdown);
  ScriptedDice again{4, 4, 3, 3};
  const auto k = shot(jack, 1, lib("ironclad"), Boost::None, 0, false, 6, again);
  EXPECT_TRUE(k.critical);
  EXPECT_TRUE(k.knocked_down);
  EXPECT_EQ(k.damage, 14 + 6 - 18);
}

TEST(WarmachineShotTest, CriticalDevastationPushesSmallBasesOnly) {
  // Conquest main gun RNG 15 POW 15; RAT 5 + 4 + 4 >= DEF 12 is a hit with a double.
  ScriptedDice dice{4, 4, 4, 5, 5};
  const auto r = shot(lib("conquest"), 1, lib("ironclad"), Boost::None, 0, false, 10, dice);
  EXPECT_TRUE(r.knocked_down);
  EXPECT_EQ(r.pushed, 4);
  EXPECT_EQ(r.damage, 15 + 10 - 18);
  ScriptedDice big{4, 4, 5, 5};
  const auto c = shot(lib("conquest"), 1, lib("conquest"), Boost::None, 0, false, 10, big);
  EXPECT_FALSE(c.knocked_down);  // a 120 mm base stands
  EXPECT_EQ(c.pushed, 0);
  EXPECT_EQ(big.remaining(), 0u);
}

TEST(WarmachineShotTest, AllOnesMissEvenAgainstDefenceZero) {
  ScriptedDice dice{1, 1, 6, 4};  // then 6" straight back: off the target
  const auto r = shot(lib("destroyer"), 1, target(0, 0, 30), Boost::None, 0, false, 14, dice);
  EXPECT_FALSE(r.direct);
  EXPECT_FALSE(r.hit);
  EXPECT_EQ(dice.remaining(), 0u);
}

}  // namespace
}  // namespace arena::warmachine
