// The exact check of the battlefield: an archer and a melee brute start D
// feet apart in a straight corridor one square wide. The archer holds and
// shoots every turn (with disadvantage beyond its normal range and once
// the brute stands next to it);
// the brute walks 30 ft a turn towards it, attacks when it arrives within
// reach, and Dashes when it cannot. A small dynamic program over both hit
// points, the distance and whose turn it is gives the archer's exact win
// probability; 200,000 simulated battles must land within 4.5 standard
// errors of it, for three distances.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "arena/dice_distribution.hpp"
#include "arena/runner.hpp"
#include "rules/dnd5e/dnd5e_test_util.hpp"

namespace arena::dnd5e {
namespace {

constexpr int kSpeed = 30;
constexpr int kReach = 5;

// The probability of each natural d20 face kept, rolled once or (disadvantage) twice.
double face_probability(int face, bool disadvantage) {
  if (!disadvantage) return 1.0 / 20;
  const double at_least = (21.0 - face) * (21.0 - face), above = (20.0 - face) * (20.0 - face);
  return (at_least - above) / 400.0;  // P(min of two d20 == face)
}

// Damage dealt by one attack against `ac`: amount -> probability (0: a miss).
std::map<int, double> damage_of(const Attack& attack, int ac, bool disadvantage) {
  const DiceExpr& dice = attack.damage.at(0).dice;
  const DiceDistribution normal = *DiceDistribution::of(dice);
  const DiceDistribution critical = normal.plus(*DiceDistribution::of(dice.plus(-dice.flat())));
  std::map<int, double> damage;
  for (int face = 1; face <= 20; ++face) {
    const double p = face_probability(face, disadvantage);
    const bool hit = face != 1 && (face == 20 || face + attack.to_hit >= ac);
    if (!hit) {
      damage[0] += p;
      continue;
    }
    const DiceDistribution& d = face == 20 ? critical : normal;
    for (int t = d.min(); t <= d.max(); ++t) damage[std::max(t, 0)] += p * d.probability(t);
  }
  return damage;
}

class Corridor {
 public:
  Corridor(const Creature& archer, const Creature& brute)
      : archer_(damage_of(archer.attacks[0], brute.ac, false)),
        archer_hampered_(damage_of(archer.attacks[0], brute.ac, true)),
        brute_(damage_of(brute.attacks[0], archer.ac, false)),
        normal_range_(archer.attacks[0].range_normal) {}

  // The archer's chance to win with hit points a and b, d feet apart, when
  // it acts next (archer_next) or the brute does.
  double win(int a, int b, int d, bool archer_next) {
    if (d <= kReach) return adjacent(a, b, archer_next);
    if (archer_next) {
      const auto& hits = d > normal_range_ ? archer_hampered_ : archer_;
      return hits.at(0) * win(a, b, d, false) + archer_rest(a, b, d, hits);
    }
    const int walked = d - std::min(kSpeed, d - kReach);
    if (walked <= kReach) return win(a, b, kReach, false);      // arrives and attacks
    return win(a, b, std::max(kReach, walked - kSpeed), true);  // dashes
  }

 private:
  // The archer's hits against the brute's b hit points, the brute acting next.
  double archer_rest(int a, int b, int d, const std::map<int, double>& hits) {
    double w = 0;
    for (const auto& [damage, p] : hits) {
      if (damage > 0) w += p * (damage >= b ? 1.0 : win(a, b - damage, d, false));
    }
    return w;
  }

  // Side by side, each attacks on its turn; with X the archer's chance when
  // it acts next and Y when the brute does: X = miss_a Y + rest_a and
  // Y = miss_b X + rest_b, the rests over hits (fewer hit points).
  double adjacent(int a, int b, bool archer_next) {
    const auto key = std::make_tuple(a, b);
    auto found = memo_.find(key);
    if (found == memo_.end()) {
      const double miss_a = archer_hampered_.at(0), miss_b = brute_.at(0);
      const double rest_a = archer_rest(a, b, kReach, archer_hampered_);
      double rest_b = 0;
      for (const auto& [damage, p] : brute_) {
        if (damage > 0 && damage < a) rest_b += p * win(a - damage, b, kReach, true);
      }
      const double x = (miss_a * rest_b + rest_a) / (1 - miss_a * miss_b);
      found = memo_.emplace(key, std::pair{x, miss_b * x + rest_b}).first;
    }
    return archer_next ? found->second.first : found->second.second;
  }

  std::map<int, double> archer_, archer_hampered_, brute_;
  int normal_range_;
  std::map<std::tuple<int, int>, std::pair<double, double>> memo_;
};

void expect_corridor_matches_exact(int feet) {
  const std::string text = R"({"seed": 2026, "max_rounds": 100000,
    "battlefield": {"width": 40, "height": 1},
    "factions": [
      {"name": "Archer", "members": [{"name": "Archer", "hp": 22, "ac": 13, "initiative": 0,
        "at": [0, 0], "movement": "hold",
        "attacks": [{"name": "Longbow", "to_hit": 5, "damage": "1d8+2", "range": [80, 320]}]}]},
      {"name": "Brute", "members": [{"name": "Brute", "hp": 30, "ac": 12, "initiative": 0,
        "at": [)" + std::to_string(feet / 5) +
                           R"(, 0],
        "attacks": [{"name": "Maul", "to_hit": 4, "damage": "2d6+3"}]}]}]})";
  const Encounter e = testing::load(text);
  Corridor corridor(creature_of(e, 0), creature_of(e, 1));
  const int a = creature_of(e, 0).hp.flat(), b = creature_of(e, 1).hp.flat();
  // Equal initiative modifiers: each goes first half the time.
  const double exact = 0.5 * corridor.win(a, b, feet, true) + 0.5 * corridor.win(a, b, feet, false);
  SCOPED_TRACE(std::to_string(feet) + " ft");
  testing::expect_win_rate_near(e, exact, 200000, 4.5);
}

TEST(BattlefieldExactTest, ArcherAgainstBruteAt30Feet) {
  expect_corridor_matches_exact(30);
}
TEST(BattlefieldExactTest, ArcherAgainstBruteAt60Feet) {
  expect_corridor_matches_exact(60);
}
TEST(BattlefieldExactTest, ArcherAgainstBruteAt120Feet) {
  expect_corridor_matches_exact(120);
}

}  // namespace
}  // namespace arena::dnd5e
