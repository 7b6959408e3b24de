// The 5e conditions' effects in battle, one test per condition, with
// scripted dice: the mode of the creature's own attack rolls and of melee
// and ranged attacks against it, whether a melee hit against it is a
// critical, which saves it fails automatically, and whether it loses its
// turn (SRD 5.1 appendix PH-A, as conditions.hpp applies it). Then how the
// stat blocks impose charmed, petrified and unconscious.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "arena/scripted_dice.hpp"
#include "rules/dnd5e/action_value.hpp"
#include "rules/dnd5e/battle.hpp"
#include "rules/dnd5e/dnd5e_test_util.hpp"

namespace arena::dnd5e {
namespace {

using testing::duel_json;

// Monsters: a ghoul (0) and an archer (1); heroes: the hero (2), AC 5 so
// that every attack on it with a d20 of 4 hits, and 200 HP.
constexpr int kGhoul = 0;
constexpr int kArcher = 1;
constexpr int kHero = 2;
constexpr int kBite = 0;      // the ghoul's bite: +2, 2d6+2 piercing, no rider
constexpr int kShortbow = 0;  // the archer's: +10, 1d6 piercing, ranged

testing::Table table() {
  return testing::Table(testing::load(duel_json(
      R"({"monster": "ghoul"}, {"name": "Archer", "hp": 30, "ac": 12, "attacks": [
           {"name": "Shortbow", "to_hit": 10, "damage": "1d6 piercing", "range": [80, 320]}]})",
      R"({"name": "Hero", "hp": 200, "ac": 5, "attacks": [
           {"name": "Longsword", "to_hit": 10, "damage": "1d8+3 slashing"}]})")));
}

// `creature` gains `condition` from `source`, with no end of its own (the
// plan learns that the encounter can impose it: BattlePlan::imposable).
void give(testing::Table& t, int creature, Condition condition, int source = kGhoul) {
  t.plan.imposable.insert(condition);
  ConditionEffect effect;
  effect.condition = condition;
  NoEvents events;
  detail::impose_condition(t.plan, t.state, source, creature, effect, Ability::Con, 10, events);
}

struct AttackLog : NoEvents {
  std::vector<AttackRoll> rolls;
  std::vector<int> damage;
  void attack(int /*attacker*/, int /*target*/, int /*attack*/, const AttackRoll& roll, int dealt,
              int /*hp_left*/) {
    rolls.push_back(roll);
    damage.push_back(dealt);
  }
};

// One attack, every die a 4 (a hit for all three attackers).
struct Blow {
  AttackRoll roll;
  int damage = 0;
};
Blow strike(testing::Table& t, int attacker, int target, int attack) {
  ScriptedDice fours(std::vector<int>(12, 4));
  AttackLog log;
  detail::make_attack<true>(t.plan, t.state, attacker, target, attack, true, fours, log);
  EXPECT_EQ(log.rolls.size(), 1u);
  return log.rolls.empty() ? Blow{} : Blow{log.rolls[0], log.damage[0]};
}

// What `condition` on the hero does, each observed on a fresh table.
struct Effects {
  RollMode own = RollMode::Normal;             // the hero's longsword on the ghoul
  RollMode melee_against = RollMode::Normal;   // the ghoul's bite on the hero
  RollMode ranged_against = RollMode::Normal;  // the archer's shortbow on the hero
  bool melee_critical = false;                 // the bite's d20 of 4 is a critical
  bool ranged_critical = false;
  int bite_damage = 0;     // 2d6+2 of 4s: 10, doubled dice 18
  bool fails_str = false;  // automatically, rolling no die
  bool fails_dex = false;
  bool fails_con = false;
  RollMode dex_save = RollMode::Normal;
  bool acts = true;          // takes an action at the start of its turn
  bool prone_after = false;  // prone after the start of its turn
};

Effects observe(Condition condition) {
  Effects e;
  {
    testing::Table t = table();
    give(t, kHero, condition);
    e.own = strike(t, kHero, kGhoul, 0).roll.mode;
  }
  {
    testing::Table t = table();
    give(t, kHero, condition);
    const Blow bite = strike(t, kGhoul, kHero, kBite);
    e.melee_against = bite.roll.mode;
    e.melee_critical = bite.roll.critical;
    e.bite_damage = bite.damage;
  }
  {
    testing::Table t = table();
    give(t, kHero, condition);
    const Blow shot = strike(t, kArcher, kHero, kShortbow);
    e.ranged_against = shot.roll.mode;
    e.ranged_critical = shot.roll.critical;
  }
  testing::Table t = table();
  give(t, kHero, condition);
  const auto save = [&](Ability ability) {
    ScriptedDice dice{4, 4};
    return detail::saving_throw(t.plan, t.state, kHero, ability, 10, false, dice);
  };
  e.fails_str = save(Ability::Str).automatic_failure;
  const SaveRoll dex = save(Ability::Dex);
  e.fails_dex = dex.automatic_failure;
  e.dex_save = dex.mode;
  e.fails_con = save(Ability::Con).automatic_failure;
  ScriptedDice none{};
  NoEvents events;
  e.acts = detail::begin_turn<true>(t.plan, t.state, kHero, none, events);
  e.prone_after = t.has(kHero, Condition::Prone);
  return e;
}

constexpr RollMode kNormal = RollMode::Normal;
constexpr RollMode kAdvantage = RollMode::Advantage;
constexpr RollMode kDisadvantage = RollMode::Disadvantage;

