// How monsters choose their actions and whom their effects spare: the fixed
// action policy (tactics "actions"), creature-type exclusions ("other than
// an elf or undead") and a multiattack made a rolled number of times (the
// violet fungus's 1d4 touches), with scripted dice and exact outcomes.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "arena/battle_dice.hpp"
#include "arena/load.hpp"
#include "arena/replay.hpp"
#include "arena/scripted_dice.hpp"
#include "rules/dnd5e/action_value.hpp"
#include "rules/dnd5e/battle.hpp"
#include "rules/dnd5e/dnd5e_test_util.hpp"

namespace arena::dnd5e {
namespace {

using testing::duel_json;
using testing::problems;

// A battle of a library monster (with extra member keys) against the
// members given, set up by hand: full HP, nobody has acted.
struct Table : testing::Table {
  Table(const std::string& monster, const std::string& opponents,
        const std::string& monster_keys = "")
      : testing::Table(testing::load(duel_json(
            fmt::format(R"({{"monster": "{}"{}}})", monster, monster_keys), opponents))) {}
};

// An inline fighter of `hp` HP, AC 15, Con +0, with its own extra keys.
std::string hero(const std::string& extra = "", int hp = 40) {
  return fmt::format(R"({{"name": "Hero", "hp": {}, "ac": 15, "attacks": [{{"name": "Longsword",
                         "to_hit": 5, "damage": "1d8+3 slashing"}}]{}}})",
                     hp, extra);
}

// Checks that `json` is rejected with exactly one problem, containing `message`.
void expect_one_problem(const std::string& json, const std::string& message) {
  const auto found = problems(json);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].find(message), std::string::npos) << found[0];
}

const char* chosen(const Table& t, int self, int target) {
  const PlanAction* action = detail::choose_action(t.plan, t.state, self, target);
  return action == nullptr ? "none" : action->name;
}

// ---------------------------------------------------------------- fixed actions

TEST(FixedActionsTest, RestrictsTheGhoulToItsBite) {
  Table free("ghoul", hero());
  Table fixed("ghoul", hero(), R"(, "tactics": {"actions": ["Bite"]})");
  const Creature& ghoul = creature_of(fixed.encounter, 0);
  ASSERT_EQ(ghoul.actions.size(), 1u);
  EXPECT_TRUE(ghoul.fixed_actions);
  EXPECT_STREQ(chosen(fixed, 0, 1), "Bite");
  // Left to itself the ghoul claws: the paralysis is worth more than the
  // bite's extra damage (action_value.hpp).
  EXPECT_FALSE(creature_of(free.encounter, 0).fixed_actions);
  EXPECT_EQ(creature_of(free.encounter, 0).actions.size(), 2u);
  EXPECT_STREQ(chosen(free, 0, 1), "Claws");
}

