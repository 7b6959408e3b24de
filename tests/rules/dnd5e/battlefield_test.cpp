// The 5e battlefield with scripted dice, one rule per test: placement,
// movement and Dash, reach and range, opportunity attacks and the reaction
// chain that cancels a move, Disengage.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "arena/load.hpp"
#include "arena/replay.hpp"
#include "arena/runner.hpp"
#include "arena/scripted_dice.hpp"
#include "rules/dnd5e/battle.hpp"
#include "rules/dnd5e/describe.hpp"
#include "rules/dnd5e/dnd5e_test_util.hpp"
#include "rules/dnd5e/library.hpp"
#include "rules/dnd5e/shared_engines.hpp"

namespace arena::dnd5e {
namespace {

// An encounter on a 40 x 5 field, from the factions' JSON.
Encounter load(const std::string& heroes, const std::string& foes,
               const std::string& field = R"({"width": 100, "height": 5})") {
  const std::string text = fmt::format(
      R"({{"battlefield": {}, "factions": [{{"name": "heroes", "tactics": {{"target": "weakest"}}, "members": [{}]}},
                        {{"name": "foes", "tactics": {{"target": "weakest"}}, "members": [{}]}}]}})",
      field, heroes, foes);
  auto loaded = load_encounter(text, "test.json");
  if (!loaded) ADD_FAILURE() << loaded.error().front();
  return loaded ? *loaded : Encounter{};
}

// A melee creature: +4 to hit, 1d6+2 (reach `reach`).
std::string brute(const std::string& name, int hp, int x, int y, const std::string& extra = "",
                  int reach = 5) {
  return fmt::format(
      R"({{"name": "{}", "hp": {}, "ac": 12, "initiative": 0, "at": [{}, {}],
           "attacks": [{{"name": "Club", "to_hit": 4, "damage": "1d6+2", "reach": {}}}]{}}})",
      name, hp, x, y, reach, extra);
}

// A ranged creature: +5 to hit, 1d8+2, range 80/320.
std::string archer(const std::string& name, int hp, int x, int y, const std::string& extra = "") {
  return fmt::format(
      R"({{"name": "{}", "hp": {}, "ac": 12, "initiative": 0, "at": [{}, {}],
           "attacks": [{{"name": "Longbow", "to_hit": 5, "damage": "1d8+2", "range": [80, 320]}}]{}}})",
      name, hp, x, y, extra);
}

// Records what the turn reports on the field.
struct Recorder : NoEvents {
  std::vector<std::string> lines;
  void moved(int c, int feet, space::Square to) {
    lines.push_back(fmt::format("{} moves {} to {},{}", c, feet, to.x, to.y));
  }
  void reaction(int c, int trigger, const char* what, bool /*on_move*/) {
    lines.push_back(fmt::format("{} {} on {}", c, what, trigger));
  }
  void cancelled(int c, const char* what) { lines.push_back(fmt::format("{}: {}", c, what)); }
  void joins(int c, int from) { lines.push_back(fmt::format("{} joins from {}", c, from)); }
  void note(int c, const char* what) { lines.push_back(fmt::format("{} {}", c, what)); }
  void save(int c, const char* what, Ability, const SaveRoll& roll) {
    lines.push_back(fmt::format("{} {} {}", c, roll.success ? "saves against" : "fails", what));
  }
  void condition(int c, Condition condition, bool gained) {  // gained only
    if (gained) lines.push_back(fmt::format("{} is {}", c, name(condition)));
  }
  void attack(int attacker, int target, int, const AttackRoll& roll, int damage, int) {
    lines.push_back(fmt::format("{} attacks {}: {}{} {}", attacker, target,
                                roll.mode == RollMode::Disadvantage ? "disadvantage " : "",
                                roll.hit ? "hit" : "miss", damage));
  }
};

// A battle set up by hand: full HP, everyone where the file puts them.
struct Table {
  Encounter encounter;
  BattlePlan plan;
  BattleState state;
  Recorder events;
  explicit Table(Encounter e) : encounter(std::move(e)), plan(encounter) {
    testing::start_at_full_hp(encounter, plan, state);
  }
  void turn(int c, ScriptedDice& dice) {
    ASSERT_TRUE(plan.field.enabled);
    if (plan.full_rules) {
      detail::take_turn<true, true>(plan, state, c, dice, events);
    } else {
      detail::take_turn<false, true>(plan, state, c, dice, events);
    }
    EXPECT_EQ(dice.remaining(), 0u);
  }
  space::Square at(int c) const { return state.field.at[static_cast<std::size_t>(c)].at; }
  int hp(int c) const { return state.combatants[static_cast<std::size_t>(c)].hp; }
};

// Heavy armor without the Strength for it (SRD: plate STR 15, chain mail
// STR 13) costs 10 ft of speed; medium armor never does, and a "speed" the
// file gives is the speed in armor.
TEST(BattlefieldTest, HeavyArmorWithoutItsStrengthSlowsTheWearer) {
  const auto knight = [](const std::string& armor, int str, const std::string& extra = "") {
    return fmt::format(
        R"({{"name": "K{}{}", "hp": 20, "level": 1, "abilities": {{"str": {}}}, "armor": "{}",
             "weapons": ["mace"]{}}})",
        str, armor.size(), str, armor, extra);
  };
  const Encounter e =
      load(knight("plate", 14) + ", " + knight("plate", 15) + ", " + knight("chain mail", 12) +
               ", " + knight("half plate", 8) + ", " + knight("plate", 8, R"(, "speed": 25)"),
           R"({"monster": "goblin"})", R"({"start": {"distance": 60}})");
  const Battlefield& field = *roster_of(e).battlefield;
  ASSERT_EQ(field.members.size(), 6u);
  EXPECT_EQ(field.members[0].walk, 20);
  EXPECT_EQ(field.members[1].walk, 30);
  EXPECT_EQ(field.members[2].walk, 20);
  EXPECT_EQ(field.members[3].walk, 30);
  EXPECT_EQ(field.members[4].walk, 25);
}

TEST(BattlefieldTest, FormationPutsFactionsTheStartDistanceApart) {
  const Encounter e =
      load(R"({"monster": "ogre"}, {"monster": "goblin", "count": 2})",
           R"({"monster": "goblin", "count": 3})", R"({"start": {"distance": 60}})");
  const Battlefield& field = *roster_of(e).battlefield;
  ASSERT_EQ(field.starts.size(), 6u);
  EXPECT_EQ(field.starts[0], (space::Footprint{{0, 0}, 2}));  // the Large ogre
  EXPECT_EQ(field.starts[1], (space::Footprint{{0, 2}, 1}));
  EXPECT_EQ(field.starts[2], (space::Footprint{{0, 3}, 1}));
  EXPECT_EQ(field.starts[3], (space::Footprint{{13, 0}, 1}));
  EXPECT_EQ(space::distance_feet(field.starts[0], field.starts[3], field.diagonals), 60);
  EXPECT_EQ(field.starts[5], (space::Footprint{{13, 2}, 1}));  // columns, not members, 60 ft apart
}

TEST(BattlefieldTest, AdvanceStopsInReachAndAttacks) {
  Table t(load(brute("Hero", 30, 0, 0), brute("Foe", 10, 5, 0)));
  ScriptedDice dice{15, 3};  // hit, 5 damage
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{4, 0}));
  EXPECT_EQ(t.hp(1), 5);
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 moves 20 to 4,0", "0 attacks 1: hit 5"}));
}

TEST(BattlefieldTest, TooFarToAttackItDashes) {
  Table t(load(brute("Hero", 30, 0, 0), brute("Foe", 10, 14, 0)));
  ScriptedDice dice{};  // no attack
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{12, 0}));
  EXPECT_EQ(t.hp(1), 10);
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 moves 30 to 6,0", "0 dashes", "0 moves 30 to 12,0"}));
}

TEST(BattlefieldTest, StandingUpFromProneCostsHalfTheSpeed) {
  // A wolf (Pack Tactics: the full rules) prone 50 ft from its foe: it
  // stands (20 of its 40 ft), walks 20, then Dashes 25 more to its side.
  Table t(load(R"({"monster": "wolf", "at": [0, 0], "speed": 40})", brute("Foe", 30, 10, 0)));
  ASSERT_TRUE(t.plan.full_rules);
  RulesState& wolf = t.state.rules[0];
  wolf.conditions.insert(Condition::Prone);
  wolf.active[0].condition = Condition::Prone;
  wolf.active_count = 1;
  ScriptedDice dice{};
  t.turn(0, dice);
  EXPECT_FALSE(t.state.rules[0].conditions.contains(Condition::Prone));
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 moves 20 to 4,0", "0 dashes", "0 moves 25 to 9,0"}));
}

// A PC down lies unconscious, so prone: got up by a natural 20 on its death
// save, it spends half its speed standing (it walked its whole speed).
TEST(BattlefieldTest, APcUpFromItsDeathSaveStandsWithHalfItsSpeed) {
  Table t(load(brute("Hero", 10, 0, 0, R"(, "pc": true)"), brute("Foe", 10, 14, 0)));
  t.state.combatants[0].hp = 0;
  t.state.standing.drops(0);
  ScriptedDice dice{20};  // the death save: up with 1 HP
  t.turn(0, dice);
  EXPECT_EQ(t.hp(0), 1);
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 moves 15 to 3,0", "0 dashes", "0 moves 30 to 9,0"}));
}

TEST(BattlefieldTest, HoldStaysAndCannotReach) {
  Table t(load(brute("Hero", 30, 0, 0, R"(, "movement": "hold")"), brute("Foe", 10, 2, 0)));
  ScriptedDice dice{};
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{0, 0}));
  EXPECT_TRUE(t.events.lines.empty());
}

// A stat block's "Melee or Ranged Weapon Attack" is thrown from where a
// holding orc stands (its javelin, 30/120 ft), and swung in melee: it was
// played as melee only, and the hold a stalemate.
TEST(BattlefieldTest, AStatBlocksMeleeOrRangedAttackIsThrownFromAfar) {
  Table far(load(R"({"monster": "orc", "at": [0, 0], "movement": "hold"})",
                 brute("Foe", 30, 4, 0, R"(, "movement": "hold")")));
  ScriptedDice throw_dice{15, 4};  // +5: a hit, 1d6+3 = 7
  far.turn(0, throw_dice);
  EXPECT_EQ(far.hp(1), 23);
  EXPECT_EQ(far.events.lines, (std::vector<std::string>{"0 attacks 1: hit 7"}));
  Table near(load(R"({"monster": "orc", "at": [0, 0], "movement": "hold",
                      "attacks": [{"name": "Spear", "to_hit": 5, "damage": "1d6+3", "reach": 5,
                                   "range": [20, 60]}]})",
                  brute("Foe", 30, 1, 0)));
  ScriptedDice melee_dice{15, 4};  // in melee: no disadvantage, so the spear is not thrown
  near.turn(0, melee_dice);
  EXPECT_EQ(near.events.lines, (std::vector<std::string>{"0 attacks 1: hit 7"}));
}

// A multiattack's ranged option is thrown from afar: a holding bandit
// captain 20 ft from its foe throws two daggers a turn (it threw one).
TEST(BattlefieldTest, ARangedMultiattackIsThrownFromAfar) {
  Table t(load(R"({"monster": "bandit captain", "at": [0, 0], "movement": "hold"})",
               brute("Foe", 30, 4, 0, R"(, "movement": "hold")")));
  ScriptedDice dice{15, 2, 15, 3};  // +5: two hits, 1d4+3 = 5 and 6
  t.turn(0, dice);
  EXPECT_EQ(t.hp(1), 19);
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 attacks 1: hit 5", "0 attacks 1: hit 6"}));
}

TEST(BattlefieldTest, NearestTargetsTheClosestEnemy) {
  // The weaker foe is 15 ft away, the stronger 5 ft: "nearest" takes the stronger.
  const std::string nearest = R"(, "movement": "hold", "tactics": {"target": "nearest"})";
  Table t(load(brute("Hero", 30, 0, 0, nearest),
               brute("Strong", 30, 1, 0) + ", " + brute("Weak", 5, 3, 0)));
  ScriptedDice dice{15, 3};
  t.turn(0, dice);
  EXPECT_EQ(t.hp(1), 25);
  EXPECT_EQ(t.hp(2), 5);
  // Two at 5 ft: a die among them (2: the second) ...
  Table u(load(brute("Hero", 30, 0, 0, nearest),
               brute("East", 30, 1, 0) + ", " + brute("South", 30, 0, 1)));
  ScriptedDice tie{2, 15, 3};
  u.turn(0, tie);
  EXPECT_EQ(u.hp(1), 30);
  EXPECT_EQ(u.hp(2), 25);
  // ... or with "ties": "first", the earlier one, without a die.
  Table v(load(brute("Hero", 30, 0, 0,
                     R"(, "movement": "hold", "tactics": {"target": "nearest", "ties": "first"})"),
               brute("East", 30, 1, 0) + ", " + brute("South", 30, 0, 1)));
  ScriptedDice first{15, 3};
  v.turn(0, first);
  EXPECT_EQ(v.hp(1), 25);
  EXPECT_EQ(v.hp(2), 30);
}

