// One test per 5e combat rule, with scripted dice and exact outcomes.
#include <gtest/gtest.h>

#include "arena/scripted_dice.hpp"
#include "rules/dnd5e/action_value.hpp"
#include "rules/dnd5e/attack_rules.hpp"
#include "rules/dnd5e/battle.hpp"
#include "rules/dnd5e/dnd5e_test_util.hpp"

namespace arena::dnd5e {
namespace {

Attack make_attack(int to_hit, const char* damage, bool magical = false) {
  Attack attack;
  attack.name = "Test";
  attack.to_hit = to_hit;
  attack.damage = *parse_damage(damage);
  attack.magical = magical;
  return attack;
}

CombatantState fresh(int hp) {
  CombatantState state;
  state.hp = hp;
  state.max_hp = hp;
  return state;
}

Creature pc() {
  Creature creature;
  creature.pc = true;
  return creature;
}

TEST(AttackRollTest, HitsWhenTotalMeetsAc) {
  ScriptedDice dice{11};
  const AttackRoll roll = roll_attack(4, 15, false, dice);
  EXPECT_EQ(roll.total, 15);
  EXPECT_TRUE(roll.hit);
  EXPECT_FALSE(roll.critical);
}

TEST(AttackRollTest, MissesBelowAc) {
  ScriptedDice dice{10};
  EXPECT_FALSE(roll_attack(4, 15, false, dice).hit);
}

TEST(AttackRollTest, NaturalOneAlwaysMisses) {
  ScriptedDice dice{1};
  const AttackRoll roll = roll_attack(30, 10, false, dice);
  EXPECT_EQ(roll.total, 31);
  EXPECT_FALSE(roll.hit);
}

TEST(AttackRollTest, NaturalTwentyAlwaysHitsAndIsCritical) {
  ScriptedDice dice{20};
  const AttackRoll roll = roll_attack(0, 40, false, dice);
  EXPECT_TRUE(roll.hit);
  EXPECT_TRUE(roll.critical);
}

TEST(AttackRollTest, DisadvantageKeepsTheLowerD20) {
  ScriptedDice dice{18, 6};
  const AttackRoll roll = roll_attack(4, 15, true, dice);
  EXPECT_EQ(roll.natural, 6);
  EXPECT_FALSE(roll.hit);
  ScriptedDice crit{20, 19};
  EXPECT_FALSE(roll_attack(4, 15, true, crit).critical);
}

// The damage of one hit of an inline attack doing `damage` (magical or
// not) on `target` (a member's JSON), as a battle rolls it (roll_hit).
int hit_damage(const std::string& damage, const std::string& target, bool critical,
               ScriptedDice& dice, bool magical = false) {
  const std::string attacker =
      R"({"name": "A", "hp": 10, "ac": 10, "attacks": [{"name": "Test", "to_hit": 5, "damage": ")" +
      damage + R"(", "magical": )" + (magical ? "true" : "false") + "}]}";
  testing::Table t(testing::load(testing::duel_json(attacker, target)));
  const PlanAttack& attack = t.plan.attack(0, 0);
  const detail::DealtDamage dealt =
      t.plan.full_rules ? detail::roll_hit<true>(t.plan, t.state, 0, attack, 1, critical,
                                                 RollMode::Normal, 0, false, dice)
                        : detail::roll_hit<false>(t.plan, t.state, 0, attack, 1, critical,
                                                  RollMode::Normal, 0, false, dice);
  EXPECT_EQ(dice.remaining(), 0u);
  return dealt.total;
}

// A target with `extra` keys: 100 HP, AC 10, an attack of its own.
std::string target(const std::string& extra = "") {
  return R"({"name": "T", "hp": 100, "ac": 10,
             "attacks": [{"name": "Poke", "to_hit": 0, "damage": "1 bludgeoning"}])" +
         extra + "}";
}

TEST(DamageTest, CriticalDoublesDiceNotModifiers) {
  ScriptedDice dice{3, 5, 4, 6};  // 2d6 rolled twice
  EXPECT_EQ(hit_damage("2d6+3 slashing", target(), true, dice), 3 + 5 + 4 + 6 + 3);
}

