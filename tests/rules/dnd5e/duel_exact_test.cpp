// Simulated win probabilities of one-on-one duels against the exact value,
// computed here by dynamic programming over both creatures' hit points.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "arena/dice_distribution.hpp"
#include "arena/runner.hpp"
#include "rules/dnd5e/dnd5e_test_util.hpp"

namespace arena::dnd5e {
namespace {

// The exact distribution of the damage one attack deals to its target:
// misses and damage of 0 both land on 0.
std::map<int, double> damage_per_attack(const Attack& attack, const Creature& target) {
  std::map<int, double> damage;
  const DamageDice& part = attack.damage.at(0);  // single-part attacks only
  // A critical adds a second, independent roll of the dice (no constant).
  const DiceDistribution normal = *DiceDistribution::of(part.dice);
  const DiceDistribution critical =
      normal.plus(*DiceDistribution::of(part.dice.plus(-part.dice.flat())));
  auto after_defences = [&](int amount) {
    amount = std::max(amount, 0);
    if (target.immunities.contains(part.type)) return 0;
    if (target.resistances.contains(part.type)) amount /= 2;
    if (target.vulnerabilities.contains(part.type)) amount *= 2;
    return amount;
  };
  for (int face = 1; face <= 20; ++face) {
    const double p_face = 1.0 / 20;
    if (face == 20) {
      for (int t = critical.min(); t <= critical.max(); ++t)
        damage[after_defences(t)] += p_face * critical.probability(t);
    } else if (face != 1 && face + attack.to_hit >= target.ac) {
      for (int t = normal.min(); t <= normal.max(); ++t)
        damage[after_defences(t)] += p_face * normal.probability(t);
    } else {
      damage[0] += p_face;
    }
  }
  return damage;
}

// P(creature 0 wins) for a duel of two monsters (no death saves) with equal
// initiative modifiers (each goes first with probability 1/2) and no round
// limit. W[a][b][s]: A wins from A at a HP, B at b HP, side s to act. A
// damage of 0 leaves the state as it is, so each (a, b) solves a 2x2 system.
double exact_win_probability(const Encounter& e) {
  const Creature& a = creature_of(e, 0);
  const Creature& b = creature_of(e, 1);
  const auto a_hits = damage_per_attack(a.attacks[0], b);
  const auto b_hits = damage_per_attack(b.attacks[0], a);
  const int hp_a = a.hp.flat(), hp_b = b.hp.flat();
  std::vector<std::vector<std::array<double, 2>>> w(hp_a + 1,
                                                    std::vector<std::array<double, 2>>(hp_b + 1));
  for (int x = 1; x <= hp_a; ++x) {
    for (int y = 1; y <= hp_b; ++y) {
      double a_rest = 0, b_rest = 0;  // contributions of damage > 0
      for (const auto& [d, p] : a_hits) {
        if (d > 0) a_rest += p * (d >= y ? 1.0 : w[x][y - d][1]);
      }
      for (const auto& [d, p] : b_hits) {
        if (d > 0) b_rest += p * (d >= x ? 0.0 : w[x - d][y][0]);
      }
      const double a_zero = a_hits.count(0) ? a_hits.at(0) : 0;
      const double b_zero = b_hits.count(0) ? b_hits.at(0) : 0;
      // wa = a_zero * wb + a_rest;  wb = b_zero * wa + b_rest
      w[x][y][0] = (a_zero * b_rest + a_rest) / (1 - a_zero * b_zero);
      w[x][y][1] = b_zero * w[x][y][0] + b_rest;
    }
  }
  return 0.5 * w[hp_a][hp_b][0] + 0.5 * w[hp_a][hp_b][1];
}

void expect_simulation_matches_exact(const std::string& a, const std::string& b) {
  const Encounter e =
      testing::load(testing::duel_json(a, b, R"("max_rounds": 100000, "seed": 2026, )"));
  testing::expect_win_rate_near(e, exact_win_probability(e), 200000, 4);
}

TEST(DuelExactTest, EvenlyMatchedSwordsmen) {
  expect_simulation_matches_exact(
      R"({ "name": "A", "hp": 22, "ac": 14, "initiative": 1,
           "attacks": [ { "name": "Sword", "to_hit": 5, "damage": "1d8+3 slashing" } ] })",
      R"({ "name": "B", "hp": 27, "ac": 13, "initiative": 1,
           "attacks": [ { "name": "Axe", "to_hit": 4, "damage": "1d12+2 slashing" } ] })");
}

TEST(DuelExactTest, CriticalsDecideIt) {
  // A hits only on a natural 20 (AC 30), for 4d12 doubled; B chips away.
  expect_simulation_matches_exact(
      R"({ "name": "Giant", "hp": 30, "ac": 12, "initiative": 0,
           "attacks": [ { "name": "Rock", "to_hit": 0, "damage": "4d12 bludgeoning" } ] })",
      R"({ "name": "Turtle", "hp": 60, "ac": 30, "initiative": 0,
           "attacks": [ { "name": "Snap", "to_hit": 3, "damage": "1d4 piercing" } ] })");
}

TEST(DuelExactTest, DamageThatCanBeZero) {
  // 1d4-2 is 0 half the time, and resistance halves 1 to 0.
  expect_simulation_matches_exact(
      R"({ "name": "Rat", "hp": 7, "ac": 10, "initiative": 2,
           "attacks": [ { "name": "Bite", "to_hit": 4, "damage": "1d4-2 piercing" } ] })",
      R"({ "name": "Slime", "hp": 9, "ac": 8, "initiative": 2, "resistances": ["piercing"],
           "attacks": [ { "name": "Touch", "to_hit": 2, "damage": "1d6-3 acid" } ] })");
}

TEST(DuelExactTest, VulnerabilityAndKeepHighestDamage) {
  expect_simulation_matches_exact(
      R"({ "name": "Mage", "hp": 15, "ac": 12, "initiative": 0,
           "attacks": [ { "name": "Ray", "to_hit": 5, "damage": "3d6kh2 fire" } ] })",
      R"({ "name": "Mummy", "hp": 40, "ac": 11, "initiative": 0, "vulnerabilities": ["fire"],
           "attacks": [ { "name": "Fist", "to_hit": 5, "damage": "2d6+3 bludgeoning" } ] })");
}

}  // namespace
}  // namespace arena::dnd5e
