// The exact damage distribution of one ranged attack (shot.hpp) at a given
// distance, by enumerating its dice: the hit roll (36 or 216 outcomes),
// the deviation of a miss (36), and the damage dice summed (their counts by
// total). Each outcome is counted in ways out of 6^9, the most dice a shot
// can roll, so probabilities and quantiles are exact. The enumeration calls
// the same rule stages as shoot(). Thread-safe.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/warmachine/shot.hpp"

namespace arena::warmachine {

// Who shoots whom, with what and how.
struct ShotSetup {
  const Model* attacker = nullptr;
  const RangedWeapon* weapon = nullptr;
  const Model* target = nullptr;
  int focus = 0;
  Boost boost = Boost::Both;
  bool target_down = false;
  int rat_bonus = 0;  // +2 when aiming
};

struct ShotDistribution {
  static constexpr std::uint64_t kOutcomes = 10'077'696;  // 6^9

  double distance = 0;
  std::vector<std::uint64_t> ways;  // ways[d]: outcomes dealing d damage (of kOutcomes)
  std::uint64_t direct = 0;         // outcomes hit by the hit roll
  std::uint64_t blast = 0;          // outcomes hit by a deviating shot
  int enumerated = 0;               // outcomes visited: hit rolls + deviations + damage totals

  double probability(int damage) const;
  double p_direct() const { return static_cast<double>(direct) / kOutcomes; }
  double p_blast() const { return static_cast<double>(blast) / kOutcomes; }
  double mean() const;
  // The smallest damage d with P(damage <= d) >= q (the inverse CDF).
  int quantile(double q) const;
};

// Precondition: distance >= 0; setup's pointers set.
ShotDistribution shot_distribution(const ShotSetup& setup, double distance);

}  // namespace arena::warmachine