TEST(DamageTest, NeverBelowZero) {
  ScriptedDice dice{1};
  EXPECT_EQ(hit_damage("1d4-3 piercing", target(), false, dice), 0);
}

TEST(DamageTest, ResistanceHalvesRoundingDown) {
  ScriptedDice dice{7};
  EXPECT_EQ(hit_damage("1d8 fire", target(R"(, "resistances": ["fire"])"), false, dice), 3);
}

TEST(DamageTest, VulnerabilityDoubles) {
  ScriptedDice dice{5};
  EXPECT_EQ(hit_damage("1d6+1 bludgeoning", target(R"(, "vulnerabilities": ["bludgeoning"])"),
                       false, dice),
            12);
}

TEST(DamageTest, ImmunityZeroesOnlyItsType) {
  ScriptedDice dice{9, 1, 4, 2};  // piercing 9 + 1 + 8, fire 4 + 2 (immune)
  EXPECT_EQ(
      hit_damage("2d10+8 piercing + 2d6 fire", target(R"(, "immunities": ["fire"])"), false, dice),
      18);
}

TEST(DamageTest, MagicalAttacksOvercomeNonmagicalResistance) {
  // The wight resists "bludgeoning, piercing, and slashing from nonmagical
  // attacks that aren't silvered".
  const std::string wight = R"({"monster": "wight"})";
  ScriptedDice plain{8};
  EXPECT_EQ(hit_damage("1d8 slashing", wight, false, plain), 4);
  ScriptedDice magic{8};
  EXPECT_EQ(hit_damage("1d8 slashing", wight, false, magic, true), 8);
}

TEST(DropTest, MonsterDiesAtZeroHp) {
  CombatantState ogre = fresh(10);
  const DamageEffect effect = apply_damage(ogre, Creature{}, 12, false);
  EXPECT_TRUE(ogre.dead);
  EXPECT_EQ(ogre.hp, 0);
  EXPECT_EQ(effect.hp_lost, 10);  // overkill is not counted
  EXPECT_TRUE(effect.killed);
}

TEST(DropTest, PlayerCharacterFallsUnconscious) {
  CombatantState hero = fresh(20);
  const DamageEffect effect = apply_damage(hero, pc(), 25, false);
  EXPECT_FALSE(hero.dead);
  EXPECT_EQ(hero.hp, 0);
  EXPECT_TRUE(effect.dropped);
  EXPECT_FALSE(effect.killed);
}

TEST(DropTest, MassiveDamageKillsAPlayerCharacterOutright) {
  CombatantState hero = fresh(20);
  apply_damage(hero, pc(), 10, false);                              // 10 HP left
  const DamageEffect effect = apply_damage(hero, pc(), 30, false);  // 20 beyond 0 = max
  EXPECT_TRUE(hero.dead);
  EXPECT_TRUE(effect.killed);
  CombatantState lucky = fresh(20);
  apply_damage(lucky, pc(), 10, false);
  apply_damage(lucky, pc(), 29, false);  // 19 beyond 0: unconscious
  EXPECT_FALSE(lucky.dead);
}

TEST(DeathSaveTest, TenOrMoreIsASuccessAndThreeStabilise) {
  CombatantState hero = fresh(20);
  apply_damage(hero, pc(), 20, false);
  ScriptedDice dice{10, 15, 19};
  int d20 = 0;
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::Success);
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::Success);
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::Stable);
  EXPECT_TRUE(hero.stable);
  EXPECT_FALSE(hero.dead);
}

// Stable resets both counts (SRD: "reset to zero when you ... become
// stable"): two failures before it are forgotten, so a critical hit on the
// stable PC then costs it two failures, not its life.
TEST(DeathSaveTest, BecomingStableResetsBothCounts) {
  CombatantState hero = fresh(20);
  apply_damage(hero, pc(), 20, false);
  ScriptedDice dice{1, 10, 15, 19};
  int d20 = 0;
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::DoubleFailure);
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::Success);
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::Success);
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::Stable);
  EXPECT_EQ(hero.death_successes, 0);
  EXPECT_EQ(hero.death_failures, 0);
  apply_damage(hero, pc(), 3, true);
  EXPECT_FALSE(hero.dead);
  EXPECT_FALSE(hero.stable);
  EXPECT_EQ(hero.death_failures, 2);
}