TEST(BattlefieldTest, ReachTenAgainstReachFive) {
  // 10 ft apart: the pike reaches without moving, the sword does not.
  Table t(load(brute("Pike", 30, 0, 0, R"(, "movement": "hold")", 10),
               brute("Sword", 30, 2, 0, R"(, "movement": "hold")")));
  ScriptedDice pike{15, 4};
  t.turn(0, pike);
  EXPECT_EQ(t.hp(1), 24);
  ScriptedDice sword{};
  t.turn(1, sword);
  EXPECT_EQ(t.hp(0), 30);
  // Advancing, the pike stops 10 ft away.
  Table u(load(brute("Pike", 30, 0, 0, "", 10), brute("Sword", 30, 5, 0)));
  ScriptedDice again{15, 4};
  u.turn(0, again);
  EXPECT_EQ(u.at(0), (space::Square{3, 0}));
}

// The battlefield's disadvantage is one source among the others: a shot
// from long range at a paralyzed target (advantage) rolls one d20, 15 + 5
// hitting AC 12 for 3 + 2 (not a critical: it is not from within 5 ft); so
// does a poisoned archer's (disadvantage twice, advantage once: one d20).
// The range's disadvantage was added after the others had cancelled.
TEST(BattlefieldTest, LongRangeAndAdvantageCancel) {
  const std::string wolf = R"(, {"monster": "wolf", "at": [90, 4], "movement": "hold"})";
  Table t(
      load(archer("Archer", 20, 0, 0, R"(, "movement": "hold")") + wolf, brute("Foe", 30, 20, 0)));
  ASSERT_TRUE(t.plan.full_rules);
  t.state.rules[2].conditions.insert(Condition::Paralyzed);
  ScriptedDice one{15, 3};
  t.turn(0, one);
  EXPECT_EQ(t.hp(2), 25);
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 attacks 2: hit 5"}));
  t.state.rules[0].conditions.insert(Condition::Poisoned);
  t.events.lines.clear();
  ScriptedDice poisoned{15, 3};
  t.turn(0, poisoned);
  EXPECT_EQ(t.hp(2), 20);
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 attacks 2: hit 5"}));
}

// Prone on a battlefield goes by the distance: advantage from within 5 ft,
// disadvantage from further. A shot from beside the prone foe has the
// advantage, which cancels the disadvantage of a hostile beside the archer
// (one d20: 15 + 5 hits for 3 + 2); a glaive from 10 ft has disadvantage
// (15 and 16 keep 15: 15 + 4 hits for 3 + 2).
TEST(BattlefieldTest, AProneTargetIsCloseFromWithinFiveFeetOnly) {
  const std::string wolf = R"(, {"monster": "wolf", "at": [90, 4], "movement": "hold"})";
  const std::string foe = brute("Foe", 30, 2, 0, R"(, "movement": "hold")");
  Table beside(load(archer("Archer", 20, 1, 0, R"(, "movement": "hold")") + wolf, foe));
  ASSERT_TRUE(beside.plan.full_rules);
  beside.state.rules[2].conditions.insert(Condition::Prone);
  ScriptedDice one{15, 3};
  beside.turn(0, one);
  EXPECT_EQ(beside.events.lines, (std::vector<std::string>{"0 attacks 2: hit 5"}));

  Table reach(load(brute("Pike", 20, 0, 0, R"(, "movement": "hold")", 10) + wolf, foe));
  reach.state.rules[2].conditions.insert(Condition::Prone);
  ScriptedDice two{15, 16, 3};
  reach.turn(0, two);
  EXPECT_EQ(reach.events.lines, (std::vector<std::string>{"0 attacks 2: disadvantage hit 5"}));
}

TEST(BattlefieldTest, LongRangeHasDisadvantageAndBeyondItNothing) {
  // 60 ft: one d20.
  Table near(load(archer("Archer", 20, 0, 0, R"(, "movement": "hold")"), brute("Foe", 30, 12, 0)));
  ScriptedDice one{10, 5};
  near.turn(0, one);
  EXPECT_EQ(near.hp(1), 23);
  // 100 ft: beyond normal range, the lower of two d20s (3 + 5 misses AC 12).
  Table far(load(archer("Archer", 20, 0, 0, R"(, "movement": "hold")"), brute("Foe", 30, 20, 0)));
  ScriptedDice two{18, 3};
  far.turn(0, two);
  EXPECT_EQ(far.hp(1), 30);
  EXPECT_EQ(far.events.lines, (std::vector<std::string>{"0 attacks 1: disadvantage miss 0"}));
  // 325 ft: beyond long range, no attack at all.
  Table out(load(archer("Archer", 20, 0, 0, R"(, "movement": "hold")"), brute("Foe", 30, 65, 0)));
  ScriptedDice none{};
  out.turn(0, none);
  EXPECT_TRUE(out.events.lines.empty());
}

// "A hostile creature who can see you and who isn't incapacitated" (SRD):
// a blinded or paralyzed one beside a shooter does not hamper its shot,
// which has advantage against it; from 5 ft, a hit on the paralyzed one
// is a critical, a shot or not.
TEST(BattlefieldTest, ABlindedOrParalyzedHostileBesideAShooterDoesNotHamperIt) {
  // A wolf far off brings the full rules (its Pack Tactics), and with them
  // conditions; the foe is the weaker (the archer targets the weakest).
  const std::string wolf = R"(, {"monster": "wolf", "at": [90, 4]})";
  const auto shot = [&](Condition condition, ScriptedDice dice) {
    Table t(
        load(archer("Archer", 20, 0, 0, R"(, "movement": "hold")"), brute("Foe", 10, 1, 0) + wolf));
    EXPECT_TRUE(t.plan.full_rules);
    detail::impose_condition(t.plan, t.state, 0, 1, ConditionEffect{condition}, Ability::Con, 10,
                             t.events);
    t.turn(0, dice);
    return 10 - t.hp(1);
  };
  // Advantage keeps 18: a hit for 4 + 2; on the paralyzed, a critical: 4 + 3 + 2.
  EXPECT_EQ(shot(Condition::Blinded, {5, 18, 4}), 6);
  EXPECT_EQ(shot(Condition::Paralyzed, {5, 18, 4, 3}), 9);
}

// A swallowed creature is inside its swallower: it leaves its square, and
// strikes its swallower only, wherever that has gone (it stayed on its
// square and struck whom it reached there); it comes out beside the
// swallower when that drops.
TEST(BattlefieldTest, ASwallowedCreatureIsInsideItsSwallower) {
  Table t(load(brute("Victim", 30, 0, 0, R"(, "movement": "hold")"),
               R"({"monster": "giant toad", "at": [1, 0]}, )" +
                   brute("Buddy", 30, 0, 1, R"(, "movement": "hold")")));
  ASSERT_TRUE(t.plan.full_rules);
  detail::swallow(t.plan, t.state, 1, 0, t.events);
  ASSERT_EQ(detail::swallower_of(t.state, 0), 1);
  EXPECT_TRUE(detail::free_for(t.plan, t.state, 2, {{0, 0}, 1}));  // its square is free
  t.state.field.move(t.plan.field, 1, {{10, 0}, 2});               // the toad hops off
  EXPECT_EQ(detail::feet_between(t.plan, t.state, 0, 1), 0);
  EXPECT_EQ(detail::feet_between(t.plan, t.state, 2, 0), 50);  // as far as the toad
  // Its target (the weakest: Buddy) gives way to the toad; blinded,
  // disadvantage keeps 15: 15 + 4 hits AC 11, for 3 + 2.
  ScriptedDice dice{18, 15, 3};
  t.turn(0, dice);
  EXPECT_EQ(t.hp(2), 30);
  EXPECT_EQ(t.hp(1), 34);
  // The toad drops: out of it, on the free square nearest it.
  t.state.combatants[1].hp = 0;
  t.state.combatants[1].dead = true;
  t.state.standing.drops(1);
  detail::release_conditions(t.plan, t.state, 1, t.events);
  EXPECT_EQ(detail::swallower_of(t.state, 0), -1);
  EXPECT_EQ(detail::feet_between(t.plan, t.state, 0, 1), 5);
  EXPECT_FALSE(detail::free_for(t.plan, t.state, 2, t.state.field.at[0]));
}

// "actions" in the tactics fixes the order (the first it can take), on a
// battlefield too: there it took the best valued that reached.
TEST(BattlefieldTest, AFixedActionOrderHoldsOnABattlefield) {
  Table t(load(R"({"name": "Picky", "hp": 30, "ac": 12, "initiative": 0, "at": [0, 0],
                   "tactics": {"actions": ["Weak", "Strong"]},
                   "attacks": [{"name": "Strong", "to_hit": 4, "damage": "3d10"},
                               {"name": "Weak", "to_hit": 4, "damage": "1"}]})",
               brute("Foe", 30, 1, 0, R"(, "movement": "hold")")));
  ScriptedDice dice{15};  // a hit for 1
  t.turn(0, dice);
  EXPECT_EQ(t.hp(1), 29);
}

TEST(BattlefieldTest, HostileWithinFiveFeetGivesRangedDisadvantage) {
  Table t(load(archer("Archer", 20, 0, 0, R"(, "movement": "hold")"), brute("Foe", 30, 1, 0)));
  ScriptedDice dice{18, 12, 4};  // keeps 12: 17 hits AC 12, 6 damage
  t.turn(0, dice);
  EXPECT_EQ(t.hp(1), 24);
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 attacks 1: disadvantage hit 6"}));
}

// The hero (0, 0) goes for the weaker foe at (6, 0); the guard at (0, 1)
// stands next to it. The first step, to (1, 0), stays within the guard's
// reach; the second leaves it.
Encounter guarded(int hero_hp, const std::string& hero_extra = "") {
  return load(brute("Hero", hero_hp, 0, 0, hero_extra),
              brute("Guard", 20, 0, 1) + ", " + brute("Runner", 5, 6, 0));
}

TEST(BattlefieldTest, LeavingReachProvokesAnOpportunityAttack) {
  Table t(guarded(30));
  ScriptedDice dice{15, 3, 18, 4};  // the guard hits for 5; the hero hits the runner for 6
  t.turn(0, dice);
  EXPECT_EQ(t.hp(0), 25);
  EXPECT_EQ(t.at(0), (space::Square{5, 0}));
  EXPECT_TRUE(t.state.combatants[2].dead);
  EXPECT_EQ(t.state.field.reacted[1], 1);
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{
                                "0 moves 5 to 1,0", "1 opportunity attack on 0",
                                "1 attacks 0: hit 5", "0 moves 20 to 5,0", "0 attacks 2: hit 6"}));
}

TEST(BattlefieldTest, OneReactionPerRoundRegainedOnItsTurn) {
  Table t(guarded(30));
  t.state.field.reacted[1] = 1;  // spent earlier this round
  ScriptedDice dice{18, 4};      // no opportunity attack
  t.turn(0, dice);
  EXPECT_EQ(t.hp(0), 30);
  ScriptedDice guard{2};  // the guard's own turn: its reaction is back, it attacks (and misses)
  t.turn(1, guard);
  EXPECT_EQ(t.state.field.reacted[1], 0);
}

TEST(BattlefieldTest, AMoverDroppedByTheReactionChainStaysWhereItWas) {
  Table t(guarded(4));
  ScriptedDice dice{15, 3};  // the guard hits for 5: the hero dies at (1, 0)
  t.turn(0, dice);
  EXPECT_TRUE(t.state.combatants[0].dead);
  EXPECT_EQ(t.at(0), (space::Square{1, 0}));
  EXPECT_EQ(t.hp(2), 5);
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 moves 5 to 1,0", "1 opportunity attack on 0",
                                      "1 attacks 0: hit 5", "0: the move is cancelled"}));
}

