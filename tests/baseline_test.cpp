// `arena check`'s comparison of a report with a saved one: which figures it
// tests, at which family-wise threshold, and how the tolerance reads.
#include "arena/baseline.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "arena/load.hpp"
#include "arena/runner.hpp"

namespace arena {
namespace {

using nlohmann::json;

Report report_of(const std::string& scenario, std::int64_t battles) {
  auto encounter =
      load_encounter_file(std::string(ARENA_SOURCE_DIR) + "/scenarios/" + scenario + ".json");
  EXPECT_TRUE(encounter.has_value());
  RunOptions options;
  options.threads = 2;
  options.battles = battles;
  return make_report(*encounter, run_battles(*encounter, options).tally, ReportOptions{});
}

Baseline baseline_of(const json& report) {
  auto baseline = parse_baseline(report.dump(), "base.json");
  EXPECT_TRUE(baseline.has_value()) << baseline.error();
  return *baseline;
}

const Comparison& find(const std::vector<Comparison>& comparisons, const std::string& what) {
  const auto it = std::find_if(comparisons.begin(), comparisons.end(),
                               [&](const Comparison& c) { return c.what == what; });
  EXPECT_NE(it, comparisons.end()) << what;
  return *it;
}

// A mean under 1 that moved far beyond its noise by more than the tolerance
// of it fails: the tolerance is relative to the mean (it was once at least 1
// absolute, which let a goblin's kills move 16% unseen).
TEST(BaselineTest, TheToleranceOfAMeanIsRelativeToItEvenBelowOne) {
  const Report report = report_of("goblin-ambush", 100'000);
  json saved = json::parse(format_json(report));
  json& kills = saved["combatants"][4]["kills"];  // Goblin 1
  ASSERT_EQ(saved["combatants"][4]["name"], "Goblin 1");
  const double mean = kills["mean"].get<double>();
  ASSERT_LT(mean, 0.06);
  // 15% lower: under 0.01 in absolute terms, yet far beyond the noise (over
  // 10 standard errors, where alpha 0.001 over some 80 figures needs 4.5).
  kills["mean"] = mean * 0.85;
  ASSERT_LT(mean * 0.15, 0.01);
  ASSERT_GT(mean * 0.15, 10 * kills["stderr"].get<double>());
  const auto comparisons = compare_with_baseline(baseline_of(saved), report, 0.001, 0.01);
  EXPECT_TRUE(find(comparisons, "Goblin 1 (Goblins) kills").failed);
  // The change is 18% of the baseline's mean: within a 20% tolerance, it passes.
  EXPECT_FALSE(find(compare_with_baseline(baseline_of(saved), report, 0.001, 0.2),
                    "Goblin 1 (Goblins) kills")
                   .failed);
}

// Every figure the report has is tested: knockouts and a faction's "one
// dies" probability as well as the rest.
TEST(BaselineTest, KnockoutsAndLossProbabilitiesAreTested) {
  const Report report = report_of("goblin-ambush", 20'000);
  json saved = json::parse(format_json(report));
  saved["factions"][0]["loss_probability"] = 0.10;
  json& knockouts = saved["combatants"][0]["knockouts"];  // the fighter's
  knockouts["mean"] = 3 * knockouts["mean"].get<double>();
  const auto comparisons = compare_with_baseline(baseline_of(saved), report, 0.001, 0.01);
  EXPECT_TRUE(find(comparisons, "faction Heroes loss probability").failed);
  EXPECT_TRUE(find(comparisons, "Fighter (Heroes) knockouts").failed);
  EXPECT_FALSE(find(comparisons, "faction Goblins loss probability").failed);
  // The unchanged report passes whole.
  for (const Comparison& c :
       compare_with_baseline(baseline_of(json::parse(format_json(report))), report, 0.001, 0.01))
    EXPECT_FALSE(c.failed) << c.what;
}

// Bonferroni divides alpha by the number of figures actually tested, the
// absent probabilities of an encounter where some creature may never join
// included: a figure fails exactly when its p-value is below alpha / F.
TEST(BaselineTest, AlphaIsDividedByEveryFigureTested) {
  const Report report = report_of("black-pudding-battlefield", 4'000);
  ASSERT_TRUE(report.any_absent);
  json saved = json::parse(format_json(report));
  json& survival = saved["combatants"][0]["survival_probability"];
  survival = std::clamp(survival.get<double>() + 0.05, 0.0, 1.0);
  const auto probe = compare_with_baseline(baseline_of(saved), report, 0.001, 0.0);
  const std::string what =
      report.combatants[0].name + " (" + report.combatants[0].faction + ") survival probability";
  const double p = find(probe, what).p_value;
  ASSERT_GT(p, 0.0);
  std::size_t absent = 0;
  for (const Comparison& c : probe) absent += c.what.ends_with(" absent probability");
  EXPECT_EQ(absent, report.combatants.size());
  const double tested = static_cast<double>(probe.size());
  EXPECT_TRUE(
      find(compare_with_baseline(baseline_of(saved), report, p * tested * 1.01, 0.0), what).failed);
  EXPECT_FALSE(
      find(compare_with_baseline(baseline_of(saved), report, p * tested * 0.99, 0.0), what).failed);
}

// A baseline that no run of arena could have written is bad input, not a
// regression: check would have played its two billion battles (for hours),
// failed a negative mean as a regression, or checked against a run that
// was interrupted.
TEST(BaselineTest, ABaselineNoRunCouldHaveWrittenIsRefused) {
  const json good = json::parse(format_json(report_of("knight-vs-ogre", 200)));
  ASSERT_TRUE(parse_baseline(good.dump(), "base.json").has_value());
  const auto problem = [&](const auto& edit) {
    json bad = good;
    edit(bad);
    const auto parsed = parse_baseline(bad.dump(), "base.json");
    return parsed.has_value() ? std::string("accepted") : parsed.error();
  };
  EXPECT_NE(problem([](json& r) {
              r["battles"] = 2'000'000'000;
            }).find("2000000000 battles, over the 1000000000 a run may play"),
            std::string::npos);
  EXPECT_NE(problem([](json& r) { r["partial"] = true; }).find("(partial)"), std::string::npos);
  EXPECT_NE(problem([](json& r) { r["rounds"]["mean"] = -3; }).find("no rounds"),
            std::string::npos);
  EXPECT_NE(problem([](json& r) {
              r["factions"][0]["damage_dealt"]["mean"] = 1e308;
            }).find("a faction without"),
            std::string::npos);
  EXPECT_NE(problem([](json& r) {
              r["combatants"][0]["faction"] = "Elves";
            }).find("a faction the report does not have (\"Elves\")"),
            std::string::npos);
  EXPECT_NE(problem([](json& r) {
              for (int k = 1; k <= 101; ++k)
                r["rounds"]["quantiles"][fmt::format("{}", k / 102.0)] = 1;
            }).find("more than 100 quantile levels"),
            std::string::npos);
  // Wins edited apart from the win probability (it was checked as if whole).
  const std::string edited = problem([](json& r) { r["factions"][0]["wins"] = 5; });
  EXPECT_NE(edited.find("/factions/0/wins: "), std::string::npos) << edited;
  EXPECT_NE(edited.find("(5 wins of 200 battles, where its win_probability is "), std::string::npos)
      << edited;
}

}  // namespace
}  // namespace arena
