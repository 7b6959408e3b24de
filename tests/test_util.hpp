// Helpers shared by the tests: statistical bounds derived from sample sizes.
#pragma once

#include <cmath>
#include <vector>

namespace arena::testing {

// Pearson's chi-square statistic of observed counts against expected
// probabilities, pooling buckets whose expected count is under 5 into their
// neighbour. Returns {statistic, degrees of freedom}.
struct ChiSquare {
  double statistic = 0;
  int degrees_of_freedom = 0;
};

inline ChiSquare chi_square(const std::vector<long long>& observed,
                            const std::vector<double>& probabilities, long long samples) {
  ChiSquare result;
  double pooled_observed = 0;
  double pooled_expected = 0;
  int buckets = 0;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    pooled_observed += static_cast<double>(observed[i]);
    pooled_expected += probabilities[i] * static_cast<double>(samples);
    if (pooled_expected >= 5 || i + 1 == observed.size()) {
      const double diff = pooled_observed - pooled_expected;
      result.statistic += pooled_expected > 0 ? diff * diff / pooled_expected : 0;
      pooled_observed = pooled_expected = 0;
      ++buckets;
    }
  }
  result.degrees_of_freedom = buckets - 1;
  return result;
}

// A chi-square value that a correct generator exceeds with probability far
// below 1e-6: mean df plus six standard deviations sqrt(2 df), plus a margin
// for small df where the distribution is skewed.
inline double chi_square_bound(int degrees_of_freedom) {
  const double df = degrees_of_freedom;
  return df + 6 * std::sqrt(2 * df) + 10;
}

}  // namespace arena::testing

#include <gtest/gtest.h>

#include <string>

#include "arena/load.hpp"

namespace arena::testing {

// Loads an encounter from JSON text, failing the test with every problem
// when it does not load.
inline Encounter load(const std::string& json) {
  auto encounter = load_encounter(json, "test.json");
  if (!encounter) {
    std::string problems;
    for (const std::string& line : encounter.error()) problems += line + "\n";
    ADD_FAILURE() << "encounter did not load:\n" << problems;
    return Encounter{};
  }
  return *encounter;
}

// The problems of an encounter that must not load.
inline std::vector<std::string> problems(const std::string& json) {
  auto encounter = load_encounter(json, "test.json");
  EXPECT_FALSE(encounter.has_value()) << "expected the encounter to be rejected";
  return encounter ? std::vector<std::string>{} : encounter.error();
}

// A two-faction encounter around the given member objects (JSON text).
inline std::string duel_json(const std::string& first, const std::string& second,
                             const std::string& top_level = "") {
  return "{" + top_level + R"("factions": [ { "name": "A", "members": [ )" + first +
         R"( ] }, { "name": "B", "members": [ )" + second + " ] } ] }";
}

}  // namespace arena::testing
