// The Knave battle rules with scripted dice (points 3 to 6 of issue 12): the
// opposed save, strictly higher than the armor defense; advantage and
// disadvantage, and both cancelling; a natural 1 wearing the weapon down to
// broken; a natural 20 wearing the armor down to no bonus, and maximising
// damage with "critical": "max_damage"; the three morale triggers and
// fleeing; every row of the death table and dying below -10; saving-throw
// abilities with half damage and a condition.
#include "rules/knave/battle.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "arena/battle_dice.hpp"
#include "arena/load.hpp"
#include "arena/replay.hpp"
#include "arena/runner.hpp"
#include "arena/scripted_dice.hpp"
#include "rules/knave/ruleset.hpp"
#include "test_util.hpp"

namespace arena::knave {
namespace {

using testing::load;

// The rule tests take turns in the order of the file ("order": "listed"),
// so that their scripts hold only the dice of the rule they test; the
// side-initiative tests use the default.
std::string encounter(const std::string& first, const std::string& second,
                      const std::string& top_level = "") {
  return testing::duel_json(first, second, R"("rules": "knave", "order": "listed", )" + top_level);
}

// A monster: { "name": NAME, "hd": HD, "armor": A, "attacks": [DAMAGE], ... }.
std::string monster(const std::string& name, int hd, int armor, const std::string& damage,
                    const std::string& extra = "") {
  return R"({ "name": ")" + name + R"(", "hd": )" + std::to_string(hd) + R"(, "armor": )" +
         std::to_string(armor) + R"(, "attacks": [")" + damage + R"("])" + extra + " }";
}

// A character of level 1: { "name": NAME, "level": 1, ... }.
std::string character(const std::string& name, const std::string& extra) {
  nlohmann::json member =
      nlohmann::json::parse(R"({ "name": ")" + name + R"(", "level": 1, )" + extra + " }");
  // The abilities a test does not give are +0 (a file's default is +1), so
  // that its scripted rolls add only the bonuses it names.
  for (const char* ability : {"str", "dex", "con", "int", "wis", "cha"})
    member["abilities"].emplace(ability, 0);
  return member.dump();
}

// Every event of a battle, in order, as short strings.
struct Recorder : NoEvents {
  std::vector<std::string> lines;
  void initiative(int faction, int d6) { lines.push_back(fmt::format("init {} {}", faction, d6)); }
  void attack(const AttackRoll& r) {
    const std::string other =
        r.mode == 0 ? "" : fmt::format("{}{}", r.mode > 0 ? "a" : "d", r.other);
    lines.push_back(fmt::format("{}>{}:{}{}+{}v{}={}", r.attacker, r.target, r.d20, other, r.bonus,
                                r.defense, r.hit ? std::to_string(r.damage) : "miss"));
  }
  void weapon_wears(int c, int attack, int quality) {
    lines.push_back(fmt::format("weapon {}/{} q{}", c, attack, quality));
  }
  void armor_wears(int c, int piece, int quality) {
    lines.push_back(fmt::format("armor {}/{} q{}", c, piece, quality));
  }
  void save(int user, int target, int /*s*/, int d20, int bonus, bool success, int damage) {
    lines.push_back(fmt::format("save {}>{}:{}+{} {} {}", user, target, d20, bonus,
                                success ? "saved" : "failed", damage));
  }
  void condition(int c, int condition, int rounds, int before) {
    lines.push_back(fmt::format("{} {} {}{}", name(static_cast<Condition>(condition)), c, rounds,
                                before > 0 ? fmt::format(" (had {})", before) : ""));
  }
  void loses_turn(int c) { lines.push_back(fmt::format("skips {}", c)); }
  void death_table(int c, int d8, int ability, int loss, int value) {
    lines.push_back(ability < 0 ? fmt::format("death {} d8 {}", c, d8)
                                : fmt::format("death {} d8 {} -{} {} = {}", c, d8, loss,
                                              kAbilityKeys[ability], value));
  }
  void gets_up(int c, int hp) { lines.push_back(fmt::format("up {} {}", c, hp)); }
  void falls(int c, Status status) {
    lines.push_back(fmt::format("{} {}", status == Status::Dead ? "dead" : "down", c));
  }
  void morale(int c, int roll, int morale) {
    lines.push_back(fmt::format("morale {} {}/{}", c, roll, morale));
  }
  void flees(int c) { lines.push_back(fmt::format("flees {}", c)); }
};

struct Played {
  BattleOutcome outcome;
  BattleState state;
  std::vector<std::string> events;
  std::vector<CombatantResult> results;
};

Played play(const Encounter& e, ScriptedDice& dice) {
  const BattlePlan plan(e);
  Played played;
  Recorder recorder;
  played.outcome = play_battle(plan, played.state, dice, recorder);
  played.events = recorder.lines;
  played.results.resize(e.combatants.size());
  Engine::results(plan, played.state, played.results);
  EXPECT_EQ(dice.remaining(), 0u) << "the script has unused rolls";
  return played;
}

using Lines = std::vector<std::string>;

// Survivors of the death table out of the fight, so that a test of the
// table's rows ends there.
const std::string kSurvivorsDown = R"("death_table": "down", )";

// STR +2 against armor 3 (defense 13): 11 + 2 = 13 is not higher and misses;
// 12 + 2 = 14 hits. The monster's HD 1 against the unarmored +1 (defense 11).
TEST(KnaveBattleTest, AnAttackMustBeStrictlyHigherThanTheDefense) {
  const std::string a =
      character("A", R"("abilities": { "str": 2 }, "weapons": ["sword"], "hp": 20)");
  const std::string b = monster("B", 1, 3, "1d4", R"(, "hp": 20)");
  const Encounter e = load(encounter(a, b, R"("max_rounds": 2, )"));
  ScriptedDice dice{11, 10,          // round 1: both equal the defense: misses, no damage rolled
                    12, 5,  11, 3};  // round 2: both one higher: hits, d8 5 and d4 3
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (Lines{"0>1:11+2v13=miss", "1>0:10+1v11=miss", "0>1:12+2v13=5", "1>0:11+1v11=3"}));
  EXPECT_EQ(p.state.creatures[1].hp, 15);
  EXPECT_EQ(p.state.creatures[0].hp, 17);
  EXPECT_EQ(p.outcome.winner, -1);
}

// Advantage keeps the higher of two d20, disadvantage the lower; a creature
// with both rolls one d20.
TEST(KnaveBattleTest, AdvantageAndDisadvantageRollTwoD20AndCancelEachOther) {
  const std::string b = monster("B", 1, 1, "1d4", R"(, "hp": 50, "disadvantage": true)");
  const std::string a = character("A", R"("advantage": true, "hp": 50)");
  const Encounter e = load(encounter(a, b, R"("max_rounds": 1, )"));
  ScriptedDice dice{4, 15, 2,  // A: 4 and 15, keeps 15: 15 > 11, fists d4 2
                    15, 4};    // B: 15 and 4, keeps 4: 5 < 11
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"0>1:15a4+0v11=2", "1>0:4d15+1v11=miss"}));

  const std::string both = character("A", R"("advantage": true, "disadvantage": true, "hp": 50)");
  const Encounter cancelled =
      load(encounter(both, monster("B", 1, 1, "1d4", R"(, "hp": 50)"), R"("max_rounds": 1, )"));
  ScriptedDice one_die{3, 9};  // A: one d20, 3, misses; B: 9 + 1 misses
  EXPECT_EQ(play(cancelled, one_die).events, (Lines{"0>1:3+0v11=miss", "1>0:9+1v11=miss"}));
}

// Three natural 1s take the sword from quality 3 to 0: broken, A strikes
// with its fists (1d4: a die of 4 sides, which the script checks).
TEST(KnaveBattleTest, ACriticalFailureAtQualityOneBreaksTheWeapon) {
  const std::string a =
      character("A", R"("abilities": { "str": 3 }, "weapons": ["sword"], "hp": 50)");
  const std::string b = monster("B", 1, 1, "1d4", R"(, "hp": 50)");
  const Encounter e = load(encounter(a, b, R"("max_rounds": 4, )"));
  ScriptedDice dice{1,  2, 1, 2, 1, 2,  // rounds 1-3: A rolls a natural 1, B misses (2 + 1)
                    15, 4, 2};          // round 4: fists hit for 4, B misses
  const Played p = play(e, dice);
  // The sword is plan attack 0, the fists attack 1.
  EXPECT_EQ(p.events,
            (Lines{"0>1:1+3v11=miss", "weapon 0/0 q2", "1>0:2+1v11=miss", "0>1:1+3v11=miss",
                   "weapon 0/0 q1", "1>0:2+1v11=miss", "0>1:1+3v11=miss", "weapon 0/0 q0",
                   "1>0:2+1v11=miss", "0>1:15+3v11=4", "1>0:2+1v11=miss"}));
  EXPECT_EQ(p.state.creatures[0].weapon, 1);
  EXPECT_EQ(p.state.attack_quality[0], 0);
  // A monster's natural attacks never wear.
  ScriptedDice monster_fumbles{2, 1};
  const Encounter one_round = load(encounter(a, b, R"("max_rounds": 1, )"));
  EXPECT_EQ(play(one_round, monster_fumbles).events, (Lines{"0>1:2+3v11=miss", "1>0:1+1v11=miss"}));
}