TEST(FixedActionsTest, KeepsTheOrderGivenAndKeepsTheFactionTarget) {
  const std::string text = R"({"factions": [
      {"name": "ghouls", "tactics": {"target": "weakest"},
       "members": [{"monster": "ghoul", "tactics": {"actions": ["claws", "Bite"]}}]},
      {"name": "heroes", "members": [)" +
                           hero() + "]}]}";
  const Encounter encounter = testing::load(text);
  const Creature& ghoul = creature_of(encounter, 0);
  ASSERT_EQ(ghoul.actions.size(), 2u);
  EXPECT_EQ(ghoul.actions[0].name, "Claws");
  EXPECT_EQ(ghoul.actions[1].name, "Bite");
  EXPECT_EQ(ghoul.tactics.target, TargetPolicy::Weakest);
}

TEST(FixedActionsTest, TakesTheFirstAvailableAndFallsBackWhenSpent) {
  Table t("young white dragon", hero("", 300),
          R"(, "tactics": {"actions": ["Cold Breath", "Multiattack"]})");
  const Creature& dragon = creature_of(t.encounter, 0);
  ASSERT_EQ(dragon.actions.size(), 2u);
  EXPECT_EQ(dragon.actions[1].name, "Multiattack (Bite, Claw, Claw)");
  EXPECT_STREQ(chosen(t, 0, 1), "Cold Breath");
  // Breathe: 10d8 all 1s = 10, the hero's Con save d20 1 fails.
  std::vector<int> script(10, 1);
  script.push_back(1);
  ScriptedDice dice(script);
  NoEvents events;
  detail::take_action<true>(t.plan, t.state, 0, 1, t.plan.actions_of(0)[0], true, dice, events);
  EXPECT_EQ(t[1].hp, 300 - 10);
  EXPECT_EQ(dice.remaining(), 0u);
  EXPECT_STREQ(chosen(t, 0, 1), "Multiattack (Bite, Claw, Claw)");
}

TEST(FixedActionsTest, OnlyASpentActionLeavesNothingToDo) {
  Table t("young white dragon", hero("", 300), R"(, "tactics": {"actions": ["cold breath"]})");
  const PlanAction& breath = t.plan.actions_of(0)[0];
  t.state.resource_uses[t.plan.rules[0].first_use + static_cast<std::uint32_t>(breath.resource)] =
      0;
  EXPECT_STREQ(chosen(t, 0, 1), "none");
}

TEST(FixedActionsTest, UnknownActionNamesItsMonsterAndSuggests) {
  expect_one_problem(
      duel_json(R"({"monster": "ghoul", "tactics": {"actions": ["Claw"]}})", hero()),
      "/factions/0/members/0/tactics/actions/0: Ghoul has no action \"Claw\" (did you mean "
      "'Claws'?)");
}

TEST(FixedActionsTest, EmptyListAndFactionLevelActionsAreRejected) {
  expect_one_problem(duel_json(R"({"monster": "ghoul", "tactics": {"actions": []}})", hero()),
                     "/tactics/actions: must not be empty");
  const auto faction = problems(R"({"factions": [
      {"name": "A", "tactics": {"actions": ["Bite"]}, "members": [{"monster": "ghoul"}]},
      {"name": "B", "members": [)" +
                                hero() + "]}]}");
  ASSERT_FALSE(faction.empty());
  EXPECT_NE(faction[0].find("/factions/0/tactics/actions: unknown key \"actions\""),
            std::string::npos)
      << faction[0];
}

// ---------------------------------------------------------------- action values

TEST(ActionValueTest, ParalysisIsWorthTheTurnsItTakesAndTheCriticalsItGives) {
  const Encounter encounter = testing::load(duel_json(R"({"monster": "ghoul"})", hero()));
  const Creature& ghoul = creature_of(encounter, 0);
  const Creature& human = creature_of(encounter, 1);
  const Matchup m = matchup(ghoul, human);
  // The ghoul's best at-will action is its bite (+2, 2d6+2) against AC 15:
  // 13 to 19 hit, 20 crits; with advantage and every hit a critical, any
  // kept face of 13 or more: 1 - (12/20)^2 = 0.64 for 16.
  EXPECT_NEAR(m.attacker_rate, 7.0 / 20 * 9 + 1.0 / 20 * 16, 1e-12);
  EXPECT_NEAR(m.attacker_paralyzed, 0.64 * 16, 1e-12);
  // The hero (+5, 1d8+3) against AC 12: 7 to 19 hit, 20 crits.
  EXPECT_NEAR(m.target_rate, 13.0 / 20 * 7.5 + 1.0 / 20 * 12, 1e-12);
  EXPECT_EQ(m.rounds, 10);  // 40 HP at 3.95 a round, capped
  // Claws: +4 hits on 11 or more; a failed DC 10 Con save (+0: 45%)
  // paralyzes for up to 10 rounds, saved at 55% at the end of each turn.
  const double turns = (1 - std::pow(0.45, 10)) / 0.55;
  const double paralysis =
      turns * m.target_rate + (turns - 0.5) * (m.attacker_paralyzed - m.attacker_rate);
  const double claws = 9.0 / 20 * 7 + 1.0 / 20 * 12 + 0.5 * 0.45 * paralysis;
  EXPECT_NEAR(expected_attack_value(testing::attack(ghoul, "Claws"), human, m), claws, 1e-9);
  EXPECT_NEAR(expected_attack_value(testing::attack(ghoul, "Bite"), human, m), m.attacker_rate,
              1e-12);
}

TEST(ActionValueTest, ConditionsAreWorthTheirEffectsOverTheirDuration) {
  const Matchup m = testing::round_numbers_matchup();
  const auto value = [&](Condition c, int duration = 0) {
    return condition_value(ConditionEffect{c, duration, false, false}, m, 0);
  };
  // Its turns (3) lost or hampered; the attacker's rounds against it (2.5)
  // with advantage or criticals.
  EXPECT_EQ(value(Condition::Paralyzed), 3 * 8 + 2.5 * 5);
  EXPECT_EQ(value(Condition::Stunned), 3 * 8 + 2.5 * 2);
  EXPECT_EQ(value(Condition::Incapacitated), 3 * 8);
  EXPECT_EQ(value(Condition::Blinded), 3 * 3 + 2.5 * 2);
  EXPECT_EQ(value(Condition::Restrained), 3 * 3 + 2.5 * 2);
  EXPECT_EQ(value(Condition::Frightened), 3 * 3);
  EXPECT_EQ(value(Condition::Poisoned), 3 * 3);
  EXPECT_EQ(value(Condition::Prone), 0.5 * 1);  // until it stands up
  EXPECT_EQ(value(Condition::Grappled), 0);
  EXPECT_EQ(value(Condition::Stunned, 1), 8 + 0.5 * 2);  // until the end of its next turn
  // A repeated save at 50%: 1 + 0.5 + 0.25 rounds of the 3.
  EXPECT_NEAR(condition_value(ConditionEffect{Condition::Poisoned, 0, true, false}, m, 0.5),
              1.75 * 3, 1e-12);
}

// A condition helps the attacker's whole side: its allies' gains add to
// its own, and the fight against the target is shorter with them.
TEST(ActionValueTest, AlliesGainFromAConditionToo) {
  Matchup m = testing::round_numbers_matchup();
  Matchup ally;
  ally.attacker_rate = 6;
  ally.attacker_advantage = 9;
  ally.attacker_paralyzed = 15;
  ally.attacker_prone = 8;
  add_ally(m, ally, 30);  // 30 HP at 4 + 6 a round: 3 rounds
  EXPECT_EQ(m.rounds, 3);
  const auto value = [&](Condition c) {
    return condition_value(ConditionEffect{c, 0, false, false}, m, 0);
  };
  EXPECT_EQ(value(Condition::Paralyzed), 3 * 8 + 2.5 * (5 + 9));
  EXPECT_EQ(value(Condition::Stunned), 3 * 8 + 2.5 * (2 + 3));
  EXPECT_EQ(value(Condition::Prone), 0.5 * (1 + 2));

  // In an encounter: three ghouls value their paralysing claws more than one.
  const Encounter one = testing::load(duel_json(R"({"monster": "ghoul"})", hero()));
  const Encounter three = testing::load(duel_json(R"({"monster": "ghoul", "count": 3})", hero()));
  const BattlePlan alone(one), pack(three);
  const auto claws_value = [](const BattlePlan& plan, int target) {
    for (const PlanAction& action : plan.actions_of(0)) {
      if (std::string_view(action.name) == "Claws") return plan.action_value(0, action, target, 1);
    }
    return -1.0;
  };
  EXPECT_GT(claws_value(pack, 3), claws_value(alone, 1));
}

// ---------------------------------------------------------------- creature types

TEST(CreatureTypeTest, LibraryMonstersCarryTypeAndSubtypes) {
  const Encounter encounter =
      testing::load(duel_json(R"({"monster": "goblin"})", R"({"monster": "zombie"})"));
  EXPECT_EQ(creature_of(encounter, 0).type, "humanoid");
  EXPECT_EQ(creature_of(encounter, 0).subtypes, std::vector<std::string>{"goblinoid"});
  EXPECT_EQ(creature_of(encounter, 1).type, "undead");
  EXPECT_TRUE(creature_of(encounter, 1).subtypes.empty());
}

TEST(CreatureTypeTest, GhoulClawsReadTheirExclusionFromTheText) {
  const Encounter encounter = testing::load(duel_json(R"({"monster": "ghoul"})", hero()));
  const Attack& claws = testing::attack(creature_of(encounter, 0), "Claws");
  ASSERT_EQ(claws.on_hit_saves.size(), 1u);
  EXPECT_EQ(claws.on_hit_saves[0].excludes, (std::vector<std::string>{"elf", "undead"}));
}

// Claws: d20 15 (+4) hits, 2d4 = 2 + 3; then, only for a creature the
// rider affects, a Con save of d20 5 fails.
void claw(Table& t, std::vector<int> script) {
  ScriptedDice dice(std::move(script));
  NoEvents events;
  detail::make_attack<true>(t.plan, t.state, 0, 1, 1, true, dice, events);
  EXPECT_EQ(dice.remaining(), 0u);
}

TEST(CreatureTypeTest, GhoulClawsDoNotParalyzeAZombie) {
  Table t("ghoul", R"({"monster": "zombie", "hp": 40})");
  claw(t, {15, 2, 3});  // no save rolled
  EXPECT_EQ(t[1].hp, 40 - 7);
  EXPECT_FALSE(t.has(1, Condition::Paralyzed));
}

TEST(CreatureTypeTest, GhoulClawsDoNotParalyzeAnElf) {
  Table t("ghoul", hero(R"(, "type": "humanoid", "subtypes": ["Elf"])"));
  claw(t, {15, 2, 3});
  EXPECT_EQ(t[1].hp, 40 - 7);
  EXPECT_FALSE(t.has(1, Condition::Paralyzed));
}

TEST(CreatureTypeTest, GhoulClawsParalyzeAHumanWhoFailsTheSave) {
  Table failed("ghoul", hero(R"(, "type": "humanoid", "subtypes": ["human"])"));
  claw(failed, {15, 2, 3, 5});
  EXPECT_TRUE(failed.has(1, Condition::Paralyzed));
  Table saved("ghoul", hero(R"(, "type": "humanoid", "subtypes": ["human"])"));
  claw(saved, {15, 2, 3, 10});  // 10 meets DC 10
  EXPECT_FALSE(saved.has(1, Condition::Paralyzed));
}

TEST(CreatureTypeTest, ASparedTargetIsWorthNothingToTheRider) {
  const Encounter encounter =
      testing::load(duel_json(R"({"monster": "ghoul"})", R"({"monster": "zombie"}, )" + hero()));
  const Creature& ghoul = creature_of(encounter, 0);
  const Creature& zombie = creature_of(encounter, 1);
  const Creature& human = creature_of(encounter, 2);
  const SaveEffect& rider = testing::attack(ghoul, "Claws").on_hit_saves[0];
  EXPECT_EQ(expected_save_value(rider, zombie, matchup(ghoul, zombie)), 0.0);
  EXPECT_GT(expected_save_value(rider, human, matchup(ghoul, human)), 0.0);
  // So against the zombie the ghoul bites, against the human it claws.
  Table t("ghoul", R"({"monster": "zombie"}, )" + hero());
  EXPECT_STREQ(chosen(t, 0, 1), "Bite");
  EXPECT_STREQ(chosen(t, 0, 2), "Claws");
}

TEST(CreatureTypeTest, UnknownTypeIsRejectedWithASuggestion) {
  expect_one_problem(duel_json(R"({"monster": "ghoul"})", hero(R"(, "type": "undaed")")),
                     "/factions/1/members/0/type: unknown type \"undaed\" (did you mean "
                     "'undead'?); expected one of: aberration, beast,");
}

// ---------------------------------------------------------------- silvered and nonmagical

// A swordsman whose longsword has `keys` ("silvered": true, "magical": true).
std::string swordsman(const std::string& name, const std::string& keys) {
  return fmt::format(R"({{"name": "{}", "hp": 40, "ac": 15, "attacks": [{{"name": "Longsword",
                         "to_hit": 5, "damage": "1d8+3 slashing"{}}}]}})",
                     name, keys);
}