TEST(ConditionEffectsTest, NoConditionIsTheBaseline) {
  testing::Table t = table();
  const Blow bite = strike(t, kGhoul, kHero, kBite);
  EXPECT_EQ(bite.roll.mode, kNormal);
  EXPECT_FALSE(bite.roll.critical);
  EXPECT_EQ(bite.damage, 10);
}

TEST(ConditionEffectsTest, Blinded) {
  const Effects e = observe(Condition::Blinded);
  EXPECT_EQ(e.own, kDisadvantage);
  EXPECT_EQ(e.melee_against, kAdvantage);
  EXPECT_EQ(e.ranged_against, kAdvantage);
  EXPECT_FALSE(e.melee_critical);
  EXPECT_FALSE(e.fails_str || e.fails_dex || e.fails_con);
  EXPECT_TRUE(e.acts);
}

TEST(ConditionEffectsTest, Frightened) {
  const Effects e = observe(Condition::Frightened);
  EXPECT_EQ(e.own, kDisadvantage);  // its source is always in sight
  EXPECT_EQ(e.melee_against, kNormal);
  EXPECT_EQ(e.ranged_against, kNormal);
  EXPECT_FALSE(e.fails_str || e.fails_dex || e.fails_con);
  EXPECT_TRUE(e.acts);
}

TEST(ConditionEffectsTest, Grappled) {
  const Effects e = observe(Condition::Grappled);
  EXPECT_EQ(e.own, kNormal);
  EXPECT_EQ(e.melee_against, kNormal);
  EXPECT_EQ(e.ranged_against, kNormal);
  EXPECT_FALSE(e.fails_str || e.fails_dex || e.fails_con);
  EXPECT_TRUE(e.acts);
  // Speed 0: a grappled creature knocked prone cannot stand up.
  testing::Table t = table();
  give(t, kHero, Condition::Grappled);
  give(t, kHero, Condition::Prone);
  ScriptedDice none{};
  NoEvents events;
  EXPECT_TRUE(detail::begin_turn<true>(t.plan, t.state, kHero, none, events));
  EXPECT_TRUE(t.has(kHero, Condition::Prone));
}

TEST(ConditionEffectsTest, Incapacitated) {
  const Effects e = observe(Condition::Incapacitated);
  EXPECT_EQ(e.melee_against, kNormal);
  EXPECT_EQ(e.ranged_against, kNormal);
  EXPECT_FALSE(e.melee_critical);
  EXPECT_FALSE(e.fails_str || e.fails_dex || e.fails_con);
  EXPECT_FALSE(e.acts);
}

TEST(ConditionEffectsTest, Paralyzed) {
  const Effects e = observe(Condition::Paralyzed);
  EXPECT_EQ(e.melee_against, kAdvantage);
  EXPECT_EQ(e.ranged_against, kAdvantage);
  EXPECT_TRUE(e.melee_critical);  // within 5 feet
  EXPECT_FALSE(e.ranged_critical);
  EXPECT_EQ(e.bite_damage, 18);
  EXPECT_TRUE(e.fails_str);
  EXPECT_TRUE(e.fails_dex);
  EXPECT_FALSE(e.fails_con);
  EXPECT_FALSE(e.acts);
}

TEST(ConditionEffectsTest, Poisoned) {
  const Effects e = observe(Condition::Poisoned);
  EXPECT_EQ(e.own, kDisadvantage);
  EXPECT_EQ(e.melee_against, kNormal);
  EXPECT_EQ(e.ranged_against, kNormal);
  EXPECT_FALSE(e.fails_str || e.fails_dex || e.fails_con);
  EXPECT_TRUE(e.acts);
}

TEST(ConditionEffectsTest, Prone) {
  const Effects e = observe(Condition::Prone);
  EXPECT_EQ(e.own, kDisadvantage);
  EXPECT_EQ(e.melee_against, kAdvantage);
  EXPECT_EQ(e.ranged_against, kDisadvantage);
  EXPECT_FALSE(e.melee_critical);
  EXPECT_FALSE(e.fails_str || e.fails_dex || e.fails_con);
  EXPECT_TRUE(e.acts);
  EXPECT_FALSE(e.prone_after);  // it stands up at the start of its turn
}

TEST(ConditionEffectsTest, Restrained) {
  const Effects e = observe(Condition::Restrained);
  EXPECT_EQ(e.own, kDisadvantage);
  EXPECT_EQ(e.melee_against, kAdvantage);
  EXPECT_EQ(e.ranged_against, kAdvantage);
  EXPECT_FALSE(e.melee_critical);
  EXPECT_FALSE(e.fails_str || e.fails_dex || e.fails_con);
  EXPECT_EQ(e.dex_save, kDisadvantage);  // Dex saves only
  EXPECT_TRUE(e.acts);
}

TEST(ConditionEffectsTest, Stunned) {
  const Effects e = observe(Condition::Stunned);
  EXPECT_EQ(e.melee_against, kAdvantage);
  EXPECT_EQ(e.ranged_against, kAdvantage);
  EXPECT_FALSE(e.melee_critical);
  EXPECT_TRUE(e.fails_str);
  EXPECT_TRUE(e.fails_dex);
  EXPECT_FALSE(e.fails_con);
  EXPECT_FALSE(e.acts);
}

