// Baseline: a saved report (`arena simulate --format json`) read back for
// `arena check`, and the comparison of a new run's report with it.
//
// parse_baseline accepts only a report of this format version, and says why
// anything else is not one. encounter_difference tells whether a new report
// is of the same encounter and, when not, what differs. compare_with_baseline
// tests every reported probability (two proportions) and every reported
// mean (a difference of means with their standard errors) at a family-wise
// alpha (Bonferroni over the F figures it tests): a figure fails when its
// change is both significant and larger than the tolerance (absolute for
// probabilities, relative to the baseline's mean for means). Pure
// functions; thread-safe.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "arena/expected.hpp"
#include "arena/json_source.hpp"
#include "arena/report.hpp"

namespace arena {

struct Baseline {
  std::string file;        // as named to parse_baseline
  JsonSource source;       // the positions of its values
  nlohmann::json report;   // as saved, without its "run" and "precision" blocks
  std::uint64_t seed = 0;  // the run to replay: its seed and battles
  std::int64_t battles = 0;
  std::vector<double> quantiles;  // the levels it reports
};

// Reads a saved report; an error message naming `file` when it is not one.
Expected<Baseline, std::string> parse_baseline(std::string_view text, const std::string& file);

// "" when `report` is of the baseline's encounter (scenario, rules, factions
// and combatants); otherwise what differs, e.g. `scenario "Duel" instead of
// "Ambush"; 3 combatants instead of 2`.
std::string encounter_difference(const Baseline& baseline, const Report& report);

// The first of the ruleset's figures and measures that `report` has and the
// baseline lacks, where it lacks it ("FILE:LINE:COL: /combatants/0: no
// \"down_probability\" for Fighter, a probability from 0 to 1"), or "": a
// baseline made before the ruleset reported it cannot be checked for it.
std::string missing_figures(const Baseline& baseline, const Report& report);

// One compared figure.
struct Comparison {
  std::string what;  // "faction Heroes win probability"
  double before = 0, after = 0;
  double p_value = 1;  // two-sided
  bool probability = false;
  bool failed = false;
};

// Every figure of `report` against the baseline, the ruleset's included.
// Preconditions: encounter_difference and missing_figures are both empty;
// 0 < alpha, 0 <= tolerance.
std::vector<Comparison> compare_with_baseline(const Baseline& baseline, const Report& report,
                                              double alpha, double tolerance);

}  // namespace arena