// Natural 20s against a gambeson and a shield: the shield (quality 1) goes
// first, +3 to +2; then the gambeson (quality 3) down to 0, back to the
// unarmored +1. A numeric armor never wears.
TEST(KnaveBattleTest, ACriticalSuccessWearsTheArmorDownToNoBonus) {
  const std::string b = monster("B", 1, 1, "1d4", R"(, "hp": 50)");
  const std::string a = character("A", R"("armor": ["gambeson", "shield"], "hp": 100)");
  const Encounter e = load(encounter(a, b, R"("max_rounds": 5, )"));
  std::vector<int> script;
  for (int round = 0; round < 5; ++round) {
    script.insert(script.end(), {2, 20, 1});  // A misses; B's natural 20 hits for d4 1
  }
  ScriptedDice dice(script);
  const Played p = play(e, dice);
  // Pieces: 0 the shield, 1 the gambeson (the order criticals wear them).
  EXPECT_EQ(p.events, (Lines{"0>1:2+0v11=miss", "1>0:20+1v13=1", "armor 0/0 q0",  //
                             "0>1:2+0v11=miss", "1>0:20+1v12=1", "armor 0/1 q2",  //
                             "0>1:2+0v11=miss", "1>0:20+1v12=1", "armor 0/1 q1",  //
                             "0>1:2+0v11=miss", "1>0:20+1v12=1", "armor 0/1 q0",  //
                             "0>1:2+0v11=miss", "1>0:20+1v11=1"}));
  EXPECT_EQ(p.state.creatures[0].armor_bonus, 1);
}

// A broken sword gives way to the next weapon, the dagger (1d6: the
// scripted 6 is no roll of the fists' d4), which keeps its quality.
TEST(KnaveBattleTest, ABrokenWeaponFallsBackToTheNextWeapon) {
  const std::string a =
      character("A", R"("abilities": { "str": 3 }, "weapons": ["sword", "dagger"], "hp": 50)");
  const std::string b = monster("B", 1, 1, "1d4", R"(, "hp": 50)");
  const Encounter e = load(encounter(a, b, R"("max_rounds": 4, )"));
  ScriptedDice dice{1,  2, 1, 2, 1, 2,  // rounds 1-3: natural 1s break the sword
                    15, 6, 2};          // round 4: the dagger hits for 6
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (Lines{"0>1:1+3v11=miss", "weapon 0/0 q2", "1>0:2+1v11=miss", "0>1:1+3v11=miss",
                   "weapon 0/0 q1", "1>0:2+1v11=miss", "0>1:1+3v11=miss", "weapon 0/0 q0",
                   "1>0:2+1v11=miss", "0>1:15+3v11=6", "1>0:2+1v11=miss"}));
  EXPECT_EQ(p.state.creatures[0].weapon, 1);  // the dagger, plan attack 1
  EXPECT_EQ(p.state.attack_quality[1], 3);
  EXPECT_EQ(p.state.creatures[1].hp, 44);
}

// Armor listed as helmet, chain, shield wears shield first, then helmet,
// then the body armor: defense 16, 15, 14, and chain from quality 5 to 4.
TEST(KnaveBattleTest, CriticalsWearTheShieldThenTheHelmetThenTheBodyArmor) {
  const std::string a = character("A", R"("armor": ["helmet", "chain", "shield"], "hp": 100)");
  const std::string b = monster("B", 1, 1, "1d4", R"(, "hp": 50)");
  const Encounter e = load(encounter(a, b, R"("max_rounds": 3, )"));
  ScriptedDice dice{2, 20, 1, 2, 20, 1, 2, 20, 1};  // A misses; B's natural 20s hit for 1
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"0>1:2+0v11=miss", "1>0:20+1v16=1", "armor 0/0 q0",  //
                             "0>1:2+0v11=miss", "1>0:20+1v15=1", "armor 0/1 q0",  //
                             "0>1:2+0v11=miss", "1>0:20+1v14=1", "armor 0/2 q4"}));
  const Creature& knave = creature_of(e, 0);
  ASSERT_EQ(knave.armor_pieces.size(), 3u);
  EXPECT_EQ(knave.armor_pieces[0].name, "shield");
  EXPECT_EQ(knave.armor_pieces[1].name, "helmet");
  EXPECT_EQ(knave.armor_pieces[2].name, "chain");
  EXPECT_EQ(p.state.creatures[0].armor_bonus, 4);
}

// Natural 20s against numeric armor, a character's 3 and a monster's 3:
// they hit, and the defense stays 13; no quality is lost.
TEST(KnaveBattleTest, NumericArmorNeverWears) {
  const std::string a = character("A", R"("armor": 3, "hp": 50)");
  const std::string b = monster("B", 1, 3, "1d4", R"(, "hp": 50)");
  const Encounter e = load(encounter(a, b, R"("max_rounds": 2, )"));
  ScriptedDice dice{20, 2, 20, 1, 20, 2, 20, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"0>1:20+0v13=2", "1>0:20+1v13=1", "0>1:20+0v13=2", "1>0:20+1v13=1"}));
  EXPECT_EQ(p.state.creatures[0].armor_bonus, 3);
  EXPECT_EQ(p.state.creatures[1].armor_bonus, 3);
}

// A battle in which no one can ever hurt an enemy ends before its first
// round as a draw, a stalemate: HD 1 monsters behind armor 20 (defense 30)
// cannot beat it even with a natural 20 (20 + 1). No die is drawn.
TEST(KnaveBattleTest, NoOneAbleToHurtAnEnemyIsAStalemate) {
  const std::string a = monster("A", 1, 20, "1d6", R"(, "hp": 5)");
  const std::string b = monster("B", 1, 20, "1d6", R"(, "hp": 5)");
  ScriptedDice dice{};
  const Played p = play(load(encounter(a, b)), dice);
  EXPECT_TRUE(p.outcome.stalemate);
  EXPECT_EQ(p.outcome.winner, -1);
  EXPECT_EQ(p.outcome.rounds, 0);
}

// The seed's carrying rule: CON + 10 slots. With CON +0, a long sword (3),
// a crossbow (3), chain (3) and a helmet (1) fill all 10; a dagger more is
// refused, on the member, and CON +1 makes room for it.
TEST(KnaveBattleTest, ACharacterCarriesAtMostConPlusTenSlots) {
  const std::string gear = R"("armor": ["chain", "helmet"], "weapons": ["long sword", "crossbow")";
  const std::string b = monster("B", 1, 1, "1d6");
  const Encounter full = load(encounter(character("K", gear + "]"), b));
  ASSERT_EQ(full.combatants.size(), 2u);
  EXPECT_EQ(roster_of(full).members[0].slots, 10);  // what `arena validate` shows
  EXPECT_EQ(roster_of(full).members[0].slot_limit(), 10);
  const auto found = testing::problems(encounter(character("K", gear + R"(, "dagger"])"), b));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].find("/factions/0/members/0: \"K\" carries 11 slots of weapons "
                          "and armor (long sword 3, crossbow 3, dagger 1, chain 3, helmet 1), but "
                          "has 10 (CON +0 + 10, Knave's carrying rule): 1 too many"),
            std::string::npos)
      << found[0];
  const std::string strong = gear + R"(, "dagger"], "abilities": {"con": 1})";
  EXPECT_EQ(load(encounter(character("K", strong), b)).combatants.size(), 2u);
}

// A two-handed melee weapon leaves no hand for a shield; a bow may be
// carried with one.
TEST(KnaveBattleTest, AShieldLeavesOneHandForTheWeapon) {
  const std::string b = monster("B", 1, 1, "1d6");
  EXPECT_EQ(
      load(encounter(character("K", R"("weapons": ["bow", "sword"], "armor": ["shield"])"), b))
          .combatants.size(),
      2u);
  const auto found = testing::problems(
      encounter(character("K", R"("weapons": ["bow", "long sword"], "armor": ["shield"])"), b));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].find("/factions/0/members/0/weapons/1: the long sword takes both hands"),
            std::string::npos)
      << found[0];
}