TEST(ConditionEffectsTest, Charmed) {
  const Effects e = observe(Condition::Charmed);
  EXPECT_EQ(e.own, kNormal);
  EXPECT_EQ(e.melee_against, kNormal);
  EXPECT_EQ(e.ranged_against, kNormal);
  EXPECT_FALSE(e.fails_str || e.fails_dex || e.fails_con);
  EXPECT_TRUE(e.acts);
  // It does not attack its charmer: a random pick of the ghoul (d2 = 1)
  // goes to the archer instead, and so does one of the archer (2).
  testing::Table t = table();
  give(t, kHero, Condition::Charmed);
  for (int die : {1, 2}) {
    ScriptedDice pick{die};
    EXPECT_EQ(choose_target(t.plan, t.state, kHero, pick), kArcher);
    EXPECT_EQ(pick.remaining(), 0u);
  }
  // With only its charmer left, it has no one to attack.
  t.state.standing.drops(kArcher);
  ScriptedDice none{};
  EXPECT_EQ(choose_target(t.plan, t.state, kHero, none), -1);
  // Charmed by the archer instead, it attacks the ghoul.
  testing::Table u = table();
  give(u, kHero, Condition::Charmed, kArcher);
  ScriptedDice archer{2};
  EXPECT_EQ(choose_target(u.plan, u.state, kHero, archer), kGhoul);
}

TEST(ConditionEffectsTest, Petrified) {
  const Effects e = observe(Condition::Petrified);
  EXPECT_EQ(e.melee_against, kAdvantage);
  EXPECT_EQ(e.ranged_against, kAdvantage);
  EXPECT_FALSE(e.melee_critical);
  EXPECT_EQ(e.bite_damage, 10 / 2);  // resistance to all damage
  EXPECT_TRUE(e.fails_str);
  EXPECT_TRUE(e.fails_dex);
  EXPECT_FALSE(e.fails_con);
  EXPECT_FALSE(e.acts);
}

TEST(ConditionEffectsTest, Unconscious) {
  const Effects e = observe(Condition::Unconscious);
  EXPECT_EQ(e.melee_against, kAdvantage);
  // It lies prone: a ranged attack's disadvantage cancels the advantage.
  EXPECT_EQ(e.ranged_against, kNormal);
  EXPECT_TRUE(e.melee_critical);  // within 5 feet
  EXPECT_FALSE(e.ranged_critical);
  EXPECT_EQ(e.bite_damage, 18);
  EXPECT_TRUE(e.fails_str);
  EXPECT_TRUE(e.fails_dex);
  EXPECT_FALSE(e.fails_con);
  EXPECT_FALSE(e.acts);
  EXPECT_TRUE(e.prone_after);  // it cannot stand up
}

// ---------------------------------------------------------------- imposed by stat blocks

// A library monster against the hero of `hero_hp` HP, AC 5, all saves +0.
testing::Table against(const std::string& monster, int hero_hp = 200,
                       const std::string& hero_keys = "") {
  return testing::Table(
      testing::load(duel_json(fmt::format(R"({{"monster": "{}"}})", monster),
                              fmt::format(R"({{"name": "Hero", "hp": {}, "ac": 5, "attacks": [
           {{"name": "Longsword", "to_hit": 10, "damage": "1d8+3 slashing"}}]{}}})",
                                          hero_hp, hero_keys))));
}

int save_effect_index(const Creature& creature, const std::string& name) {
  for (std::size_t i = 0; i < creature.save_effects.size(); ++i) {
    if (creature.save_effects[i].name == name) return static_cast<int>(i);
  }
  ADD_FAILURE() << creature.name << " has no save effect " << name;
  return 0;
}

TEST(PetrificationTest, ACockatriceBiteRestrainsThenPetrifiesOnASecondFailure) {
  testing::Table t = against("cockatrice");
  NoEvents events;
  // Bite: d20 4 (+3) hits AC 5, 1d4+1 = 3 + 1; Con save DC 11: d20 4 fails.
  ScriptedDice bite{4, 3, 4};
  detail::make_attack<true>(t.plan, t.state, 0, 1, 0, true, bite, events);
  EXPECT_EQ(bite.remaining(), 0u);
  EXPECT_EQ(t[1].hp, 200 - 4);
  EXPECT_TRUE(t.has(1, Condition::Restrained));
  EXPECT_FALSE(t.has(1, Condition::Petrified));
  // The hero still acts, restrained; at the end of its turn the repeated
  // save (d20 10) fails: petrified, for good.
  ScriptedDice save{10};
  detail::end_of_turn_conditions(t.plan, t.state, 1, save, events);
  EXPECT_FALSE(t.has(1, Condition::Restrained));
  EXPECT_TRUE(t.has(1, Condition::Petrified));
  for (int turn = 0; turn < 20; ++turn) {
    ScriptedDice none{};
    EXPECT_FALSE(detail::begin_turn<true>(t.plan, t.state, 1, none, events));
    detail::end_of_turn_conditions(t.plan, t.state, 1, none, events);
  }
  EXPECT_TRUE(t.has(1, Condition::Petrified));
}

TEST(PetrificationTest, ASuccessfulSecondSaveEndsIt) {
  testing::Table t = against("cockatrice");
  NoEvents events;
  ScriptedDice bite{4, 3, 4};
  detail::make_attack<true>(t.plan, t.state, 0, 1, 0, true, bite, events);
  ScriptedDice save{11};  // meets DC 11
  detail::end_of_turn_conditions(t.plan, t.state, 1, save, events);
  EXPECT_FALSE(t.has(1, Condition::Restrained));
  EXPECT_FALSE(t.has(1, Condition::Petrified));
}

