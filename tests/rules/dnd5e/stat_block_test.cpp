// Spot tests of SRD stat blocks against the printed text, and of the full
// rules (saves, conditions, recharge, legendary actions and resistance,
// traits, spells) with scripted dice.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "arena/load.hpp"
#include "arena/scripted_dice.hpp"
#include "rules/dnd5e/battle.hpp"
#include "rules/dnd5e/dnd5e_test_util.hpp"
#include "rules/dnd5e/library.hpp"

namespace arena::dnd5e {
namespace {

// An encounter of one library monster against the members given (JSON).
Encounter load(const std::string& monster, const std::string& opponents) {
  const std::string text = fmt::format(
      R"({{"factions": [{{"name": "monsters", "members": [{{"monster": "{}"}}]}},
                        {{"name": "heroes", "members": [{}]}}]}})",
      monster, opponents);
  auto loaded = load_encounter(text, "test.json");
  if (!loaded) ADD_FAILURE() << loaded.error().front();
  return loaded ? *loaded : Encounter{};
}

// A plain fighter: AC, HP, +5 longsword 1d8+3, no save bonuses beyond abilities.
std::string hero(const std::string& name, int hp = 40, int ac = 15, const std::string& extra = "") {
  return fmt::format(
      R"({{"name": "{}", "hp": {}, "ac": {}, "attacks": [{{"name": "Longsword", "to_hit": 5, "damage": "1d8+3 slashing"}}]{}}})",
      name, hp, ac, extra);
}