// Seed 001: the move waits on its reactions, and what they did holds. A
// mover grappled by the opportunity attack (speed 0) stays where it was and
// strikes whom it reaches instead; one paralyzed neither moves nor acts.
TEST(BattlefieldTest, AMoverGrappledByAnOpportunityAttackStaysAndStrikesWhomItReaches) {
  Table t(load(
      brute("Hero", 30, 0, 0),
      R"({"monster": "giant crab", "at": [0, 1], "initiative": 0}, )" + brute("Runner", 5, 6, 0)));
  // The crab's claw hits (15 + 3), 1d6+1 = 4: grappled. The hero's club
  // hits the crab (18 + 4 against AC 15) for 1d6+2 = 6.
  ScriptedDice dice{15, 3, 18, 4};
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{1, 0}));
  EXPECT_EQ(t.hp(0), 26);
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 moves 5 to 1,0", "1 opportunity attack on 0",
                                      "1 attacks 0: hit 4", "0 is grappled",
                                      "0: the move is cancelled", "0 attacks 1: hit 6"}));
}

TEST(BattlefieldTest, AMoverParalyzedByAnOpportunityAttackNeitherMovesNorActs) {
  Table t(load(brute("Hero", 30, 0, 0), R"({"monster": "ghoul", "at": [0, 1], "initiative": 0}, )" +
                                            brute("Runner", 5, 6, 0)));
  // The ghoul's claws hit (15 + 4), 2d4+2 = 6; the hero's Constitution
  // save fails (5 + 0 against DC 10): paralyzed. At the end of its turn
  // it repeats the save, and fails again (8).
  ScriptedDice dice{15, 2, 2, 5, 8};
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{1, 0}));
  EXPECT_EQ(t.hp(0), 24);
  EXPECT_EQ(t.hp(2), 5);
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 moves 5 to 1,0", "1 opportunity attack on 0",
                                      "1 attacks 0: hit 6", "0 fails Claws", "0 is paralyzed",
                                      "0: the move is cancelled", "0 fails repeated save"}));
}

TEST(BattlefieldTest, MonsterParryTurnsAHitIntoAMiss) {
  // The knight parries (+2, its proficiency bonus): 15 + 4 = 19 hits AC 18, not 20.
  const std::string knight = R"({"monster": "knight", "at": [0, 0]})";
  Table t(load(knight, brute("Foe", 30, 1, 0)));
  ASSERT_EQ(t.plan.field.creatures[0].parry, 2);
  ScriptedDice parried{15};
  t.turn(1, parried);
  EXPECT_EQ(t.hp(0), 52);
  EXPECT_EQ(t.state.field.reacted[0], 1);
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 parry on 1", "1 attacks 0: miss 0"}));
  // 17 + 4 = 21 beats the parry: no reaction spent on it.
  Table u(load(knight, brute("Foe", 30, 1, 0)));
  ScriptedDice hit{17, 3};
  u.turn(1, hit);
  EXPECT_EQ(u.hp(0), 47);
  EXPECT_EQ(u.state.field.reacted[0], 0);
}

TEST(BattlefieldTest, AParryInsideAnOpportunityAttackInsideAMove) {
  // The knight leaves the guard's reach; the guard's opportunity attack
  // would hit, the knight parries it, and the move goes on.
  Table t(load(R"({"monster": "knight", "at": [0, 0]})",
               brute("Guard", 20, 0, 1) + ", " + brute("Runner", 5, 6, 0)));
  ScriptedDice dice{15, 18, 3, 4};  // parried; then the greatsword kills the runner
  t.turn(0, dice);
  EXPECT_EQ(t.hp(0), 52);
  EXPECT_EQ(t.at(0), (space::Square{5, 0}));
  EXPECT_TRUE(t.state.combatants[2].dead);
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 moves 5 to 1,0", "1 opportunity attack on 0",
                                      "0 parry on 1", "1 attacks 0: miss 0", "0 moves 20 to 5,0",
                                      "0 attacks 2: hit 10"}));
}

// A Battle Master: DEX 14 (+2) unless given, four d8 superiority dice.
std::string battle_master(int hp, int x, int y, const std::string& maneuvers, int dex = 14) {
  return brute("Fighter", hp, x, y,
               fmt::format(R"(, "abilities": {{"dex": {}}}, "superiority_dice": "4d8", )"
                           R"("maneuvers": {})",
                           dex, maneuvers));
}

TEST(BattlefieldTest, BattleMasterParryReducesTheDamage) {
  Table t(load(battle_master(30, 0, 0, R"(["parry"])"), brute("Foe", 30, 1, 0)));
  ScriptedDice dice{15, 5, 6};  // hit; parry d8 5 + DEX 2 = 7 off the club's 6 + 2
  t.turn(1, dice);
  EXPECT_EQ(t.hp(0), 29);
  EXPECT_EQ(t.state.field.superiority_left[0], 3);
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 parry (Battle Master) on 1", "1 attacks 0: hit 1"}));
}

// A parry comes off before resistance, part by part (the SRD applies
// resistance after every other modifier): 5 + DEX 2 = 7 takes the whole
// slashing 3, then 4 off the fire 12, and resistance halves the 8 left.
TEST(BattlefieldTest, BattleMasterParryComesOffEachPartBeforeResistance) {
  const std::string foe = R"({"name": "Foe", "hp": 30, "ac": 12, "initiative": 0, "at": [1, 0],
      "attacks": [{"name": "Flame Blade", "to_hit": 4, "damage": "1d4 slashing + 2d6 fire"}]})";
  Table t(load(battle_master(30, 0, 0, R"(["parry"], "resistances": ["fire"])"), foe));
  ScriptedDice dice{15, 5, 3, 6, 6};  // hit; parry d8 5; 1d4 3 slashing, 2d6 12 fire
  t.turn(1, dice);
  EXPECT_EQ(t.hp(0), 26);
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 parry (Battle Master) on 1", "1 attacks 0: hit 4"}));
}

// The replay shows the parry's die, DEX and what it took off, so that the
// rule can be checked from it: the die plus DEX, never below 0 (DEX 6, -2,
// with a die of 1 or 2 takes nothing off).
TEST(BattlefieldTest, TheReplayShowsAParrysDieAndWhatItTookOff) {
  std::size_t clamped = 0;
  for (const int modifier : {2, -2}) {
    const Encounter e =
        load(battle_master(500, 0, 0, R"(["parry"])", 10 + 2 * modifier), brute("Foe", 500, 1, 0));
    for (std::int64_t battle = 0; battle < 20; ++battle) {
      const std::string text = replay_battle(e, battle).text;
      std::size_t parries = 0;
      for (std::size_t at = text.find("(parried: d8 "); at != std::string::npos;
           at = text.find("(parried: d8 ", at + 1)) {
        int die = 0, dex = 0, less = 0;
        ASSERT_EQ(
            std::sscanf(text.c_str() + at, "(parried: d8 %d %d = %d less)", &die, &dex, &less), 3)
            << text.substr(at, 40);
        EXPECT_TRUE(die >= 1 && die <= 8) << die;
        EXPECT_EQ(dex, modifier);
        EXPECT_EQ(less, std::max(0, die + modifier));
        ++parries;
        clamped += less == 0;
      }
      // Its four superiority dice (per battle), one a round while the foe hits.
      EXPECT_EQ(parries, 4u) << text;
    }
  }
  // 80 parries at DEX -2, each a 1 or 2 with chance 1/4: some took nothing off.
  EXPECT_GT(clamped, 0u);
}

// An opportunity attack on a mover's first step comes before any line of
// the move, so the replay says where the mover leaves from.
TEST(BattlefieldTest, TheReplaySaysWhereAnOpportunityAttacksMoverLeaves) {
  const Encounter e =
      load(brute("Runner", 30, 1, 0), brute("Guard", 30, 0, 0, R"(, "movement": "hold")") + ", " +
                                          brute("Weakling", 1, 7, 0, R"(, "movement": "hold")"));
  const std::string text = replay_battle(e, 0).text;
  EXPECT_NE(text.find("Guard: opportunity attack on Runner, as it leaves (1,0)\n"),
            std::string::npos)
      << text;
}

// And a riposte's die, added to its blade's damage.
TEST(BattlefieldTest, TheReplayShowsARipostesDie) {
  const Encounter e = load(battle_master(500, 0, 0, R"(["riposte"])"), brute("Foe", 500, 1, 0));
  const std::string text = replay_battle(e, 0).text;
  std::size_t shown = 0;
  for (std::size_t at = text.find("(riposte: "); at != std::string::npos;
       at = text.find("(riposte: ", at + 1)) {
    int count = 0, rolled = 0;
    ASSERT_EQ(std::sscanf(text.c_str() + at, "(riposte: %dd8 %d added)", &count, &rolled), 2)
        << text.substr(at, 40);
    EXPECT_TRUE(count == 1 || count == 2) << count;  // twice on a critical
    EXPECT_TRUE(rolled >= count && rolled <= 8 * count) << rolled;
    ++shown;
  }
  EXPECT_GT(shown, 0u) << text;
}

// The SRD applies resistance after every other modifier to damage: the
// parry comes off the blow first, then what is left is halved.
TEST(BattlefieldTest, BattleMasterParryComesOffBeforeResistance) {
  const std::string axe = R"({"name": "Foe", "hp": 30, "ac": 12, "initiative": 0, "at": [1, 0],
      "attacks": [{"name": "Axe", "to_hit": 4, "damage": "2d6+8 slashing"}]})";
  Table t(load(battle_master(30, 0, 0, R"(["parry"], "resistances": ["slashing"])"), axe));
  ScriptedDice dice{15, 1, 6, 6};  // hit; parry d8 1 + DEX 2 = 3 off 6 + 6 + 8 = 20, halved: 8
  t.turn(1, dice);
  EXPECT_EQ(t.hp(0), 22);
}

TEST(BattlefieldTest, RiposteAfterAMiss) {
  Table t(load(battle_master(30, 0, 0, R"(["parry", "riposte"])"), brute("Foe", 30, 1, 0)));
  ScriptedDice dice{2, 15, 5, 4};  // the foe misses; the club hits for 5 + 2, the d8 adds 4
  t.turn(1, dice);
  EXPECT_EQ(t.hp(1), 19);
  EXPECT_EQ(t.state.field.superiority_left[0], 3);
  // The miss is reported first: the riposte answers it.
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"1 attacks 0: miss 0", "0 riposte on 1",
                                                      "0 attacks 1: hit 11"}));
}

// The riposte's superiority die is more of its attack's damage: of the
// blade's type, through the target's resistance or immunity, and rolled
// twice on a critical as the blade's dice are.
TEST(BattlefieldTest, ARipostesDieIsDamageOfItsAttacksType) {
  const std::string fighter =
      R"({"name": "Fighter", "hp": 30, "ac": 12, "initiative": 0, "at": [0, 0],
          "abilities": {"dex": 14}, "superiority_dice": "4d8", "maneuvers": ["riposte"],
          "attacks": [{"name": "Blade", "to_hit": 4, "damage": "1d6+2 slashing"}]})";
  // Resistant: the blade's 7 and the die's 3, 10 slashing, halve to 5 (each
  // halved alone would be 3 + 1).
  Table resistant(load(fighter, brute("Foe", 30, 1, 0, R"(, "resistances": ["slashing"])")));
  ScriptedDice halved{2, 15, 5, 3};
  resistant.turn(1, halved);
  EXPECT_EQ(resistant.hp(1), 25);
  // Immune: nothing of either.
  Table immune(load(fighter, brute("Foe", 30, 1, 0, R"(, "immunities": ["slashing"])")));
  ScriptedDice none{2, 15, 5, 4};
  immune.turn(1, none);
  EXPECT_EQ(immune.hp(1), 30);
  EXPECT_EQ(immune.events.lines, (std::vector<std::string>{"1 attacks 0: miss 0", "0 riposte on 1",
                                                           "0 attacks 1: hit 0"}));
  // A critical: the blade's 5 + 3 + 2 and the die twice, 4 + 2.
  Table critical(load(fighter, brute("Foe", 30, 1, 0)));
  ScriptedDice doubled{2, 20, 5, 3, 4, 2};
  critical.turn(1, doubled);
  EXPECT_EQ(critical.hp(1), 14);
}

// An opportunity attack is one melee attack that reaches the mover: a
// guard whose claw reaches 5 ft lashes its 10-ft whip at a creature
// leaving its whip's reach, though the claw would do more.
TEST(BattlefieldTest, AnOpportunityAttackUsesAnAttackThatReaches) {
  const std::string guard =
      R"({"name": "Guard", "hp": 20, "ac": 12, "initiative": 0, "at": [0, 2],
          "attacks": [{"name": "Claw", "to_hit": 4, "damage": "2d6+2", "reach": 5},
                      {"name": "Whip", "to_hit": 4, "damage": "1d6", "reach": 10}]})";
  Table t(load(brute("Hero", 30, 0, 0), guard + ", " + brute("Runner", 5, 6, 0)));
  ScriptedDice dice{15, 3, 18, 4};  // the whip hits for 3; the hero kills the runner
  t.turn(0, dice);
  EXPECT_EQ(t.hp(0), 27);
  EXPECT_TRUE(t.state.combatants[2].dead);
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{
                                "0 moves 10 to 2,0", "1 opportunity attack on 0",
                                "1 attacks 0: hit 3", "0 moves 15 to 5,0", "0 attacks 2: hit 6"}));
}