TEST(PetrificationTest, TheGorgonsBreathIsReadFromItsText) {
  const testing::Table t = against("gorgon");
  const Creature& gorgon = creature_of(t.encounter, 0);
  const SaveEffect& breath =
      gorgon.save_effects[static_cast<std::size_t>(save_effect_index(gorgon, "Petrifying Breath"))];
  ASSERT_EQ(breath.conditions.size(), 1u);
  const ConditionEffect& c = breath.conditions[0];
  EXPECT_EQ(c.condition, Condition::Restrained);
  EXPECT_EQ(c.duration, 1);
  EXPECT_TRUE(c.repeat_save);
  EXPECT_TRUE(c.worsens);
  EXPECT_EQ(c.worsens_to, Condition::Petrified);
  EXPECT_EQ(breath.targets, 3);  // a 30-foot cone
}

TEST(UnconsciousTest, ACouatlsBiteKeepsItsVictimAsleepWhileThePoisonLasts) {
  testing::Table t = against("couatl");
  NoEvents events;
  // Bite: d20 4 (+8) hits, 1d6+5 = 9; Con save DC 13 fails: poisoned and unconscious.
  ScriptedDice bite{4, 4, 4};
  detail::make_attack<true>(t.plan, t.state, 0, 1, 0, true, bite, events);
  EXPECT_TRUE(t.has(1, Condition::Poisoned));
  EXPECT_TRUE(t.has(1, Condition::Unconscious));
  EXPECT_TRUE(t.has(1, Condition::Prone));
  // Damage does not wake it: the next bite (advantage, 4 and 4; a
  // critical within 5 feet: 2d6+5 = 13) leaves it asleep.
  ScriptedDice again{4, 4, 4, 4, 4};
  detail::make_attack<true>(t.plan, t.state, 0, 1, 0, true, again, events);
  EXPECT_EQ(again.remaining(), 0u);
  EXPECT_EQ(t[1].hp, 200 - 9 - 13);
  EXPECT_TRUE(t.has(1, Condition::Unconscious));
}

TEST(UnconsciousTest, SleepBreathEndsWhenTheSleeperTakesDamage) {
  testing::Table t = against("brass dragon wyrmling");
  NoEvents events;
  const int sleep = save_effect_index(creature_of(t.encounter, 0), "Sleep Breath");
  ScriptedDice fails{5};  // Con DC 11
  detail::force_save(t.plan, t.state, 0, 1, t.plan.save_effect(0, sleep), fails, events);
  EXPECT_TRUE(t.has(1, Condition::Unconscious));
  EXPECT_TRUE(t.has(1, Condition::Prone));
  ScriptedDice none{};
  EXPECT_FALSE(detail::begin_turn<true>(t.plan, t.state, 1, none, events));
  // The wyrmling's bite (advantage: 4 and 4, +4; a critical, 2d10+2 = 8)
  // wakes it; it still lies prone until its turn, when it stands up.
  ScriptedDice bite{4, 4, 4, 2};
  detail::make_attack<true>(t.plan, t.state, 0, 1, 0, true, bite, events);
  EXPECT_EQ(bite.remaining(), 0u);
  EXPECT_EQ(t[1].hp, 200 - 8);
  EXPECT_FALSE(t.has(1, Condition::Unconscious));
  EXPECT_TRUE(t.has(1, Condition::Prone));
  EXPECT_TRUE(detail::begin_turn<true>(t.plan, t.state, 1, none, events));
  EXPECT_FALSE(t.has(1, Condition::Prone));
}

TEST(CharmTest, TheAbolethsThrallIsFreedWhenTheAbolethDies) {
  testing::Table t = against("aboleth");
  NoEvents events;
  const int enslave = save_effect_index(creature_of(t.encounter, 0), "Enslave");
  ScriptedDice fails{5};  // Wis DC 14
  detail::force_save(t.plan, t.state, 0, 1, t.plan.save_effect(0, enslave), fails, events);
  EXPECT_TRUE(t.has(1, Condition::Charmed));
  ScriptedDice none{};
  EXPECT_EQ(choose_target(t.plan, t.state, 1, none), -1);  // it will not attack the aboleth
  t[0].hp = 1;
  ScriptedDice blow{15, 4};
  detail::make_attack<true>(t.plan, t.state, 1, 0, 0, true, blow, events);
  EXPECT_TRUE(t[0].dead);
  EXPECT_FALSE(t.has(1, Condition::Charmed));
}

TEST(CharmTest, TheThrallRepeatsTheSaveWhenItTakesDamage) {
  testing::Table t = against("aboleth");
  NoEvents events;
  const int enslave = save_effect_index(creature_of(t.encounter, 0), "Enslave");
  ScriptedDice fails{5};
  detail::force_save(t.plan, t.state, 0, 1, t.plan.save_effect(0, enslave), fails, events);
  ASSERT_TRUE(t.has(1, Condition::Charmed));
  // Tentacle: d20 4 (+9) hits, 2d6+5 = 1 + 1 + 5: 7 (its disease's 1d12
  // acid, every 10 minutes, is no part of the hit); the thrall's Wis save
  // then (d20 13) fails against DC 14 ...
  ScriptedDice first{4, 1, 1, 13};
  detail::make_attack<true>(t.plan, t.state, 0, 1, 0, true, first, events);
  EXPECT_EQ(first.remaining(), 0u);
  EXPECT_TRUE(t.has(1, Condition::Charmed));
  // ... and the next time (14) succeeds.
  ScriptedDice second{4, 1, 1, 14};
  detail::make_attack<true>(t.plan, t.state, 0, 1, 0, true, second, events);
  EXPECT_EQ(second.remaining(), 0u);
  EXPECT_FALSE(t.has(1, Condition::Charmed));
  EXPECT_EQ(t[1].hp, 200 - 14);
}

