// Each creature's fate (standing, down, dead) at the end of a 5e battle:
// the death saves of PCs left at 0 HP played out, an ally stabilising them,
// "downed": "finish", kills and knock-outs credited, stalemates (scripted
// dice); and ties broken at random, so that identical goblins share one
// fate under every targeting policy (seeded runs, statistical bounds).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "arena/replay.hpp"
#include "arena/runner.hpp"
#include "arena/scripted_dice.hpp"
#include "rules/dnd5e/battle.hpp"
#include "rules/dnd5e/describe.hpp"
#include "rules/dnd5e/dnd5e_test_util.hpp"
#include "rules/dnd5e/ruleset.hpp"

namespace arena::dnd5e {
namespace {

using testing::duel_json;
using testing::load;

// An inline stat block with one melee attack "Hit" (+to_hit, damage).
std::string creature(const std::string& name, int hp, int initiative, int to_hit,
                     const std::string& damage, const std::string& extra = "") {
  return R"({ "name": ")" + name + R"(", "hp": )" + std::to_string(hp) +
         R"(, "ac": 10, "initiative": )" + std::to_string(initiative) +
         R"(, "attacks": [ { "name": "Hit", "to_hit": )" + std::to_string(to_hit) +
         R"(, "damage": ")" + damage + R"(" } ])" + extra + " }";
}

// The attack rolls of a battle, and who stabilised whom.
struct Recorded : NoEvents {
  std::vector<AttackRoll> attacks;
  std::vector<std::pair<int, int>> stabilised;
  bool aftermath_seen = false;
  void attack(int, int, int, const AttackRoll& roll, int, int) { attacks.push_back(roll); }
  void aftermath() { aftermath_seen = true; }
  void stabilises(int by, int ally) { stabilised.emplace_back(by, ally); }
};

struct Played {
  BattleOutcome outcome;
  BattleState state;
  Recorded events;
  std::vector<CombatantResult> results;
};

// `battles` seeded battles of `encounter` on one thread: their tally.
Tally run_tally(const Encounter& encounter, std::int64_t battles) {
  RunOptions options;
  options.battles = battles;
  options.threads = 1;
  return run_battles(encounter, options).tally;
}

Played play(const Encounter& encounter, std::vector<int> script) {
  const BattlePlan plan(encounter);
  ScriptedDice dice(std::move(script));
  Played p;
  p.outcome = play_battle(plan, p.state, dice, p.events);
  EXPECT_EQ(dice.remaining(), 0u) << "the script has unused rolls";
  p.results.resize(encounter.combatants.size());
  Engine::results(plan, p.state, p.results);
  return p;
}

// A hero (PC, 10 HP, +0 to hit) against an ogre who drops it in one blow
// (1d4 + 8 from 10 HP: exactly 0, unconscious) and wins.
const std::string kHero = creature("Hero", 10, 5, 0, "1d4", R"(, "pc": true)");
const std::string kOgre = creature("Ogre", 20, 0, 10, "1d4+8");
// Initiative Hero 15, Ogre 10; the hero misses (2); the ogre hits (15) for 2 + 8.
const std::vector<int> kOgreDropsHero = {10, 10, 2, 15, 2};

std::vector<int> then(std::vector<int> script, std::initializer_list<int> more) {
  script.insert(script.end(), more);
  return script;
}

TEST(FateTest, APcDroppedInALostBattlePlaysOutItsSavesToDeath) {
  const Encounter e = load(duel_json(kHero, kOgre));
  const Played p = play(e, then(kOgreDropsHero, {5, 5, 5}));  // three failed death saves
  EXPECT_EQ(p.outcome.winner, 1);
  EXPECT_EQ(p.outcome.rounds, 1);  // the saves come after the battle
  EXPECT_TRUE(p.events.aftermath_seen);
  EXPECT_TRUE(p.state.combatants[0].dead);
  EXPECT_EQ(p.results[0].fate, Fate::Dead);
  EXPECT_EQ(p.results[1].fate, Fate::Standing);
  // The ogre took the hero to 0 HP: a knock-out, and a kill once the saves failed.
  EXPECT_EQ(p.results[1].knockouts, 1);
  EXPECT_EQ(p.results[1].kills, 1);
}

TEST(FateTest, APcDroppedInALostBattlePlaysOutItsSavesToStable) {
  const Encounter e = load(duel_json(kHero, kOgre));
  const Played p = play(e, then(kOgreDropsHero, {15, 1, 12, 10}));  // success, two failures, two
  EXPECT_EQ(p.outcome.winner, 1);
  EXPECT_TRUE(p.state.combatants[0].stable);
  EXPECT_EQ(p.state.combatants[0].death_failures, 0);  // stable: the counts back at 0
  EXPECT_EQ(p.results[0].fate, Fate::Down);
  EXPECT_EQ(p.results[1].knockouts, 1);
  EXPECT_EQ(p.results[1].kills, 0);  // alive at the end: no kill
}

TEST(FateTest, ANaturalTwentyAfterTheBattleWakesThePcStanding) {
  const Encounter e = load(duel_json(kHero, kOgre));
  const Played p = play(e, then(kOgreDropsHero, {20}));
  EXPECT_EQ(p.outcome.winner, 1);  // the outcome stands
  EXPECT_EQ(p.state.combatants[0].hp, 1);
  EXPECT_EQ(p.results[0].fate, Fate::Standing);
}

TEST(FateTest, APcInAWonBattleIsStabilisedByAnAlly) {
  const std::string party = creature("Ally", 30, 8, 10, "1d4+30") + ", " +
                            creature("Hero", 10, 5, 0, "1d4", R"(, "pc": true)");
  const Encounter e = load(duel_json(party, kOgre));
  const Played p = play(e, {10, 10, 10,  // initiative: Ally 18, Hero 15, Ogre 10
                            1,           // the Ally rolls a natural 1
                            2,           // the Hero misses
                            2, 15, 2,    // the Ogre picks the Hero (2 of 2), drops it
                            15, 1,       // round 2: the Ally kills the Ogre (31)
                            5});         // the Hero's turn comes next: a failed death save
  EXPECT_EQ(p.outcome.winner, 0);
  EXPECT_EQ(p.outcome.rounds, 2);
  // The Ally, who ended the battle, acts after the Hero's save.
  EXPECT_EQ(p.events.stabilised, (std::vector<std::pair<int, int>>{{0, 1}}));
  EXPECT_TRUE(p.state.combatants[1].stable);
  EXPECT_EQ(p.state.combatants[1].death_failures, 0);  // stable: the failure is forgotten
  EXPECT_EQ(p.results[1].fate, Fate::Down);
  EXPECT_EQ(p.results[2].fate, Fate::Dead);
  EXPECT_EQ(p.results[0].kills, 1);
  EXPECT_EQ(p.results[2].knockouts, 1);
  EXPECT_EQ(p.results[2].kills, 0);
}

// "finish": the ogre attacks the hero at 0 HP with advantage; a melee hit
// is a critical and costs two failed death saves.
TEST(FateTest, FinishAttacksADownedPcWithAdvantageAndAutoCriticals) {
  const std::string hero = creature("Hero", 20, 0, 0, "1d4", R"(, "pc": true)");
  const std::string ogre =
      creature("Ogre", 30, 5, 5, "1d4+16", R"(, "tactics": { "downed": "finish" })");
  const Encounter e = load(duel_json(hero, ogre));
  const Played p = play(e, {10, 10,  // initiative: Hero 10, Ogre 15
                            15, 4,   // the Ogre hits for 20: the Hero at 0 HP, unconscious
                            5,       // after the battle, the Hero's turn first: a failure
                            3, 12,   // the Ogre's: advantage, 12 + 5 hits
                            1, 1});  // a critical: 1d4 twice + 16 = 18, below the HP maximum
  EXPECT_EQ(p.outcome.winner, 1);
  ASSERT_EQ(p.events.attacks.size(), 2u);
  const AttackRoll& finish = p.events.attacks[1];
  EXPECT_EQ(finish.mode, RollMode::Advantage);
  EXPECT_EQ(finish.natural, 12);
  EXPECT_TRUE(finish.hit);
  EXPECT_TRUE(finish.critical);
  EXPECT_TRUE(p.state.combatants[0].dead);
  EXPECT_EQ(p.state.combatants[0].death_failures, 3);  // one rolled, two from the critical
  EXPECT_EQ(p.results[0].fate, Fate::Dead);
  EXPECT_EQ(p.results[1].kills, 1);
}

// Sneak Attack comes once per turn, after the battle too: the spy used it
// on the turn that dropped the hero, and its finishing blow in the
// aftermath (advantage, a critical) adds it again, dice twice.
TEST(FateTest, SneakAttackComesAgainOnAFinishingTurnAfterTheBattle) {
  const std::string spy = R"({"monster": "spy", "initiative": 2, "tactics": {"downed": "finish"},
      "attacks": [{"name": "Stab", "to_hit": 5, "damage": "1d6+2 piercing"}]})";
  const std::string helper = creature("Helper", 10, -5, -10, "1");
  const std::string hero = creature("Hero", 10, 0, 0, "1d4", R"(, "pc": true)");
  const Encounter e = load(duel_json(spy + ", " + helper, hero));
  const Played p = play(e, {10, 10, 10,    // initiative: Spy 12, Hero 10, Helper 5
                            15, 3, 3, 3,   // the Stab hits: 3 + 2 and Sneak Attack (ally up) 6
                            5,             // after the battle, the Hero's turn: a failure
                            12, 3,         // the Spy's: advantage, a hit, a critical
                            1, 1,          // 1d6 twice + 2
                            1, 1, 1, 1});  // and Sneak Attack again, 2d6 twice: two failures
  EXPECT_EQ(p.outcome.winner, 0);
  ASSERT_EQ(p.events.attacks.size(), 2u);
  EXPECT_TRUE(p.events.attacks[1].critical);
  EXPECT_TRUE(p.state.combatants[2].dead);
}