// The damage each swordsman (1: plain, 2: silvered, 3: magical) deals the
// monster with d20 15 and a d8 of 5: 8 before its defences.
std::vector<int> sword_damage(const std::string& monster) {
  Table t(monster, swordsman("Plain", "") + "," + swordsman("Silver", R"(, "silvered": true)") +
                       "," + swordsman("Magic", R"(, "magical": true)"));
  std::vector<int> dealt;
  for (int attacker = 1; attacker <= 3; ++attacker) {
    const int before = t[0].hp;
    ScriptedDice dice{15, 5};
    NoEvents events;
    if (t.plan.full_rules) {
      detail::make_attack<true>(t.plan, t.state, attacker, 0, 0, true, dice, events);
    } else {  // the werewolf's encounter has no full rules (BattlePlan::full_rules)
      detail::make_attack<false>(t.plan, t.state, attacker, 0, 0, true, dice, events);
    }
    dealt.push_back(before - t[0].hp);
  }
  return dealt;
}

TEST(SilveredTest, OnlySilverOrMagicHurtsAWerewolf) {
  // "Bludgeoning, piercing, and slashing from nonmagical attacks that aren't silvered".
  EXPECT_EQ(sword_damage("werewolf, human form"), (std::vector<int>{0, 8, 8}));
}