TEST(CharmTest, AVampiresCharmWorksOnHumanoidsOnly) {
  const std::string humanoid = R"(, "type": "humanoid")";
  testing::Table t = against("vampire, vampire form", 200, humanoid);
  const int charm = save_effect_index(creature_of(t.encounter, 0), "Charm");
  const PlanSaveEffect& effect = t.plan.save_effect(0, charm);
  NoEvents events;
  ScriptedDice fails{5};
  detail::force_save(t.plan, t.state, 0, 1, effect, fails, events);
  EXPECT_TRUE(t.has(1, Condition::Charmed));
  testing::Table u = against("vampire, vampire form", 200, R"(, "type": "construct")");
  ScriptedDice no_save{};
  detail::force_save(u.plan, u.state, 0, 1, u.plan.save_effect(0, charm), no_save, events);
  EXPECT_FALSE(u.has(1, Condition::Charmed));
}

// ---------------------------------------------------------------- Swallow

// `monster` (0) against two heroes (1 and 2) of 200 HP and AC 5 with
// `attack` (a longsword by default).
testing::Table two_heroes_against(
    const std::string& monster,
    const std::string& attack =
        R"({"name": "Longsword", "to_hit": 10, "damage": "1d8+3 slashing"})") {
  const auto hero = [&](const char* name) {
    return fmt::format(R"({{"name": "{}", "hp": 200, "ac": 5, "attacks": [{}]}})", name, attack);
  };
  return testing::Table(testing::load(duel_json(fmt::format(R"({{"monster": "{}"}})", monster),
                                                hero("Hero") + "," + hero("Other"))));
}

// `attacker`'s blow (its first attack, `dice`) drops swallower 0, and
// hero 1 inside gets out.
void expect_out_when_the_swallower_drops(testing::Table& t, int attacker, ScriptedDice& dice) {
  NoEvents events;
  detail::make_attack<true>(t.plan, t.state, attacker, 0, 0, true, dice, events);
  EXPECT_EQ(dice.remaining(), 0u);
  EXPECT_TRUE(t[0].dead);
  EXPECT_FALSE(t.has(1, Condition::Swallowed));
  EXPECT_FALSE(t.has(1, Condition::Restrained));
}

// A purple worm (0) against a hero with a maul (+10, 6d6+10) of 200 HP,
// AC 5, and a second hero.
testing::Table worm_table() {
  return two_heroes_against("purple worm",
                            R"({"name": "Maul", "to_hit": 10, "damage": "6d6+10 bludgeoning"})");
}

// The worm bites the hero: d20 4 (+9) hits, 3d8+9 = 12; the hero's Dex save
// (DC 19) of d20 5 fails: swallowed.
void swallow_hero(testing::Table& t) {
  NoEvents events;
  ScriptedDice bite{4, 1, 1, 1, 5};
  detail::make_attack<true>(t.plan, t.state, 0, 1, 0, true, bite, events);
  EXPECT_EQ(bite.remaining(), 0u);
}

TEST(SwallowTest, APurpleWormSwallowsDigestsAndRegurgitates) {
  testing::Table t = worm_table();
  NoEvents events;
  swallow_hero(t);
  EXPECT_EQ(t[1].hp, 200 - 12);
  EXPECT_TRUE(t.has(1, Condition::Swallowed));
  EXPECT_TRUE(t.has(1, Condition::Blinded));
  EXPECT_TRUE(t.has(1, Condition::Restrained));
  // Total cover: the worm goes for the other hero (no die: one candidate
  // left), and the swallowed hero attacks the worm only.
  for (int die : {1, 2}) {
    ScriptedDice pick{die};
    EXPECT_EQ(choose_target(t.plan, t.state, 0, pick), 2);
  }
  ScriptedDice none{};
  EXPECT_EQ(choose_target(t.plan, t.state, 1, none), 0);
  // The start of the worm's turn: 6d6 acid, all 2s.
  ScriptedDice acid{2, 2, 2, 2, 2, 2};
  EXPECT_TRUE(detail::begin_turn<true>(t.plan, t.state, 0, acid, events));
  EXPECT_EQ(acid.remaining(), 0u);
  EXPECT_EQ(t[1].hp, 200 - 12 - 12);
  // The hero's turn: blinded and restrained, its maul rolls with
  // disadvantage (15 and 15 hit AC 18) for 6d6+10 = 22 ...
  ScriptedDice first{15, 15, 2, 2, 2, 2, 2, 2};
  detail::make_attack<true>(t.plan, t.state, 1, 0, 0, true, first, events);
  EXPECT_EQ(t[0].hp, 247 - 22);
  ScriptedDice no_save{};  // ... under 30: no regurgitation
  detail::end_of_turn_conditions(t.plan, t.state, 1, no_save, events);
  EXPECT_TRUE(t.has(1, Condition::Swallowed));
  // Next turn it deals 10 + 36: the worm's Con save (+11) of d20 9 fails
  // DC 21, and it regurgitates the hero, who falls prone.
  ScriptedDice start{};
  detail::begin_turn<true>(t.plan, t.state, 1, start, events);
  ScriptedDice second{15, 15, 6, 6, 6, 6, 6, 6, 9};
  detail::make_attack<true>(t.plan, t.state, 1, 0, 0, true, second, events);
  detail::end_of_turn_conditions(t.plan, t.state, 1, second, events);
  EXPECT_EQ(second.remaining(), 0u);
  EXPECT_FALSE(t.has(1, Condition::Swallowed));
  EXPECT_FALSE(t.has(1, Condition::Blinded));
  EXPECT_FALSE(t.has(1, Condition::Restrained));
  EXPECT_TRUE(t.has(1, Condition::Prone));
}