// Knave 1e: no ranged weapon in melee. K (STR 3, WIS 7) shoots its bow
// until the ogre attacks it in melee, then uses its dagger on it (H has
// its fists; the wolf bites the weakest, H). Once the ogre is dead, nobody
// is in melee with K, and it shoots the wolf.
TEST(KnaveBattleTest, ACharacterInMeleeUsesItsMeleeWeaponNotItsBow) {
  const std::string k = character(
      "K", R"("abilities": {"str": 3, "wis": 7}, "weapons": ["bow", "dagger"], "hp": 100)");
  const std::string h = character("H", R"("hp": 50)");
  const std::string ogre = monster("Ogre", 1, 1, "1d6", R"(, "hp": 3)");
  const std::string wolf =
      monster("Wolf", 1, 1, "1d6", R"(, "hp": 100, "tactics": { "target": "weakest" })");
  const Encounter e = load(encounter(k + ", " + h, ogre + ", " + wolf, R"("max_rounds": 3, )"));
  ScriptedDice dice{1, 2,  1, 2, 1, 2, 2,  // round 1: K and H pick the ogre, it picks K; all miss
                    1, 15, 3,              // round 2: K picks the ogre and kills it with its dagger
                    3, 3,                  // the wolf holds (6 against morale 9)
                    2, 2,                  // H and the wolf miss
                    2, 2,  2};             // round 3: K shoots the wolf; H and the wolf miss
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (Lines{"0>2:2+7v11=miss", "1>2:2+0v11=miss", "2>0:2+1v11=miss", "3>1:2+1v11=miss",
                   "0>2:15+3v11=3", "dead 2", "morale 3 6/9", "1>3:2+0v11=miss",
                   "3>1:2+1v11=miss",  // round 2
                   "0>3:2+7v11=miss", "1>3:2+0v11=miss", "3>1:2+1v11=miss"}));
}

// A pair stays in melee until one attacks another: K, bitten by the ogre,
// stabs the goblin its tactics pick (round 2); the ogre turns to H, but K
// is still in melee with the goblin it struck, so it stabs again (round 3)
// rather than shoot.
TEST(KnaveBattleTest, AStruckEnemyKeepsTheStrikerInMelee) {
  const std::string k = character(
      "K", R"("abilities": {"str": 3, "wis": 7}, "weapons": ["bow", "dagger"], "hp": 100)");
  const std::string h = character("H", R"("hp": 100)");
  const std::string ogre = monster("Ogre", 1, 1, "1d6", R"(, "hp": 100)");
  const std::string goblin = monster("Goblin", 1, 1, "1d6", R"(, "hp": 100)");
  const Encounter e = load(encounter(k + ", " + h, ogre + ", " + goblin, R"("max_rounds": 3, )"));
  ScriptedDice dice{1, 2, 1, 2, 1, 2, 2, 2,   // round 1: the ogre picks K, the goblin H
                    2, 2, 1, 2, 2, 2, 2, 2,   // round 2: K picks the goblin; the ogre turns to H
                    2, 2, 1, 2, 1, 2, 1, 2};  // round 3
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (Lines{"0>2:2+7v11=miss", "1>2:2+0v11=miss", "2>0:2+1v11=miss",
                   "3>1:2+1v11=miss",  // round 1
                   "0>3:2+3v11=miss", "1>2:2+0v11=miss", "2>1:2+1v11=miss",
                   "3>1:2+1v11=miss",  // round 2
                   "0>3:2+3v11=miss", "1>2:2+0v11=miss", "2>0:2+1v11=miss", "3>0:2+1v11=miss"}));
}

// A dagger that breaks in melee leaves K's bow its weapon: in melee it
// strikes with its fists then (a natural 1 wears nothing), and the bow
// waits, unworn, for K to be out of melee.
TEST(KnaveBattleTest, AWeaponBrokenInMeleeLeavesTheBow) {
  const std::string k = character(
      "K", R"("abilities": {"str": 3, "wis": 7}, "weapons": ["bow", "dagger"], "hp": 100)");
  const std::string ogre = monster("Ogre", 1, 1, "1d6", R"(, "hp": 100)");
  const Encounter e = load(encounter(k, ogre, R"("max_rounds": 5, )"));
  ScriptedDice dice{2, 2,               // round 1: K shoots, the ogre attacks it in melee
                    1, 2,               // rounds 2-4: the dagger's natural 1s wear it out
                    1, 2, 1, 2, 1, 2};  // round 5: the fists
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"0>1:2+7v11=miss", "1>0:2+1v11=miss", "0>1:1+3v11=miss",
                             "weapon 0/1 q2", "1>0:2+1v11=miss", "0>1:1+3v11=miss", "weapon 0/1 q1",
                             "1>0:2+1v11=miss", "0>1:1+3v11=miss", "weapon 0/1 q0",
                             "1>0:2+1v11=miss", "0>1:1+3v11=miss", "1>0:2+1v11=miss"}));
  EXPECT_EQ(p.state.creatures[0].weapon, 0);  // the bow
  EXPECT_EQ(p.state.attack_quality[0], 3);    // unworn
}

// A way to hurt can run out: a damaging save's last use, or a character's
// only weapon that could beat the defense breaking (its fists cannot). The
// battle is then a stalemate at once, where it played on to max_rounds
// (the plan's table said who could ever hurt whom, at the start).
TEST(KnaveBattleTest, ABattleStallsWhenTheLastWayToHurtRunsOut) {
  {
    const std::string spitter = monster("S", 1, 20, "1d6",
                                        R"(, "hp": 5, "abilities": [ { "name": "Spit",
                                            "save": "dex", "damage": "1d4", "uses": 1 } ])");
    const std::string b = monster("B", 1, 20, "1d6", R"(, "hp": 5)");
    ScriptedDice dice{20, 2,  // round 1: B saves against the spit (2 rolled, none taken)
                      5};     // B attacks: 5 + 1 cannot beat defense 30
    const Played p = play(load(encounter(spitter, b, R"("max_rounds": 50, )")), dice);
    EXPECT_TRUE(p.outcome.stalemate);
    EXPECT_EQ(p.outcome.rounds, 1);
  }
  {
    // WIS 0 with the bow: a natural 20 beats defense 19; STR -10 with the
    // fists never does. The other archer, E, cannot beat K's defense 21 (and
    // shoots: a melee attack would keep K from its bow).
    const std::string archer = character(
        "K", R"("abilities": {"str": -10, "wis": 0}, "weapons": ["bow"], "armor": 11, "hp": 30)");
    const std::string e = character(
        "E", R"("abilities": {"str": -10, "wis": -10}, "weapons": ["bow"], "armor": 9, "hp": 50)");
    ScriptedDice dice{1, 5,   // round 1: the bow's natural 1 wears it to 2; E misses
                      1, 5,   // round 2: to 1
                      1, 5};  // round 3: broken
    const Played p = play(load(encounter(archer, e, R"("max_rounds": 50, )")), dice);
    EXPECT_TRUE(p.outcome.stalemate);
    EXPECT_EQ(p.outcome.rounds, 3);
  }
}

// Who can hurt whom: a natural 20 plus the attack's bonus must beat the
// defense left once every armor piece has worn out (a character's pieces
// wear down; a monster's armor number does not), or a save ability must
// deal damage.
TEST(KnaveBattleTest, WhoCanHurtWhomCountsArmorThatWearsDownAndDamagingSaves) {
  // HD 1 against armor 10 (defense 20): 20 + 1 = 21 beats it; armor 11 not.
  {
    const BattlePlan plan(load(encounter(monster("A", 1, 10, "1d6"), monster("B", 1, 11, "1d6"))));
    EXPECT_FALSE(plan.harms.harms(0, 1));
    EXPECT_TRUE(plan.harms.harms(1, 0));
  }
  // A weak knave (STR -5: a natural 20 makes 15) cannot beat chain and a
  // shield whole (defense 15), but can once they have worn out (defense
  // 11); a monster's armor 20 it can never beat.
  {
    const std::string weak = character("W", R"("abilities": { "str": -5 }, "weapons": ["dagger"])");
    const std::string armored = character("A", R"("armor": ["chain", "shield"])");
    const BattlePlan plan(load(encounter(weak, armored)));
    EXPECT_TRUE(plan.harms.harms(0, 1));
    const BattlePlan monster_plan(load(encounter(weak, monster("M", 1, 20, "1d6"))));
    EXPECT_FALSE(monster_plan.harms.harms(0, 1));
    EXPECT_TRUE(monster_plan.harms.harms(1, 0));
  }
  // A save ability that deals damage can hurt anyone; one that only
  // imposes a condition cannot.
  {
    const std::string spit =
        R"(, "abilities": [ { "name": "Spit", "save": "dex", "damage": "1d4" } ])";
    const std::string web =
        R"(, "abilities": [ { "name": "Web", "save": "dex", "on_fail": "paralysed 1d4 rounds" } ])";
    const BattlePlan plan(
        load(encounter(monster("S", 1, 20, "1d4", spit), monster("W", 1, 20, "1d4", web))));
    EXPECT_TRUE(plan.harms.harms(0, 1));
    EXPECT_FALSE(plan.harms.harms(1, 0));
  }
}