TEST(SilveredTest, SilverDoesNotOvercomePlainNonmagicalResistance) {
  // The ghost resists "bludgeoning, piercing, and slashing from nonmagical attacks".
  EXPECT_EQ(sword_damage("ghost"), (std::vector<int>{4, 4, 8}));
}

// ---------------------------------------------------------------- saving-throw proficiencies

TEST(SaveProficiencyTest, SavesAddTheProficiencyBonusOfTheLevel) {
  const std::string fighter = R"({"name": "Fighter", "hp": 40, "level": 5, "saves": ["str", "con"],
      "abilities": {"str": 16, "dex": 12, "con": 14, "int": 10, "wis": 10, "cha": 8},
      "weapons": ["longsword"]})";
  const Encounter encounter = testing::load(duel_json(fighter, R"({"monster": "ghoul"})"));
  const Creature& c = creature_of(encounter, 0);
  EXPECT_EQ(c.saves, (std::array<int, 6>{3 + 3, 1, 2 + 3, 0, 0, -1}));  // level 5: +3
}

TEST(SaveProficiencyTest, AProficientHeroShrugsOffTheGhoulsClaws) {
  // Claws hit (d20 15, 2d4 = 2 + 3); the hero's Con save d20 8: 8 + 0 fails
  // DC 10, 8 + 2 (proficient, an inline stat block's bonus 2) succeeds.
  Table plain("ghoul", hero());
  claw(plain, {15, 2, 3, 8});
  EXPECT_TRUE(plain.has(1, Condition::Paralyzed));
  Table proficient("ghoul", hero(R"(, "saves": ["con"])"));
  claw(proficient, {15, 2, 3, 8});
  EXPECT_FALSE(proficient.has(1, Condition::Paralyzed));
}

