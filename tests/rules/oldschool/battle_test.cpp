// The old-school battle rules with scripted dice: the hit roll, hit points,
// death, the turn order (listed, and side initiative with its coin), the
// round limit.
#include "rules/oldschool/battle.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <vector>

#include "arena/load.hpp"
#include "arena/replay.hpp"
#include "arena/rulesets.hpp"
#include "arena/scripted_dice.hpp"
#include "test_util.hpp"

namespace arena::oldschool {
namespace {

using testing::load;

// "{ "name": NAME, "level": L, "weapon": W, "armor": A, ... }"
std::string fighter(const std::string& name, int level, const std::string& weapon,
                    const std::string& armor, const std::string& extra = "") {
  return R"({ "name": ")" + name + R"(", "level": )" + std::to_string(level) + R"(, "weapon": ")" +
         weapon + R"(", "armor": ")" + armor + R"(")" + extra + " }";
}

std::string encounter(const std::string& first, const std::string& second,
                      const std::string& top_level = "") {
  return testing::duel_json(first, second, R"("rules": "oldschool", )" + top_level);
}

// Every attack of a battle, as "attacker>target:d20/needed=damage", and every death.
struct Recorder : NoEvents {
  std::vector<std::string> lines;
  void attack(int attacker, int target, int d20, int needed, int damage) {
    lines.push_back(std::to_string(attacker) + ">" + std::to_string(target) + ":" +
                    std::to_string(d20) + "/" + std::to_string(needed) + "=" +
                    std::to_string(damage));
  }
  void initiative(int faction, int d6) {
    lines.push_back("side " + std::to_string(faction) + " " + std::to_string(d6));
  }
  void initiative_tie(std::span<const int> tied) {
    lines.push_back(fmt::format("tie {}", fmt::join(tied, " ")));
  }
  void dies(int fighter) { lines.push_back("dies " + std::to_string(fighter)); }
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

TEST(OldschoolBattleTest, HitPointsAreLevelD10) {
  const Encounter e = load(encounter(fighter("Bob", 3, "dagger", "none"),
                                     fighter("Al", 1, "dagger", "none"), R"("max_rounds": 1, )"));
  // Bob 3d10 = 4 + 5 + 6, Al 1d10 = 7; round 1: both miss (their damage dice roll anyway).
  ScriptedDice dice{4, 5, 6, 7, 1, 4, 1, 4};
  const Played p = play(e, dice);
  EXPECT_EQ(p.state.fighters[0].max_hp, 15);
  EXPECT_EQ(p.state.fighters[1].max_hp, 7);
  EXPECT_EQ(p.outcome.winner, -1);  // max_rounds 1: a draw
  EXPECT_EQ(p.outcome.rounds, 1);
}

// Level 2 against AC 8 (leather armor): 22 - 2 - 8 = 12. No natural 1 or 20 rule.
TEST(OldschoolBattleTest, HitsOnANeededRollOrMore) {
  const std::string bob = fighter("Bob", 2, "scimitar", "chain mail", R"(, "hp": 30)");
  const std::string alice = fighter("Alice", 1, "short sword", "leather armor", R"(, "hp": 30)");
  const Encounter e = load(encounter(bob, alice, R"("max_rounds": 2, )"));
  // Round 1: Bob d20 11 misses (d8 rolled anyway), Alice d20 20 hits AC 5 (needs 16) for d6 3.
  // Round 2: Bob d20 12 hits for d8 8, Alice d20 1 misses.
  ScriptedDice dice{11, 8, 20, 3, 12, 8, 1, 6};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events,
            (std::vector<std::string>{"0>1:11/12=0", "1>0:20/16=3", "0>1:12/12=8", "1>0:1/16=0"}));
  EXPECT_EQ(p.state.fighters[1].hp, 22);
  EXPECT_EQ(p.state.fighters[0].hp, 27);
  EXPECT_EQ(p.state.fighters[0].damage_dealt, 8);
}

TEST(OldschoolBattleTest, BelowOneHitPointAFighterDiesAndOverkillIsNotCounted) {
  const std::string bob = fighter("Bob", 20, "two-handed sword", "none", R"(, "hp": 10)");
  const std::string al = fighter("Al", 1, "dagger", "none", R"(, "hp": 3)");
  const Encounter e = load(encounter(bob, al));
  ScriptedDice dice{2, 9};  // level 20 always hits: d20 2, 1d10 9 against 3 HP
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (std::vector<std::string>{"0>1:2/-8=9", "dies 1"}));
  EXPECT_TRUE(p.state.fighters[1].dead);
  EXPECT_EQ(p.state.fighters[1].hp, 0);
  EXPECT_EQ(p.state.fighters[0].damage_dealt, 3);
  EXPECT_EQ(p.state.fighters[0].kills, 1);
  EXPECT_EQ(p.outcome.winner, 0);
  EXPECT_EQ(p.outcome.rounds, 1);
}

// Listed order: the Reds' A acts, then the Blues' B and C. A kills B, who
// does not act; C does.
TEST(OldschoolBattleTest, AFighterKilledBeforeItsTurnDoesNotAct) {
  const std::string a = fighter("A", 20, "dagger", "none", R"(, "hp": 20)");
  const std::string b = fighter("B", 1, "dagger", "none", R"(, "hp": 1)");
  const std::string c = fighter("C", 1, "dagger", "none", R"(, "hp": 20)");
  const Encounter e = load(encounter(a, b + ", " + c, R"("max_rounds": 1, )"));
  // A picks the first of two (die 1: B) and hits (d20 5) for d4 2: B dies. C hits A (d20 19,
  // needing 22 - 1 - 10 = 11) for d4 4.
  ScriptedDice dice{1, 5, 2, 19, 4};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (std::vector<std::string>{"0>1:5/-8=2", "dies 1", "2>0:19/11=4"}));
  EXPECT_EQ(p.state.fighters[0].hp, 16);
}