// A spider whose one use of a saving-throw ability imposes `condition`
// for 1d4 rounds on the Knave, over three rounds.
Encounter spider_imposing(const std::string& condition) {
  const std::string spider =
      monster("Spider", 2, 1, "1d4",
              R"(, "hp": 50, "abilities": [ { "name": "Spit", "save": "dex", "on_fail": ")" +
                  condition + R"( 1d4 rounds" } ])");
  return load(encounter(spider, character("Knave", R"("hp": 30)"), R"("max_rounds": 3, )"));
}

// Blinded: its attacks have disadvantage and attacks on it advantage;
// poisoned: its attacks have disadvantage only; for the rolled number of
// its turns (2 here).
TEST(KnaveBattleTest, BlindedAndPoisonedGiveDisadvantageAndBlindedAdvantageAgainst) {
  ScriptedDice blind{5,  2,      // round 1: 5 fails; blinded for 2 rounds
                     15, 4,      // the Knave: 15 and 4 with disadvantage, keeps 4
                     3,  17, 1,  // round 2: 3 and 17 with advantage against it: hit, d4 1
                     15, 4,      // the Knave, still blinded, keeps 4
                     2,  2};     // round 3: no condition left: one d20 each
  EXPECT_EQ(play(spider_imposing("blinded"), blind).events,
            (Lines{"save 0>1:5+0 failed 0", "blinded 1 2", "1>0:4d15+0v11=miss", "0>1:17a3+2v11=1",
                   "1>0:4d15+0v11=miss", "0>1:2+2v11=miss", "1>0:2+0v11=miss"}));
  ScriptedDice poison{5,  2,   // round 1: 5 fails; poisoned for 2 rounds
                      15, 4,   // the Knave keeps the lower, 4
                      2,       // round 2: one d20 against it
                      15, 4,   // the Knave, still poisoned, keeps 4
                      2,  2};  // round 3: one d20 each
  EXPECT_EQ(play(spider_imposing("poisoned"), poison).events,
            (Lines{"save 0>1:5+0 failed 0", "poisoned 1 2", "1>0:4d15+0v11=miss", "0>1:2+2v11=miss",
                   "1>0:4d15+0v11=miss", "0>1:2+2v11=miss", "1>0:2+0v11=miss"}));
}

// A condition imposed again lasts for the longer of what was left and the
// new roll (the replay says "stays paralysed for 2 rounds (rolled 1, 2
// left)"; it printed the new roll alone: "for 1 round").
TEST(KnaveBattleTest, AConditionImposedAgainKeepsTheLongerDuration) {
  const std::string spider = monster("Spider", 2, 1, "1d4",
                                     R"(, "hp": 50, "abilities": [ { "name": "Web", "save": "dex",
                                         "on_fail": "paralysed 1d4 rounds", "uses": 2 } ])");
  const Encounter e =
      load(encounter(spider, character("Knave", R"("hp": 30)"), R"("max_rounds": 3, )"));
  ScriptedDice dice{5, 3,   // round 1: 5 fails; paralysed for 3 rounds; the Knave skips
                    5, 1,   // round 2: fails again, 1 round: the 2 left stand; it skips
                    2, 3};  // round 3: the spider bites with advantage, 3: a miss; the
                            // Knave skips its last round
  EXPECT_EQ(play(e, dice).events,
            (Lines{"save 0>1:5+0 failed 0", "paralysed 1 3", "skips 1", "save 0>1:5+0 failed 0",
                   "paralysed 1 1 (had 2)", "skips 1", "0>1:3a2+2v11=miss", "skips 1"}));
}

TEST(KnaveBattleTest, MaxDamageCriticalsDealTheMostTheDiceRoll) {
  const std::string a = character("A", R"("weapons": ["long sword"], "hp": 50)");
  const std::string b = monster("B", 1, 1, "1d4", R"(, "hp": 50)");
  const Encounter e = load(encounter(a, b, R"("critical": "max_damage", "max_rounds": 1, )"));
  ScriptedDice dice{20, 20};  // no damage dice: 1d10 deals 10, 1d4 deals 4
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"0>1:20+0v11=10", "1>0:20+1v11=4"}));
  // With the default, "quality", a natural 20 rolls its damage.
  const Encounter quality = load(encounter(a, b, R"("max_rounds": 1, )"));
  ScriptedDice rolled{20, 3, 20, 1};
  EXPECT_EQ(play(quality, rolled).events, (Lines{"0>1:20+0v11=3", "1>0:20+1v11=1"}));
}

// Knave 1e's critical: a natural 20 that hits deals another die of the
// weapon's damage, a d10 for the long sword (3 + 7), a d4 for the
// monster's 1d4 (1 + 4).
TEST(KnaveBattleTest, ExtraDieCriticalsAddADieOfTheWeapon) {
  const std::string a = character("A", R"("weapons": ["long sword"], "hp": 50)");
  const std::string b = monster("B", 1, 1, "1d4", R"(, "hp": 50)");
  const Encounter e = load(encounter(a, b, R"("critical": "extra_die", "max_rounds": 1, )"));
  ScriptedDice dice{20, 3, 7, 20, 1, 4};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"0>1:20+0v11=10", "1>0:20+1v11=5"}));
  EXPECT_EQ(p.state.creatures[1].hp, 40);
  EXPECT_EQ(p.state.creatures[0].hp, 45);
}

// Four goblins of 1 HP, morale 7. The first to fall makes the other three
// roll (7 holds, 8 flees, 2 holds); the second brings the fallen to half:
// the one left rolls 12 and flees. Nobody rolls a third time.
TEST(KnaveBattleTest, MoraleIsRolledAtTheFirstLossAndAtHalfAndAFailureFlees) {
  const std::string hero = character("Hero", R"("abilities": { "str": 10 }, "hp": 100)");
  const std::string goblins =
      monster("Goblin", 1, 1, "1d6", R"(, "hp": 1, "count": 4, "morale": 7)");
  const Encounter e = load(encounter(hero, goblins));
  ScriptedDice dice{1, 10, 3,           // round 1: Hero picks goblin 1 of 4, hits, d4 3
                    3, 4,  6, 2, 1, 1,  // goblins 2, 3, 4 roll 7, 8, 2: goblin 3 flees
                    5, 5,               // goblins 2 and 4 miss the Hero (defense 11)
                    1, 10, 2,           // round 2: Hero picks goblin 2 (1 of 2), d4 2
                    6, 6};              // half have fallen: goblin 4 rolls 12 and flees
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"0>1:10+10v11=3", "dead 1", "morale 2 7/7", "morale 3 8/7", "flees 3",
                             "morale 4 2/7", "2>0:5+1v11=miss", "4>0:5+1v11=miss", "0>2:10+10v11=2",
                             "dead 2", "morale 4 12/7", "flees 4"}));
  EXPECT_EQ(p.outcome.winner, 0);
  EXPECT_EQ(p.outcome.rounds, 2);
  EXPECT_EQ(p.outcome.faction_figures, 1u);  // the last goblin fled: the Hero routs them
  // Fled: figure bit 0, and the fate "standing" (alive, on its feet).
  EXPECT_EQ(p.results[1].figures, 0u);
  EXPECT_EQ(p.results[1].fate, Fate::Dead);
  EXPECT_EQ(p.results[3].figures, 1u);
  EXPECT_EQ(p.results[3].fate, Fate::Standing);
  EXPECT_EQ(p.results[4].figures, 1u);
  EXPECT_EQ(p.results[0].figures, 0u);
  EXPECT_EQ(p.results[0].fate, Fate::Standing);
  EXPECT_EQ(p.results[0].kills, 2);
  EXPECT_EQ(p.results[0].knockouts, 2);
}

// With two goblins the first loss is also half: one roll, not two.
TEST(KnaveBattleTest, TheFirstLossAndHalfAtOnceRollMoraleOnce) {
  const std::string hero = character("Hero", R"("abilities": { "str": 10 }, "hp": 100)");
  const std::string goblins =
      monster("Goblin", 1, 1, "1d6", R"(, "hp": 1, "count": 2, "morale": 7)");
  const Encounter e = load(encounter(hero, goblins));
  ScriptedDice dice{2,  10, 1,  // Hero kills goblin 2
                    3,  3,      // goblin 1 rolls 6 and holds
                    5,          // goblin 1 misses
                    10, 1};     // round 2: Hero kills goblin 1; no one is left to roll
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"0>2:10+10v11=1", "dead 2", "morale 1 6/7", "1>0:5+1v11=miss",
                             "0>1:10+10v11=1", "dead 1"}));
  EXPECT_EQ(p.outcome.faction_figures, 0u);  // the last goblin fell: no rout
}