// A library monster's abilities overridden: each save moves with its
// ability, the stat block's proficiency kept. The goblin lists no saves
// (DEX 14: +2; 20: +5); the young red dragon lists DEX +4 (DEX 10, +4
// proficiency): DEX 20 makes it +9.
TEST(SaveProficiencyTest, OverriddenAbilitiesMoveALibraryMonstersSaves) {
  const std::string abilities =
      R"("abilities": {"str": 8, "dex": 20, "con": 10, "int": 10, "wis": 8, "cha": 8})";
  const Encounter encounter = testing::load(
      duel_json(R"({"monster": "goblin", )" + abilities + "}",
                R"({"monster": "young red dragon", "abilities": {"str": 23, "dex": 20, "con": 21,
          "int": 14, "wis": 11, "cha": 19}})"));
  const Creature& goblin = creature_of(encounter, 0);
  EXPECT_EQ(goblin.saves[static_cast<int>(Ability::Dex)], 5);
  EXPECT_EQ(goblin.saves[static_cast<int>(Ability::Str)], -1);
  const Creature& dragon = creature_of(encounter, 1);
  EXPECT_EQ(dragon.saves[static_cast<int>(Ability::Dex)], 9);
  EXPECT_EQ(dragon.saves[static_cast<int>(Ability::Con)], 9);  // listed +9, CON unchanged
}

