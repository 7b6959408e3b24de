// The Warmachine battle with scripted dice: melee with a critical
// knockdown, the automatic hit on a knocked-down model and its standing up,
// the charge, its focus and its free damage die (after a 3" run-up), aiming, the
// round limit; then the mirror matches, fair within 4.5 standard errors.
#include "rules/warmachine/battle.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "arena/battle_dice.hpp"
#include "arena/scripted_dice.hpp"
#include "test_util.hpp"

namespace arena::warmachine {
namespace {

using testing::load;

// A model of its own: MAT 6 RAT 4 STR 10 DEF 10 ARM 10, SPD 4, `boxes`,
// with `extra` keys (weapons, policy, focus...).
std::string jack(const std::string& name, int boxes, const std::string& extra) {
  return R"({ "name": ")" + name +
         R"(", "spd": 4, "str": 10, "mat": 6, "rat": 4, "def": 10, "arm": 10, "boxes": )" +
         std::to_string(boxes) + ", " + extra + " }";
}

const std::string kAxe =
    R"("melee": [ { "name": "axe", "rng": 0.5, "pow": 2, "special": ["critical knockdown"] } ])";
const std::string kTwoAxes =
    R"("melee": [ { "name": "axe", "rng": 0.5, "pow": 2, "special": ["critical knockdown"] },
                  { "name": "fist", "rng": 0.5, "pow": 2 } ])";

Encounter duel(const std::string& a, const std::string& b, double distance, int max_rounds = 100) {
  return load(testing::duel_json(a, b,
                                 R"("rules": "warmachine", "distance": )" +
                                     std::to_string(distance) + R"(, "max_rounds": )" +
                                     std::to_string(max_rounds) + ", "));
}

struct Recorder : NoEvents {
  std::vector<std::string> lines;
  void first_player(int faction, int) { lines.push_back("first " + std::to_string(faction)); }
  void stands_up(int m) { lines.push_back("stands " + std::to_string(m)); }
  void moves(int m, int, double from, double to, bool charge) {
    lines.push_back((charge ? "charge " : "advance ") + std::to_string(m) + " " +
                    std::to_string(from) + ">" + std::to_string(to));
  }
  void shot(int m, int t, int, double, bool aimed, bool into_melee, const ShotResult& r) {
    lines.push_back("shot " + std::to_string(m) + ">" + std::to_string(t) +
                    (aimed ? " aimed" : "") + (into_melee ? " into melee" : "") + " =" +
                    std::to_string(r.damage));
  }
  void melee(int m, int t, int w, const MeleeResult& r) {
    lines.push_back("melee " + std::to_string(m) + ">" + std::to_string(t) + " w" +
                    std::to_string(w) + (r.hit_roll.count == 0 ? " auto" : "") +
                    (r.hit ? " hit" : " miss") + (r.knocked_down ? " kd" : "") + " =" +
                    std::to_string(r.damage));
  }
  void destroyed(int m) { lines.push_back("destroyed " + std::to_string(m)); }
};

struct Played {
  BattleOutcome outcome;
  BattleState state;
  std::vector<std::string> events;
};

Played play(const Encounter& e, ScriptedDice& dice) {
  const BattlePlan plan(e);
  Played played;
  Recorder recorder;
  played.outcome = play_battle(plan, played.state, dice, recorder);
  played.events = recorder.lines;
  EXPECT_EQ(dice.remaining(), 0u) << "the script has unused rolls";
  return played;
}