// An opportunity attack is one attack: of a multiattack, the best alone
// (the bite, 2d6 + 2), not the first listed (the poke, 1 damage).
TEST(BattlefieldTest, AnOpportunityAttackIsTheBestSingleAttackOfAMultiattack) {
  const std::string guard =
      R"({"name": "Guard", "hp": 20, "ac": 12, "initiative": 0, "at": [0, 1],
          "attacks": [{"name": "Poke", "to_hit": 4, "damage": "1"},
                      {"name": "Bite", "to_hit": 4, "damage": "2d6+2"}],
          "multiattack": ["Poke", "Bite"]})";
  Table t(load(brute("Hero", 30, 0, 0), guard + ", " + brute("Runner", 5, 6, 0)));
  ScriptedDice dice{15, 3, 4, 18, 4};  // the bite hits for 3 + 4 + 2; the hero kills the runner
  t.turn(0, dice);
  EXPECT_EQ(t.hp(0), 21);
  EXPECT_TRUE(t.state.combatants[2].dead);
}

// Sneak Attack is once per turn, not per round: the spy's own turn used it,
// and its opportunity attack on the foe's turn, an ally beside the foe
// still, adds it again.
TEST(BattlefieldTest, SneakAttackComesOncePerTurnAnOpportunityAttacksTurnToo) {
  const std::string spy = R"({"monster": "spy", "at": [0, 0], "movement": "hold"})";
  Table t(load(spy + ", " + archer("Ally", 10, 2, 1) + ", " + brute("Runner", 1, 8, 0),
               brute("Foe", 40, 1, 0)));
  ScriptedDice spy_turn{15, 3, 3, 3, 15, 3};  // 3 + 2 + 2d6 (6), then 3 + 2
  t.turn(0, spy_turn);
  EXPECT_EQ(t.hp(3), 24);
  // The foe goes for the runner (1 HP): its first step leaves the spy's
  // reach. The spy's shortsword hits, Sneak Attack again: 3 + 2 + 6.
  ScriptedDice foe_turn{15, 3, 3, 3, 18, 4};
  t.turn(3, foe_turn);
  EXPECT_EQ(t.hp(3), 13);
  EXPECT_TRUE(t.state.combatants[2].dead);
}

// A knight (0), a runner 40 ft off (1), and a foe beside the knight (2),
// whose weakest target is the runner; a wolf far off brings the full rules
// (its Pack Tactics), and with them conditions.
Encounter beside_the_knight() {
  return load(R"({"monster": "knight", "at": [0, 0]}, )" + brute("Runner", 5, 8, 0),
              brute("Foe", 30, 1, 0) + R"(, {"monster": "wolf", "at": [90, 4]})");
}

// The foe imposes `condition` on the knight, then walks off from beside it
// towards the runner and kills it (18 + 4).
void walk_off_the_knight(Table& walk, Condition condition) {
  detail::impose_condition(walk.plan, walk.state, 2, 0, ConditionEffect{condition}, Ability::Con,
                           10, walk.events);
  walk.events.lines.clear();
  ScriptedDice away{18, 4};
  walk.turn(2, away);
}

// The opportunity attack and a stat block's parry need the reactor to see:
// a blinded knight takes neither.
TEST(BattlefieldTest, ABlindedCreatureNeitherParriesNorMakesOpportunityAttacks) {
  const std::string knight = R"({"monster": "knight", "at": [0, 0]})";
  // A wolf far off brings the full rules (its Pack Tactics), and with them conditions.
  const std::string wolf = R"(, {"monster": "wolf", "at": [90, 4]})";
  Table parry(load(knight, brute("Foe", 30, 1, 0) + wolf));
  ASSERT_TRUE(parry.plan.full_rules);
  detail::impose_condition(parry.plan, parry.state, 1, 0, ConditionEffect{Condition::Blinded},
                           Ability::Con, 10, parry.events);
  ScriptedDice hit{15, 3, 4};  // advantage against the blinded: 15 + 4 hits AC 18, no parry
  parry.turn(1, hit);
  EXPECT_EQ(parry.hp(0), 46);
  EXPECT_EQ(parry.state.field.reacted[0], 0);
  // A foe walks away from it towards the weakest hero: no opportunity attack.
  Table walk(beside_the_knight());
  walk_off_the_knight(walk, Condition::Blinded);
  EXPECT_EQ(walk.state.field.reacted[0], 0);
  EXPECT_EQ(walk.hp(2), 30);
  EXPECT_TRUE(walk.state.combatants[1].dead);
}

// A charmed creature does not attack its charmer, not even as a reaction:
// no opportunity attack as the charmer walks off (the same walk as above),
// and no riposte when the charmer misses it.
TEST(BattlefieldTest, NoReactionAttackOnTheCharmer) {
  Table walk(beside_the_knight());
  ASSERT_TRUE(walk.plan.full_rules);
  walk_off_the_knight(walk, Condition::Charmed);
  EXPECT_EQ(walk.state.field.reacted[0], 0);
  EXPECT_TRUE(walk.state.combatants[1].dead);
  EXPECT_EQ(walk.events.lines,
            (std::vector<std::string>{"2 moves 30 to 7,0", "2 attacks 1: hit 6"}));

  const std::string wolf = R"(, {"monster": "wolf", "at": [90, 4]})";
  Table miss(load(battle_master(30, 0, 0, R"(["riposte"])"), brute("Foe", 30, 1, 0) + wolf));
  detail::impose_condition(miss.plan, miss.state, 1, 0, ConditionEffect{Condition::Charmed},
                           Ability::Wis, 10, miss.events);
  miss.events.lines.clear();
  ScriptedDice missed{2};
  miss.turn(1, missed);
  EXPECT_EQ(miss.state.field.superiority_left[0], 4);
  EXPECT_EQ(miss.events.lines, (std::vector<std::string>{"1 attacks 0: miss 0"}));
}

// A replay shows the AC a parried attack met: the parry's bonus included.
TEST(BattlefieldTest, AReplayShowsTheAcAParryRaised) {
  const std::string knight = R"({"monster": "knight", "at": [0, 0], "initiative": 10})";
  const Encounter e = load(knight, brute("Foe", 30, 1, 0));
  bool parried = false;
  // A parry turns 18 or 19 into a miss: a tenth of the foe's attacks.
  for (std::int64_t battle = 0; battle < 100 && !parried; ++battle) {
    const std::string text = replay_battle(e, battle).text;
    const std::size_t at = text.find("Knight: parry on Foe\n");
    if (at == std::string::npos) continue;
    parried = true;
    const std::size_t line = at + std::string("Knight: parry on Foe\n").size();
    const std::string next = text.substr(line, text.find('\n', line) - line);
    EXPECT_NE(next.find("vs AC 20: miss"), std::string::npos) << next;
  }
  EXPECT_TRUE(parried);
}

// The battlefield chooses actions by the one rule of value (turn.hpp's
// best_valued_action_where, which the field shares): with every action in
// reach, the field's choice is the gridless one, for every monster of the
// library against a target in each condition it may have put it in (its
// state changes the value, and a Swallow needs a target it grapples). A
// guard against a second copy of the rule on the field, which the field had.
TEST(BattlefieldTest, AFieldTurnValuesActionsAsTheGridlessTurnDoes) {
  const auto name = [](const PlanAction* action) {
    return action == nullptr ? std::string("none") : std::string(action->name);
  };
  int compared = 0;
  for (const std::string& monster : Library::builtin().monster_names()) {
    const Encounter e = load(fmt::format(R"({{"monster": "{}", "at": [0, 0]}})", monster),
                             brute("Foe", 300, 20, 0));
    for (const Condition condition : {Condition::Prone, Condition::Grappled, Condition::Paralyzed,
                                      Condition::Restrained, Condition::Poisoned}) {
      Table t(e);  // the foe in this one condition
      // The foe next to it, whatever its size: every attack reaches.
      t.state.field.at[1].at = space::Square{t.state.field.at[0].side, 0};
      if (t.plan.full_rules) {
        detail::impose_condition(t.plan, t.state, 1, 0, ConditionEffect{condition}, Ability::Con,
                                 10, t.events);
      }
      ++compared;
      EXPECT_EQ(name(detail::reaching_action(t.plan, t.state, 0, 1)),
                name(detail::choose_action(t.plan, t.state, 0, 1)))
          << monster << " against a foe " << arena::dnd5e::name(condition);
    }
  }
  EXPECT_EQ(compared, 5 * 334);
}

// Grappled (or restrained), a creature's speed is 0: it moves nowhere,
// does not Dash, and strikes an enemy it reaches instead of its target.
TEST(BattlefieldTest, AGrappledCreatureStaysAndStrikesWhomItReaches) {
  Table t(load(brute("Hero", 30, 0, 0),
               R"({"monster": "giant crab", "at": [0, 1]}, )" + brute("Runner", 5, 6, 0)));
  ASSERT_TRUE(t.plan.full_rules);
  detail::impose_condition(t.plan, t.state, 1, 0, ConditionEffect{Condition::Grappled},
                           Ability::Str, 11, t.events);
  t.events.lines.clear();
  ScriptedDice dice{18, 4};  // the club hits the crab for 6
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{0, 0}));
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 attacks 1: hit 6"}));
}

// Dash adds its speed to what is left of the turn's movement, and the
// 5-10-5 count of diagonals goes on through it: 25 + 25 ft make seven
// diagonal steps (5 + 10 + 5 + 10 + 5 + 10 + 5 = 50), not three and three.
TEST(BattlefieldTest, ADashGoesOnCountingTheTurnsDiagonals) {
  Table t(load(brute("Runner", 30, 0, 0, R"(, "speed": 25)"), brute("Foe", 30, 20, 20),
               R"({"width": 30, "height": 30, "diagonals": "5-10-5"})"));
  ScriptedDice dice{};
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{7, 7}));
}

// A caster with Shield and `slots` 1st-level slots (a club, AC 12), holding at (0, 0).
std::string shield_caster(int slots) {
  return brute(
      "Mage", 20, 0, 0,
      fmt::format(R"(, "movement": "hold", "reactions": ["shield"], "spell_slots": {})", slots));
}

TEST(BattlefieldTest, ShieldTurnsAHitIntoAMissUntilTheCastersNextTurn) {
  Table t(load(shield_caster(1), brute("Foe", 30, 1, 0) + ", " + brute("Other", 30, 0, 1)));
  ASSERT_TRUE(t.plan.field.creatures[0].shield);
  ScriptedDice first{10};  // 14 hits AC 12, not 17: Shield, and a miss
  t.turn(1, first);
  EXPECT_EQ(t.hp(0), 20);
  EXPECT_EQ(t.state.field.slots_left[0], 0);
  EXPECT_EQ(t.state.field.ac_bonus[0], 5);
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 Shield on 1", "1 attacks 0: miss 0"}));
  // Still AC 17 this round, with no reaction spent: 16 misses.
  ScriptedDice second{12};
  t.turn(2, second);
  EXPECT_EQ(t.hp(0), 20);
  // Its turn ends the spell; no slot left, the next 14 hits.
  ScriptedDice own{1, 2};  // the first of the two tied foes; the mage's club misses
  t.turn(0, own);
  EXPECT_EQ(t.state.field.ac_bonus[0], 0);
  ScriptedDice third{10, 3};
  t.turn(1, third);
  EXPECT_EQ(t.hp(0), 15);
}

