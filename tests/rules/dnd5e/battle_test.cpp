// The battle loop: initiative, turns, multiattack, tactics, the end of a
// battle (scripted dice), and invariants over many seeded random battles.
#include "rules/dnd5e/battle.hpp"

#include <gtest/gtest.h>

#include <span>
#include <vector>

#include "arena/battle_dice.hpp"
#include "arena/scripted_dice.hpp"
#include "rules/dnd5e/dnd5e_test_util.hpp"
#include "rules/dnd5e/shared_engines.hpp"

namespace arena::dnd5e {
namespace {

using testing::duel_json;
using testing::load;

// An inline stat block: one attack "Hit" (+to_hit, damage), no abilities.
std::string fighter(const std::string& name, int hp, int ac, int initiative, int to_hit,
                    const std::string& damage, const std::string& extra = "") {
  return R"({ "name": ")" + name + R"(", "hp": )" + std::to_string(hp) + R"(, "ac": )" +
         std::to_string(ac) + R"(, "initiative": )" + std::to_string(initiative) +
         R"(, "attacks": [ { "name": "Hit", "to_hit": )" + std::to_string(to_hit) +
         R"(, "damage": ")" + damage + R"(" } ])" + extra + " }";
}

struct Played {
  BattleOutcome outcome;
  BattleState state;
};

Played play(const Encounter& encounter, ScriptedDice& dice) {
  const BattlePlan plan(encounter);
  Played played;
  played.outcome = play_battle(plan, played.state, dice);
  EXPECT_EQ(dice.remaining(), 0u) << "the script has unused rolls";
  return played;
}

TEST(BattleTest, InitiativeOrdersByTotal) {
  const Encounter e =
      load(duel_json(fighter("A", 5, 10, 0, 5, "1d6"), fighter("B", 5, 10, 3, 5, "1d6")));
  ScriptedDice dice{15, 10,  // A 15, B 13: A first
                    12, 6,   // A hits B for 6: B drops
                    /*B never acts*/};
  const Played p = play(e, dice);
  EXPECT_EQ(p.state.order, (std::vector<int>{0, 1}));
  EXPECT_EQ(p.outcome.winner, 0);
  EXPECT_EQ(p.outcome.rounds, 1);
}

TEST(BattleTest, InitiativeTiesGoToTheHigherModifier) {
  const Encounter e =
      load(duel_json(fighter("A", 5, 10, 0, 5, "1d6"), fighter("B", 5, 10, 3, 5, "1d6")));
  ScriptedDice dice{13, 10,  // both 13: B's +3 beats A's +0
                    12, 6};  // B hits A for 6
  const Played p = play(e, dice);
  EXPECT_EQ(p.state.order, (std::vector<int>{1, 0}));
  EXPECT_EQ(p.outcome.winner, 1);
}

TEST(BattleTest, NegativeInitiativeTotalsOrderByTotalThenModifier) {
  const Encounter e = load(duel_json(fighter("A", 5, 10, -5, 5, "1d6"),
                                     fighter("B", 5, 10, -4, 5, "1d6", R"(, "count": 2)")));
  ScriptedDice dice{2,  1, 3,  // A -3, B 1 -3 (the higher modifier), B 2 -1: no full tie, no coin
                    12, 6,     // B 2 hits A for 6: A drops
                    /*B 1 and A never act*/};
  const Played p = play(e, dice);
  EXPECT_EQ(p.state.order, (std::vector<int>{2, 1, 0}));
  EXPECT_EQ(p.outcome.winner, 1);
  ScriptedDice tied{2,  1, 1,  // A -3, both Bs -3: a full tie of the Bs, before A
                    2,         // the coin keeps B 1 first
                    12, 6};    // B 1 hits A for 6
  EXPECT_EQ(play(e, tied).state.order, (std::vector<int>{1, 2, 0}));
}

TEST(BattleTest, FullInitiativeTiesGoToAFairCoin) {
  const Encounter e =
      load(duel_json(fighter("A", 5, 10, 2, 5, "1d6"), fighter("B", 5, 10, 2, 5, "1d6")));
  ScriptedDice b_first{10, 10, 1,  // tie; the shuffle swaps (die(2) = 1)
                       12, 6};
  EXPECT_EQ(play(e, b_first).state.order, (std::vector<int>{1, 0}));
  ScriptedDice a_first{10, 10, 2, 12, 6};
  EXPECT_EQ(play(e, a_first).state.order, (std::vector<int>{0, 1}));
}

TEST(BattleTest, TurnsAlternateUntilOneFactionIsOut) {
  const Encounter e =
      load(duel_json(fighter("A", 6, 12, 5, 4, "1d6"), fighter("B", 4, 12, 0, 4, "1d4")));
  ScriptedDice dice{
      10, 10,    // A first
      5,         // A misses (9 < 12)
      8,  3,     // B hits (12) for 3: A has 3
      8,  3,     // A hits for 3: B has 1
      1,         // B rolls a natural 1
      20, 1,  1  // A crits: 1 + 1 = 2, B dies
  };
  const Played p = play(e, dice);
  EXPECT_EQ(p.outcome.winner, 0);
  EXPECT_EQ(p.outcome.rounds, 3);
  EXPECT_EQ(p.state.combatants[0].hp, 3);
  EXPECT_TRUE(p.state.combatants[1].dead);
  EXPECT_EQ(p.state.combatants[0].damage_dealt, 4);  // 3 + 1: overkill not counted
  EXPECT_EQ(p.state.combatants[0].damage_taken, 3);
  EXPECT_EQ(p.state.combatants[0].knockouts, 1);
}

TEST(BattleTest, MaxRoundsEndInADraw) {
  const Encounter e = load(duel_json(fighter("A", 5, 30, 5, 0, "1d4"),
                                     fighter("B", 5, 30, 0, 0, "1d4"), R"("max_rounds": 2, )"));
  ScriptedDice dice{10, 10, 5, 5, 5, 5};  // initiative, then four misses
  const Played p = play(e, dice);
  EXPECT_EQ(p.outcome.winner, -1);
  EXPECT_EQ(p.outcome.rounds, 2);
}

TEST(BattleTest, MultiattackMakesEveryAttackAndRetargetsWhenTheTargetDrops) {
  const Encounter e =
      load(duel_json(fighter("A", 9, 10, 5, 5, "1d4", R"(, "multiattack": ["Hit", "Hit"])"),
                     fighter("B", 1, 10, 0, 0, "1d4", R"(, "count": 2)")));
  ScriptedDice dice{10, 2, 2,  // initiative: A 15, B 1 and B 2 tied at 2
                    2,         // the coin keeps B 1 before B 2
                    1,         // A targets the first of two candidates: B 1
                    15, 3,     // first attack drops B 1
                    15, 2};    // second attack goes to B 2 (only candidate)
  const Played p = play(e, dice);
  EXPECT_EQ(p.outcome.winner, 0);
  EXPECT_TRUE(p.state.combatants[1].dead);
  EXPECT_TRUE(p.state.combatants[2].dead);
  EXPECT_EQ(p.state.combatants[0].knockouts, 2);
}

TEST(BattleTest, DownedPlayerCharacterRollsDeathSavesWhileAnAllyFights) {
  const Encounter e =
      load(duel_json(fighter("Hero", 12, 10, 5, 0, "1d4", R"(, "pc": true)") + ", " +
                         fighter("Ally", 10, 30, 4, 0, "1d4"),
                     fighter("Ogre", 20, 10, 0, 10, "1d4+10"), R"("max_rounds": 3, )"));
  ScriptedDice dice{10, 10, 10,  // initiative: Hero 15, Ally 14, Ogre 10
                    2,  2,       // round 1: Hero and Ally miss
                    1,  15, 1,   // the Ogre picks Hero (first of two) and hits for 11: 1 HP left
                    2,  2,       // round 2: misses
                    1,  15, 2,   // the Ogre hits Hero for 12: 11 beyond 0 < 12, unconscious
                    12,          // round 3: Hero's death save succeeds
                    2,           // Ally misses
                    5,           // the Ogre's only target is Ally (AC 30): miss
                    12, 12};     // after the draw, Hero's saves play out: stable
  const Played p = play(e, dice);
  EXPECT_EQ(p.outcome.winner, -1);  // max_rounds
  EXPECT_FALSE(p.state.combatants[0].dead);
  EXPECT_EQ(p.state.combatants[0].hp, 0);
  EXPECT_TRUE(p.state.combatants[0].stable);
  // Stable: both counts back at 0 (SRD), so a later hit starts them afresh.
  EXPECT_EQ(p.state.combatants[0].death_successes, 0);
  EXPECT_EQ(p.state.combatants[0].death_failures, 0);
}

TEST(BattleTest, MassiveDamageKillsAPlayerCharacterInBattle) {
  const Encounter e = load(duel_json(fighter("Hero", 5, 10, 5, 0, "1d4", R"(, "pc": true)"),
                                     fighter("Ogre", 20, 10, 0, 10, "1d4+10")));
  ScriptedDice dice{10, 10, 2, 15, 1};  // Hero misses; the Ogre hits for 11: 6 beyond 0 >= 5
  const Played p = play(e, dice);
  EXPECT_TRUE(p.state.combatants[0].dead);
  EXPECT_EQ(p.state.combatants[1].knockouts, 1);
}

TEST(BattleTest, AFactionWhoseMembersAreAllDownIsOut) {
  const Encounter e = load(duel_json(fighter("Hero", 5, 10, 5, 0, "1d4", R"(, "pc": true)"),
                                     fighter("Ogre", 20, 10, 0, 10, "1d4+4")));
  ScriptedDice dice{10, 10, 2, 15, 2,  // Hero misses; Ogre drops Hero (6: 1 beyond 0)
                    15, 15, 15};       // after the battle: three successes
  const Played p = play(e, dice);
  EXPECT_EQ(p.outcome.winner, 1);
  EXPECT_EQ(p.outcome.rounds, 1);
  EXPECT_FALSE(p.state.combatants[0].dead);  // stable, not dead
}

TEST(TacticsTest, WeakestStrongestAndLowestAcPickTheirTargets) {
  const std::string foes = fighter("Big", 30, 12, 0, 0, "1d4") + ", " +
                           fighter("Small", 5, 16, 0, 0, "1d4") + ", " +
                           fighter("Soft", 10, 8, 0, 0, "1d4");
  for (auto [policy, expected] : {std::pair{"weakest", 2}, {"strongest", 1}, {"lowest_ac", 3}}) {
    const Encounter e =
        load(duel_json(fighter("A", 10, 10, 0, 0, "1d4",
                               std::string(R"(, "tactics": { "target": ")") + policy + R"(" })"),
                       foes));
    BattlePlan plan(e);
    BattleState state;
    state.reset(plan);
    for (std::size_t c = 0; c < e.combatants.size(); ++c)
      state.combatants[c].hp = creature_of(e, static_cast<int>(c)).hp.flat();
    ScriptedDice none{};
    EXPECT_EQ(choose_target(plan, state, 0, none), expected) << policy;
  }
}

// Three identical enemies are all the weakest: a die picks among them, or
// with "ties": "first" the earliest takes it without one. A tie on AC goes
// to the lower HP first, with no die.
TEST(TacticsTest, TiesGoToADieOrToTheFirst) {
  for (const char* ties : {"random", "first"}) {
    const Encounter e = load(duel_json(
        fighter("A", 10, 10, 0, 0, "1d4",
                std::string(R"(, "tactics": { "target": "weakest", "ties": ")") + ties + R"(" })"),
        fighter("B", 10, 10, 0, 0, "1d4", R"(, "count": 3)")));
    BattlePlan plan(e);
    BattleState state;
    state.reset(plan);
    for (auto& c : state.combatants) c.hp = 10;
    ScriptedDice dice = std::string(ties) == "random" ? ScriptedDice{2} : ScriptedDice{};
    EXPECT_EQ(choose_target(plan, state, 0, dice), std::string(ties) == "random" ? 2 : 1) << ties;
    EXPECT_EQ(dice.remaining(), 0u) << ties;
    state.combatants[3].hp = 4;  // no tie left: no die
    EXPECT_EQ(choose_target(plan, state, 0, dice), 3) << ties;
  }
  const Encounter e =
      load(duel_json(fighter("A", 10, 10, 0, 0, "1d4", R"(, "tactics": { "target": "lowest_ac" })"),
                     fighter("B", 10, 12, 0, 0, "1d4") + ", " + fighter("C", 10, 12, 0, 0, "1d4")));
  BattlePlan plan(e);
  BattleState state;
  state.reset(plan);
  state.combatants[1].hp = 9;
  state.combatants[2].hp = 8;
  ScriptedDice none{};
  EXPECT_EQ(choose_target(plan, state, 0, none), 2);
}

TEST(TacticsTest, FocusKeepsTheFactionTargetUntilItDrops) {
  const Encounter e = load(duel_json(
      fighter("A", 10, 10, 0, 0, "1d4", R"(, "count": 2, "tactics": { "target": "focus" })"),
      fighter("B", 10, 10, 0, 0, "1d4", R"(, "count": 3)")));
  BattlePlan plan(e);
  BattleState state;
  state.reset(plan);
  for (auto& c : state.combatants) c.hp = 10;
  ScriptedDice dice{2, 2};
  EXPECT_EQ(choose_target(plan, state, 0, dice), 3);  // the second of B 1..3
  EXPECT_EQ(choose_target(plan, state, 1, dice), 3);  // the ally follows without a roll
  state.combatants[3].hp = 0;
  state.standing.drops(3);
  EXPECT_EQ(choose_target(plan, state, 1, dice), 4);  // B 2 dropped: the second of B 1, B 3
  EXPECT_EQ(dice.remaining(), 0u);
}

// Which purpose each die was drawn for: 'c' a check, 'r' any other die.
struct PurposeDice {
  std::string purposes;
  int check(int) { return purposes += 'c', 1; }
  int roll(int) { return purposes += 'r', 1; }
};

TEST(TacticsTest, ARandomPickAmongTwentyEnemiesIsNotACheck) {
  const Encounter e = load(duel_json(fighter("A", 10, 10, 0, 0, "1d4"),
                                     fighter("B", 10, 10, 0, 0, "1d4", R"(, "count": 20)")));
  BattlePlan plan(e);
  BattleState state;
  state.reset(plan);
  for (auto& c : state.combatants) c.hp = 10;
  PurposeDice dice;
  EXPECT_EQ(choose_target(plan, state, 0, dice), 1);
  EXPECT_EQ(dice.purposes, "r");
}

TEST(TacticsTest, ChoosesTheActionWithTheHighestExpectedDamage) {
  const Encounter e = load(duel_json(
      R"({ "name": "A", "hp": 10, "ac": 10, "attacks": [
            { "name": "Fire", "to_hit": 5, "damage": "2d6 fire" },
            { "name": "Club", "to_hit": 5, "damage": "1d6 bludgeoning" } ] })",
      R"({ "name": "Imp", "hp": 10, "ac": 10, "immunities": ["fire"], "attacks": [ { "name": "x", "to_hit": 0, "damage": "1" } ] },
         { "name": "Man", "hp": 10, "ac": 10, "attacks": [ { "name": "x", "to_hit": 0, "damage": "1" } ] })"));
  const BattlePlan plan(e);
  BattleState state;
  state.reset(plan);
  EXPECT_STREQ(detail::choose_action(plan, state, 0, 1)->name, "Club");
  EXPECT_STREQ(detail::choose_action(plan, state, 0, 2)->name, "Fire");
}

// Checks the rules' invariants at every attack of a battle.
struct InvariantChecker : NoEvents {
  const Encounter* encounter;
  const BattleState* state;
  int attacks = 0;
  void initiative(int, int d20, int) { EXPECT_TRUE(d20 >= 1 && d20 <= 20); }
  // The standing lists the targeting reads are those who can act.
  void round_begins(int round) {
    EXPECT_LE(round, encounter->max_rounds);
    for (std::size_t f = 0; f < encounter->factions.size(); ++f) {
      std::vector<int> can_act;
      for (std::size_t c = 0; c < state->combatants.size(); ++c) {
        if (encounter->combatants[c].faction != static_cast<int>(f) &&
            state->combatants[c].can_act())
          can_act.push_back(static_cast<int>(c));
      }
      const std::span<const int> listed = state->standing.enemies_of(static_cast<int>(f));
      EXPECT_EQ(std::vector<int>(listed.begin(), listed.end()), can_act);
    }
  }
  void attack(int attacker, int target, int, const AttackRoll& roll, int damage, int hp_left) {
    ++attacks;
    const CombatantState& a = state->combatants[attacker];
    EXPECT_TRUE(a.can_act()) << "the dead or unconscious never attack";
    EXPECT_NE(encounter->combatants[attacker].faction, encounter->combatants[target].faction);
    EXPECT_GE(damage, 0);
    EXPECT_GE(hp_left, 0);
    EXPECT_LE(hp_left, state->combatants[target].max_hp);
    if (!roll.hit) {
      EXPECT_EQ(damage, 0);
    }
    if (roll.natural == 1) {
      EXPECT_FALSE(roll.hit);
    }
  }
  void falls(int creature, bool dead) { EXPECT_EQ(state->combatants[creature].dead, dead); }
  void death_save(int creature, int, DeathSaveResult) {
    EXPECT_TRUE(creature_of(*encounter, creature).pc);
  }
  void ends(const BattleOutcome&) {}
};

// The plan's defences (looked up per target, type and source, and skipped
// for a target that has none) are the stat block's, for creatures with and
// without them.
TEST(BattlePlanTest, DefencesAreTheStatBlocks) {
  int with = 0, without = 0;
  for (const char* name :
       {"undead-horde", "young-dragon-party", "troll-hunt", "guards-vs-goblins"}) {
    const std::string path = std::string(ARENA_SOURCE_DIR) + "/scenarios/" + name + ".json";
    auto loaded = load_encounter_file(path);
    ASSERT_TRUE(loaded.has_value()) << path;
    const BattlePlan plan(*loaded);
    for (int c = 0; c < plan.creature_count(); ++c) {
      const Creature& creature = creature_of(*loaded, c);
      (plan.creatures[c].has_defences ? with : without) += 1;
      for (int t = 0; t < kDamageTypeCount; ++t) {
        const auto type = static_cast<DamageType>(t);
        for (const auto& [magical, silvered] :
             {std::pair{false, false}, std::pair{true, false}, std::pair{false, true}}) {
          const Defence expected = defence_against(type, magical, creature, silvered);
          const Defence got = plan.defence(c, type, magical, silvered);
          EXPECT_EQ(got.immune, expected.immune) << name << " " << creature.name << " " << t;
          EXPECT_EQ(got.resistant, expected.resistant) << name << " " << creature.name << " " << t;
          EXPECT_EQ(got.vulnerable, expected.vulnerable)
              << name << " " << creature.name << " " << t;
        }
      }
    }
  }
  EXPECT_GT(with, 0);
  EXPECT_GT(without, 0);
}

TEST(BattleInvariantTest, HoldOverManySeededBattlesOfEveryScenario) {
  for (const char* name : {"goblin-ambush", "knight-vs-ogre", "wolf-pack", "fighter-greatsword",
                           "fighter-sword-and-shield"}) {
    const std::string path = std::string(ARENA_SOURCE_DIR) + "/scenarios/" + name + ".json";
    auto loaded = load_encounter_file(path);
    ASSERT_TRUE(loaded.has_value()) << path;
    const Encounter& e = *loaded;
    const BattlePlan plan(e);
    for (std::uint64_t i = 0; i < 300; ++i) {
      BattleState state;
      BattleDice rng(99, i);
      InvariantChecker checker{{}, &e, &state};
      const BattleOutcome outcome = play_battle(plan, state, rng, checker);
      EXPECT_GT(checker.attacks, 0);
      int standing_factions = 0, dealt = 0, taken = 0;
      for (std::size_t f = 0; f < e.factions.size(); ++f) {
        bool standing = false;
        for (int m : e.factions[f].members) {
          const CombatantState& c = state.combatants[m];
          // A loser on its feet is a PC whom a natural 20 woke after the battle.
          const bool woke = outcome.winner >= 0 && outcome.winner != static_cast<int>(f) &&
                            creature_of(e, m).pc && c.hp == 1;
          standing |= c.can_act() && !woke;
        }
        standing_factions += standing;
        if (standing && outcome.winner >= 0) {
          EXPECT_EQ(outcome.winner, static_cast<int>(f));
        }
      }
      for (const CombatantState& c : state.combatants) {
        EXPECT_GE(c.hp, 0);
        EXPECT_LE(c.hp, c.max_hp);
        if (c.dead) {
          EXPECT_EQ(c.hp, 0);
        }
        if (c.hp == 0 && !c.dead) {
          EXPECT_TRUE(c.stable) << "a PC left dying after the battle";
        }
        dealt += c.damage_dealt;
        taken += c.damage_taken;
      }
      EXPECT_EQ(dealt, taken) << "hit points removed equal hit points lost";
      if (outcome.winner >= 0) {
        EXPECT_EQ(standing_factions, 1);
      } else if (!outcome.stalemate) {
        EXPECT_EQ(outcome.rounds, e.max_rounds);
      }
    }
  }
}

}  // namespace
}  // namespace arena::dnd5e