// A lone ogre (10 HP, morale 7) rolls morale when a blow leaves it at half
// its HP or below (5), and only then: once it held, lower HP rolls no more.
// Two ogres standing are no lone monster: a wounded one rolls at no HP.
TEST(KnaveBattleTest, ALoneMonsterRollsMoraleOnceAtHalfItsHitPoints) {
  const std::string hero = character("Hero", R"("abilities": { "str": 10 }, "hp": 100)");
  const Encounter lone =
      load(encounter(hero, monster("Ogre", 4, 1, "1d10", R"(, "hp": 10, "morale": 7)")));
  ScriptedDice flees{10, 4,  // Hero hits for 4: 6 HP, above half
                     5,      // the ogre misses (5 + 4 against 11)
                     10, 1,  // 5 HP: half; the ogre rolls 8 and flees
                     4,  4};
  const Played fled = play(lone, flees);
  EXPECT_EQ(fled.events, (Lines{"0>1:10+10v11=4", "1>0:5+4v11=miss", "0>1:10+10v11=1",
                                "morale 1 8/7", "flees 1"}));
  EXPECT_EQ(fled.outcome.winner, 0);
  EXPECT_EQ(fled.outcome.faction_figures, 1u);  // a rout

  const Encounter short_fight = load(encounter(
      hero, monster("Ogre", 4, 1, "1d10", R"(, "hp": 10, "morale": 7)"), R"("max_rounds": 3, )"));
  ScriptedDice holds{10, 4, 5,        // 6 HP
                     10, 2, 3, 3, 5,  // 4 HP: the ogre rolls 6 and holds
                     10, 1, 5};       // 3 HP: no roll
  EXPECT_EQ(play(short_fight, holds).events,
            (Lines{"0>1:10+10v11=4", "1>0:5+4v11=miss", "0>1:10+10v11=2", "morale 1 6/7",
                   "1>0:5+4v11=miss", "0>1:10+10v11=1", "1>0:5+4v11=miss"}));

  const Encounter two =
      load(encounter(hero, monster("Ogre", 4, 1, "1d10", R"(, "hp": 8, "morale": 7, "count": 2)"),
                     R"("max_rounds": 1, )"));
  ScriptedDice no_roll{1, 10, 4,  // the Hero picks ogre 1 of 2: 4 HP, half, but not alone
                       5, 5};     // both ogres miss
  EXPECT_EQ(play(two, no_roll).events,
            (Lines{"0>1:10+10v11=4", "1>0:5+4v11=miss", "2>0:5+4v11=miss"}));
}

// The last of a group is a lone creature too: ogre 2 dies (ogre 1 holds
// its roll for the first loss and half at once), and the blow that leaves
// ogre 1 alone at half its 4 HP has it roll again: 8 against 7, it flees.
TEST(KnaveBattleTest, TheLastOfAGroupRollsLoneMoraleAtHalfItsHitPoints) {
  const std::string hero = character("Hero", R"("abilities": { "str": 10 }, "hp": 100)");
  const Encounter e =
      load(encounter(hero, monster("Ogre", 4, 1, "1d10", R"(, "hp": 4, "morale": 7, "count": 2)")));
  ScriptedDice dice{2,  10, 4,  // the Hero picks ogre 2 of 2 and kills it
                    3,  3,      // ogre 1 rolls 6 and holds
                    5,          // ogre 1 misses
                    10, 2,      // round 2: ogre 1, alone, at 2 HP: half
                    4,  4};     // it rolls 8 and flees
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"0>2:10+10v11=4", "dead 2", "morale 1 6/7", "1>0:5+4v11=miss",
                             "0>1:10+10v11=2", "morale 1 8/7", "flees 1"}));
  EXPECT_EQ(p.outcome.winner, 0);
  EXPECT_EQ(p.outcome.faction_figures, 1u);  // a rout
}

// A lone hireling (6 HP, morale 6) whom a blow takes to 0 and who gets up
// from the death table with 2 HP, half or below, rolls morale then.
TEST(KnaveBattleTest, ALoneHirelingWhoGetsUpAtHalfRollsMorale) {
  const std::string ogre = monster("Ogre", 4, 1, "1d10", R"(, "hp": 100)");
  const Encounter e = load(encounter(ogre, character("Hireling", R"("hp": 6, "morale": 6)")));
  ScriptedDice dice{15, 6,   // the ogre hits for 6: 0 HP
                    3,  1,   // the death table: row 3, 1 STR lost
                    2,       // it gets up with 2 HP
                    4,  4};  // and rolls 8 against 6: it flees
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"0>1:15+4v11=6", "death 1 d8 3 -1 str = -1", "up 1 2", "morale 1 8/6",
                             "flees 1"}));
  EXPECT_EQ(p.outcome.winner, 0);
}

// Six goblins: the first falls and two of the other five flee. When the
// second falls, two have fallen and two fled: four of six lost, past half,
// so the two left roll again (12 flees, 6 holds). Counting only the fallen
// (two of six) would roll nothing there.
TEST(KnaveBattleTest, FledMembersCountTowardsHalfTheSide) {
  const std::string hero = character("Hero", R"("abilities": { "str": 10 }, "hp": 100)");
  const std::string goblins =
      monster("Goblin", 1, 1, "1d6", R"(, "hp": 1, "count": 6, "morale": 7)");
  const Encounter e = load(encounter(hero, goblins, R"("max_rounds": 2, )"));
  ScriptedDice dice{1, 10, 3,                       // round 1: Hero kills goblin 1
                    3, 4,  6, 2, 6, 3, 1, 1, 2, 2,  // goblins 2-6 roll 7, 8, 9, 2, 4
                    5, 5,  5,                       // goblins 2, 5, 6 miss
                    1, 10, 2,                       // round 2: Hero kills goblin 2 (1 of 3)
                    6, 6,  3, 3,                    // goblin 5 rolls 12 and flees, 6 holds on 6
                    5};                             // goblin 6 misses
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (Lines{"0>1:10+10v11=3", "dead 1", "morale 2 7/7", "morale 3 8/7", "flees 3",
                   "morale 4 9/7", "flees 4", "morale 5 2/7", "morale 6 4/7", "2>0:5+1v11=miss",
                   "5>0:5+1v11=miss", "6>0:5+1v11=miss", "0>2:10+10v11=2", "dead 2",
                   "morale 5 12/7", "flees 5", "morale 6 6/7", "6>0:5+1v11=miss"}));
  EXPECT_EQ(p.outcome.winner, -1);
}

// Characters roll no morale unless the file gives them one (hirelings).
TEST(KnaveBattleTest, OnlyHirelingsAmongCharactersRollMorale) {
  const std::string party = character("Knave", R"("hp": 1)") + ", " +
                            character("Hireling", R"("hp": 20, "morale": 6)") + ", " +
                            character("Other", R"("hp": 20)");
  const std::string ogre = monster("Ogre", 4, 1, "1d10", R"(, "hp": 100)");
  const Encounter e = load(encounter(ogre, party, R"("max_rounds": 1, )"));
  ScriptedDice dice{1, 15, 3,  // the ogre picks the Knave (1 of 3), hits for 3
                    1,         // the Knave rolls 1 on the death table: dead
                    4, 3,      // the Hireling rolls 7 against 6: flees
                    2};        // Other misses the ogre (2 + 0 against 11)
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"0>1:15+4v11=3", "death 1 d8 1", "dead 1", "morale 2 7/6", "flees 2",
                             "3>0:2+0v11=miss"}));
}