// Side initiative: a d6 per faction (a check), higher first; a tie goes to a coin (a roll).
TEST(OldschoolBattleTest, SideInitiativeOrdersTheFactionsAndBreaksTiesWithACoin) {
  const std::string a = fighter("A", 1, "dagger", "none", R"(, "hp": 20)");
  const std::string b = fighter("B", 1, "dagger", "none", R"(, "hp": 20)");
  const Encounter e = load(encounter(a, b, R"("order": "initiative", "max_rounds": 2, )"));
  ScriptedDice dice{2, 5,        // round 1: A 2, B 5: B first
                    3, 1, 3, 1,  // B misses (d20 3, d4 1), A misses
                    4, 4, 1,     // round 2: tie, the coin (die 1 of 2) swaps them: B first
                    3, 1, 3, 1};
  const Played p = play(e, dice);
  EXPECT_EQ(p.events, (std::vector<std::string>{"side 0 2", "side 1 5", "1>0:3/11=0", "0>1:3/11=0",
                                                "side 0 4", "side 1 4", "tie 1 0", "1>0:3/11=0",
                                                "0>1:3/11=0"}));
  // The replay says how the tie went, as it shows every die.
  std::size_t ties = 0;
  for (std::int64_t i = 0; i < 40 && ties == 0; ++i) {
    const std::string text = replay_battle(e, i).text;
    const std::size_t at = text.find("  Tied: ");
    if (at == std::string::npos) continue;
    ++ties;
    const std::string line = text.substr(at, text.find('\n', at) - at);
    EXPECT_TRUE(line == "  Tied: A acts before B (drawn at random)" ||
                line == "  Tied: B acts before A (drawn at random)")
        << line;
  }
  EXPECT_EQ(ties, 1u) << "no tie in 40 battles of 2 rounds (each round ties 1 in 6)";
}

TEST(OldschoolBattleTest, ReplayTellsTheBattleAsTheSeedDoes) {
  auto loaded =
      load_encounter_file(std::string(ARENA_SOURCE_DIR) + "/scenarios/oldschool-blog.json");
  ASSERT_TRUE(loaded.has_value());
  bool seen_miss = false, seen_hit = false, seen_death = false;
  for (std::int64_t i = 0; i < 20; ++i) {
    const std::string text = replay_battle(*loaded, i).text;
    seen_miss |= text.find("Bob swings at ") != std::string::npos &&
                 text.find(" and misses (d20 ") != std::string::npos;
    seen_hit |= text.find(" attacks Bob for ") != std::string::npos;
    seen_death |= text.find(" dies!\n") != std::string::npos;
    EXPECT_NE(text.find("Fighters:\n  Bob ("), std::string::npos) << text;
    EXPECT_NE(text.find("[Level 2, scimitar, chain mail, Green Banner]"), std::string::npos)
        << text;
    EXPECT_TRUE(text.find("Green Banner wins after ") != std::string::npos ||
                text.find("Mithril Order wins after ") != std::string::npos)
        << text;
  }
  EXPECT_TRUE(seen_miss && seen_hit && seen_death);
}

// A member's own tactics replace its faction's key by key, as in 5e (a
// member giving only "ties" took "random" over its faction's "weakest").
TEST(OldschoolBattleTest, AMembersTacticsFallBackToItsFactionsKeyByKey) {
  const Encounter e = load(R"({ "rules": "oldschool", "factions": [
      { "name": "A", "tactics": { "target": "weakest" }, "members": [
          { "name": "Bob", "level": 1, "weapon": "dagger", "armor": "none",
            "tactics": { "ties": "first" } } ] },
      { "name": "B", "members": [
          { "name": "Eve", "level": 1, "weapon": "dagger", "armor": "none" } ] } ] })");
  EXPECT_EQ(fighter_of(e, 0).tactics.target, TargetPolicy::Weakest);
  EXPECT_EQ(fighter_of(e, 0).tactics.ties, TiePolicy::First);
}

// What replay and validate say of a fighter who cannot miss, one round, and
// a member's own tactics: "needs 1" (not -8), "1 round", its tactics shown.
TEST(OldschoolBattleTest, ReplayAndValidateSayWhatTheyMeanAtTheEdges) {
  const Encounter e = load(
      encounter(fighter("Bob", 20, "dagger", "none", R"(, "tactics": {"target": "lowest_ac"})"),
                fighter("Alice", 1, "dagger", "none", R"(, "hp": 200)"), R"("max_rounds": 1, )"));
  const std::string text = replay_battle(e, 0).text;
  EXPECT_NE(text.find("(d20 "), std::string::npos) << text;
  EXPECT_NE(text.find(", needs 1)"), std::string::npos) << text;
  EXPECT_EQ(text.find("needs -"), std::string::npos) << text;
  EXPECT_NE(text.find("Draw after 1 round\n"), std::string::npos) << text;
  const std::string described = describe_factions(e);
  EXPECT_NE(described.find("dagger 1d4: hits AC 10 on any d20\n    tactics: lowest_ac\n"),
            std::string::npos)
      << described;
  EXPECT_NE(described.find("hits AC 10 on a d20 of 11 or more\n"), std::string::npos) << described;
}

}  // namespace
}  // namespace arena::oldschool