const Action* find_action(const Creature& c, std::string_view name) {
  for (const Action& a : c.actions) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

const SaveEffect* find_save(const Creature& c, std::string_view name) {
  for (const SaveEffect& s : c.save_effects) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

// The index of the action named `name` among the creature's actions.
std::size_t action_index(const Creature& c, std::string_view name) {
  for (std::size_t i = 0; i < c.actions.size(); ++i) {
    if (c.actions[i].name == name) return i;
  }
  ADD_FAILURE() << c.name << " has no action " << name;
  return 0;
}

using testing::Table;

// ---------------------------------------------------------------- stat blocks

TEST(StatBlockTest, AdultRedDragonAsPrinted) {
  const Creature dragon = creature_of(load("adult red dragon", hero("A")), 0);
  ASSERT_EQ(dragon.attacks[0].name, "Bite");
  EXPECT_EQ(to_string(dragon.attacks[0].damage), "2d10+8 piercing + 2d6 fire");
  EXPECT_EQ(dragon.attacks[0].to_hit, 14);
  const Action* multiattack =
      find_action(dragon, "Multiattack (Frightful Presence, Bite, Claw, Claw)");
  ASSERT_NE(multiattack, nullptr);
  EXPECT_EQ(multiattack->attacks.size(), 3u);
  ASSERT_EQ(multiattack->saves.size(), 1u);
  const SaveEffect* breath = find_save(dragon, "Fire Breath");
  ASSERT_NE(breath, nullptr);
  EXPECT_EQ(breath->ability, Ability::Dex);
  EXPECT_EQ(breath->dc, 21);
  EXPECT_EQ(to_string(breath->damage), "18d6 fire");
  EXPECT_TRUE(breath->half_on_success);
  EXPECT_EQ(breath->targets, 6);  // a 60-foot cone: 60 / 10
  const Action* breath_action = find_action(dragon, "Fire Breath");
  ASSERT_NE(breath_action, nullptr);
  ASSERT_GE(breath_action->resource, 0);
  EXPECT_EQ(dragon.resources[static_cast<std::size_t>(breath_action->resource)].recharge, 5);
  EXPECT_EQ(dragon.legendary_resistance, 3);
  EXPECT_EQ(dragon.legendary_per_round, 3);
  ASSERT_EQ(dragon.legendary_actions.size(), 2u);
  EXPECT_EQ(dragon.legendary_actions[0].name, "Tail Attack");
  EXPECT_EQ(dragon.legendary_actions[0].cost, 1);
  EXPECT_EQ(dragon.legendary_actions[1].name, "Wing Attack");
  EXPECT_EQ(dragon.legendary_actions[1].cost, 2);
  EXPECT_TRUE(dragon.immunities.contains(DamageType::Fire));
  EXPECT_EQ(dragon.saves[static_cast<int>(Ability::Dex)], 6);
  EXPECT_EQ(dragon.saves[static_cast<int>(Ability::Str)], 8);  // no proficiency: the modifier
}

TEST(StatBlockTest, GoblinAndOgreAsPrinted) {
  const Creature goblin = creature_of(load("goblin", hero("A")), 0);
  EXPECT_EQ(goblin.ac, 15);
  EXPECT_EQ(goblin.hp.flat(), 7);
  ASSERT_EQ(goblin.attacks.size(), 2u);
  EXPECT_EQ(goblin.attacks[0].to_hit, 4);
  EXPECT_EQ(to_string(goblin.attacks[0].damage), "1d6+2 slashing");
  EXPECT_EQ(to_string(goblin.attacks[1].damage), "1d6+2 piercing");
  const Creature ogre = creature_of(load("ogre", hero("A")), 0);
  EXPECT_EQ(ogre.ac, 11);
  EXPECT_EQ(ogre.hp.flat(), 59);
  EXPECT_EQ(to_string(ogre.attacks[0].damage), "2d8+4 bludgeoning");
  EXPECT_EQ(ogre.attacks[0].to_hit, 6);
}

TEST(StatBlockTest, GhoulClawsParalyzeOnAFailedConSave) {
  const Creature ghoul = creature_of(load("ghoul", hero("A")), 0);
  const Attack& claws = ghoul.attacks[1];
  ASSERT_EQ(claws.name, "Claws");
  ASSERT_EQ(claws.on_hit_saves.size(), 1u);
  const SaveEffect& save = claws.on_hit_saves[0];
  EXPECT_EQ(save.ability, Ability::Con);
  EXPECT_EQ(save.dc, 10);
  ASSERT_EQ(save.conditions.size(), 1u);
  EXPECT_EQ(save.conditions[0].condition, Condition::Paralyzed);
  EXPECT_EQ(save.conditions[0].duration, 10);
  EXPECT_TRUE(save.conditions[0].repeat_save);
}

TEST(StatBlockTest, ZombieTrollWolfTraits) {
  EXPECT_TRUE(creature_of(load("zombie", hero("A")), 0).traits.undead_fortitude);
  const Traits troll = creature_of(load("troll", hero("A")), 0).traits;
  EXPECT_EQ(troll.regeneration, 10);
  EXPECT_TRUE(troll.regeneration_stopped_by.contains(DamageType::Fire));
  EXPECT_TRUE(troll.regeneration_stopped_by.contains(DamageType::Acid));
  EXPECT_TRUE(troll.regenerates_from_zero);
  const Creature wolf = creature_of(load("wolf", hero("A")), 0);
  EXPECT_TRUE(wolf.traits.pack_tactics);
  ASSERT_EQ(wolf.attacks[0].on_hit_saves.size(), 1u);
  EXPECT_EQ(wolf.attacks[0].on_hit_saves[0].ability, Ability::Str);
  EXPECT_EQ(wolf.attacks[0].on_hit_saves[0].dc, 11);
  EXPECT_EQ(wolf.attacks[0].on_hit_saves[0].conditions.at(0).condition, Condition::Prone);
}

TEST(StatBlockTest, MageSpellsSpendTheirSlots) {
  const Creature mage = creature_of(load("mage", hero("A")), 0);
  const Action* fire_bolt = find_action(mage, "Fire Bolt");
  ASSERT_NE(fire_bolt, nullptr);
  EXPECT_EQ(fire_bolt->resource, -1);  // a cantrip, at will
  const Attack& bolt = mage.attacks[static_cast<std::size_t>(fire_bolt->attacks.at(0))];
  EXPECT_EQ(bolt.to_hit, 6);
  EXPECT_EQ(to_string(bolt.damage), "2d10 fire");  // a 9th-level caster
  const Action* fireball = find_action(mage, "Fireball");
  ASSERT_NE(fireball, nullptr);
  const Resource& third = mage.resources[static_cast<std::size_t>(fireball->resource)];
  EXPECT_EQ(third.uses, 3);
  EXPECT_EQ(third.recharge, 0);
  const SaveEffect& ball = mage.save_effects[static_cast<std::size_t>(fireball->saves.at(0))];
  EXPECT_EQ(ball.dc, 14);
  EXPECT_EQ(to_string(ball.damage), "8d6 fire");
  EXPECT_EQ(ball.targets, 4);  // a 20-foot radius: 20 / 5
  EXPECT_TRUE(ball.magical);
  const Action* upcast = find_action(mage, "Fireball (5th level)");
  ASSERT_NE(upcast, nullptr);
  EXPECT_EQ(to_string(mage.save_effects[static_cast<std::size_t>(upcast->saves.at(0))].damage),
            "10d6 fire");
  EXPECT_EQ(mage.resources[static_cast<std::size_t>(upcast->resource)].uses, 1);
  const Action* missile = find_action(mage, "Magic Missile (2nd level)");
  ASSERT_NE(missile, nullptr);
  EXPECT_EQ(missile->attacks.size(), 4u);  // three darts and one more per slot level
  EXPECT_TRUE(mage.attacks[static_cast<std::size_t>(missile->attacks[0])].auto_hit);
}

TEST(StatBlockTest, AreaTargetsCanBeSetPerMember) {
  const std::string text = R"({"factions": [
      {"name": "dragon", "members": [{"monster": "adult red dragon", "area_targets": 2}]},
      {"name": "heroes", "members": [{"monster": "knight", "count": 4}]}]})";
  auto loaded = load_encounter(text, "test.json");
  ASSERT_TRUE(loaded.has_value());
  const Creature& dragon = creature_of(*loaded, 0);
  EXPECT_EQ(find_save(dragon, "Fire Breath")->targets, 2);
  EXPECT_EQ(find_save(dragon, "Frightful Presence")->targets, 2);
}