TEST(BattlefieldTest, ShieldIsCastOnlyWhenItTurnsTheHitIntoAMiss) {
  // 17 + 4 = 21 beats AC 17: no slot spent, the hit lands.
  Table t(load(shield_caster(2), brute("Foe", 30, 1, 0)));
  ScriptedDice hit{17, 3};
  t.turn(1, hit);
  EXPECT_EQ(t.hp(0), 15);
  EXPECT_EQ(t.state.field.slots_left[0], 2);
  EXPECT_EQ(t.state.field.reacted[0], 0);
  // A ranged hit triggers it too: 10 + 5 = 15 hits AC 12, not 17.
  Table u(load(shield_caster(2), archer("Archer", 20, 10, 0, R"(, "movement": "hold")")));
  ScriptedDice shot{10};
  u.turn(1, shot);
  EXPECT_EQ(u.hp(0), 20);
  EXPECT_EQ(u.state.field.slots_left[0], 1);
  EXPECT_EQ(u.events.lines, (std::vector<std::string>{"0 Shield on 1", "1 attacks 0: miss 0"}));
  // A critical hit is a hit whatever the AC: no Shield.
  Table v(load(shield_caster(2), brute("Foe", 30, 1, 0)));
  ScriptedDice critical{20, 3, 4};
  v.turn(1, critical);
  EXPECT_EQ(v.hp(0), 11);
  EXPECT_EQ(v.state.field.slots_left[0], 2);
  // Nor against an automatic hit (magic missile's darts: not modelled), only a rolled one.
  AttackRoll rolled;
  rolled.natural = 10;
  rolled.total = 14;
  rolled.hit = true;
  AttackRoll dart = detail::automatic_hit();
  detail::Tentative offered;
  offered.trigger = detail::Trigger::RangedHit;
  offered.actor = 1;
  offered.target = 0;
  offered.ac = 12;
  offered.roll = &rolled;
  EXPECT_TRUE(detail::Shield::triggered(v.plan, v.state, 0, offered));
  offered.roll = &dart;
  EXPECT_FALSE(detail::Shield::triggered(v.plan, v.state, 0, offered));
}

TEST(BattlefieldTest, TheSeedsChainAParryInsideAnOpportunityAttackInsideAMove) {
  // Seed 001: the fighter moves, the goblin's opportunity attack hits, the
  // fighter parries and still drops, so the move never completes.
  Table t(load(battle_master(3, 0, 0, R"(["parry"])"),
               brute("Guard", 20, 0, 1) + ", " + brute("Runner", 5, 6, 0)));
  ScriptedDice dice{15, 1, 6};  // hit; parry 1 + 2 = 3 off 8: 5 damage drop it
  t.turn(0, dice);
  EXPECT_TRUE(t.state.combatants[0].dead);
  EXPECT_EQ(t.at(0), (space::Square{1, 0}));
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 moves 5 to 1,0", "1 opportunity attack on 0",
                                      "0 parry (Battle Master) on 1", "1 attacks 0: hit 5",
                                      "0: the move is cancelled"}));
}

TEST(BattlefieldTest, DisengageProvokesNothing) {
  // A kiting archer next to a brute disengages and backs away its speed.
  Table t(load(archer("Archer", 20, 10, 0, R"(, "movement": "kite")"), brute("Foe", 30, 11, 0)));
  ScriptedDice dice{};
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{4, 0}));
  EXPECT_EQ(t.state.field.reacted[1], 0);
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 disengages", "0 moves 30 to 4,0"}));
}

TEST(BattlefieldTest, NimbleEscapeDisengagesAsABonusActionAndStillShoots) {
  Table t(
      load(R"({"monster": "goblin", "at": [10, 0], "movement": "kite"})", brute("Foe", 30, 11, 0)));
  ASSERT_TRUE(t.plan.field.creatures[0].nimble_escape);
  ScriptedDice dice{10, 3};  // the shortbow from 35 ft: 14 hits AC 12 for 5
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{4, 0}));
  EXPECT_EQ(t.hp(1), 25);
  EXPECT_EQ(t.state.field.reacted[1], 0);
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 disengages (Nimble Escape)",
                                                      "0 moves 30 to 4,0", "0 attacks 1: hit 5"}));
}

TEST(BattlefieldTest, KitingPrefersItsRangedAttack) {
  // A goblin's scimitar and shortbow do the same damage; kiting, it walks
  // only into the shortbow's normal range (80 ft) and shoots, instead of
  // walking up to the foe 100 ft away.
  Table t(
      load(R"({"monster": "goblin", "at": [0, 0], "movement": "kite"})", brute("Foe", 30, 20, 0)));
  ScriptedDice dice{10, 3};
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{4, 0}));
  EXPECT_EQ(t.hp(1), 25);
}

// --why on a battlefield: an action that cannot reach the target from
// where the creature stands was not a choice, and says so. The goblin's
// scimitar would tie with its shortbow, and the earlier listed wins a tie.
TEST(BattlefieldTest, WhyMarksTheActionsOutOfReach) {
  const Encounter e = load(R"({"monster": "goblin", "at": [0, 0], "movement": "hold"})",
                           brute("Foe", 30, 12, 0, R"(, "movement": "hold")"));
  const std::string text = replay_battle(e, 0, ReplayOptions{.why = true}).text;
  const std::string shot = "Goblin uses Shortbow (Foe)\n    why: value ";
  const std::size_t at = text.find(shot);
  ASSERT_NE(at, std::string::npos) << text;
  const std::string why = text.substr(at, text.find('\n', at + shot.size()) - at);
  EXPECT_TRUE(why.ends_with(", out of reach)")) << why;
  EXPECT_NE(why.find("; over Scimitar ("), std::string::npos) << why;
}

TEST(BattlefieldTest, KitingBacksAwayFromATargetThatCouldCloseIn) {
  // 30 ft away (within its 30 ft speed + 5): backs away 30 ft, then shoots.
  Table t(load(archer("Archer", 20, 10, 0, R"(, "movement": "kite")"), brute("Foe", 30, 16, 0)));
  ScriptedDice dice{10, 5};
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{4, 0}));
  EXPECT_EQ(t.hp(1), 23);
  // 40 ft away: it stays and shoots.
  Table u(load(archer("Archer", 20, 10, 0, R"(, "movement": "kite")"), brute("Foe", 30, 18, 0)));
  ScriptedDice again{10, 5};
  u.turn(0, again);
  EXPECT_EQ(u.at(0), (space::Square{10, 0}));
  // 75 ft away, backing away stops where the target is at the edge of normal range.
  Table v(load(archer("Archer", 20, 10, 0, R"(, "movement": "kite", "speed": 80)"),
               brute("Foe", 30, 25, 0)));
  ScriptedDice far{10, 5};
  v.turn(0, far);
  EXPECT_EQ(v.at(0), (space::Square{9, 0}));
}

// A kiter beside a hostile whose target is beyond its normal range has no
// step to back away: it takes no Disengage (which left it standing there,
// its action spent, every round) and plays its turn as any kiter: a step
// to normal range (to (1,1), still beside the guard: no opportunity
// attack), and the shot, with disadvantage.
TEST(BattlefieldTest, AKiterWithNoStepAwayDoesNotDisengage) {
  Table t(load(archer("Archer", 20, 0, 0, R"(, "movement": "kite")"),
               brute("Guard", 50, 1, 0, R"(, "movement": "hold")") + ", " +
                   brute("Target", 10, 17, 0, R"(, "movement": "hold")")));
  ScriptedDice dice{10, 12, 5};  // 10 and 12 with disadvantage: 10 + 5 hits AC 12 for 5 + 2
  t.turn(0, dice);
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 moves 5 to 1,1", "0 attacks 2: disadvantage hit 7"}));
  EXPECT_EQ(t.hp(2), 3);
}

TEST(BattlefieldTest, AMoverStepsRoundAWallOfOthers) {
  // Allies stand at x = 1 from y = 0 to 2: no step from (0,1) gets closer to
  // the foe at (3,1). The way round goes by (0,2) and (1,3) to (2,2), beside
  // the foe: 15 ft, then the club (15: a hit for 3 + 2).
  const std::string wall = brute("Wall 1", 10, 1, 0) + ", " + brute("Wall 2", 10, 1, 1) + ", " +
                           brute("Wall 3", 10, 1, 2);
  Table t(load(brute("Mover", 10, 0, 1) + ", " + wall, brute("Foe", 20, 3, 1)));
  ScriptedDice dice{15, 3};
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{2, 2}));
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 moves 15 to 2,2", "0 attacks 4: hit 5"}));
}

TEST(BattlefieldTest, AMoverHemmedInAttacksAnEnemyBesideItInstead) {
  // Its target (the weakest, 5 HP) is 25 ft away, and allies and the other
  // foe stand all round it: it attacks the foe beside it instead of Dashing.
  Table t(load(brute("Mover", 10, 0, 0) + ", " + brute("Ally 1", 10, 1, 0) + ", " +
                   brute("Ally 2", 10, 1, 1),
               brute("Near", 30, 0, 1) + ", " + brute("Far", 5, 5, 0)));
  ScriptedDice dice{15, 3};
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{0, 0}));
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 attacks 3: hit 5"}));
  EXPECT_EQ(t.hp(3), 25);
}

TEST(BattlefieldTest, NoTwoCreaturesShareASquare) {
  // An ally blocks the straight line: the hero steps round it.
  Table t(load(brute("Hero", 30, 0, 1) + ", " + brute("Wall", 30, 1, 1, R"(, "movement": "hold")"),
               brute("Foe", 5, 4, 1)));
  ScriptedDice dice{15, 3};
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{3, 1}));
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 moves 15 to 3,1", "0 attacks 2: hit 5"}));
}

// The lines of `text` from the one after `first` on, `count` of them.
std::vector<std::string> lines_after(const std::string& text, const std::string& first, int count) {
  std::vector<std::string> lines;
  std::size_t at = text.find(first);
  if (at == std::string::npos) return lines;
  at += first.size();
  for (int i = 0; i < count && at < text.size(); ++i) {
    const std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

TEST(BattlefieldTest, ReplayMapsTheFieldAtTheStartOfEachRound) {
  const Encounter e = load(brute("Hero", 30, 0, 0), brute("Foe", 30, 3, 1));
  ReplayOptions options;
  options.map = true;
  const Replay mapped = replay_battle(e, 0, options);
  EXPECT_TRUE(mapped.mapped);
  // The squares the two span, a square of margin round them (none off the field).
  EXPECT_EQ(lines_after(mapped.text, "Round 1\n", 5),
            (std::vector<std::string>{"    map: x 0 to 4, y 0 to 2 (1 character = 5 ft)",
                                      "      0 A....", "      1 ...B.", "      2 .....",
                                      "    A Hero (30 HP), B Foe (30 HP)"}));
  // One map per round, and otherwise the same replay.
  const Replay plain = replay_battle(e, 0);
  EXPECT_FALSE(plain.mapped);
  std::size_t rounds = 0, maps = 0;
  for (std::size_t at = 0; (at = mapped.text.find("\nRound ", at)) != std::string::npos; ++at)
    ++rounds;
  for (std::size_t at = 0; (at = mapped.text.find("    map: ", at)) != std::string::npos; ++at)
    ++maps;
  EXPECT_GT(rounds, 1u);
  EXPECT_EQ(maps, rounds);
  std::string without_maps;
  for (std::size_t at = 0; at < mapped.text.size();) {
    const std::size_t end = mapped.text.find('\n', at) + 1;
    const std::string line = mapped.text.substr(at, end - at);
    // The title, the rows (indented 6) and the legend (from A, the hero).
    const bool map_line = line.starts_with("    map: ") || line.starts_with("      ") ||
                          line.starts_with("    A Hero ");
    if (!map_line) without_maps += line;
    at = end;
  }
  EXPECT_EQ(without_maps, plain.text);
}

TEST(BattlefieldTest, ReplayDrawsNoMapWithoutABattlefield) {
  auto e = load_encounter(
      R"({"factions": [{"name": "a", "members": [{"monster": "knight"}]},
                      {"name": "b", "members": [{"monster": "ogre"}]}]})",
      "gridless.json");
  ASSERT_TRUE(e.has_value());
  ReplayOptions options;
  options.map = true;
  const Replay replay = replay_battle(*e, 3, options);
  EXPECT_FALSE(replay.mapped);
  EXPECT_EQ(replay.text, replay_battle(*e, 3).text);
}

TEST(BattlefieldTest, AChargeWithItsSave) {
  // A minotaur (Large, at x 0-1) 25 ft from its foe advances 20 ft straight
  // at it: its charge is ready, so it gores (not its greataxe), recklessly:
  // the higher of two d20s, 2d8 + 4 and the charge's 2d8.
  const std::string minotaur = R"({"monster": "minotaur", "at": [0, 0]})";
  Table made(load(minotaur, brute("Foe", 40, 6, 0)));
  ASSERT_TRUE(made.plan.full_rules);
  ScriptedDice dice{15, 3, 4, 4, 5, 4, 14};  // hit; 12 + 9 = 21; the STR save: 14 makes DC 14
  made.turn(0, dice);
  EXPECT_EQ(made.hp(1), 19);
  EXPECT_EQ(made.at(1), (space::Square{6, 0}));
  EXPECT_FALSE(made.state.rules[1].conditions.contains(Condition::Prone));
  EXPECT_EQ(made.events.lines, (std::vector<std::string>{"0 moves 20 to 4,0", "0 attacks 1: hit 21",
                                                         "1 saves against charge"}));
  // A failed save: pushed 10 ft away, then prone.
  Table failed(load(minotaur, brute("Foe", 40, 6, 0)));
  ScriptedDice fail{15, 3, 4, 4, 5, 4, 13};
  failed.turn(0, fail);
  EXPECT_EQ(failed.hp(1), 19);
  EXPECT_EQ(failed.at(1), (space::Square{8, 0}));
  EXPECT_TRUE(failed.state.rules[1].conditions.contains(Condition::Prone));
  EXPECT_EQ(failed.events.lines,
            (std::vector<std::string>{"0 moves 20 to 4,0", "0 attacks 1: hit 21", "1 fails charge",
                                      "1 is pushed", "1 moves 10 to 8,0", "1 is prone"}));
}

