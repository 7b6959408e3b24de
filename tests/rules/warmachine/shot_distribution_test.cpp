// The exact distribution of one ranged attack: the Destroyer-on-
// Ironclad table (focus 3, boosting hit and damage), checked independently
// by a Monte Carlo of 10^6 shots through shoot() itself.
#include "rules/warmachine/shot_distribution.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "arena/battle_dice.hpp"
#include "rules/warmachine/library.hpp"

namespace arena::warmachine {
namespace {

ShotSetup destroyer_on_ironclad() {
  const Model* destroyer = library_model("Destroyer");
  return {destroyer, &destroyer->ranged[0], library_model("Ironclad"), 3, Boost::Both, false, 0};
}

std::vector<int> quantiles(const ShotDistribution& d) {
  std::vector<int> q;
  for (double p : {0.1, 0.25, 0.4, 0.6, 0.75, 0.9, 1.0}) q.push_back(d.quantile(p));
  return q;
}

TEST(WarmachineShotDistributionTest, DestroyerOnIroncladQuantiles) {
  const ShotSetup setup = destroyer_on_ironclad();
  const std::vector<int> close = {0, 3, 5, 7, 8, 10, 14};
  const std::vector<int> far = {0, 0, 0, 0, 0, 0, 7};
  EXPECT_EQ(quantiles(shot_distribution(setup, 1)), close);
  EXPECT_EQ(quantiles(shot_distribution(setup, 6)), close);
  EXPECT_EQ(quantiles(shot_distribution(setup, 11)), close);
  EXPECT_EQ(quantiles(shot_distribution(setup, 16)), far);
  EXPECT_EQ(quantiles(shot_distribution(setup, 21)), far);
}

// At 16", 2" past RNG: no hit roll, and the focus all left. From the point
// at 14" the Ironclad's centre is 2" + its 25 mm radius (0.984") away; the
// blast reaches 1.5" + 0.984" around it. Of the 36 deviations only 1" to
// 5" straight on land (at 60 degrees even 1" lands 2.6" off): 5/36. The
// blast, POW 7 boosted to three dice against ARM 18, needs 12 or more on
// 3d6: 81/216.
TEST(WarmachineShotDistributionTest, DestroyerOnIroncladAnyDamage) {
  const ShotSetup setup = destroyer_on_ironclad();
  EXPECT_NEAR(1 - shot_distribution(setup, 1).probability(0), 0.8832, 5e-5);
  const ShotDistribution far = shot_distribution(setup, 16);
  EXPECT_NEAR(1 - far.probability(0), 5.0 / 36 * 81 / 216, 1e-12);
  // A target past RNG by more than the deviation and the blast can reach
  // is never touched: 21.5" is the edge (14 + 6 + 1.5).
  EXPECT_GT(1 - shot_distribution(setup, 21.4).probability(0), 0.0);
  EXPECT_EQ(shot_distribution(setup, 21.6).probability(0), 1.0);
}

TEST(WarmachineShotDistributionTest, InMeleeNoShot) {
  const ShotSetup setup = destroyer_on_ironclad();
  const ShotDistribution d = shot_distribution(setup, 0.5);
  EXPECT_EQ(d.probability(0), 1.0);
  EXPECT_EQ(d.direct + d.blast, 0u);
}

TEST(WarmachineShotDistributionTest, EnumeratesAFewHundredOutcomesAtMost) {
  const ShotSetup setup = destroyer_on_ironclad();
  for (double distance = 0; distance <= 21; distance += 0.5) {
    EXPECT_LE(shot_distribution(setup, distance).enumerated, 1'000) << distance;
  }
}

// 10^6 shots through the rule itself: every damage value's frequency, and
// the direct and blast hits, within 4.5 standard errors of the exact value.
TEST(WarmachineShotDistributionTest, MonteCarloAgreesWithinFourAndAHalfSe) {
  const ShotSetup setup = destroyer_on_ironclad();
  constexpr int kShots = 1'000'000;
  for (double distance : {1.0, 6.0, 11.0, 16.0, 21.0}) {
    const ShotDistribution exact = shot_distribution(setup, distance);
    std::vector<int> counts(exact.ways.size(), 0);
    int direct = 0, blast = 0;
    BattleDice dice(3, static_cast<std::uint64_t>(distance * 2));
    for (int i = 0; i < kShots; ++i) {
      const ShotResult r = shoot(*setup.attacker, *setup.weapon, *setup.target, distance,
                                 setup.focus, setup.boost, false, dice);
      ++counts[static_cast<std::size_t>(r.damage)];
      direct += r.hit && r.direct;
      blast += r.hit && !r.direct;
    }
    const auto within = [&](double p, int count, const char* what, int value) {
      const double se = std::sqrt(p * (1 - p) / kShots);
      const double seen = static_cast<double>(count) / kShots;
      if (p == 0) {
        EXPECT_EQ(count, 0) << what << " " << value << " at " << distance;
      } else {
        EXPECT_LE(std::abs(seen - p), 4.5 * se)
            << what << " " << value << " at " << distance << ": " << seen << " vs " << p;
      }
    };
    for (std::size_t d = 0; d < counts.size(); ++d)
      within(exact.probability(static_cast<int>(d)), counts[d], "damage", static_cast<int>(d));
    within(exact.p_direct(), direct, "direct", 0);
    within(exact.p_blast(), blast, "blast", 0);
  }
}

}  // namespace
}  // namespace arena::warmachine