// ---------------------------------------------------------------- full rules, scripted dice

TEST(FullRulesTest, GhoulParalyzesThenTheSaveIsRepeatedAtTheEndOfTheTurn) {
  Table t(load("ghoul", hero("A")));
  NoEvents events;
  // Claws: d20 15 (+4 hit), 2d4 = 2 + 3, then the hero's Con save d20 5 (+0) fails.
  ScriptedDice dice{15, 2, 3, 5};
  detail::make_attack<true>(t.plan, t.state, 0, 1, 1, true, dice, events);
  EXPECT_EQ(t[1].hp, 40 - 7);
  EXPECT_TRUE(t.state.rules[1].conditions.contains(Condition::Paralyzed));
  // Paralyzed: the ghoul's next claw rolls with advantage and a hit is a critical.
  ScriptedDice hit{3, 12, 1, 1,
                   1, 1,  20};  // d20 3 and 12: 12 + 4 hits; 2d4 twice; save 20 succeeds
  detail::make_attack<true>(t.plan, t.state, 0, 1, 1, true, hit, events);
  EXPECT_EQ(t[1].hp, 33 - (4 + 2));
  EXPECT_EQ(hit.remaining(), 0u);
  // The hero loses its turn, then repeats the save at its end: 10 succeeds.
  ScriptedDice turn{10};
  detail::take_turn<true>(t.plan, t.state, 1, turn, events);
  EXPECT_FALSE(t.state.rules[1].conditions.contains(Condition::Paralyzed));
  EXPECT_EQ(turn.remaining(), 0u);
  EXPECT_EQ(t[0].hp, t[0].max_hp);  // it did not attack
}

TEST(FullRulesTest, ZombieUndeadFortitudeExceptAgainstCriticalsAndRadiant) {
  Table t(load("zombie", hero("A")));
  NoEvents events;
  t[0].hp = 5;
  // Longsword d20 15 hits, 1d8 = 4: 7 damage; Con save DC 12: d20 10 + 3 = 13 succeeds.
  ScriptedDice saved{15, 4, 10};
  detail::make_attack<true>(t.plan, t.state, 1, 0, 0, true, saved, events);
  EXPECT_EQ(t[0].hp, 1);
  EXPECT_FALSE(t[0].dead);
  // A critical: no save.
  ScriptedDice critical{20, 4, 4};
  detail::make_attack<true>(t.plan, t.state, 1, 0, 0, true, critical, events);
  EXPECT_TRUE(t[0].dead);
  EXPECT_EQ(critical.remaining(), 0u);
}