// A charge's extra damage joins the hit's part of its type, which need not
// be the first: a gore of 1 slashing + 2d8 + 4 piercing, charging with 2d8
// piercing, against a foe resistant to piercing: 13 + 9 halved at once (11),
// + 1 (halved apart: 6 + 4).
TEST(BattlefieldTest, AChargesExtraJoinsThePartOfItsType) {
  const std::string minotaur = R"({"monster": "minotaur", "at": [0, 0],
      "attacks": [{"name": "Gore", "to_hit": 6, "damage": "1 slashing + 2d8+4 piercing"}]})";
  Table t(load(minotaur, brute("Foe", 40, 6, 0, R"(, "resistances": ["piercing"])")));
  ScriptedDice dice{15, 3, 4, 5, 5, 4, 14};  // reckless: 15; 4 + 5 + 4; the charge 9; saves
  t.turn(0, dice);
  EXPECT_EQ(t.hp(1), 40 - 12);
}

TEST(BattlefieldTest, NoChargeWithoutTheRun) {
  // 5 ft short of its 10-ft run: it walks 5 ft and swings its greataxe (2d12 + 4).
  Table t(load(R"({"monster": "minotaur", "at": [0, 0]})", brute("Foe", 40, 3, 0)));
  ScriptedDice dice{15, 3, 6, 6};
  t.turn(0, dice);
  EXPECT_EQ(t.hp(1), 24);
  EXPECT_EQ(t.events.lines, (std::vector<std::string>{"0 moves 5 to 1,0", "0 attacks 1: hit 16"}));
  // Gridless, the minotaur never charges: its greataxe, whatever the distance.
  auto gridless = load_encounter(
      R"({"factions": [{"name": "a", "members": [{"monster": "minotaur"}]},
                      {"name": "b", "members": [{"name": "Foe", "hp": 40, "ac": 12,
                        "attacks": [{"name": "Club", "to_hit": 4, "damage": "1d6+2"}]}]}]})",
      "gridless.json");
  ASSERT_TRUE(gridless.has_value()) << gridless.error().front();
  BattlePlan plan(*gridless);
  BattleState state;
  testing::start_at_full_hp(*gridless, plan, state);
  ScriptedDice axe{15, 3, 6, 6};
  Recorder events;
  detail::take_turn<true, false>(plan, state, 0, axe, events);
  EXPECT_EQ(axe.remaining(), 0u);
  EXPECT_EQ(state.combatants[1].hp, 24);
  EXPECT_EQ(events.lines, (std::vector<std::string>{"0 attacks 1: hit 16"}));
}

TEST(BattlefieldTest, PounceBitesAProneTargetAsABonusAction) {
  // A panther 30 ft away runs 25 ft and claws (1d4 + 2, not its better
  // bite): the target fails the DC 12 STR save, falls prone and is bitten
  // with advantage (prone, within 5 ft) for 1d6 + 2.
  const std::string panther = R"({"monster": "panther", "at": [0, 0]})";
  Table t(load(panther, brute("Foe", 40, 6, 0)));
  ScriptedDice dice{15, 2, 5, 10, 2, 3};
  t.turn(0, dice);
  EXPECT_EQ(t.hp(1), 31);
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 moves 25 to 5,0", "0 attacks 1: hit 4", "1 fails charge",
                                      "1 is prone", "0 attacks the prone target as a bonus action",
                                      "0 attacks 1: hit 5"}));
  // A made save: no bite.
  Table u(load(panther, brute("Foe", 40, 6, 0)));
  ScriptedDice saved{15, 2, 12};
  u.turn(0, saved);
  EXPECT_EQ(u.hp(1), 36);
  EXPECT_FALSE(u.state.rules[1].conditions.contains(Condition::Prone));
}

TEST(BattlefieldTest, FlybyProvokesNoOpportunityAttackWhenItFlies) {
  // A giant owl (Large) flies past the guard next to it to the weaker runner: Flyby,
  // no opportunity attack; its talons (2d6 + 1) drop the runner.
  const std::string foes = brute("Guard", 20, 0, 2) + ", " + brute("Runner", 5, 7, 0);
  Table flying(
      load(R"({"monster": "giant owl", "at": [0, 0], "speed": {"walk": 5, "fly": 60}})", foes));
  ASSERT_TRUE(flying.plan.field.creatures[0].flyby);
  ScriptedDice dice{15, 3, 3};
  flying.turn(0, dice);
  EXPECT_EQ(flying.state.field.reacted[1], 0);
  EXPECT_EQ(flying.events.lines,
            (std::vector<std::string>{"0 moves 25 to 5,0", "0 attacks 2: hit 7"}));
  // Walking (no fly speed), Flyby does not help: the guard's opportunity attack.
  Table walking(load(R"({"monster": "giant owl", "at": [0, 0], "speed": 30})", foes));
  ASSERT_FALSE(walking.plan.field.creatures[0].flyby);
  ScriptedDice walk{15, 3, 15, 3, 3};
  walking.turn(0, walk);
  EXPECT_EQ(
      walking.events.lines,
      (std::vector<std::string>{"0 moves 5 to 1,0", "1 opportunity attack on 0",
                                "1 attacks 0: hit 5", "0 moves 20 to 5,0", "0 attacks 2: hit 7"}));
}

TEST(BattlefieldTest, PackTacticsNeedsAnAllyBesideTheTarget) {
  // A wolf next to its foe; its packmate beside the foe gives advantage
  // (3 then 15: the bite hits, 2d4 + 2, then the foe's DC 11 save against
  // prone), 10 ft away it does not (3 + 4 misses AC 12).
  const std::string wolf = R"({"monster": "wolf", "at": [0, 0], "movement": "hold"})";
  const std::string foe = brute("Foe", 40, 1, 0, R"(, "movement": "hold")");
  Table beside(load(wolf + ", " + brute("Packmate", 10, 2, 0), foe));
  ScriptedDice advantage{3, 15, 2, 2, 15};
  beside.turn(0, advantage);
  EXPECT_EQ(beside.hp(2), 34);
  Table away(load(wolf + ", " + brute("Packmate", 10, 3, 0), foe));
  ScriptedDice one_die{3};
  away.turn(0, one_die);
  EXPECT_EQ(away.hp(2), 40);
  // An incapacitated packmate beside the foe does not help either.
  Table stunned(load(wolf + ", " + brute("Packmate", 10, 2, 0), foe));
  stunned.state.rules[1].conditions.insert(Condition::Stunned);
  ScriptedDice alone{3};
  stunned.turn(0, alone);
  EXPECT_EQ(stunned.hp(2), 40);
}

TEST(BattlefieldTest, SneakAttackNeedsAnAllyBesideTheTarget) {
  // A spy's two shortswords (1d6 + 2 each) both hit; with its ally beside
  // the target the first adds Sneak Attack's 2d6, with the ally 10 ft away neither does.
  const std::string spy = R"({"monster": "spy", "at": [0, 0], "movement": "hold"})";
  const std::string foe = brute("Foe", 40, 1, 0, R"(, "movement": "hold")");
  Table beside(load(spy + ", " + brute("Ally", 10, 2, 0), foe));
  ScriptedDice sneak{15, 3, 3, 3, 15, 3};
  beside.turn(0, sneak);
  EXPECT_EQ(beside.hp(2), 24);
  Table away(load(spy + ", " + brute("Ally", 10, 3, 0), foe));
  ScriptedDice plain{15, 3, 15, 3};
  away.turn(0, plain);
  EXPECT_EQ(away.hp(2), 30);
}

// The target's defence applies once to all of a type's damage, after
// every other modifier (SRD), not to each part apart.
TEST(BattlefieldTest, ResistanceHalvesAllOfATypesDamageAtOnce) {
  const std::string foe =
      brute("Foe", 40, 1, 0, R"(, "movement": "hold", "resistances": ["piercing"])");
  // Sneak Attack joins its shortsword's piercing: 3 + 2 and 2d6 of 7
  // deal 12 halved, 6 (halved apart, 2 + 3); the second sword 5 halved, 2.
  const std::string spy = R"({"monster": "spy", "at": [0, 0], "movement": "hold"})";
  Table sneak(load(spy + ", " + brute("Ally", 10, 2, 0), foe));
  ScriptedDice dice{15, 3, 3, 4, 15, 3};
  sneak.turn(0, dice);
  EXPECT_EQ(sneak.hp(2), 40 - 6 - 2);
  // Two piercing parts of one attack: 3 + 2 and 1 + 2, 8 halved: 4 (apart, 2 + 1).
  const std::string stabber =
      R"({"name": "Stabber", "hp": 20, "ac": 12, "initiative": 0, "at": [0, 0], "movement": "hold",
          "attacks": [{"name": "Stab", "to_hit": 4, "damage": "1d6+2 piercing + 2d6 piercing"}]})";
  Table parts(load(stabber, foe));
  ScriptedDice rolls{15, 3, 1, 2};
  parts.turn(0, rolls);
  EXPECT_EQ(parts.hp(1), 36);
}

// Sneak Attack never comes with disadvantage, an ally beside the target
// or not: a poisoned spy's hits are its shortswords' alone.
TEST(BattlefieldTest, NoSneakAttackWithDisadvantage) {
  const std::string spy = R"({"monster": "spy", "at": [0, 0], "movement": "hold"})";
  const std::string foe = brute("Foe", 40, 1, 0, R"(, "movement": "hold")");
  Table poisoned(load(spy + ", " + brute("Ally", 10, 2, 0), foe));
  detail::impose_condition(poisoned.plan, poisoned.state, 2, 0,
                           ConditionEffect{Condition::Poisoned}, Ability::Con, 10, poisoned.events);
  ScriptedDice dice{15, 16, 3, 15, 16, 3};  // each: disadvantage keeps 15, a hit for 3 + 2
  poisoned.turn(0, dice);
  EXPECT_EQ(poisoned.hp(2), 30);
}

TEST(BattlefieldTest, LegendaryActionsReachOnlyFromWhereTheCreatureStands) {
  // An adult red dragon (Huge, squares 0 to 2) and a hero: the tail reaches
  // 15 ft and the wing attack catches creatures within 10 ft.
  const auto dragon_and_hero_at = [](int x) {
    return Table(
        load(R"({"monster": "adult red dragon", "at": [0, 0]})", brute("Hero", 300, x, 0)));
  };
  Table far = dragon_and_hero_at(6);  // 20 ft: nothing reaches, and no dice are drawn
  ScriptedDice none{};
  detail::legendary_actions_after<true>(far.plan, far.state, 1, none, far.events);
  EXPECT_EQ(far.hp(1), 300);
  EXPECT_EQ(far.state.rules[0].legendary_left, 3);
  Table near = dragon_and_hero_at(5);  // 15 ft: the tail, 2d8+8 at +14
  ScriptedDice tail{15, 4, 4};
  detail::legendary_actions_after<true>(near.plan, near.state, 1, tail, near.events);
  EXPECT_EQ(near.hp(1), 300 - 16);
  EXPECT_EQ(near.state.rules[0].legendary_left, 2);
  EXPECT_EQ(tail.remaining(), 0u);
}

TEST(BattlefieldTest, RampageBitesOnlyATargetInReach) {
  // A gnoll beside a 1-HP hero drops it with its spear; its rampage bite
  // then needs the other hero within 5 ft.
  const auto gnoll_with_second_hero_at = [](int x, int y) {
    return Table(load(R"({"monster": "gnoll", "at": [0, 0]})",
                      brute("Weak", 1, 1, 0) + "," + brute("Other", 30, x, y)));
  };
  Table far = gnoll_with_second_hero_at(5, 0);  // 20 ft away: no rampage
  ScriptedDice spear{15, 3};                    // a hit and its damage
  far.turn(0, spear);
  EXPECT_EQ(far.hp(1), 0);
  EXPECT_EQ(far.hp(2), 30);
  Table near = gnoll_with_second_hero_at(0, 1);  // beside the gnoll
  ScriptedDice spear_and_bite{15, 3, 15, 2};     // then the bite: 1d4+2 = 4
  near.turn(0, spear_and_bite);
  EXPECT_EQ(near.hp(1), 0);
  EXPECT_EQ(near.hp(2), 30 - 4);
  EXPECT_NE(std::find(near.events.lines.begin(), near.events.lines.end(), "0 rampages"),
            near.events.lines.end());
}