// Each row of the death table: 1-2 dead; 3-8 lose 1d4 from STR, DEX, CON,
// INT, WIS, CHA and, with "death_table": "down", are down.
TEST(KnaveBattleTest, EveryRowOfTheDeathTable) {
  const std::string ogre = monster("Ogre", 4, 1, "1d10", R"(, "hp": 100)");
  const std::string knave = character(
      "Knave",
      R"("hp": 1, "abilities": { "str": 1, "dex": 2, "con": 3, "int": 4, "wis": 5, "cha": 6 })");
  const Encounter e = load(encounter(ogre, knave, kSurvivorsDown));
  for (int d8 = 1; d8 <= 8; ++d8) {
    ScriptedDice dice = d8 <= 2 ? ScriptedDice{15, 5, d8} : ScriptedDice{15, 5, d8, 3};
    const Played p = play(e, dice);
    EXPECT_EQ(p.outcome.winner, 0);
    const CreatureState& s = p.state.creatures[1];
    if (d8 <= 2) {
      EXPECT_EQ(s.status, Status::Dead) << d8;
      EXPECT_EQ(p.events.back(), "dead 1");
      EXPECT_EQ(p.results[1].fate, Fate::Dead);
      EXPECT_EQ(p.results[0].kills, 1);
      EXPECT_EQ(p.results[1].measures[0], 0);
    } else {
      EXPECT_EQ(s.status, Status::Down) << d8;
      EXPECT_EQ(s.abilities[d8 - 3], d8 - 2 - 3) << d8;
      EXPECT_EQ(s.ability_lost, 3);
      EXPECT_EQ(p.events[1], "death 1 d8 " + std::to_string(d8) + " -3 " +
                                 std::string(kAbilityKeys[d8 - 3]) + " = " +
                                 std::to_string(d8 - 2 - 3));
      EXPECT_EQ(p.results[1].fate, Fate::Down);
      EXPECT_EQ(p.results[0].kills, 0);  // a knock-out, not a kill
      EXPECT_EQ(p.results[0].knockouts, 1);
      EXPECT_EQ(p.results[1].measures[0], 3);  // the ability lost, as measured
    }
  }
}

// CON -8: losing 2 leaves -10 (down); losing 3 leaves -11, below -10: dead.
TEST(KnaveBattleTest, ACharacterDiesWhenTheLossTakesAnAbilityBelowMinusTen) {
  const std::string ogre = monster("Ogre", 4, 1, "1d10", R"(, "hp": 100)");
  const std::string knave = character("Knave", R"("hp": 1, "abilities": { "con": -8 })");
  const Encounter e = load(encounter(ogre, knave, kSurvivorsDown));
  ScriptedDice two{15, 5, 5, 2};
  const Played down = play(e, two);
  EXPECT_EQ(down.events, (Lines{"0>1:15+4v11=5", "death 1 d8 5 -2 con = -10", "down 1"}));
  ScriptedDice three{15, 5, 5, 3};
  const Played dead = play(e, three);
  EXPECT_EQ(dead.events, (Lines{"0>1:15+4v11=5", "death 1 d8 5 -3 con = -11", "dead 1"}));
  EXPECT_EQ(dead.state.creatures[0].kills, 1);
  EXPECT_EQ(dead.results[1].measures[0], 0);  // the dead lose no ability that counts
  EXPECT_EQ(down.results[1].measures[0], 2);
  EXPECT_EQ(down.state.creatures[0].kills, 0);
}

// As the seed has it, a survivor of the death table gets 1d4 HP back and
// fights on, the ability lowered: STR 3 - 2 = 1, so its 10 + 1 no longer
// beats defense 11 (10 + 3 would have). The ogre knocked it out (no kill),
// and it ends the battle standing, 2 points of ability lost.
TEST(KnaveBattleTest, ASurvivorGetsUpWithOneD4HpAndFightsOnWeakened) {
  const std::string ogre = monster("Ogre", 4, 1, "1d10", R"(, "hp": 100)");
  const std::string knave = character("Knave", R"("hp": 4, "abilities": { "str": 3 })");
  const Encounter e = load(encounter(ogre, knave, R"("max_rounds": 1, )"));
  ScriptedDice dice{15, 6,  // the ogre hits for 6: 4 HP to 0
                    3,  2,  // death table row 3: STR loses 2
                    3,      // gets up with 3 HP
                    10};    // the Knave's 10 + 1 against defense 11
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (Lines{"0>1:15+4v11=6", "death 1 d8 3 -2 str = 1", "up 1 3", "1>0:10+1v11=miss"}));
  EXPECT_EQ(p.outcome.winner, -1);
  const CreatureState& s = p.state.creatures[1];
  EXPECT_EQ(s.status, Status::Fighting);
  EXPECT_EQ(s.hp, 3);
  EXPECT_EQ(s.damage_taken, 4);
  EXPECT_EQ(p.results[1].fate, Fate::Standing);
  EXPECT_EQ(p.results[1].measures[0], 2);
  EXPECT_EQ(p.results[0].knockouts, 1);
  EXPECT_EQ(p.results[0].kills, 0);
}

// The 1d4 back is capped at the character's maximum (2 HP here); a second
// fall rolls the table again, and its losses add up: CON -8 - 1 - 2 = -11
// is below -10, dead, and the dead count no ability lost.
TEST(KnaveBattleTest, ASecondFallRollsTheTableAgainAndTheLossesAddUp) {
  const std::string ogre = monster("Ogre", 4, 1, "1d10", R"(, "hp": 100)");
  const std::string knave = character("Knave", R"("hp": 2, "abilities": { "con": -8 })");
  const Encounter e = load(encounter(ogre, knave));
  ScriptedDice dice{15, 2, 5, 1, 4,  // falls; CON loses 1 (-9); 4 back, capped at 2
                    1,               // the Knave misses
                    15, 2, 5, 2};    // falls again; CON loses 2: -11, dead
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (Lines{"0>1:15+4v11=2", "death 1 d8 5 -1 con = -9", "up 1 2", "1>0:1+0v11=miss",
                   "0>1:15+4v11=2", "death 1 d8 5 -2 con = -11", "dead 1"}));
  EXPECT_EQ(p.outcome.winner, 0);
  EXPECT_EQ(p.results[1].fate, Fate::Dead);
  EXPECT_EQ(p.results[1].measures[0], 0);
  EXPECT_EQ(p.results[0].knockouts, 2);
  EXPECT_EQ(p.results[0].kills, 1);
  EXPECT_EQ(p.state.creatures[1].damage_taken, 4);
}

// A survivor who gets up is no loss to its side: the hireling rolls no
// morale. The Knave's save against the spider's bite then uses its CON as
// the table left it (+1 - 3 = -2): 17 - 2 = 15 fails where 17 + 1 saved.
TEST(KnaveBattleTest, GettingUpIsNoLossForMoraleAndSavesUseTheLoweredAbility) {
  const std::string spider = monster("Spider", 2, 1, "1d6",
                                     R"(, "hp": 100, "abilities": [ { "name": "Bite",
                                         "save": "con", "damage": "2", "uses": 2 } ])");
  const std::string party = character("Knave", R"("hp": 2, "abilities": { "con": 1 })") + ", " +
                            character("Hireling", R"("hp": 20, "morale": 2)");
  const Encounter e = load(encounter(spider, party, R"("max_rounds": 2, )"));
  ScriptedDice dice{1, 10,     // round 1: the bite on the Knave (1 of 2) fails: 2 damage
                    5, 3,  4,  // CON loses 3 (-2); 4 back, capped at 2
                    1, 1,      // the Knave and the Hireling miss the spider
                    1, 17,     // round 2: the bite on the Knave: 17 - 2 = 15 fails
                    3, 1,  1,  // STR loses 1 (-1); 1 back
                    1, 1};     // both miss
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (Lines{"save 0>1:10+1 failed 2", "death 1 d8 5 -3 con = -2", "up 1 2",
                   "1>0:1+0v11=miss", "2>0:1+0v11=miss", "save 0>1:17+-2 failed 2",
                   "death 1 d8 3 -1 str = -1", "up 1 1", "1>0:1+-1v11=miss", "2>0:1+0v11=miss"}));
  EXPECT_EQ(p.results[1].measures[0], 4);
  EXPECT_EQ(p.results[2].figures, 0u);  // never fled
}

// A survivor whose lowered STR can no longer beat any enemy's defense, even
// on a natural 20, against an enemy who cannot hurt it any more either:
// a stalemate at once, as when a weapon breaks.
TEST(KnaveBattleTest, AnAbilityLoweredPastHurtingAnyoneCanEndTheBattleInAStalemate) {
  // The spitter's one damaging use knocks the Knave out; its claws (HD 1)
  // cannot beat the Knave's defense 30. STR 1 - 1 = 0: 20 + 0 is no longer
  // above defense 20 (armor 10), where 20 + 1 was.
  const std::string spitter = monster("S", 1, 10, "1d6",
                                      R"(, "hp": 50, "abilities": [ { "name": "Spit",
                                          "save": "dex", "damage": "5", "uses": 1 } ])");
  const std::string knave = character("K", R"("hp": 3, "armor": 20, "abilities": { "str": 1 })");
  const Encounter e = load(encounter(spitter, knave, R"("max_rounds": 50, )"));
  EXPECT_TRUE(can_harm(BattlePlan(e), nullptr, 1, 0));  // with STR 1, at the start
  ScriptedDice dice{2,                                  // the spit: 2 + 0 fails, 5 damage
                    3, 1, 2,                            // STR loses 1; 2 back
                    5};                                 // the Knave's 5 + 0 misses
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"save 0>1:2+0 failed 5", "death 1 d8 3 -1 str = 0", "up 1 2",
                             "1>0:5+0v20=miss"}));
  EXPECT_TRUE(p.outcome.stalemate);
  EXPECT_EQ(p.outcome.rounds, 1);
}