TEST(FullRulesTest, TrollRegeneratesFromZeroUnlessBurned) {
  const std::string torch =
      R"({"name": "B", "hp": 40, "ac": 15, "attacks": [{"name": "Torch", "to_hit": 5, "damage": "1d4 fire"}]})";
  Table t(load("troll", hero("A") + "," + torch));
  NoEvents events;
  t[0].hp = 5;
  ScriptedDice blow{15, 8};  // 11 slashing: down to 0
  detail::make_attack<true>(t.plan, t.state, 1, 0, 0, true, blow, events);
  EXPECT_EQ(t[0].hp, 0);
  EXPECT_FALSE(t[0].dead);
  EXPECT_TRUE(t[0].can_act());  // its faction is not out
  EXPECT_EQ(t.state.standing.factions(), 2);
  ScriptedDice start{};  // regeneration rolls nothing
  EXPECT_TRUE(detail::begin_turn<true>(t.plan, t.state, 0, start, events));
  EXPECT_EQ(t[0].hp, 10);
  // Down again, then burned: it dies at the start of its turn.
  ScriptedDice again{15, 8};
  detail::make_attack<true>(t.plan, t.state, 1, 0, 0, true, again, events);
  ScriptedDice burn{15, 2};
  detail::make_attack<true>(t.plan, t.state, 2, 0, 0, true, burn, events);
  EXPECT_FALSE(t[0].dead);
  EXPECT_FALSE(detail::begin_turn<true>(t.plan, t.state, 0, start, events));
  EXPECT_TRUE(t[0].dead);
  EXPECT_EQ(t.state.standing.factions(), 1);
}

TEST(FullRulesTest, WolfPackTacticsAndProne) {
  const std::string text = R"({"factions": [
      {"name": "wolves", "members": [{"monster": "wolf", "count": 2}]},
      {"name": "heroes", "members": [{"name": "A", "hp": 40, "ac": 15, "attacks": [{"name": "Bow", "to_hit": 5, "damage": "1d8 piercing", "range": [80, 320]}]}]}]})";
  auto loaded = load_encounter(text, "test.json");
  ASSERT_TRUE(loaded.has_value());
  Table t(*loaded);
  NoEvents events;
  // An ally stands: two d20s, the higher (14) kept; 2d4 = 1 + 1; Str save d20 3 fails: prone.
  ScriptedDice bite{2, 14, 1, 1, 3};
  detail::make_attack<true>(t.plan, t.state, 0, 2, 0, true, bite, events);
  EXPECT_EQ(t[2].hp, 40 - 4);
  EXPECT_TRUE(t.state.rules[2].conditions.contains(Condition::Prone));
  EXPECT_EQ(bite.remaining(), 0u);
  // Prone: the hero's own (ranged) attack has disadvantage: 18 and 4, keeps 4 and misses.
  ScriptedDice shot{18, 4};
  detail::make_attack<true>(t.plan, t.state, 2, 0, 0, true, shot, events);
  EXPECT_EQ(t[0].hp, t[0].max_hp);
  // At the start of its turn the hero stands up.
  ScriptedDice stand{};
  EXPECT_TRUE(detail::begin_turn<true>(t.plan, t.state, 2, stand, events));
  EXPECT_FALSE(t.state.rules[2].conditions.contains(Condition::Prone));
}