TEST(BattlefieldTest, AGelatinousCubeEngulfsOnlyFromBesideItsTarget) {
  // The Large cube (squares 0 and 1) is 20 ft from the foe: it moves its
  // 15 ft to its side, then engulfs it (3d6 acid = 3, its Dex save of 5 fails).
  Table t(load(R"({"monster": "gelatinous cube", "at": [0, 0]})", brute("Foe", 40, 5, 0)));
  ScriptedDice dice{1, 1, 1, 5};
  t.turn(0, dice);
  EXPECT_EQ(t.at(0), (space::Square{3, 0}));
  EXPECT_EQ(t.hp(1), 40 - 3);
  EXPECT_TRUE(t.state.rules[1].conditions.contains(Condition::Swallowed));
}

TEST(BattlefieldTest, UnnervingMaskFrightensACreatureStartingItsTurnNearby) {
  // The foe starts its turn 5 ft from the chain devil: the devil's reaction
  // forces a DC 14 Wis save (5 fails), so the foe attacks with disadvantage
  // (15 and 3: a miss), and the fear ends with its turn.
  const std::string devil = R"({"monster": "chain devil", "at": [0, 0]})";
  Table t(load(devil, brute("Foe", 40, 1, 0)));
  ASSERT_TRUE(t.plan.field.turn_starts_answered);
  ScriptedDice dice{5, 15, 3};
  t.turn(1, dice);
  EXPECT_EQ(t.state.field.reacted[0], 1);
  EXPECT_FALSE(t.state.rules[1].conditions.contains(Condition::Frightened));
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 Unnerving Mask on 1", "1 fails Unnerving Mask",
                                      "1 is frightened", "1 attacks 0: disadvantage miss 0"}));
  // A made save (14): no fear, a plain attack.
  Table u(load(devil, brute("Foe", 40, 1, 0)));
  ScriptedDice saved{14, 15, 3};
  u.turn(1, saved);
  EXPECT_EQ(u.events.lines,
            (std::vector<std::string>{"0 Unnerving Mask on 1", "1 saves against Unnerving Mask",
                                      "1 attacks 0: hit 5"}));
}

TEST(BattlefieldTest, AFrightenedCreatureMovesNoCloserToItsSource) {
  // 25 ft from the devil, the foe fails the mask's save (5): it neither
  // steps towards the devil nor dashes, and its turn is lost.
  Table t(load(R"({"monster": "chain devil", "at": [0, 0]})", brute("Foe", 40, 5, 0)));
  ScriptedDice dice{5};
  t.turn(1, dice);
  EXPECT_EQ(t.at(1), (space::Square{5, 0}));
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"0 Unnerving Mask on 1", "1 fails Unnerving Mask",
                                      "1 is frightened"}));
}

TEST(BattlefieldTest, UnnervingMaskReachesThirtyFeetAndNeedsSight) {
  const std::string devil = R"({"monster": "chain devil", "at": [0, 0]})";
  // 40 ft away: no reaction; the archer shoots (15: a hit for 1d8+2 = 5).
  Table far(load(devil, archer("Archer", 20, 8, 0)));
  ScriptedDice dice{15, 3};
  far.turn(1, dice);
  EXPECT_EQ(far.state.field.reacted[0], 0);
  EXPECT_EQ(far.events.lines, (std::vector<std::string>{"1 attacks 0: hit 5"}));
  // 30 ft away, but blinded: it cannot see the mask.
  Table blind(load(devil, archer("Archer", 20, 6, 0)));
  detail::impose_condition(blind.plan, blind.state, 0, 1, ConditionEffect{Condition::Blinded},
                           Ability::Con, 10, blind.events);
  ScriptedDice shot{15, 19, 3};  // blinded: disadvantage
  blind.turn(1, shot);
  EXPECT_EQ(blind.state.field.reacted[0], 0);
}

// A melee creature whose club deals `type` damage: +4 to hit, 1d6+2.
std::string striker(const std::string& name, int x, const std::string& type) {
  return fmt::format(
      R"({{"name": "{}", "hp": 40, "ac": 12, "initiative": 0, "at": [{}, 0],
           "attacks": [{{"name": "Blade", "to_hit": 4, "damage": "1d6+2 {}"}}]}})",
      name, x, type);
}

TEST(BattlefieldTest, ABlackPuddingSplitsUnderASlashingBlow) {
  // The Large pudding (squares 0-1) has three combatants that may join from
  // it (0 is the pudding, 1-3 its halves to be, 4 the foe beside it).
  Table t(load(R"({"monster": "black pudding", "at": [0, 0]})", striker("Foe", 2, "slashing")));
  ASSERT_EQ(t.encounter.combatants.size(), 5u);
  EXPECT_TRUE(t.encounter.combatants[1].joins_later);
  EXPECT_EQ(t.encounter.combatants[3].name, "Black Pudding split 3");
  for (int c : {1, 2, 3}) EXPECT_TRUE(t.state.combatants[c].absent);
  // 15 + 4 hits AC 7; the slashing is stopped by its immunity, and the
  // pudding still splits: 85 HP into 42 and 42, each Medium, the new half
  // on the nearest free square (its old one at (1,0)). Both reactions spent.
  ScriptedDice dice{15, 3};
  t.turn(4, dice);
  EXPECT_EQ(t.events.lines,
            (std::vector<std::string>{"4 attacks 0: hit 0", "0 split on 4", "1 joins from 0"}));
  EXPECT_EQ(t.hp(0), 42);
  EXPECT_EQ(t.hp(1), 42);
  EXPECT_FALSE(t.state.combatants[1].absent);
  EXPECT_FALSE(t.state.combatants[1].dead);
  EXPECT_EQ(t.state.field.at[0], (space::Footprint{{0, 0}, 1}));
  EXPECT_EQ(t.state.field.at[1], (space::Footprint{{1, 0}, 1}));
  EXPECT_EQ(t.state.field.size[1], kMediumSize);
  EXPECT_EQ(t.state.field.reacted[0], 1);
  EXPECT_EQ(t.state.field.reacted[1], 1);
  EXPECT_EQ(t.state.standing.members(0), 2);
  // Its reaction is spent: the next slashing blow this round does not split
  // it (the foe picks the pudding of the two at 42 HP: 1).
  ScriptedDice again{1, 15, 3};
  t.turn(4, again);
  EXPECT_TRUE(t.state.combatants[2].absent);
  // With its reaction back, a half (Medium, 42 HP) splits into two Small of 21.
  t.state.field.reacted[1] = 0;
  t.state.field.move(t.plan.field, 4, {{2, 1}, 1});  // beside the half at (1,0) only
  ScriptedDice third{15, 3};
  detail::make_attack<true, true>(t.plan, t.state, 4, 1, 0, true, third, t.events);
  EXPECT_EQ(t.hp(1), 21);
  EXPECT_EQ(t.hp(2), 21);
  EXPECT_EQ(t.state.field.size[2], kMediumSize - 1);
  // A Small half splits no more.
  t.state.field.reacted[1] = 0;
  ScriptedDice fourth{15, 3};
  detail::make_attack<true, true>(t.plan, t.state, 4, 1, 0, true, fourth, t.events);
  EXPECT_EQ(t.hp(1), 21);
  EXPECT_TRUE(t.state.combatants[3].absent);
}

// A pudding split by an opportunity attack as it steps away stops where it
// is, Medium now, its new half beside it: it took the step planned for its
// Large self, onto its new half's square (two creatures on one square).
TEST(BattlefieldTest, APuddingSplitAsItMovesStopsThere) {
  // 0 the Large pudding at (6,0)-(7,1), 4 the foe beside it at (5,0), 5 its
  // target (the strongest) far off at (9,0).
  Table t(load(
      R"({"monster": "black pudding", "at": [6, 0], "tactics": {"target": "strongest"}})",
      striker("Foe", 5, "slashing") + ", " + brute("Far", 90, 9, 0, R"(, "movement": "hold")")));
  // The step to (7,0) leaves the foe's reach: its blow (15 + 4 hits AC 7,
  // 3 + 2 slashing, stopped by immunity) splits the pudding; it then
  // strikes the foe beside it (a miss on 2).
  ScriptedDice dice{15, 3, 2};
  t.turn(0, dice);
  EXPECT_EQ(t.state.field.at[0], (space::Footprint{{6, 0}, 1}));
  EXPECT_EQ(t.state.field.at[1], (space::Footprint{{7, 0}, 1}));
  for (int c : {0, 1, 4, 5}) {  // each on its squares alone
    const space::Footprint& f = t.state.field.at[static_cast<std::size_t>(c)];
    EXPECT_EQ(t.state.field.occupant[FieldState::square_index(t.plan.field, f.at)], c) << c;
  }
}

// Split is the pudding's reaction to the damage, whoever deals it: its
// ally the dragon's Lightning Breath, aimed at the foe beyond it, catches
// it too, and it splits (its immunity stops the lightning, not the split).
TEST(BattlefieldTest, APuddingSplitsInItsAllysBreath) {
  Table t(load(R"({"monster": "young blue dragon", "at": [0, 0]},
                  {"monster": "black pudding", "at": [2, 0]})",
               brute("Foe", 200, 4, 0)));
  const int dragon = 0, pudding = 1, foe = 5;
  ASSERT_EQ(t.encounter.combatants[static_cast<std::size_t>(foe)].name, "Foe");
  const std::vector<SaveEffect>& effects = creature_of(t.encounter, dragon).save_effects;
  const auto breath = std::find_if(effects.begin(), effects.end(), [](const SaveEffect& e) {
    return e.name == "Lightning Breath";
  });
  ASSERT_NE(breath, effects.end());
  ScriptedDice dice{3, 3, 3, 3, 3, 3, 3, 3, 3, 3,  // 10d10 lightning: 30
                    5, 5};                         // the pudding's and the foe's Dex saves fail
  detail::force_save(t.plan, t.state, dragon, foe,
                     t.plan.save_effect(dragon, static_cast<int>(breath - effects.begin())), dice,
                     t.events);
  EXPECT_EQ(dice.remaining(), 0u);
  EXPECT_EQ(t.hp(pudding), 42);
  EXPECT_FALSE(t.state.combatants[pudding + 1].absent);
  EXPECT_EQ(t.hp(foe), 170);
  EXPECT_NE(std::find(t.events.lines.begin(), t.events.lines.end(), "1 split on 0"),
            t.events.lines.end());
}

TEST(BattlefieldTest, APuddingSplitsOnlyUnderItsDamageTypesAndWithTenHitPoints) {
  // Bludgeoning: 5 damage, no split.
  Table blunt(
      load(R"({"monster": "black pudding", "at": [0, 0]})", striker("Foe", 2, "bludgeoning")));
  ScriptedDice dice{15, 3};
  blunt.turn(4, dice);
  EXPECT_EQ(blunt.hp(0), 80);
  EXPECT_TRUE(blunt.state.combatants[1].absent);
  EXPECT_EQ(blunt.state.field.reacted[0], 0);
  // Lightning at 9 HP: no split (it needs 10).
  Table weak(load(R"({"monster": "black pudding", "at": [0, 0]})", striker("Foe", 2, "lightning")));
  weak.state.combatants[0].hp = 9;
  ScriptedDice shock{15, 3};
  weak.turn(4, shock);
  EXPECT_EQ(weak.hp(0), 9);
  EXPECT_TRUE(weak.state.combatants[1].absent);
}

TEST(BattlefieldTest, AStoneGiantCatchesAHurledRock) {
  // A rock that would hit (15 + 8 = 23 against AC 17): the giant's DC 10
  // Dex save (+5) of 5 catches it; of 4 it does not, and the rock lands
  // (3d10 + 5 = 8). A longbow's arrow is no rock: no reaction.
  const std::string giant = R"({"monster": "stone giant", "at": [0, 0]})";
  const std::string thrower =
      R"({"name": "Thrower", "hp": 30, "ac": 12, "initiative": 0, "at": [10, 0],
          "attacks": [{"name": "Rock", "to_hit": 8, "damage": "3d10+5 bludgeoning", "range": [60, 240]}]})";
  Table caught(load(giant, thrower));
  ASSERT_TRUE(caught.plan.full_rules);
  ScriptedDice catches{15, 5};
  caught.turn(1, catches);
  EXPECT_EQ(caught.hp(0), 126);
  EXPECT_EQ(caught.events.lines,
            (std::vector<std::string>{"0 Rock Catching on 1", "0 saves against Rock Catching",
                                      "1 attacks 0: miss 0"}));
  Table dropped(load(giant, thrower));
  ScriptedDice misses{15, 4, 1, 1, 1};
  dropped.turn(1, misses);
  EXPECT_EQ(dropped.hp(0), 126 - 8);
  EXPECT_EQ(dropped.state.field.reacted[0], 1);
  Table arrow(load(giant, archer("Archer", 20, 10, 0)));
  ScriptedDice shot{15, 3};
  arrow.turn(1, shot);
  EXPECT_EQ(arrow.state.field.reacted[0], 0);
  EXPECT_EQ(arrow.hp(0), 126 - 5);
}