TEST(DeathSaveTest, ThreeFailuresKill) {
  CombatantState hero = fresh(20);
  apply_damage(hero, pc(), 20, false);
  ScriptedDice dice{9, 2, 5};
  int d20 = 0;
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::Failure);
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::Failure);
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::Died);
  EXPECT_TRUE(hero.dead);
}

TEST(DeathSaveTest, NaturalOneCountsTwoFailures) {
  CombatantState hero = fresh(20);
  apply_damage(hero, pc(), 20, false);
  ScriptedDice dice{1, 3};
  int d20 = 0;
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::DoubleFailure);
  EXPECT_EQ(hero.death_failures, 2);
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::Died);
}

TEST(DeathSaveTest, NaturalTwentyRegainsOneHp) {
  CombatantState hero = fresh(20);
  apply_damage(hero, pc(), 20, false);
  ScriptedDice dice{4, 20};
  int d20 = 0;
  roll_death_save(hero, dice, d20);
  EXPECT_EQ(roll_death_save(hero, dice, d20), DeathSaveResult::RegainedHp);
  EXPECT_EQ(hero.hp, 1);
  EXPECT_EQ(hero.death_failures, 0);
  EXPECT_TRUE(hero.can_act());
}

TEST(DeathSaveTest, DamageAtZeroHpIsAFailureAndACriticalTwo) {
  CombatantState hero = fresh(20);
  apply_damage(hero, pc(), 20, false);
  apply_damage(hero, pc(), 3, false);
  EXPECT_EQ(hero.death_failures, 1);
  apply_damage(hero, pc(), 3, true);
  EXPECT_EQ(hero.death_failures, 3);
  EXPECT_TRUE(hero.dead);
}

TEST(DeathSaveTest, DamageAtZeroHpOfTheHpMaximumKills) {
  CombatantState hero = fresh(20);
  apply_damage(hero, pc(), 20, false);
  const DamageEffect effect = apply_damage(hero, pc(), 20, false);
  EXPECT_TRUE(hero.dead);
  EXPECT_TRUE(effect.killed);
}

TEST(DeathSaveTest, DamageWakesAStabilisedCreatureToSavesAgain) {
  CombatantState hero = fresh(20);
  apply_damage(hero, pc(), 20, false);
  hero.stable = true;
  apply_damage(hero, pc(), 1, false);
  EXPECT_FALSE(hero.stable);
  EXPECT_EQ(hero.death_failures, 1);
}

TEST(ExpectedDamageTest, CountsHitsCriticalsAndDefences) {
  Creature target;
  target.ac = 15;
  // +4 vs AC 15 hits on 11-19 (9/20) and crits on 20 (1/20).
  const Attack attack = make_attack(4, "1d6+2 slashing");
  EXPECT_NEAR(expected_damage(attack, target), 9.0 / 20 * 5.5 + 1.0 / 20 * 9.0, 1e-12);
  // Resisted, a total is halved rounding down: 3..8 deal 1, 2, 2, 3, 3, 4
  // (2.5 on average, not 2.75), and 2d6+2 on a critical deals
  // (E[2d6] - P(2d6 odd)) / 2 + 1 = 4.25.
  target.resistances.insert(DamageType::Slashing);
  EXPECT_NEAR(expected_damage(attack, target), 9.0 / 20 * 2.5 + 1.0 / 20 * 4.25, 1e-12);
}

TEST(ExpectedDamageTest, CountsATotalBelowZeroAsNoDamage) {
  Creature target;
  target.ac = 15;
  // 1d4-3 deals 1 on a 4, else 0: 0.25, not -0.5. On a critical, 2d4-3
  // deals its mean 2 plus the 1/16 chance of -1 taken back to 0.
  const Attack attack = make_attack(4, "1d4-3 piercing");
  EXPECT_NEAR(expected_damage(attack, target), 9.0 / 20 * 0.25 + 1.0 / 20 * (2 + 1.0 / 16), 1e-12);
}

}  // namespace
}  // namespace arena::dnd5e