// `arena validate` shows ties and downed where they are not the defaults.
TEST(FateTest, ValidateShowsTiesAndDowned) {
  const std::string ogre = creature("Ogre", 30, 5, 5, "1d4+16",
                                    R"(, "tactics": { "ties": "first", "downed": "finish" })");
  const Encounter e = load(duel_json(kHero, ogre));
  const nlohmann::json factions = dnd5e::describe_factions_json(e);
  EXPECT_EQ(factions[0]["tactics"], nlohmann::json({{"target", "random"}}));
  EXPECT_EQ(factions[1]["creatures"][0]["tactics"],
            nlohmann::json({{"target", "random"}, {"ties", "first"}, {"downed", "finish"}}));
}

TEST(FateTest, WithoutFinishNoOneAttacksADownedPc) {
  const std::string hero = creature("Hero", 20, 0, 0, "1d4", R"(, "pc": true)");
  const Encounter e = load(duel_json(hero, creature("Ogre", 30, 5, 5, "1d4+16")));
  const Played p = play(e, {10, 10, 15, 4, 12, 12, 12});  // only the Hero's saves follow
  EXPECT_EQ(p.events.attacks.size(), 1u);
  EXPECT_EQ(p.results[0].fate, Fate::Down);
}

// Fire against a creature immune to fire, cold against one immune to cold:
// no one can change anyone's hit points, so the battle ends at once.
TEST(FateTest, ABattleNoOneCanHurtAnyoneEndsAtOnceAsAStalemate) {
  const std::string a = creature("A", 10, 0, 5, "1d6 fire", R"(, "immunities": ["cold"])");
  const std::string b = creature("B", 10, 0, 5, "1d6 cold", R"(, "immunities": ["fire"])");
  const Encounter e = load(duel_json(a, b));
  const Played p = play(e, {10, 12});  // initiative only
  EXPECT_EQ(p.outcome.winner, -1);
  EXPECT_TRUE(p.outcome.stalemate);
  EXPECT_EQ(p.outcome.rounds, 0);
  const Tally tally = run_tally(e, 100);
  EXPECT_EQ(tally.draws, 100);
  EXPECT_EQ(tally.stalemates, 100);
  EXPECT_EQ(tally.rounds.max(), 0);
  const std::string text = replay_battle(e, 0).text;
  EXPECT_TRUE(text.ends_with("Stalemate after 0 rounds: no one left can harm an enemy (a draw)\n"))
      << text;
}