// Models without a weapon that can damage an enemy: a stalemate at once,
// after the first player's d2 (it ran to max_rounds). POW 0 in melee: STR 10 + 18 on
// three dice (a focus buys the third) is no more than ARM 28, and more than
// ARM 27; without focus, 10 + 12 on two is no more than 22. A gun's third
// die is a damage boost's, and a "close" model never shoots.
TEST(WarmachineBattleTest, NoModelAbleToDamageAnEnemyIsAStalemate) {
  const std::string unarmed = R"("ranged": [], "melee": [])";
  ScriptedDice dice{1};  // the first player's d2
  const Played p = play(duel(jack("A", 10, unarmed), jack("B", 10, unarmed), 6), dice);
  EXPECT_TRUE(p.outcome.stalemate);
  EXPECT_EQ(p.outcome.rounds, 0);
  const std::string stick = R"("melee": [ { "name": "stick", "rng": 0.5, "pow": 0 } ])";
  const auto armored = [](int arm) {
    return R"({ "name": "B", "spd": 4, "str": 10, "mat": 6, "rat": 4, "def": 10, "arm": )" +
           std::to_string(arm) + R"(, "boxes": 10, "ranged": [], "melee": [] })";
  };
  const auto harms = [&](const std::string& a, int arm) {
    return BattlePlan(duel(jack("A", 10, a), armored(arm), 6)).harms.harms(0, 1);
  };
  const std::string focused = stick + R"(, "focus": 1)";
  EXPECT_FALSE(harms(focused, 28));
  EXPECT_TRUE(harms(focused, 27));
  EXPECT_FALSE(harms(stick, 22));
  EXPECT_TRUE(harms(stick, 21));
  const std::string gun = R"("ranged": [ { "name": "gun", "rng": 10, "pow": 10 } ], "melee": [],
                             "focus": 1)";
  EXPECT_TRUE(harms(gun, 27));                           // 10 + 18, boosted
  EXPECT_FALSE(harms(gun + R"(, "boost": "hit")", 22));  // 10 + 12
  EXPECT_TRUE(harms(gun + R"(, "boost": "hit")", 21));
  EXPECT_FALSE(harms(gun + R"(, "policy": "close")", 10));  // it never shoots
}

TEST(WarmachineBattleTest, CriticalKnockdownThenStandUpThenDestroyed) {
  const Encounter e = duel(jack("A", 20, kAxe), jack("B", 5, kAxe), 0.5);
  // d2: A first. A: 3+3 +MAT 6 >= 10, a double: hit and knocked down; 1+1 + P+S 12 - ARM 10 = 4.
  // B stands up and strikes: 1+1 misses. Round 2: A 4+5 hits, 1+1: 4 more, B (1 box) is destroyed.
  ScriptedDice dice{1, 3, 3, 1, 1, 1, 1, 4, 5, 1, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (std::vector<std::string>{"first 0", "melee 0>1 w0 hit kd =4", "stands 1",
                                                "melee 1>0 w0 miss =0", "melee 0>1 w0 hit =4",
                                                "destroyed 1"}));
  EXPECT_EQ(p.outcome, (BattleOutcome{0, 2}));
  EXPECT_EQ(p.state.models[0].damage_dealt, 5);  // 4 + the last box
  EXPECT_EQ(p.state.models[1].damage_taken, 5);
  EXPECT_EQ(p.state.models[0].kills, 1);
}

TEST(WarmachineBattleTest, KnockedDownModelIsHitAutomatically) {
  const Encounter e = duel(jack("A", 20, kTwoAxes), jack("B", 30, kAxe), 0.5, 1);
  // A's axe knocks B down (3+3); the fist hits without a roll: 2+2 + 12 - 10 = 6.
  ScriptedDice dice{1, 3, 3, 1, 1, 2, 2, 1, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (std::vector<std::string>{"first 0", "melee 0>1 w0 hit kd =4",
                                                "melee 0>1 w1 auto hit kd =6", "stands 1",
                                                "melee 1>0 w0 miss =0"}));
  EXPECT_EQ(p.outcome, (BattleOutcome{-1, 1}));  // the round limit: a draw
  EXPECT_EQ(p.state.models[1].boxes, 20);
}

TEST(WarmachineBattleTest, ChargeGetsAFreeDamageDie) {
  // B first (d2 2): it has no weapons and just advances 4" to 4" (A's reach is 0.5").
  // A then spends its focus to charge 3.5" into 0.5" (none is left to
  // boost its hit): 4+5 hits, 1+1+1 + 12 - 10 = 5.
  const Encounter e = duel(jack("A", 20, kAxe + R"(, "policy": "close", "focus": 1)"),
                           jack("B", 30, R"("melee": [])"), 8, 1);
  ScriptedDice dice{2, 4, 5, 1, 1, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (std::vector<std::string>{"first 1", "advance 1 8.000000>4.000000",
                                      "charge 0 4.000000>0.500000", "melee 0>1 w0 hit =5"}));
  EXPECT_EQ(p.state.models[0].focus, 0);
}