// The worm's multiattack: its bite swallows the hero, and its sting, from
// outside, goes to the other (the hero inside has total cover); it stung
// the hero it had just swallowed.
TEST(SwallowTest, TheStingAfterASwallowGoesToAnother) {
  testing::Table t = worm_table();
  NoEvents events;
  const PlanAction* multiattack = nullptr;
  for (const PlanAction& action : t.plan.actions_of(0)) {
    if (std::string_view(action.name).starts_with("Multiattack")) multiattack = &action;
  }
  ASSERT_NE(multiattack, nullptr);
  // The bite as swallow_hero's; the sting's target drawn anew (a die of 1
  // for the swallowed hero gives way to the other, the one left), d20 4
  // hits, 3d6+9 = 12, 12d6 poison rolled (all 1s) and the Con save of
  // d20 1 fails.
  ScriptedDice dice{4, 1, 1, 1, 5, 1, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  detail::take_action<true>(t.plan, t.state, 0, 1, *multiattack, true, dice, events);
  EXPECT_EQ(dice.remaining(), 0u);
  EXPECT_TRUE(t.has(1, Condition::Swallowed));
  EXPECT_EQ(t[1].hp, 200 - 12);
  EXPECT_EQ(t[2].hp, 200 - 12 - 12);
}

TEST(SwallowTest, TheWormHoldsOnWithASuccessfulSave) {
  testing::Table t = worm_table();
  NoEvents events;
  swallow_hero(t);
  ScriptedDice blow{15, 15, 6, 6, 6, 6, 6, 6, 10};  // 46 damage; Con 10 + 11 meets DC 21
  detail::make_attack<true>(t.plan, t.state, 1, 0, 0, true, blow, events);
  detail::end_of_turn_conditions(t.plan, t.state, 1, blow, events);
  EXPECT_EQ(blow.remaining(), 0u);
  EXPECT_TRUE(t.has(1, Condition::Swallowed));
}

TEST(SwallowTest, TheSwallowedGetOutWhenTheSwallowerDies) {
  testing::Table t = worm_table();
  swallow_hero(t);
  t[0].hp = 5;
  ScriptedDice blow{15, 15, 1, 1, 1, 1, 1, 1};  // disadvantage (blinded, restrained): 6d6+10
  expect_out_when_the_swallower_drops(t, 1, blow);
  EXPECT_TRUE(t.has(1, Condition::Prone));  // "exiting prone"
}

TEST(SwallowTest, ABehirSwallowsOnlyWhatItConstricts) {
  testing::Table t = against("behir");
  NoEvents events;
  const Creature& behir = creature_of(t.encounter, 0);
  std::size_t index = 0;
  while (behir.actions[index].name != "Swallow") ++index;
  const PlanAction& swallow = t.plan.actions_of(0)[index];
  EXPECT_FALSE(detail::available_against(t.plan, t.state, 0, swallow, 1));
  // Constrict: d20 4 (+10) hits, 2d10+6 twice = 8 + 8; grappled and restrained.
  ScriptedDice constrict{4, 1, 1, 1, 1};
  detail::make_attack<true>(t.plan, t.state, 0, 1, 1, true, constrict, events);
  EXPECT_TRUE(t.has(1, Condition::Grappled));
  EXPECT_TRUE(detail::available_against(t.plan, t.state, 0, swallow, 1));
  // Swallow: its bite (advantage: restrained; 4 and 4 hit), 3d10+6 = 9;
  // the grapple ends, the hero is swallowed.
  ScriptedDice bite{4, 4, 1, 1, 1};
  detail::take_action<true>(t.plan, t.state, 0, 1, swallow, true, bite, events);
  EXPECT_EQ(bite.remaining(), 0u);
  EXPECT_EQ(t[1].hp, 200 - 16 - 9);
  EXPECT_FALSE(t.has(1, Condition::Grappled));
  EXPECT_TRUE(t.has(1, Condition::Swallowed));
  EXPECT_TRUE(t.has(1, Condition::Restrained));
}

// ---------------------------------------------------------------- Engulf

// The index of `name` among creature 0's actions.
const PlanAction& action_named(const testing::Table& t, const std::string& name) {
  const Creature& creature = creature_of(t.encounter, 0);
  std::size_t index = 0;
  while (creature.actions[index].name != name) ++index;
  return t.plan.actions_of(0)[index];
}

// Hero 1's turn inside an engulfer: its escape check, a d20 of `d20`, and nothing else.
void escape_turn(testing::Table& t, int d20) {
  NoEvents events;
  ScriptedDice check{d20};
  detail::take_turn<true>(t.plan, t.state, 1, check, events);
  EXPECT_EQ(check.remaining(), 0u);
}

TEST(EngulfTest, AGelatinousCubeEngulfsDigestsAndTheEngulfedEscapesByAStrengthCheck) {
  testing::Table t = against("gelatinous cube");  // the hero: Strength 10, +0
  NoEvents events;
  // Engulf: 3d6 acid = 3 rolled for all, then the hero's DC 12 Dex save of 5 fails.
  ScriptedDice engulf{1, 1, 1, 5};
  detail::take_action<true>(t.plan, t.state, 0, 1, action_named(t, "Engulf"), true, engulf, events);
  EXPECT_EQ(engulf.remaining(), 0u);
  EXPECT_EQ(t[1].hp, 200 - 3);
  EXPECT_TRUE(t.has(1, Condition::Swallowed));
  EXPECT_TRUE(t.has(1, Condition::Restrained));
  EXPECT_FALSE(t.has(1, Condition::Blinded));  // engulfed, not swallowed: it can see
  // The start of the cube's turn: 6d6 acid, all 2s.
  ScriptedDice acid{2, 2, 2, 2, 2, 2};
  EXPECT_TRUE(detail::begin_turn<true>(t.plan, t.state, 0, acid, events));
  EXPECT_EQ(acid.remaining(), 0u);
  EXPECT_EQ(t[1].hp, 200 - 3 - 12);
  // The hero's turn is its escape check: 11 + 0 misses DC 12 (and no attack follows) ...
  escape_turn(t, 11);
  EXPECT_TRUE(t.has(1, Condition::Swallowed));
  // ... then 12 makes it: out, and no longer restrained.
  escape_turn(t, 12);
  EXPECT_FALSE(t.has(1, Condition::Swallowed));
  EXPECT_FALSE(t.has(1, Condition::Restrained));
}

TEST(EngulfTest, TheEngulfedGetOutWhenTheCubeDies) {
  testing::Table t = two_heroes_against("gelatinous cube");
  NoEvents events;
  ScriptedDice engulf{1, 1, 1, 5};
  detail::take_action<true>(t.plan, t.state, 0, 1, action_named(t, "Engulf"), true, engulf, events);
  ASSERT_TRUE(t.has(1, Condition::Swallowed));
  t[0].hp = 4;
  ScriptedDice blow{15, 1};  // the other hero: 1d8+3 = 4
  expect_out_when_the_swallower_drops(t, 2, blow);
  EXPECT_FALSE(t.has(1, Condition::Prone));  // the cube's text says nothing of it
}

TEST(EngulfTest, ASwallowerHoldsNoMoreThanItsStatBlockSays) {
  // A giant toad "can have only one target swallowed at a time".
  testing::Table t = two_heroes_against("giant toad");
  const PlanAction& swallow = action_named(t, "Swallow");
  give(t, 2, Condition::Grappled, 0);
  EXPECT_TRUE(detail::available_against(t.plan, t.state, 0, swallow, 2));
  give(t, 1, Condition::Swallowed, 0);
  EXPECT_FALSE(detail::available_against(t.plan, t.state, 0, swallow, 2));
  // The cube holds four Medium creatures: one inside leaves room.
  testing::Table cube = against("gelatinous cube");
  give(cube, 1, Condition::Swallowed, 0);
  EXPECT_TRUE(detail::available_against(cube.plan, cube.state, 0, action_named(cube, "Engulf"), 1));
}

// The shambling mound's Multiattack (two slams, +7, 2d8+4).
const PlanAction& mound_multiattack(const testing::Table& t) {
  for (const PlanAction& action : t.plan.actions_of(0)) {
    if (action.attacks.count == 2) return action;
  }
  ADD_FAILURE() << "no multiattack";
  return t.plan.actions_of(0)[0];
}

TEST(EngulfTest, AShamblingMoundEngulfsWhomBothSlamsHitAndItsSaveSparesTheDamage) {
  testing::Table t = two_heroes_against("shambling mound");  // heroes: Con and Str +0
  NoEvents events;
  // Both slams hit hero 1 (15 + 7), 2d8+4 = 6 each: grappled and engulfed.
  ScriptedDice slams{15, 1, 1, 15, 1, 1};
  detail::take_action<true>(t.plan, t.state, 0, 1, mound_multiattack(t), true, slams, events);
  EXPECT_EQ(slams.remaining(), 0u);
  EXPECT_EQ(t[1].hp, 200 - 12);
  EXPECT_TRUE(t.has(1, Condition::Swallowed));
  EXPECT_TRUE(t.has(1, Condition::Blinded));
  EXPECT_TRUE(t.has(1, Condition::Restrained));
  // The start of the mound's turn: the DC 14 Con save of 13 fails, 2d8+4 = 6 ...
  ScriptedDice failed{13, 1, 1};
  detail::begin_turn<true>(t.plan, t.state, 0, failed, events);
  EXPECT_EQ(failed.remaining(), 0u);
  EXPECT_EQ(t[1].hp, 200 - 18);
  // ... then 14 makes it: no damage.
  ScriptedDice made{14};
  detail::begin_turn<true>(t.plan, t.state, 0, made, events);
  EXPECT_EQ(made.remaining(), 0u);
  EXPECT_EQ(t[1].hp, 200 - 18);
  // It holds one: its multiattack is still there, and both slams on hero 2 only hurt.
  EXPECT_TRUE(detail::available_against(t.plan, t.state, 0, mound_multiattack(t), 2));
  ScriptedDice more{15, 1, 1, 15, 1, 1};
  detail::take_action<true>(t.plan, t.state, 0, 2, mound_multiattack(t), true, more, events);
  EXPECT_EQ(t[2].hp, 200 - 12);
  EXPECT_FALSE(t.has(2, Condition::Swallowed));
  // Hero 1's way out is its escape check, the grapple's DC 14: 14 + 0.
  escape_turn(t, 14);
  EXPECT_FALSE(t.has(1, Condition::Swallowed));
  EXPECT_FALSE(t.has(1, Condition::Blinded));
}

TEST(EngulfTest, AShamblingMoundEngulfsNoOneWhenASlamMisses) {
  testing::Table t = two_heroes_against("shambling mound");
  NoEvents events;
  ScriptedDice slams{15, 1, 1, 1};  // the second slam: a natural 1
  detail::take_action<true>(t.plan, t.state, 0, 1, mound_multiattack(t), true, slams, events);
  EXPECT_EQ(slams.remaining(), 0u);
  EXPECT_FALSE(t.has(1, Condition::Swallowed));
}

TEST(EngulfTest, ItsValueCountsTheTargetsChanceToEscape) {
  // The hero escapes DC 12 with Strength 10 on 12+ (45%), with 18 on 8+ (65%).
  const auto cube_against = [](const std::string& abilities) {
    return testing::load(duel_json(R"({"monster": "gelatinous cube"})",
                                   R"({"name": "Hero", "hp": 30, "ac": 15, )" + abilities +
                                       R"("attacks": [{"name": "Longsword", "to_hit": 5,
                                                        "damage": "1d8+3 slashing"}]})"));
  };
  const Encounter weak = cube_against("");
  const Encounter strong = cube_against(R"("abilities": {"str": 18}, )");
  const Matchup m_weak = matchup(creature_of(weak, 0), creature_of(weak, 1));
  const Matchup m_strong = matchup(creature_of(strong, 0), creature_of(strong, 1));
  EXPECT_DOUBLE_EQ(m_weak.escape_chance, 0.45);
  EXPECT_DOUBLE_EQ(m_strong.escape_chance, 0.65);
  ConditionEffect engulfed;
  engulfed.condition = Condition::Swallowed;
  // With the same rates and rounds, the likelier escape is worth less.
  Matchup likelier = m_weak;
  likelier.escape_chance = m_strong.escape_chance;
  EXPECT_GT(condition_value(engulfed, m_weak, 0), condition_value(engulfed, likelier, 0));
}