// Who can hurt whom counts silver and riders: a silvered sword gets past a
// werewolf's immunity to nonmagical slashing that isn't silvered, and a
// bite whose piercing the foe is immune to still poisons it on a failed
// save. Neither battle is a stalemate.
TEST(FateTest, SilverAndRidersCanHurtForTheStalemateToo) {
  const Encounter silver = load(duel_json(
      R"({"name": "Hunter", "hp": 30, "ac": 14, "immunities": ["fire"],
          "attacks": [{"name": "Silver sword", "to_hit": 5, "damage": "1d8+3 slashing", "silvered": true}]})",
      R"({"monster": "human form werewolf", "attacks": [{"name": "Torch", "to_hit": 4, "damage": "1d4 fire"}]})"));
  const BattlePlan silver_plan(silver);
  EXPECT_TRUE(silver_plan.harms.harms(0, 1));
  EXPECT_FALSE(silver_plan.harms.harms(1, 0));
  const Tally hunted = run_tally(silver, 200);
  EXPECT_EQ(hunted.stalemates, 0);
  EXPECT_EQ(hunted.factions[0].wins, 200);
  const Encounter rider =
      load(duel_json(R"({"monster": "giant spider", "immunities": ["fire"]})",
                     R"({"name": "Golem", "hp": 30, "ac": 10, "immunities": ["piercing"],
          "attacks": [{"name": "Torch", "to_hit": 4, "damage": "1d4 fire"}]})"));
  EXPECT_TRUE(BattlePlan(rider).harms.harms(0, 1));
}