TEST(WarmachineBattleTest, AWarjackWithoutFocusCannotCharge) {
  // Mk III: a charge costs a warjack 1 focus. Without one, A walks the
  // 3.5" within its SPD 4 and attacks without the charge die: 4+5 hits,
  // 1+1 + 12 - 10 = 4.
  const std::string a = jack("A", 20, kAxe + R"(, "policy": "close")");
  const std::string b = jack("B", 30, R"("melee": [])");
  ScriptedDice walks{2, 4, 5, 1, 1};
  EXPECT_EQ(play(duel(a, b, 8, 1), walks).events,
            (std::vector<std::string>{"first 1", "advance 1 8.000000>4.000000",
                                      "advance 0 4.000000>0.500000", "melee 0>1 w0 hit =4"}));
  // 5.5" from its reach, beyond SPD: only a charge would get there. It
  // advances its 4" and cannot attack.
  ScriptedDice short_of_it{2};
  EXPECT_EQ(play(duel(a, b, 10, 1), short_of_it).events,
            (std::vector<std::string>{"first 1", "advance 1 10.000000>6.000000",
                                      "advance 0 6.000000>2.000000"}));
}

TEST(WarmachineBattleTest, RunUpUnderThreeInchesGetsNoChargeDie) {
  // B first (d2 2) advances 4" to 3.4". A's run-up into 0.5" would be
  // 2.9", under the 3" a charge needs for its free die: A walks up and
  // attacks with two damage dice, 4+5 hits, 1+1 + 12 - 10 = 4.
  const Encounter e =
      duel(jack("A", 20, kAxe + R"(, "policy": "close")"), jack("B", 30, R"("melee": [])"), 7.4, 1);
  ScriptedDice dice{2, 4, 5, 1, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (std::vector<std::string>{"first 1", "advance 1 7.400000>3.400000",
                                      "advance 0 3.400000>0.500000", "melee 0>1 w0 hit =4"}));
  EXPECT_EQ(p.state.models[1].damage_taken, 4);
}

TEST(WarmachineBattleTest, ShooterAimsForTwoRat) {
  // The Destroyer aims: 1+2+2 (boosted) + RAT 4 + 2 = 11 >= DEF 10 (9 would miss);
  // 1+1+1 (boosted) + POW 14 - ARM 10 = 7. B, without weapons, advances 4".
  const Encounter e =
      duel(R"({ "model": "destroyer", "focus": 3 })", jack("B", 30, R"("melee": [])"), 10, 1);
  ScriptedDice dice{1, 1, 2, 2, 1, 1, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (std::vector<std::string>{"first 0", "shot 0>1 aimed =7",
                                                "advance 1 10.000000>6.000000"}));
  EXPECT_EQ(p.state.models[0].focus, 1);
}

TEST(WarmachineBattleTest, KnockedDownTargetHasDefFive) {
  // A's first gun hits on a double (3+3 + RAT 4 + aim 2 = 12 >= DEF 10) and
  // knocks B down: 1+1 + POW 10 - ARM 10 = 2. Its second gun's 1+2 + 6 = 9
  // misses DEF 10 but hits a knocked-down B's DEF 5: 1+1 + 10 - 10 = 2 more.
  const std::string guns =
      R"("ranged": [ { "name": "gun", "rng": 10, "pow": 10, "special": ["critical knockdown"] },
                     { "name": "gun2", "rng": 10, "pow": 10 } ], "melee": [])";
  const Encounter e = duel(jack("A", 20, guns), jack("B", 30, R"("melee": [])"), 5, 1);
  ScriptedDice dice{1, 3, 3, 1, 1, 1, 2, 1, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (std::vector<std::string>{"first 0", "shot 0>1 aimed =2", "shot 0>1 aimed =2",
                                                "stands 1"}));
  EXPECT_EQ(p.state.models[1].boxes, 26);
}

TEST(WarmachineBattleTest, GunfighterShootsInMelee) {
  // A is a gunfighter at 0.5" of B's axe: engaged() lets it shoot:
  // 4+5 + RAT 4 = 13 >= DEF 10, 1+1 + POW 10 - ARM 10 = 2. B's axe misses (1+1).
  const std::string gunfighter =
      R"("special": ["gunfighter"], "ranged": [ { "name": "gun", "rng": 10, "pow": 10 } ],
         "melee": [])";
  const Encounter e = duel(jack("A", 20, gunfighter), jack("B", 30, kAxe), 0.5, 1);
  ScriptedDice dice{1, 4, 5, 1, 1, 1, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (std::vector<std::string>{"first 0", "shot 0>1 =2", "melee 1>0 w0 miss =0"}));
}