TEST(SaveProficiencyTest, UnknownAbilityIsRejectedWithASuggestion) {
  expect_one_problem(duel_json(R"({"monster": "ghoul"})", hero(R"(, "saves": ["cno"])")),
                     "/factions/1/members/0/saves/0: unknown ability \"cno\" (did you mean "
                     "'con'?)");
}

// ---------------------------------------------------------------- Frightful Presence

TEST(FrightfulPresenceTest, ASuccessfulSaveMakesTheTargetImmune) {
  Table t("adult red dragon", hero());
  const Creature& dragon = creature_of(t.encounter, 0);
  std::size_t index = 0;
  while (dragon.save_effects[index].name != "Frightful Presence") ++index;
  ASSERT_TRUE(dragon.save_effects[index].immunity_after_success);
  const PlanSaveEffect& fear = t.plan.save_effect(0, static_cast<int>(index));
  NoEvents events;
  ScriptedDice saved{19};  // Wis save 19 + 0 meets DC 19
  detail::force_save(t.plan, t.state, 0, 1, fear, saved, events);
  EXPECT_FALSE(t.has(1, Condition::Frightened));
  ScriptedDice again{};  // immune now: no save rolled, no condition
  detail::force_save(t.plan, t.state, 0, 1, fear, again, events);
  EXPECT_FALSE(t.has(1, Condition::Frightened));
}

TEST(FrightfulPresenceTest, TheEndOfTheFearMakesTheTargetImmuneToo) {
  Table t("adult red dragon", hero());
  const Creature& dragon = creature_of(t.encounter, 0);
  std::size_t index = 0;
  while (dragon.save_effects[index].name != "Frightful Presence") ++index;
  const PlanSaveEffect& fear = t.plan.save_effect(0, static_cast<int>(index));
  NoEvents events;
  ScriptedDice failed{2};
  detail::force_save(t.plan, t.state, 0, 1, fear, failed, events);
  EXPECT_TRUE(t.has(1, Condition::Frightened));
  ScriptedDice failed_again{2};  // still frightened: the fear is renewed, not a new save won
  detail::force_save(t.plan, t.state, 0, 1, fear, failed_again, events);
  EXPECT_TRUE(t.has(1, Condition::Frightened));
  ScriptedDice shaken_off{19};  // the repeated save at the end of its turn
  detail::end_of_turn_conditions(t.plan, t.state, 1, shaken_off, events);
  EXPECT_FALSE(t.has(1, Condition::Frightened));
  ScriptedDice none{};
  detail::force_save(t.plan, t.state, 0, 1, fear, none, events);
  EXPECT_FALSE(t.has(1, Condition::Frightened));
}

// ---------------------------------------------------------------- legendary actions

// The actions taken, in order: (creature, legendary).
struct ActionLog : NoEvents {
  std::vector<std::pair<int, bool>> actions;
  void action(int creature, int /*target*/, const char* /*name*/, bool legendary) {
    actions.emplace_back(creature, legendary);
  }
};