// ---------------------------------------------------------------- values in the target's state

const char* chosen(const testing::Table& t, int self, int target) {
  const PlanAction* action = detail::choose_action(t.plan, t.state, self, target);
  return action == nullptr ? "none" : action->name;
}

TEST(StateValueTest, AGhoulDoesNotClawAParalyzedTarget) {
  testing::Table t = against("ghoul", 40);
  EXPECT_STREQ(chosen(t, 0, 1), "Claws");
  give(t, 1, Condition::Paralyzed);
  // The paralysis is worth nothing more: the bite's damage wins.
  EXPECT_STREQ(chosen(t, 0, 1), "Bite");
}

// The dragon's Frightful Presence action, its save effect, and its value
// against the hero (one enemy, or two) in the hero's state now.
struct Fear {
  testing::Table t = against("adult red dragon", 300);
  const PlanAction* action = nullptr;
  Fear() {
    for (const PlanAction& a : t.plan.actions_of(0)) {
      if (std::string_view(a.name) == "Frightful Presence") action = &a;
    }
  }
  const PlanSaveEffect& effect() const {
    return t.plan.save_effect(0, t.plan.parts_of(action->saves)[0]);
  }
  double value(int enemies = 1) const {
    return t.plan.action_value(0, *action, 1, enemies, detail::target_state(t.plan, t.state, 0, 1));
  }
  void force(int d20) {
    ScriptedDice dice{d20};
    NoEvents events;
    detail::force_save(t.plan, t.state, 0, 1, effect(), dice, events);
  }
};