TEST(WarmachineBattleTest, AGunfighterInMeleeDoesNotAim) {
  // Mk III: a model in melee cannot aim. A stands still at 0.5" of B's axe,
  // so 2+3 + RAT 4 = 9 misses DEF 10, where aiming's +2 would hit; a miss
  // without an AOE rolls nothing more. B's axe misses (1+1).
  const std::string gunfighter =
      R"("special": ["gunfighter"], "ranged": [ { "name": "gun", "rng": 10, "pow": 10 } ],
         "melee": [])";
  const Encounter e = duel(jack("A", 20, gunfighter), jack("B", 30, kAxe), 0.5, 1);
  ScriptedDice dice{1, 2, 3, 1, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (std::vector<std::string>{"first 0", "shot 0>1 =0", "melee 1>0 w0 miss =0"}));
  EXPECT_EQ(p.state.models[1].damage_taken, 0);
}

TEST(WarmachineBattleTest, AShotIntoMeleeIsAtMinusFour) {
  // Mk III: a shot at a target in melee with another model is at -4. A's
  // shooter S (no melee weapon) stands 0.5" from T, which its ally M's axe
  // engages: 3+4 + RAT 4 + aim 2 - 4 = 9 misses DEF 10, where 13 would hit.
  // M's axe then misses (1+1), and T, without weapons, walks up to S.
  const std::string shooter =
      jack("S", 20, R"("ranged": [ { "name": "gun", "rng": 10, "pow": 10 } ], "melee": [])");
  const std::string target = jack("T", 30, R"("melee": [], "policy": "close")");
  const Encounter e = duel(shooter + ", " + jack("M", 20, kAxe), target, 0.5, 1);
  ScriptedDice dice{1, 3, 4, 1, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (std::vector<std::string>{"first 0", "shot 0>2 aimed into melee =0",
                                      "melee 1>2 w0 miss =0", "advance 2 0.500000>0.000000"}));
  EXPECT_EQ(p.state.models[2].damage_taken, 0);
}

TEST(WarmachineBattleTest, AShooterClosesInOnAStealthyTargetItCannotHit) {
  // At 8" the gun's RNG 10 reaches B, but B's stealth makes every shot from
  // beyond 5" miss: A does not stand still to aim, it advances to 5" (with
  // no melee weapon, no closer than its shot needs) and then shoots,
  // unaimed: 3+4 + RAT 4 = 11 >= DEF 10, 1+1 + POW 10 - ARM 10 = 2.
  // B, without weapons, advances its 4". A blast weapon the same: a
  // deviating blast could land on B from 8", but its hit roll cannot (A
  // stood still and "aimed" a shot that had no hit roll to aim).
  for (const char* aoe : {"", R"(, "aoe": 3)"}) {
    const std::string gun = R"("ranged": [ { "name": "gun", "rng": 10, "pow": 10)" +
                            std::string(aoe) + R"( } ], "melee": [])";
    const std::string sneak = R"("special": ["stealth"], "melee": [])";
    const Encounter e = duel(jack("A", 20, gun), jack("B", 30, sneak), 8, 1);
    ScriptedDice dice{1, 3, 4, 1, 1};
    const Played p = play(e, dice);
    EXPECT_EQ(p.events, (std::vector<std::string>{"first 0", "advance 0 8.000000>5.000000",
                                                  "shot 0>1 =2", "advance 1 5.000000>1.000000"}))
        << aoe;
  }
}

// A gunner with no melee weapon walking into contact (0") would be engaged
// by its target there, as the seed's is.engaged has it, and never shoot
// again: it stops at its pistol's RNG, 1", and shoots, unaimed:
// 3+4 + RAT 4 = 11 >= DEF 10, 1+1 + POW 12 - ARM 10 = 4 of B's 4 boxes.
TEST(WarmachineBattleTest, AShooterWithoutAMeleeWeaponStopsWhereItCanShoot) {
  const std::string pistol =
      R"("ranged": [ { "name": "pistol", "rng": 1, "pow": 12 } ], "melee": [])";
  const Encounter e = duel(jack("A", 10, pistol), jack("B", 4, R"("melee": [])"), 5, 3);
  ScriptedDice dice{1, 3, 4, 1, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (std::vector<std::string>{"first 0", "advance 0 5.000000>1.000000",
                                                "shot 0>1 =4", "destroyed 1"}));
  EXPECT_EQ(p.outcome.winner, 0);
}