TEST(FullRulesTest, DragonBreathHalvesOnASaveAndRecharges) {
  const std::string nimble =
      R"(, "abilities": {"str": 10, "dex": 14, "con": 10, "int": 10, "wis": 10, "cha": 10})";
  Table t(load("adult red dragon", hero("A", 200) + "," + hero("B", 200, 15, nimble)));
  NoEvents events;
  const Creature& dragon = creature_of(t.encounter, 0);
  const PlanAction& breath = t.plan.actions_of(0)[action_index(dragon, "Fire Breath")];
  // 18d6 all 3s = 54; A fails (d20 2), B succeeds (d20 19 + 2 = DC 21): 54 and 27.
  std::vector<int> script(18, 3);
  script.push_back(2);
  script.push_back(19);
  ScriptedDice dice(script);
  detail::take_action<true>(t.plan, t.state, 0, 1, breath, true, dice, events);
  EXPECT_EQ(t[1].hp, 200 - 54);
  EXPECT_EQ(t[2].hp, 200 - 27);
  EXPECT_EQ(dice.remaining(), 0u);
  EXPECT_FALSE(detail::available(t.plan, t.state, 0, breath));
  // Start of its turn: a d6 of 4 does not recharge it, a 5 does.
  ScriptedDice four{4};
  detail::begin_turn<true>(t.plan, t.state, 0, four, events);
  EXPECT_FALSE(detail::available(t.plan, t.state, 0, breath));
  ScriptedDice five{5};
  detail::begin_turn<true>(t.plan, t.state, 0, five, events);
  EXPECT_TRUE(detail::available(t.plan, t.state, 0, breath));
}

TEST(FullRulesTest, LegendaryResistanceTurnsAFailedSaveIntoASuccess) {
  // A hero with a save-or-paralyze touch against the dragon's Con save.
  Table t(load("adult red dragon", hero("A")));
  NoEvents events;
  PlanSaveEffect hold;
  hold.name = "Hold";
  hold.ability = Ability::Wis;
  hold.dc = 30;
  t.plan.conditions.push_back(ConditionEffect{Condition::Paralyzed, 10, true, false});
  hold.conditions = {static_cast<std::uint32_t>(t.plan.conditions.size() - 1), 1};
  for (int i = 0; i < 3; ++i) {
    ScriptedDice fail{1};
    detail::force_save(t.plan, t.state, 1, 0, hold, fail, events);
    EXPECT_FALSE(t.state.rules[0].conditions.contains(Condition::Paralyzed));
  }
  EXPECT_EQ(t.state.rules[0].legendary_resistance_left, 0);
  ScriptedDice fourth{1};
  detail::force_save(t.plan, t.state, 1, 0, hold, fourth, events);
  EXPECT_TRUE(t.state.rules[0].conditions.contains(Condition::Paralyzed));
}

TEST(FullRulesTest, LegendaryActionsFollowOtherCreaturesTurns) {
  Table t(load("adult red dragon", hero("A", 300)));
  NoEvents events;
  // After the hero's turn the dragon spends its best option per cost: the
  // tail (2d8+8 at +14) beats half a wing attack (2d6+8 / 2).
  ScriptedDice tail{15, 4, 4};
  detail::legendary_actions_after(t.plan, t.state, 1, tail, events);
  EXPECT_EQ(t[1].hp, 300 - 16);
  EXPECT_EQ(t.state.rules[0].legendary_left, 2);
  EXPECT_EQ(tail.remaining(), 0u);
}

TEST(FullRulesTest, MageCastsItsBestSpellAndRunsOutOfSlots) {
  Table t(load(
      "mage", hero("A", 500) + "," + hero("B", 500) + "," + hero("C", 500) + "," + hero("D", 500)));
  // Against four heroes the best is cone of cold (8d8, its 5th-level slot),
  // then the fireball from a 4th-level slot (9d6 beats ice storm's 2d8 + 4d6).
  const PlanAction* first = detail::choose_action(t.plan, t.state, 0, 1);
  EXPECT_STREQ(first->name, "Cone of Cold");
  t.state.resource_uses[t.plan.rules[0].first_use + static_cast<std::uint32_t>(first->resource)] =
      0;
  EXPECT_STREQ(detail::choose_action(t.plan, t.state, 0, 1)->name, "Fireball (4th level)");
  // With every slot spent only the cantrip and the dagger are left.
  for (int& uses : t.state.resource_uses) uses = 0;
  EXPECT_STREQ(detail::choose_action(t.plan, t.state, 0, 1)->name, "Fire Bolt");
}

}  // namespace
}  // namespace arena::dnd5e