TEST(StateValueTest, FrightfulPresenceIsWorthNothingAgainstTheFrightened) {
  Fear fear;
  ASSERT_NE(fear.action, nullptr);
  EXPECT_GT(fear.value(), 0.0);
  fear.force(2);  // Wis DC 19 failed
  ASSERT_TRUE(fear.t.has(1, Condition::Frightened));
  EXPECT_EQ(fear.value(), 0.0);
}

TEST(StateValueTest, FrightfulPresenceIsWorthNothingAgainstTheImmune) {
  Fear fear;
  ASSERT_NE(fear.action, nullptr);
  const double fresh = fear.value(2);
  fear.force(19);  // a success: immune
  EXPECT_EQ(fear.value(), 0.0);
  EXPECT_NEAR(fear.value(2), fresh / 2, 1e-9);  // an area: the other enemy still counts
}

// ---------------------------------------------------------------- values

TEST(ConditionValueTest, CharmedPetrifiedAndUnconsciousAreWorthTheirEffects) {
  Matchup m = testing::round_numbers_matchup();
  const auto value = [&](ConditionEffect effect) { return condition_value(effect, m, 0.5); };
  ConditionEffect charmed{Condition::Charmed};
  EXPECT_EQ(value(charmed), 3 * 8);  // its damage against the charmer, every turn
  ConditionEffect petrified{Condition::Petrified};
  EXPECT_EQ(value(petrified), 3 * 8 + 2.5 * (0.5 * 6 - 4));  // advantage, but resistance
  ConditionEffect unconscious{Condition::Unconscious};
  EXPECT_EQ(value(unconscious), 3 * 8 + 2.5 * (9 - 4));
  unconscious.ends_on_damage = true;  // a blow wakes it: its next turn
  EXPECT_EQ(value(unconscious), 8);
  // Restrained until the end of its next turn (1 turn: 0 of its own
  // damage, half a round of advantage), then on the failed save (50%)
  // petrified for the 2 rounds left.
  ConditionEffect stone{Condition::Restrained, 1, true, false};
  stone.worsens = true;
  stone.worsens_to = Condition::Petrified;
  m.target_disadvantage = 8;
  const double restrained = 1 * 0 + 0.5 * (6 - 4);
  const double petrified_later = 2 * 8 + 1.5 * (0.5 * 6 - 4);
  EXPECT_NEAR(value(stone), restrained + 0.5 * petrified_later, 1e-12);
}

}  // namespace
}  // namespace arena::dnd5e