TEST(WarmachineBattleTest, AreaShotPastRangeStillFiresWhenItCanDeviateOntoTheTarget) {
  // RNG 10, AOE 3 at 20": A advances 4" to 16" and fires: no hit roll; from
  // the point at 10" it deviates 5" (the cap, half of RNG) straight on
  // (direction 1), to 1" of B's centre, within 1.5" + its 30 mm base's
  // radius: a blast, POW 5 + 6+6 - ARM 10 = 7.
  const std::string bombard =
      R"("ranged": [ { "name": "bombard", "rng": 10, "pow": 10, "aoe": 3 } ], "melee": [])";
  const Encounter e = duel(jack("A", 20, bombard), jack("B", 30, R"("melee": [])"), 20, 1);
  ScriptedDice dice{1, 5, 1, 6, 6};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (std::vector<std::string>{"first 0", "advance 0 20.000000>16.000000",
                                                "shot 0>1 =7", "advance 1 16.000000>12.000000"}));
}

TEST(WarmachineBattleTest, AreaShotOutOfAnyReachIsNotFired) {
  // At 22", and at 18" after A's advance, the nearest landing (15") is over
  // 1.5" + B's base radius (0.59") from B's centre: no chance, no shot.
  const std::string bombard =
      R"("ranged": [ { "name": "bombard", "rng": 10, "pow": 10, "aoe": 3 } ], "melee": [])";
  const Encounter e = duel(jack("A", 20, bombard), jack("B", 30, R"("melee": [])"), 22, 1);
  ScriptedDice dice{1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (std::vector<std::string>{"first 0", "advance 0 22.000000>18.000000",
                                                "advance 1 18.000000>14.000000"}));
}

TEST(WarmachineBattleTest, ChargeDieGoesToTheFirstAttackMade) {
  // B first (d2 2) advances 4" to 6". A charges 4" into its spear's 2"
  // (its focus pays for it): the axe (0.5") cannot reach, so the spear's
  // attack is the charge attack: 4+5 hits, 1+1+1 + P+S 12 - ARM 10 = 5.
  const std::string weapons = R"("policy": "close", "focus": 1, "melee": [
      { "name": "axe", "rng": 0.5, "pow": 2 }, { "name": "spear", "rng": 2, "pow": 2 } ])";
  const Encounter e = duel(jack("A", 20, weapons), jack("B", 30, R"("melee": [])"), 10, 1);
  ScriptedDice dice{2, 4, 5, 1, 1, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (std::vector<std::string>{"first 1", "advance 1 10.000000>6.000000",
                                      "charge 0 6.000000>2.000000", "melee 0>1 w1 hit =5"}));
}

// Two identical forces: the d2 for the first player makes them exactly
// symmetric, so each wins equally often; the difference of wins is within
// 4.5 standard errors of 0.
void expect_fair(const std::string& model, const std::string& extra) {
  const std::string member = R"({ "model": ")" + model + R"(", "focus": 3)" + extra + " }";
  const Encounter e = duel(member, member, 20);
  const BattlePlan plan(e);
  BattleState state;
  constexpr int kBattles = 20'000;
  int wins[2] = {0, 0};
  for (int i = 0; i < kBattles; ++i) {
    BattleDice dice(13, static_cast<std::uint64_t>(i));
    const BattleOutcome o = play_battle(plan, state, dice);
    if (o.winner >= 0) ++wins[o.winner];
  }
  const double n = kBattles;
  const double p0 = wins[0] / n, p1 = wins[1] / n;
  const double se = std::sqrt((p0 + p1 - (p0 - p1) * (p0 - p1)) / n);
  EXPECT_GT(wins[0] + wins[1], kBattles / 2) << model;  // battles end
  EXPECT_LE(std::abs(p0 - p1), 4.5 * se) << model << ": " << wins[0] << " vs " << wins[1];
}

TEST(WarmachineBattleTest, MirrorMatchesAreFair) {
  expect_fair("Destroyer", "");
  expect_fair("Ironclad", R"(, "policy": "close")");
  expect_fair("Destroyer", R"(, "policy": "close", "boost": "damage")");
}

}  // namespace
}  // namespace arena::warmachine
