#include "arena/report.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "arena/histogram.hpp"
#include "arena/runner.hpp"
#include "test_util.hpp"

namespace arena {
namespace {

TEST(WilsonIntervalTest, MatchesKnownValues) {
  const Interval half = wilson_interval(50, 100);
  EXPECT_NEAR(half.low, 0.40383, 1e-5);
  EXPECT_NEAR(half.high, 0.59617, 1e-5);
  const Interval none = wilson_interval(0, 10);
  EXPECT_DOUBLE_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.27753, 1e-5);
  const Interval all = wilson_interval(10, 10);
  EXPECT_NEAR(all.low, 0.72247, 1e-5);
  EXPECT_DOUBLE_EQ(all.high, 1.0);
}

TEST(HistogramTest, QuantileIsTheInverseEmpiricalCdf) {
  Histogram h;
  for (int v : {1, 2, 2, 3, 10}) h.add(v);
  EXPECT_EQ(h.quantile(0.2), 1);  // F(1) = 0.2
  EXPECT_EQ(h.quantile(0.21), 2);
  EXPECT_EQ(h.quantile(0.6), 2);  // F(2) = 0.6
  EXPECT_EQ(h.quantile(0.61), 3);
  EXPECT_EQ(h.quantile(1.0), 10);
  EXPECT_EQ(h.min(), 1);
  EXPECT_EQ(h.max(), 10);
  EXPECT_DOUBLE_EQ(h.mean(), 3.6);
  EXPECT_NEAR(h.stddev(), std::sqrt((6.76 + 2.56 + 2.56 + 0.36 + 40.96) / 4), 1e-12);
  EXPECT_NEAR(h.standard_error(), h.stddev() / std::sqrt(5.0), 1e-12);
}

TEST(HistogramTest, MergeEqualsAddingEverything) {
  Histogram a, b, all;
  for (int v : {0, 5, 5}) a.add(v), all.add(v);
  for (int v : {7, 1}) b.add(v), all.add(v);
  a.merge(b);
  EXPECT_EQ(a, all);
  EXPECT_EQ(Histogram::from_counts({1, 0, 2, 0, 0}), Histogram::from_counts({1, 0, 2}));
}

TEST(ReportTest, JsonHasTheDocumentedShape) {
  const Encounter e = testing::load(
      testing::duel_json(R"({ "monster": "goblin", "count": 2 })", R"({ "monster": "wolf" })"));
  RunOptions options;
  options.battles = 1000;
  Report report = make_report(e, run_battles(e, options).tally, ReportOptions{{0.1, 0.5, 0.9}});
  report.run = {2, 0.5};
  const auto json = nlohmann::json::parse(format_json(report));
  for (const char* key : {"scenario", "rules", "battles", "seed", "factions", "draws", "rounds",
                          "combatants", "run"}) {
    EXPECT_TRUE(json.contains(key)) << key;
  }
  const auto& faction = json["factions"][0];
  for (const char* key : {"name", "wins", "win_probability", "win_ci95", "survivors",
                          "damage_dealt", "damage_taken"}) {
    EXPECT_TRUE(faction.contains(key)) << key;
  }
  EXPECT_EQ(faction["win_ci95"].size(), 2u);
  const auto& stat = faction["damage_dealt"];
  for (const char* key : {"mean", "stderr", "min", "max", "quantiles"})
    EXPECT_TRUE(stat.contains(key)) << key;
  EXPECT_EQ(stat["quantiles"].size(), 3u);
  EXPECT_TRUE(stat["quantiles"].contains("0.1"));
  EXPECT_TRUE(stat["quantiles"].contains("0.9"));
  for (const char* key : {"count", "probability"}) EXPECT_TRUE(json["draws"].contains(key));
  const auto& combatant = json["combatants"][2];
  EXPECT_EQ(combatant["name"], "Wolf");
  for (const char* key :
       {"name", "faction", "survival_probability", "damage_dealt", "damage_taken", "kills"}) {
    EXPECT_TRUE(combatant.contains(key)) << key;
  }
  for (const char* key : {"threads", "seconds", "battles_per_second"})
    EXPECT_TRUE(json["run"].contains(key));
  EXPECT_DOUBLE_EQ(json["run"]["battles_per_second"].get<double>(), 2000.0);
  const std::int64_t wins = json["factions"][0]["wins"].get<std::int64_t>() +
                            json["factions"][1]["wins"].get<std::int64_t>() +
                            json["draws"]["count"].get<std::int64_t>();
  EXPECT_EQ(wins, 1000);
}

TEST(ReportTest, CsvHasAHeaderAndARowPerFactionAndCombatant) {
  const Encounter e = testing::load(
      testing::duel_json(R"({ "monster": "goblin", "count": 2 })", R"({ "monster": "wolf" })"));
  RunOptions options;
  options.battles = 500;
  const std::string csv =
      format_csv(make_report(e, run_battles(e, options).tally, ReportOptions{}));
  std::vector<std::string> lines;
  for (std::size_t start = 0, end; (end = csv.find('\n', start)) != std::string::npos;
       start = end + 1) {
    lines.push_back(csv.substr(start, end - start));
  }
  ASSERT_EQ(lines.size(), 1u + 2 + 3);
  EXPECT_TRUE(lines[0].starts_with("kind,name,faction,battles,wins,win_probability,win_ci95_low"));
  const auto columns = [](const std::string& line) {
    return std::count(line.begin(), line.end(), ',') + 1;
  };
  for (const std::string& line : lines) EXPECT_EQ(columns(line), columns(lines[0])) << line;
  EXPECT_TRUE(lines[1].starts_with("faction,A,A,500,"));
  EXPECT_TRUE(lines[5].starts_with("combatant,Wolf,B,500,"));
}

}  // namespace
}  // namespace arena