// The spider's bite asks d20 + CON > 15: 14 + 2 = 16 saves and halves 5 to
// 2; 13 + 2 = 15 fails: 5 damage and paralysed for 2 rounds, in which the
// Knave loses its turns and the spider attacks with advantage.
TEST(KnaveBattleTest, SavingThrowsHalveDamageOnASuccessAndImposeConditionsOnAFailure) {
  const std::string spider = monster(
      "Spider", 2, 1, "1d4",
      R"(, "hp": 50, "abilities": [ { "name": "Poison bite", "save": "con", "damage": "1d6", "half": true, "on_fail": "paralysed 1d4 rounds", "uses": 2 } ])");
  const std::string knave = character("Knave", R"("hp": 30, "abilities": { "con": 2 })");
  const Encounter e = load(encounter(spider, knave, R"("max_rounds": 4, )"));
  ScriptedDice dice{14, 5,      // round 1: saved, 5 halved to 2
                    2,          // the Knave misses (fists)
                    13, 5,  2,  // round 2: failed, 5 damage, paralysed for d4 2 rounds
                    3,  17, 1,  // (Knave skips) round 3: 3 and 17 with advantage: hit, d4 1
                    12, 2,      // (Knave skips) round 4: no advantage now: 12 + 2 hits
                    9};         // the Knave acts again, and misses
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"save 0>1:14+2 saved 2", "1>0:2+0v11=miss", "save 0>1:13+2 failed 5",
                             "paralysed 1 2", "skips 1", "0>1:17a3+2v11=1", "skips 1",
                             "0>1:12+2v11=2", "1>0:9+0v11=miss"}));
  EXPECT_EQ(p.state.creatures[1].hp, 30 - 2 - 5 - 1 - 2);
  // Without "half", a success avoids the damage.
  const std::string whole =
      monster("Spider", 2, 1, "1d4",
              R"(, "hp": 50, "abilities": [ { "name": "Spit", "save": "dex", "damage": "2d6" } ])");
  const Encounter no_half = load(encounter(whole, knave, R"("max_rounds": 1, )"));
  ScriptedDice saved{16, 3, 4, 2};
  EXPECT_EQ(play(no_half, saved).events, (Lines{"save 0>1:16+0 saved 0", "1>0:2+0v11=miss"}));
}

// Side initiative, the default: a d6 per faction each round, higher first;
// a tie is broken by a die (Fisher-Yates: 2 keeps the rolled order, 1 swaps).
TEST(KnaveBattleTest, SideInitiativeDecidesWhichFactionActsFirstEachRound) {
  const std::string a = character("A", R"("hp": 50)");
  const std::string b = monster("B", 1, 1, "1d4", R"(, "hp": 50)");
  const Encounter e = load(testing::duel_json(a, b, R"("rules": "knave", "max_rounds": 3, )"));
  ScriptedDice dice{3, 5, 2, 2,      // round 1: B's 5 beats A's 3: B first; both miss
                    4, 4, 2, 2, 2,   // round 2: a tie, the die keeps A first
                    6, 6, 1, 2, 2};  // round 3: a tie, the die puts B first
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (Lines{"init 0 3", "init 1 5", "1>0:2+1v11=miss", "0>1:2+0v11=miss",  //
                             "init 0 4", "init 1 4", "0>1:2+0v11=miss", "1>0:2+1v11=miss",  //
                             "init 0 6", "init 1 6", "1>0:2+1v11=miss", "0>1:2+0v11=miss"}));
  // "listed" keeps the order of the file and rolls no initiative.
  const Encounter listed = load(encounter(a, b, R"("max_rounds": 1, )"));
  ScriptedDice no_d6{2, 2};
  EXPECT_EQ(play(listed, no_d6).events, (Lines{"0>1:2+0v11=miss", "1>0:2+1v11=miss"}));
  // A list of names is a listed order of its own: B first, every round.
  const Encounter named =
      load(testing::duel_json(a, b, R"("rules": "knave", "order": ["B", "A"], "max_rounds": 2, )"));
  ScriptedDice b_first{2, 2, 2, 2};
  EXPECT_EQ(play(named, b_first).events, (Lines{"1>0:2+1v11=miss", "0>1:2+0v11=miss",  //
                                                "1>0:2+1v11=miss", "0>1:2+0v11=miss"}));
}

// An ability left out is +1, the least a new character has: the seed rates
// them "from +1 to +10" and reads a missing one as 1. Given, 0 stays 0.
TEST(KnaveBattleTest, AnAbilityLeftOutIsPlusOne) {
  const std::string bare = R"({ "name": "Bare", "level": 1, "weapons": ["sword"] })";
  const std::string some =
      R"({ "name": "Some", "level": 1, "abilities": { "str": 3, "wis": 0 }, "weapons": ["sword"] })";
  const Encounter e = load(encounter(bare + ", " + some, monster("M", 1, 1, "1d6")));
  for (std::size_t a = 0; a < kAbilityKeys.size(); ++a) {
    EXPECT_EQ(creature_of(e, 0).abilities[a], 1) << kAbilityKeys[a];
    EXPECT_EQ(creature_of(e, 1).abilities[a], a == 0                     ? 3
                                              : kAbilityKeys[a] == "wis" ? 0
                                                                         : 1)
        << kAbilityKeys[a];
  }
  // So the bare one's sword hits defense 11 on a d20 of 11 (+1 > 11), not 12.
  ScriptedDice dice{11, 4, 2};  // the sword's d20 and d8; the monster's d20 misses
  const Played p =
      play(load(encounter(bare, monster("M", 1, 1, "1d6", R"(, "hp": 9)"), R"("max_rounds": 1, )")),
           dice);
  ASSERT_FALSE(p.events.empty());
  EXPECT_EQ(p.events.front(), "0>1:11+1v11=4");
}

// Knave's two plates: "plate" (or "half plate") defense 15, 4 slots,
// quality 6; "full plate" defense 16, 5 slots, quality 7.
TEST(KnaveBattleTest, FullPlateIsDefenseSixteen) {
  const std::string b = monster("B", 1, 1, "1d4");
  for (const auto& [armor, bonus, quality] :
       {std::tuple{"plate", 5, 6}, {"half plate", 5, 6}, {"full plate", 6, 7}}) {
    const Encounter e =
        load(encounter(character("A", R"("armor": ")" + std::string(armor) + R"(")"), b));
    const Creature& knave = creature_of(e, 0);
    ASSERT_EQ(knave.armor_pieces.size(), 1u) << armor;
    EXPECT_EQ(knave.armor_pieces[0].bonus, bonus) << armor;
    EXPECT_EQ(knave.armor_pieces[0].quality, quality) << armor;
    EXPECT_EQ(knave.full_armor(), bonus) << armor;
  }
}

// Other names players use: "chain mail", "chainmail" and "plate mail" for
// the body armors, the full names of the abilities for a save.
TEST(KnaveBattleTest, ArmorAliasesAndFullAbilityNamesAreAccepted) {
  // Names are read in any case, a condition's as a save's ("Paralysed" was refused).
  const std::string spider =
      monster("Spider", 2, 1, "1d4",
              R"(, "abilities": [ { "name": "Bite", "save": "Constitution", "damage": "1d6" },
                          { "name": "Web", "save": "dexterity", "damage": "1d4",
                            "on_fail": "Paralysed 1d4 rounds" } ])");
  for (const auto& [alias, body] : {std::pair{"chain mail", "chain"},
                                    {"Chainmail", "chain"},
                                    {"plate mail", "plate"},
                                    {"half plate", "plate"}}) {
    const Encounter e = load(encounter(
        character("A", R"("armor": [")" + std::string(alias) + R"(", "shield"])"), spider));
    const Creature& knave = creature_of(e, 0);
    ASSERT_EQ(knave.armor_pieces.size(), 2u) << alias;
    EXPECT_EQ(knave.armor_pieces[1].name, body) << alias;
    const Creature& monster_read = creature_of(e, 1);
    ASSERT_EQ(monster_read.save_abilities.size(), 2u);
    EXPECT_EQ(monster_read.save_abilities[0].save, Ability::Con);
    EXPECT_EQ(monster_read.save_abilities[1].save, Ability::Dex);
    EXPECT_EQ(monster_read.save_abilities[1].condition, Condition::Paralysed);
  }
}