TEST(LegendaryTimingTest, LegendaryActionsFollowTheTurnsOfTheDeadToo) {
  Table t("adult red dragon", hero("", 300) + "," + hero("", 300) + "," + hero("", 300));
  t.state.order = {0, 1, 2, 3};
  t[1].hp = 0;
  t[1].dead = true;
  t.state.standing.drops(1);
  t.state.turns_stale = true;
  BattleDice dice(5, 0);
  ActionLog log;
  detail::play_round<true, false>(t.plan, t.state, dice, log);
  // The dragon's turn, then a legendary action in the dead hero's place,
  // before hero 2 acts (then more as its 3 legendary actions allow).
  ASSERT_GE(log.actions.size(), 3u);
  EXPECT_EQ(log.actions[0], std::make_pair(0, false));
  EXPECT_EQ(log.actions[1], std::make_pair(0, true));
  EXPECT_EQ(log.actions[2], std::make_pair(2, false));
}

// ---------------------------------------------------------------- Death Burst

TEST(DeathBurstTest, AMagminBurstsOnItsEnemiesWhenItDies) {
  // The magmin targets the weakest: hero 2 (30 HP), then its 10-foot burst
  // catches one more, hero 1 (40 HP).
  Table t("magmin", hero("", 40) + "," + hero("", 30), R"(, "tactics": {"target": "weakest"})");
  ASSERT_GE(creature_of(t.encounter, 0).traits.death_burst, 0);
  t[0].hp = 1;
  NoEvents events;
  ScriptedDice blow{15, 5};  // hero 1 hits: 8 slashing, halved (nonmagical), kills it
  detail::make_attack<true>(t.plan, t.state, 1, 0, 0, true, blow, events);
  EXPECT_TRUE(t[0].dead);
  EXPECT_TRUE(t.state.bursts_pending);
  // 2d6 fire = 3 + 4 for all; hero 2's Dex save d20 5 fails (7), hero 1's 15 succeeds (3).
  ScriptedDice burst{3, 4, 5, 15};
  detail::death_bursts(t.plan, t.state, burst, events);
  EXPECT_EQ(burst.remaining(), 0u);
  EXPECT_EQ(t[2].hp, 30 - 7);
  EXPECT_EQ(t[1].hp, 40 - 3);
  EXPECT_FALSE(t.state.bursts_pending);
}

// ---------------------------------------------------------------- replay --why

TEST(ReplayWhyTest, ExplainsEachChoiceWithItsValueAndTheAlternatives) {
  const Encounter encounter = testing::load(duel_json(R"({"monster": "ghoul"})", hero()));
  const Creature& ghoul = creature_of(encounter, 0);
  const Creature& human = creature_of(encounter, 1);
  const ValueParts claws = action_value_parts(ghoul, ghoul.actions[1], human, 1);
  const ValueParts bite = action_value_parts(ghoul, ghoul.actions[0], human, 1);
  EXPECT_NEAR(claws.total(),
              expected_attack_value(testing::attack(ghoul, "Claws"), human, matchup(ghoul, human)),
              1e-9);
  EXPECT_EQ(bite.conditions, 0.0);
  const std::string expected = fmt::format(
      "  Ghoul uses Claws (Hero)\n    why: value {:.1f}: damage {:.1f} + conditions "
      "{:.1f}; over Bite ({:.1f})\n",
      claws.total(), claws.damage, claws.conditions, bite.total());
  const std::string text = replay_battle(encounter, 0, ReplayOptions{.why = true}).text;
  EXPECT_NE(text.find(expected), std::string::npos) << text;
  EXPECT_NE(text.find("  Hero uses Longsword (Ghoul)\n    why: value"), std::string::npos) << text;
  EXPECT_EQ(replay_battle(encounter, 0).text.find("why:"), std::string::npos);
  EXPECT_TRUE(replay_explains(encounter));
}