// A dying PC may get up with a natural 20 and fight on: a battle in which
// no one standing can hurt an enemy waits until it is dead or stable.
TEST(FateTest, ADyingPcPutsOffTheStalemate) {
  const std::string hero = creature("Hero", 10, 0, 5, "1d6 cold", R"(, "pc": true)");
  const std::string mate = creature("Mate", 30, 0, 5, "1d6 fire", R"(, "immunities": ["cold"])");
  const std::string foe = creature("Foe", 30, 0, 5, "1d6 cold", R"(, "immunities": ["fire"])");
  testing::Table t(load(duel_json(hero + ", " + mate, foe)));
  const auto stalled = [&] { return detail::stalled<false, false>(t.plan, t.state); };
  EXPECT_FALSE(stalled());  // the Foe hurts the Hero
  t[0].hp = 0;
  t.state.standing.drops(0);
  EXPECT_FALSE(stalled());  // dying, and its cold hurts the Foe once it is up
  t[0].stable = true;
  EXPECT_TRUE(stalled());
  t[0].stable = false;
  t[0].dead = true;
  EXPECT_TRUE(stalled());
}

TEST(FateTest, OneWhoCanHurtTheOtherIsNoStalemate) {
  const std::string a = creature("A", 10, 0, 5, "1d6 fire");
  const std::string b = creature("B", 10, 0, 5, "1d6 cold", R"(, "immunities": ["fire"])");
  const Encounter e = load(duel_json(a, b));
  const Tally tally = run_tally(e, 100);
  EXPECT_EQ(tally.stalemates, 0);
  EXPECT_EQ(tally.factions[1].wins, 100);
}

// The goblin ambush with the heroes' faction tactics set to `policy` (and
// `ties`); the goblin boss keeps its own.
Encounter ambush(const std::string& policy, const std::string& ties) {
  std::ifstream in(std::string(ARENA_SOURCE_DIR) + "/scenarios/goblin-ambush.json");
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json json = nlohmann::json::parse(text.str());
  json["factions"][0]["tactics"] = {{"target", policy}, {"ties", ties}};
  return load(json.dump());
}

// Six identical goblins (7 HP, AC 15, one place each in the file) get the
// same fate under every policy: each one's death probability is within 4.5
// standard errors of the six's mean. (For exchangeable goblins the variance
// of one's share minus the mean is at most p(1-p)/n.) With ties to the first
// in the file, "weakest" kills goblin 1 far more often than goblin 6.
TEST(FateTest, IdenticalGoblinsShareOneFateUnderEveryTargetingPolicy) {
  constexpr std::int64_t kBattles = 20000;
  for (const char* policy : {"random", "weakest", "strongest", "lowest_ac", "focus"}) {
    RunOptions options;
    options.battles = kBattles;
    const Tally tally = run_battles(ambush(policy, "random"), options).tally;
    double mean = 0;
    for (int g = 4; g < 10; ++g) mean += static_cast<double>(tally.combatants[g].dead) / 6;
    mean /= kBattles;
    const double se = std::sqrt(mean * (1 - mean) / kBattles);
    for (int g = 4; g < 10; ++g) {
      const double p = static_cast<double>(tally.combatants[g].dead) / kBattles;
      EXPECT_LE(std::abs(p - mean), 4.5 * se)
          << policy << ": goblin " << g - 3 << " dies with " << p << ", the six " << mean;
    }
  }
  RunOptions options;
  options.battles = kBattles;
  const Tally first = run_battles(ambush("weakest", "first"), options).tally;
  EXPECT_GT(first.combatants[4].dead, first.combatants[9].dead + kBattles / 10);
}

}  // namespace
}  // namespace arena::dnd5e