// A member's own tactics replace its faction's key by key, as in 5e: a
// member giving only "ties" kept the faction's "weakest" nowhere (it took
// "random").
TEST(KnaveBattleTest, AMembersTacticsFallBackToItsFactionsKeyByKey) {
  const std::string json = R"({ "rules": "knave", "factions": [
      { "name": "Knaves", "tactics": { "target": "weakest" },
        "members": [ { "name": "K", "level": 1, "tactics": { "ties": "first" } },
                     { "name": "L", "level": 1 } ] },
      { "name": "Goblins", "members": [ { "name": "G", "hd": 1, "attacks": ["1d6"] } ] } ] })";
  const Encounter e = load(json);
  EXPECT_EQ(creature_of(e, 0).tactics.target, TargetPolicy::Weakest);
  EXPECT_EQ(creature_of(e, 0).tactics.ties, TiePolicy::First);
  EXPECT_EQ(creature_of(e, 1).tactics.target, TargetPolicy::Weakest);
  EXPECT_EQ(creature_of(e, 1).tactics.ties, TiePolicy::Random);
}

// The turn order changes the results, so tallies of the two orders must
// not merge: it is part of the encounter's fingerprint.
TEST(KnaveBattleTest, TheTurnOrderIsPartOfTheFingerprint) {
  const std::string a = character("A", R"("hp": 5)");
  const std::string b = monster("B", 1, 1, "1d4");
  EXPECT_NE(fingerprint(load(encounter(a, b))),
            fingerprint(load(testing::duel_json(a, b, R"("rules": "knave", )"))));
}

// The place of a faction in the file gives it no edge: the knaves of the
// goblin scenario win as often listed first as listed second (the
// difference of the two estimates within 4.5 of its standard errors). With
// the order of the file they went from 82.5% to 58.5%.
TEST(KnaveBattleTest, SwappingTheFactionsLeavesTheWinProbability) {
  const std::string path = std::string(ARENA_SOURCE_DIR) + "/scenarios/knave-goblins.json";
  auto loaded = load_encounter_file(path);
  ASSERT_TRUE(loaded.has_value());
  nlohmann::json swapped_json = nlohmann::json::parse(std::ifstream(path));
  std::reverse(swapped_json["factions"].begin(), swapped_json["factions"].end());
  const Encounter swapped = load(swapped_json.dump());
  ASSERT_EQ(swapped.factions[1].name, loaded->factions[0].name);
  RunOptions options;
  options.battles = 40000;
  options.threads = 1;
  const RunResult first = run_battles(*loaded, options);
  const RunResult second = run_battles(swapped, options);
  const double n = static_cast<double>(options.battles);
  const double p1 = static_cast<double>(first.tally.factions[0].wins) / n;
  const double p2 = static_cast<double>(second.tally.factions[1].wins) / n;
  const double se = std::sqrt(p1 * (1 - p1) / n + p2 * (1 - p2) / n);
  EXPECT_LE(std::abs(p1 - p2), 4.5 * se) << p1 << " listed first, " << p2 << " listed second";
}

// A state reused for a plan of as many creatures and factions but more
// attacks, armor pieces and saves takes every size of the new plan.
TEST(KnaveBattleTest, ResetSizesTheStateForEachPlan) {
  const std::string b = monster("B", 1, 1, "1d4");
  const BattlePlan bare(load(encounter(character("A", R"("hp": 5)"), b)));
  const std::string spider = monster(
      "B", 1, 1, "1d4",
      R"(, "abilities": [ { "name": "Spit", "save": "dex", "on_fail": "blinded 1d4 rounds" } ])");
  const BattlePlan equipped(load(encounter(
      character("A", R"("weapons": ["sword", "dagger"], "armor": ["chain", "shield"])"), spider)));
  BattleState state;
  state.reset(bare);
  state.reset(equipped);
  EXPECT_EQ(state.attack_quality.size(), equipped.attacks.size());
  EXPECT_EQ(state.armor_quality.size(), equipped.armor.size());
  EXPECT_EQ(state.uses.size(), equipped.saves.size());
  EXPECT_EQ(state.armor_quality, (std::vector<int>{1, 5}));
  EXPECT_EQ(state.uses, (std::vector<int>{1}));
}

// Over many seeded battles of every knave scenario: no one out of the fight
// acts or is attacked, hit points stay within 0 and the maximum, damage
// dealt equals damage taken, quality never goes below 0, the standing counts
// match the statuses, and the winner is the one faction left.
struct Watcher : NoEvents {
  std::vector<bool> out;
  int violations = 0;
  void attack(const AttackRoll& r) { violations += out[r.attacker] || out[r.target]; }
  void save(int user, int target, int, int, int, bool, int) {
    violations += out[user] || out[target];
  }
  void falls(int c, Status) {
    violations += out[c];
    out[c] = true;
  }
  void flees(int c) {
    violations += out[c];
    out[c] = true;
  }
};

TEST(KnaveBattleTest, InvariantsHoldOverManySeededBattles) {
  for (const char* name : {"knave-goblins", "knave-ogre", "knave-ogre-shields"}) {
    auto e = load_encounter_file(std::string(ARENA_SOURCE_DIR) + "/scenarios/" + name + ".json");
    ASSERT_TRUE(e.has_value()) << name;
    const BattlePlan plan(*e);
    BattleState state;
    for (std::uint64_t i = 0; i < 500; ++i) {
      BattleDice dice(7, i);
      Watcher watcher;
      watcher.out.assign(plan.creatures.size(), false);
      const BattleOutcome outcome = play_battle(plan, state, dice, watcher);
      EXPECT_EQ(watcher.violations, 0) << name << " battle " << i;
      int dealt = 0, taken = 0;
      std::vector<int> standing(plan.faction_count(), 0);
      for (int c = 0; c < plan.creature_count(); ++c) {
        const CreatureState& s = state.creatures[c];
        EXPECT_GE(s.hp, 0);
        EXPECT_LE(s.hp, s.max_hp);
        EXPECT_EQ(s.hp == 0, s.status == Status::Dead || s.status == Status::Down) << name << i;
        EXPECT_EQ(s.status != Status::Fighting, watcher.out[c]);
        standing[plan.creatures[c].faction] += s.status == Status::Fighting;
        dealt += s.damage_dealt;
        taken += s.damage_taken;
      }
      EXPECT_EQ(dealt, taken);
      for (int f = 0; f < plan.faction_count(); ++f)
        EXPECT_EQ(standing[f], state.standing.members(f)) << name << " battle " << i;
      for (int q : state.attack_quality) EXPECT_GE(q, 0);
      for (int q : state.armor_quality) EXPECT_GE(q, 0);
      if (outcome.winner >= 0) {
        for (int f = 0; f < plan.faction_count(); ++f)
          EXPECT_EQ(standing[f] > 0, f == outcome.winner) << name << " battle " << i;
      }
    }
  }
}

TEST(KnaveBattleTest, ReplayTellsEachRollAndItsDefense) {
  auto loaded =
      load_encounter_file(std::string(ARENA_SOURCE_DIR) + "/scenarios/knave-goblins.json");
  ASSERT_TRUE(loaded.has_value());
  bool seen_hit = false, seen_morale = false, seen_flight = false, seen_death_table = false;
  for (std::int64_t i = 0; i < 50; ++i) {
    const Replay replay = replay_battle(*loaded, i);
    const std::string& text = replay.text;
    seen_hit |= text.find(" against defense 11: hit, ") != std::string::npos;
    seen_morale |= text.find(" on 2d6 for morale 7: ") != std::string::npos;
    seen_flight |= text.find(" flees!\n") != std::string::npos;
    seen_death_table |= text.find(" on the death table: ") != std::string::npos;
    EXPECT_NE(text.find("Creatures:\n  Bran (8 HP) [level 1, defense 13, Knaves]"),
              std::string::npos)
        << text;
    // The replay's results are the battle's: the same as a run of that one battle.
    RunOptions options;
    options.battles = 1;
    options.first_battle = i;
    options.threads = 1;
    const RunResult run = run_battles(*loaded, options);
    for (std::size_t c = 0; c < replay.results.size(); ++c) {
      EXPECT_EQ(run.tally.combatants[c].dead, replay.results[c].fate == Fate::Dead ? 1 : 0);
      EXPECT_EQ(run.tally.combatants[c].down, replay.results[c].fate == Fate::Down ? 1 : 0);
      EXPECT_EQ(run.tally.combatants[c].figures[0], replay.results[c].figures & 1u);
    }
  }
  EXPECT_TRUE(seen_hit && seen_morale && seen_flight && seen_death_table);
}

}  // namespace
}  // namespace arena::knave