// --why shows the values the turn chose by: the plan's, with the allies'
// gains (three ghouls value their claws more than one alone does).
TEST(ReplayWhyTest, ShowsThePlansValuesWithTheAlliesGains) {
  const Encounter encounter =
      testing::load(duel_json(R"({"monster": "ghoul", "count": 3})", hero("", 80)));
  const BattlePlan plan(encounter);
  const PlanAction& claws = plan.actions_of(0)[1];
  ASSERT_STREQ(claws.name, "Claws");
  const BattlePlan::Value value = plan.valued(0, claws, 3, 1);
  const std::string expected =
      fmt::format("uses Claws (Hero)\n    why: value {:.1f}: damage {:.1f} + conditions {:.1f}",
                  value.total, value.total - value.conditions, value.conditions);
  const std::string text = replay_battle(encounter, 0, ReplayOptions{.why = true}).text;
  EXPECT_NE(text.find(expected), std::string::npos) << text;
}

// ---------------------------------------------------------------- a rolled number of attacks

// The violet fungus "makes 1d4 Rotting Touch attacks": its multiattack.
const PlanAction& fungus_multiattack(const BattlePlan& plan) {
  for (const PlanAction& action : plan.actions_of(0)) {
    if (std::string_view(action.name) == "Multiattack (Rotting Touch, 1d4 times)") return action;
  }
  ADD_FAILURE() << "the violet fungus has no multiattack of 1d4 Rotting Touches";
  return plan.actions_of(0)[0];
}

// Counts the attacks made (events.hpp).
struct AttackCount : NoEvents {
  int attacks = 0;
  void attack(int, int, int, const AttackRoll&, int, int) { ++attacks; }
};

TEST(RolledMultiattackTest, VioletFungusTouchesAsOftenAsItsD4Says) {
  for (int times = 1; times <= 4; ++times) {
    Table t("violet fungus", hero("", 200));
    ASSERT_TRUE(t.plan.full_rules);  // only the full rules roll how many times
    // The d4 first, then each touch: d20 15 + 2 hits AC 15, 1d8 = 5 necrotic.
    std::vector<int> script{times};
    for (int k = 0; k < times; ++k) {
      script.push_back(15);
      script.push_back(5);
    }
    ScriptedDice dice(std::move(script));
    AttackCount events;
    detail::take_action<true>(t.plan, t.state, 0, 1, fungus_multiattack(t.plan), true, dice,
                              events);
    EXPECT_EQ(dice.remaining(), 0u) << times;
    EXPECT_EQ(events.attacks, times);
    EXPECT_EQ(t[1].hp, 200 - 5 * times);
  }
}

TEST(RolledMultiattackTest, IsWorthItsMeanNumberOfTouches) {
  Table t("violet fungus", hero());
  const PlanAction& multiattack = fungus_multiattack(t.plan);
  const PlanAction& touch = t.plan.actions_of(0)[0];
  ASSERT_STREQ(touch.name, "Rotting Touch");
  const double one = t.plan.action_value(0, touch, 1, 1, {});
  EXPECT_GT(one, 0);
  EXPECT_NEAR(t.plan.action_value(0, multiattack, 1, 1, {}), 2.5 * one, 1e-9);
  EXPECT_STREQ(chosen(t, 0, 1), multiattack.name);
}

// Over many turns with the battle's dice, the touches per multiattack
// average 2.5 (a d4: variance 15/12), within 4.5 standard errors.
TEST(RolledMultiattackTest, TouchesAverageTwoAndAHalf) {
  constexpr int kTurns = 20000;
  Table t("violet fungus", hero("", 200));
  AttackCount events;
  for (int turn = 0; turn < kTurns; ++turn) {
    t[1].hp = 200;  // at most 4 x 8 a turn: the hero stands
    BattleDice dice(7, static_cast<std::uint64_t>(turn));
    detail::take_action<true>(t.plan, t.state, 0, 1, fungus_multiattack(t.plan), true, dice,
                              events);
  }
  const double mean = static_cast<double>(events.attacks) / kTurns;
  EXPECT_NEAR(mean, 2.5, 4.5 * std::sqrt(15.0 / 12.0 / kTurns));
}

}  // namespace
}  // namespace arena::dnd5e