TEST(BattlefieldTest, AGridlessPuddingHasNoHalvesAndSaysSo) {
  auto gridless = load_encounter(
      R"({"factions": [{"name": "a", "members": [{"monster": "black pudding"}]},
                       {"name": "b", "members": [{"monster": "ogre"}]}]})",
      "gridless.json");
  ASSERT_TRUE(gridless.has_value());
  EXPECT_EQ(gridless->combatants.size(), 2u);
  EXPECT_NE(describe_factions(*gridless).find(
                "gridless, not played: Reaction: Split (a battlefield plays it)"),
            std::string::npos);
}

TEST(BattlefieldTest, ValidateSaysWhatOnlyABattlefieldPlays) {
  const std::string members =
      R"({"name": "a", "members": [{"monster": "knight"}, {"monster": "minotaur"}]},
         {"name": "b", "members": [{"monster": "ogre"}]})";
  auto gridless = load_encounter(R"({"factions": [)" + members + "]}", "gridless.json");
  ASSERT_TRUE(gridless.has_value());
  const std::string plain = describe_factions(*gridless);
  EXPECT_NE(plain.find("gridless, not played: Reaction: Parry (a battlefield plays it)"),
            std::string::npos)
      << plain;
  EXPECT_NE(plain.find("gridless, not played: Charge (a battlefield plays it)"), std::string::npos);
  EXPECT_EQ(plain.find("not modelled: Reaction: Parry"), std::string::npos);
  EXPECT_EQ(plain.find("not modelled: Charge"), std::string::npos);
  auto field = load_encounter(
      R"({"battlefield": {"start": {"distance": 30}}, "factions": [)" + members + "]}", "f.json");
  ASSERT_TRUE(field.has_value());
  const std::string placed = describe_factions(*field);
  EXPECT_EQ(placed.find("gridless, not played"), std::string::npos) << placed;
  EXPECT_NE(placed.find("parry (+2 AC)"), std::string::npos);
  auto devil = load_encounter(
      R"({"battlefield": {"start": {"distance": 30}}, "factions": [{"name": "a", "members": [{"monster": "chain devil"}]}, {"name": "b", "members": [{"monster": "ogre"}]}]})",
      "d.json");
  ASSERT_TRUE(devil.has_value());
  const std::string masked = describe_factions(*devil);
  EXPECT_NE(masked.find("Unnerving Mask (an enemy starting its turn within 30 ft: DC 14 Wis save "
                        "or frightened"),
            std::string::npos)
      << masked;
  EXPECT_EQ(masked.find("not modelled: Reaction: Unnerving Mask"), std::string::npos) << masked;
  EXPECT_NE(placed.find("charge: 10 ft straight, then Gore +2d8 piercing, DC 14 STR or pushed 10 "
                        "ft and prone"),
            std::string::npos)
      << placed;
  const nlohmann::json json = describe_factions_json(*field);
  const std::string text = json.dump();
  EXPECT_NE(
      text.find(
          R"("charge":"10 ft straight, then Gore +2d8 piercing, DC 14 STR or pushed 10 ft and prone")"),
      std::string::npos)
      << text;
}

// ---------------------------------------------------------------- stalemates

// `battles` battles of `e` on one thread.
Tally run(const Encounter& e, std::int64_t battles) {
  RunOptions options;
  options.battles = battles;
  options.threads = 1;
  return run_battles(e, options).tally;
}

// Speed 0 both, 400 ft apart: the club reaches 5 ft, the longbow 320. No
// one can ever reach an enemy, so the battle ends before its first round.
TEST(BattlefieldTest, StillCreaturesOutOfEachOthersReachEndAtOnceAsAStalemate) {
  const Encounter e =
      load(brute("Hero", 30, 0, 0, R"(, "speed": 0)"), archer("Foe", 30, 80, 0, R"(, "speed": 0)"));
  const BattlePlan plan(e);
  BattleState state;
  ScriptedDice dice{10, 12};  // initiative only
  const BattleOutcome outcome = play_battle(plan, state, dice);
  EXPECT_EQ(dice.remaining(), 0u);
  EXPECT_TRUE(outcome.stalemate);
  EXPECT_EQ(outcome.winner, -1);
  EXPECT_EQ(outcome.rounds, 0);
  const Tally tally = run(e, 100);
  EXPECT_EQ(tally.draws, 100);
  EXPECT_EQ(tally.stalemates, 100);
  EXPECT_EQ(tally.rounds.max(), 0);
  const std::string text = replay_battle(e, 0).text;
  EXPECT_TRUE(text.ends_with(
      "Stalemate after 0 rounds: no one left can ever reach an enemy it can hurt (a draw)\n"))
      << text;
}

// The same two within the longbow's long range (300 ft), or with the hero
// able to walk: the battle goes on, and the archer wins every one.
TEST(BattlefieldTest, AStillArcherInRangeOrAWalkerIsNoStalemate) {
  for (const auto& [hero_speed, foe_x] : {std::pair{0, 60}, std::pair{30, 80}}) {
    const Encounter e = load(brute("Hero", 30, 0, 0, fmt::format(R"(, "speed": {})", hero_speed)),
                             archer("Foe", 300, foe_x, 0, R"(, "speed": 0)"));
    const Tally tally = run(e, 100);
    EXPECT_EQ(tally.stalemates, 0) << hero_speed;
    EXPECT_EQ(tally.factions[1].wins, 100) << hero_speed;
  }
}

// A still hero kills the pest beside it; the other foe, still too, stands
// 200 ft away: once the pest falls the battle ends, a stalemate.
TEST(BattlefieldTest, AStalemateOnceTheLastEnemyInReachFalls) {
  const std::string pest =
      R"({"name": "Pest", "hp": 1, "ac": 10, "at": [1, 0], "speed": 0,
          "attacks": [{"name": "Nip", "to_hit": 0, "damage": "1"}]})";
  const Encounter e = load(brute("Hero", 30, 0, 0, R"(, "speed": 0)"),
                           pest + ", " + brute("Far", 30, 41, 0, R"(, "speed": 0)"));
  const Tally tally = run(e, 200);
  EXPECT_EQ(tally.draws, 200);
  EXPECT_EQ(tally.stalemates, 200);
  EXPECT_GE(tally.rounds.min(), 1);  // not before the pest fell
  const std::string text = replay_battle(e, 0).text;
  EXPECT_NE(text.find("Pest"), std::string::npos);
  EXPECT_TRUE(text.find("no one left can ever reach an enemy it can hurt (a draw)\n") !=
              std::string::npos)
      << text;
}

// A fire whip reaches a fire-immune foe, which could hurt the whipper but
// never reaches it (both hold): no one can ever reach an enemy it can
// hurt, a stalemate at once. Each stalemate rule alone missed it, and the
// battle ran to max_rounds.
TEST(BattlefieldTest, ReachingOnlyWhomItCannotHurtIsAStalemate) {
  const Encounter e = load(
      R"({"name": "Whipper", "hp": 30, "ac": 12, "at": [0, 0], "movement": "hold",
          "attacks": [{"name": "Fire Whip", "to_hit": 5, "damage": "1d6 fire", "reach": 10}]})",
      R"({"name": "Salamander", "hp": 30, "ac": 12, "at": [2, 0], "movement": "hold",
          "immunities": ["fire"], "attacks": [{"name": "Claw", "to_hit": 5, "damage": "1d6"}]})");
  const Tally tally = run(e, 100);
  EXPECT_EQ(tally.stalemates, 100);
  EXPECT_EQ(tally.rounds.max(), 0);
  EXPECT_TRUE(replay_battle(e, 0).text.ends_with(
      "Stalemate after 0 rounds: no one left can ever reach an enemy it can hurt (a draw)\n"));
  // A claw that reaches it (the salamander beside the whipper): a fight.
  const Encounter near = load(
      R"({"name": "Whipper", "hp": 30, "ac": 12, "at": [0, 0], "movement": "hold",
          "attacks": [{"name": "Fire Whip", "to_hit": 5, "damage": "1d6 fire", "reach": 10}]})",
      R"({"name": "Salamander", "hp": 30, "ac": 12, "at": [1, 0], "movement": "hold",
          "immunities": ["fire"], "attacks": [{"name": "Claw", "to_hit": 5, "damage": "1d6"}]})");
  EXPECT_EQ(run(near, 100).factions[1].wins, 100);
}

// Only the plan's stillness counts: a grappled walker (speed 0 for now)
// may yet walk, while one that holds never does.
TEST(BattlefieldTest, AGrappleIsNoStillnessButHoldIs) {
  const std::string crab = R"({"monster": "giant crab", "at": [10, 0], "speed": 0})";
  for (const std::string& how :
       {std::string(), std::string(R"(, "movement": "hold")"), std::string(R"(, "speed": 0)")}) {
    Table t(load(brute("Hero", 30, 0, 0, how), crab));
    ASSERT_TRUE(t.plan.full_rules);
    detail::impose_condition(t.plan, t.state, 1, 0, ConditionEffect{Condition::Grappled},
                             Ability::Str, 11, t.events);
    ASSERT_TRUE(t.state.rules[0].conditions.contains(Condition::Grappled));
    EXPECT_EQ(detail::out_of_reach_for_good<true>(t.plan, t.state), !how.empty()) << how;
  }
}

// A dying PC may get up (a natural 20): no stalemate until it is stable.
TEST(BattlefieldTest, ADyingPcPutsOffTheStalemate) {
  Table t(load(brute("Hero", 10, 0, 0, R"(, "speed": 0, "pc": true)") + ", " +
                   brute("Mate", 30, 0, 2, R"(, "speed": 0)"),
               brute("Foe", 30, 40, 0, R"(, "speed": 0)")));
  EXPECT_TRUE(detail::out_of_reach_for_good<false>(t.plan, t.state));
  t.state.combatants[0].hp = 0;
  t.state.standing.drops(0);
  EXPECT_FALSE(detail::out_of_reach_for_good<false>(t.plan, t.state));
  t.state.combatants[0].stable = true;
  EXPECT_TRUE(detail::out_of_reach_for_good<false>(t.plan, t.state));
}

// "kite" on a creature whose actions are all melee could never apply: a
// load error. A save effect (a dragon's breath) or a thrown weapon will do,
// a stat block's melee-or-ranged javelin (an orc's) too.
TEST(BattlefieldTest, KitingNeedsAnActionThatStrikesFromAfar) {
  const std::string text = fmt::format(
      R"({{"battlefield": {{"width": 40, "height": 5}}, "factions": [{{"name": "a", "members": [{}]}},
         {{"name": "b", "members": [{}]}}]}})",
      brute("Hero", 30, 0, 0, R"(, "movement": "kite")"), brute("Foe", 30, 9, 0));
  const auto loaded = load_encounter(text, "kite.json");
  ASSERT_FALSE(loaded.has_value());
  ASSERT_EQ(loaded.error().size(), 1u);
  EXPECT_EQ(loaded.error().front(),
            "kite.json:2:99: /factions/0/members/0/movement: \"kite\" needs an action that "
            "strikes from afar (a ranged attack, or a save effect such as a breath weapon); "
            "Hero's actions are all melee: use \"advance\" or \"hold\"");
  for (const std::string& member :
       {std::string(R"({"monster": "young black dragon", "at": [0, 0], "movement": "kite"})"),
        std::string(R"({"name": "Thrower", "hp": 10, "at": [0, 0], "movement": "kite",
                        "abilities": {"str": 14, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10},
                        "weapons": ["javelin"]})"),
        std::string(R"({"monster": "orc", "at": [0, 0], "movement": "kite"})")}) {
    const auto fine = load_encounter(
        fmt::format(
            R"({{"battlefield": {{}}, "factions": [{{"name": "a", "members": [{}]}}, {{"name": "b", "members": [{}]}}]}})",
            member, brute("Foe", 30, 20, 0)),
        "fine.json");
    EXPECT_TRUE(fine.has_value()) << (fine ? "" : fine.error().front());
  }
}

}  // namespace
}  // namespace arena::dnd5e
