#include "arena/report.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "arena/histogram.hpp"
#include "arena/html_report.hpp"
#include "arena/runner.hpp"
#include "arena/tally_io.hpp"
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

TEST(WilsonIntervalTest, NoSuccessesOrNoFailuresGiveExactlyZeroAndOne) {
  // Rounding once left 1.08e-19 and 0.9999999999999998 in reports.
  for (std::int64_t n = 1; n <= 200'000; n += n / 7 + 1) {
    EXPECT_EQ(wilson_interval(0, n).low, 0.0) << n;
    EXPECT_EQ(wilson_interval(n, n).high, 1.0) << n;
    const Interval some = wilson_interval(n / 2, n);
    EXPECT_GE(some.low, 0.0) << n;
    EXPECT_LE(some.high, 1.0) << n;
    EXPECT_LT(some.low, some.high) << n;
  }
}

// The exact chance that paired_interval covers the true difference, over
// every outcome of `n` pairs of which each differs with probability
// `only_first` one way and `only_second` the other (a trinomial).
double paired_coverage(int n, double only_first, double only_second) {
  const double same = 1 - only_first - only_second;
  const double truth = only_second - only_first;
  double covered = 0;
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; i + j <= n; ++j) {
      if ((i > 0 && only_second == 0) || (j > 0 && only_first == 0)) continue;
      const double log_p = std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(j + 1.0) -
                           std::lgamma(n - i - j + 1.0) +
                           (i > 0 ? i * std::log(only_second) : 0.0) +
                           (j > 0 ? j * std::log(only_first) : 0.0) +
                           (n - i - j > 0 ? (n - i - j) * std::log(same) : 0.0);
      const Interval ci = paired_interval(i, j, n).ci95;
      if (ci.low <= truth && truth <= ci.high) covered += std::exp(log_p);
    }
  }
  return covered;
}

// When few pairs differ, a paired interval must still cover the truth 95%
// of the time: the plain Wald interval (standard error from the differing
// pairs alone) covers 0.90 at n 200 with 0.5% and 2% differing, and 0.80
// at n 100 with 3% one way and none the other.
TEST(PairedIntervalTest, KeepsItsCoverageWhenFewPairsDiffer) {
  EXPECT_GE(paired_coverage(200, 0.005, 0.02), 0.94);
  EXPECT_GE(paired_coverage(100, 0.0, 0.03), 0.94);
  EXPECT_GE(paired_coverage(50, 0.05, 0.1), 0.94);
  EXPECT_GE(paired_coverage(1000, 0.002, 0.004), 0.94);
  EXPECT_GE(paired_coverage(100, 0.01, 0.01), 0.94);
}

TEST(PairedIntervalTest, OneDifferingPairOrFourOneWayIsNoEvidence) {
  // One battle, won by the first variant only: the difference is -1, but
  // the interval spans most of [-1, 1].
  const PairedInterval one = paired_interval(0, 1, 1);
  EXPECT_EQ(one.difference, -1.0);
  EXPECT_EQ(one.ci95.low, -1.0);
  EXPECT_NEAR(one.ci95.high, 0.7335, 1e-4);
  // Four of 1000 pairs, all one way: an exact sign test gives p = 0.125.
  const PairedInterval four = paired_interval(4, 0, 1000);
  EXPECT_DOUBLE_EQ(four.difference, 0.004);
  EXPECT_LT(four.ci95.low, 0.0);
  // Many differing pairs: as the plain interval, to the fourth decimal.
  const PairedInterval many = paired_interval(3000, 2000, 100'000);
  const double se = std::sqrt((0.05 - 0.01 * 0.01) / 100'000);
  EXPECT_NEAR(many.ci95.low, 0.01 - 1.959963984540054 * se, 1e-4);
  EXPECT_NEAR(many.ci95.high, 0.01 + 1.959963984540054 * se, 1e-4);
}

TEST(HistogramTest, QuantileIsTheInverseEmpiricalCdf) {
  Histogram h;
  for (int v : {1, 2, 2, 3, 10}) h.add(v);
  EXPECT_EQ(h.quantile(0.2), 1);  // F(1) = 0.2
  EXPECT_EQ(h.quantile(0.21), 2);
  EXPECT_EQ(h.quantile(0.6), 2);  // F(2) = 0.6
  EXPECT_EQ(h.quantile(0.61), 3);
  EXPECT_EQ(h.quantile(1.0), 10);
  // A level just past F(1) = 0.2 is past it: 0.2000000001 * 5 is above 1.
  EXPECT_EQ(h.quantile(0.2000000001), 2);
  EXPECT_EQ(h.min(), 1);
  EXPECT_EQ(h.max(), 10);
  EXPECT_DOUBLE_EQ(h.mean(), 3.6);
  EXPECT_NEAR(h.stddev(), std::sqrt((6.76 + 2.56 + 2.56 + 0.36 + 40.96) / 4), 1e-12);
  EXPECT_NEAR(h.standard_error(), h.stddev() / std::sqrt(5.0), 1e-12);
}

// Levels as written: 0.1, 0.3, 0.7 and 0.95 are stored a hair off the
// decimal (0.1 above it, 0.95 below), and q * n must still land on the
// rank the decimal gives, for counts large and small.
TEST(HistogramTest, QuantileRanksOfDecimalLevelsAreExact) {
  for (const std::int64_t n : {20, 100, 1'000'000, 1'000'000'000}) {
    Histogram h;  // n values: value v + 1 at ranks (v n / 20, (v + 1) n / 20]
    for (int v = 0; v < 20; ++v) h.add(v + 1, n / 20);
    for (const double q : {0.1, 0.3, 0.5, 0.7, 0.95}) {
      SCOPED_TRACE(::testing::Message() << "n " << n << " q " << q);
      const int twentieths = static_cast<int>(std::lround(q * 20));
      EXPECT_EQ(h.quantile(q), twentieths);  // rank q n ends the value's block exactly
      EXPECT_EQ(h.quantile(q + 1.0 / static_cast<double>(n)), twentieths + 1);
    }
  }
}

TEST(HistogramTest, MergeEqualsAddingEverything) {
  Histogram a, b, all;
  for (int v : {0, 5, 5}) a.add(v), all.add(v);
  for (int v : {7, 1}) b.add(v), all.add(v);
  a.merge(b);
  EXPECT_EQ(a, all);
  EXPECT_EQ(Histogram::from_counts({1, 0, 2, 0, 0}), Histogram::from_counts({1, 0, 2}));
}

// A histogram that grew by a merge, or was made from counts, keeps every
// count when values below its highest are added after; and its count is
// the sum of its counts, however it got them.
TEST(HistogramTest, AddingAfterAMergeOrFromCountsKeepsTheHighValues) {
  Histogram merged, high;
  merged.add(1);
  high.add(9);
  merged.merge(high);
  merged.add(4);
  EXPECT_EQ(merged.dense_counts(), (std::vector<std::int64_t>{0, 1, 0, 0, 1, 0, 0, 0, 0, 1}));
  EXPECT_EQ(merged.count(), 3);
  EXPECT_EQ(merged.max(), 9);

  Histogram read = Histogram::from_counts({2, 0, 0, 0, 0, 0, 3});
  read.add(2);
  EXPECT_EQ(read.dense_counts(), (std::vector<std::int64_t>{2, 0, 1, 0, 0, 0, 3}));
  EXPECT_EQ(read.count(), 6);
  EXPECT_EQ(read.quantile(1.0), 6);
  read.add(8);  // past the end: it grows
  EXPECT_EQ(read.dense_counts().size(), 9u);
  EXPECT_EQ(read.count(), 7);

  Histogram moved = std::move(read);
  EXPECT_EQ(moved.count(), 7);
  read.add(5);  // NOLINT(bugprone-use-after-move): a moved-from histogram starts over
  EXPECT_EQ(read.dense_counts(), (std::vector<std::int64_t>{0, 0, 0, 0, 0, 1}));
  moved = std::move(read);
  EXPECT_EQ(moved.count(), 1);
  read.add(0);  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(read.count(), 1);
  Histogram& same = moved;
  moved = std::move(same);  // moved onto itself: it keeps its counts
  moved.add(5);
  EXPECT_EQ(moved.dense_counts(), (std::vector<std::int64_t>{0, 0, 0, 0, 0, 2}));
}

// Values from kDenseValues up are counted apart, by value: memory grows with
// the distinct values seen, not the highest, and every statistic is exact.
TEST(HistogramTest, HighValuesAreCountedExactlyWithoutADenseVector) {
  Histogram h, low, high;
  for (int v : {5, 10'000'000, 5, 4096, 9'999'999}) h.add(v);
  EXPECT_LE(h.dense_counts().size(), 6u);
  EXPECT_EQ(h.count(), 5);
  EXPECT_EQ(h.min(), 5);
  EXPECT_EQ(h.max(), 10'000'000);
  EXPECT_DOUBLE_EQ(h.mean(), (5 + 10'000'000 + 5 + 4096 + 9'999'999) / 5.0);
  EXPECT_EQ(h.quantile(0.4), 5);
  EXPECT_EQ(h.quantile(0.6), 4096);
  EXPECT_EQ(h.quantile(0.8), 9'999'999);
  EXPECT_EQ(h.quantile(1.0), 10'000'000);
  // Merged in any split, the same histogram; from counts by value too.
  for (int v : {5, 4096}) low.add(v);
  for (int v : {10'000'000, 5, 9'999'999}) high.add(v);
  high.merge(low);
  EXPECT_EQ(high, h);
  Histogram counted;
  counted.add(5, 2);
  counted.add(4096, 1);
  counted.add(9'999'999, 1);
  counted.add(10'000'000, 1);
  EXPECT_EQ(counted, h);
  std::vector<std::pair<int, std::int64_t>> seen;
  h.for_each([&](int value, std::int64_t count) { seen.emplace_back(value, count); });
  EXPECT_EQ(seen, (std::vector<std::pair<int, std::int64_t>>{
                      {5, 2}, {4096, 1}, {9'999'999, 1}, {10'000'000, 1}}));
}

// A negative value is a bug in the caller (figures are counts): it aborts,
// whether or not the histogram has grown past its index as a size_t.
TEST(HistogramDeathTest, ANegativeValueAborts) {
  Histogram h;
  for (int v : {0, 3}) h.add(v);
  EXPECT_DEATH(h.add(-1), "internal check failed: value >= 0");
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

// Three battles of two goblins against a wolf, their results given: the
// fates, the losses per faction, kills and knock-outs and the stalemate
// reach the report, its JSON and its CSV, and survive a tally file.
TEST(ReportTest, FatesLossesKnockoutsAndStalematesAreCounted) {
  const Encounter e = testing::load(
      testing::duel_json(R"({ "monster": "goblin", "count": 2 })", R"({ "monster": "wolf" })"));
  const auto result = [](Fate fate, int kills, int knockouts) {
    CombatantResult r;
    r.fate = fate;
    r.kills = kills;
    r.knockouts = knockouts;
    return r;
  };
  using enum Fate;
  Tally first(e), second(e);
  first.add(e, {0, 3}, std::vector{result(Standing, 1, 1), result(Dead, 0, 0), result(Dead, 1, 1)});
  BattleOutcome stalemate{-1, 0};
  stalemate.stalemate = true;
  first.add(e, stalemate,
            std::vector{result(Standing, 0, 0), result(Standing, 0, 0), result(Standing, 0, 0)});
  second.add(e, {1, 4},
             std::vector{result(Down, 0, 0), result(Dead, 0, 0), result(Standing, 1, 2)});
  Tally all = first;
  all.merge(second);
  EXPECT_EQ(all.stalemates, 1);
  EXPECT_EQ(all.factions[0].losses, 2);
  EXPECT_EQ(all.factions[1].losses, 1);
  const Report report = make_report(e, all, ReportOptions{{0.5}});
  EXPECT_EQ(report.stalemates, 1);
  const CombatantReport& goblin = report.combatants[0];
  EXPECT_DOUBLE_EQ(goblin.standing_probability, 2.0 / 3);
  EXPECT_DOUBLE_EQ(goblin.down_probability, 1.0 / 3);
  EXPECT_DOUBLE_EQ(goblin.dead_probability, 0.0);
  EXPECT_DOUBLE_EQ(goblin.survival_probability, 1.0);
  EXPECT_DOUBLE_EQ(report.combatants[1].dead_probability, 2.0 / 3);
  EXPECT_DOUBLE_EQ(report.combatants[2].knockouts.mean, 1.0);
  EXPECT_EQ(report.combatants[2].knockouts.max, 2);
  EXPECT_DOUBLE_EQ(report.factions[0].loss_probability, 2.0 / 3);
  EXPECT_DOUBLE_EQ(report.factions[0].loss_ci95.low, wilson_interval(2, 3).low);
  const auto json = nlohmann::json::parse(format_json(report, false));
  EXPECT_EQ(json["draws"]["stalemates"], 1);
  EXPECT_DOUBLE_EQ(json["factions"][1]["loss_probability"].get<double>(), 1.0 / 3);
  EXPECT_DOUBLE_EQ(json["combatants"][0]["down_probability"].get<double>(), 1.0 / 3);
  EXPECT_DOUBLE_EQ(json["combatants"][1]["dead_probability"].get<double>(), 2.0 / 3);
  EXPECT_EQ(json["combatants"][2]["knockouts"]["max"], 2);
  const std::string csv = format_csv(report);
  EXPECT_NE(csv.find("dead_probability,loss_probability,loss_ci95_low"), std::string::npos);
  EXPECT_NE(csv.find("combatant,Goblin 1,A,3,,,,,1,0.6666666666666666,0.3333333333333333,0,,,"),
            std::string::npos)
      << csv;
  const TallyFile file{report_labels(e), "f", 3, 0, all};
  const auto parsed = parse_tally(format_tally(file), "t.json");
  ASSERT_TRUE(parsed.has_value()) << parsed.error();
  EXPECT_EQ(parsed->tally, all);
}

// A combatant that may join mid-battle (a split ooze's half) and did not
// is absent: neither a survivor nor a loss of its faction, its absent
// probability in every format (only when some combatant was absent), and
// its count survives a tally file.
TEST(ReportTest, AnAbsentCombatantIsNeitherASurvivorNorALoss) {
  Encounter e = testing::load(
      testing::duel_json(R"({ "monster": "goblin", "count": 2 })", R"({ "monster": "wolf" })"));
  e.combatants[1].joins_later = true;
  const auto result = [](Fate fate) {
    CombatantResult r;
    r.fate = fate;
    return r;
  };
  using enum Fate;
  Tally tally(e);
  tally.add(e, {0, 3}, std::vector{result(Standing), result(Absent), result(Dead)});
  tally.add(e, {0, 3}, std::vector{result(Standing), result(Dead), result(Dead)});
  EXPECT_EQ(tally.factions[0].losses, 1);  // the battle in which the joined goblin died
  EXPECT_EQ(tally.factions[0].survivors, Histogram::from_counts({0, 2}));
  EXPECT_EQ(tally.combatants[1].absent, 1);
  const Report report = make_report(e, tally, ReportOptions{{0.5}});
  ASSERT_TRUE(report.any_absent);
  const CombatantReport& joined = report.combatants[1];
  EXPECT_DOUBLE_EQ(joined.absent_probability, 0.5);
  EXPECT_DOUBLE_EQ(joined.dead_probability, 0.5);
  EXPECT_DOUBLE_EQ(joined.standing_probability, 0.0);
  EXPECT_DOUBLE_EQ(joined.survival_probability, 0.0);
  const auto json = nlohmann::json::parse(format_json(report, false));
  EXPECT_DOUBLE_EQ(json["combatants"][1]["absent_probability"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(json["combatants"][0]["absent_probability"].get<double>(), 0.0);
  EXPECT_NE(format_table(report).find("absent"), std::string::npos);
  const std::string csv = format_csv(report);
  EXPECT_NE(csv.find(",absent_probability\n"), std::string::npos) << csv;
  const TallyFile file{report_labels(e), "f", 2, 0, tally};
  const auto parsed = parse_tally(format_tally(file), "t.json");
  ASSERT_TRUE(parsed.has_value()) << parsed.error();
  EXPECT_EQ(parsed->tally, tally);
  // Without an absent combatant the formats are as they always were.
  Tally plain(e);
  plain.add(e, {0, 3}, std::vector{result(Standing), result(Dead), result(Dead)});
  const Report none = make_report(e, plain, ReportOptions{{0.5}});
  EXPECT_FALSE(none.any_absent);
  EXPECT_FALSE(nlohmann::json::parse(format_json(none, false))["combatants"][0].contains(
      "absent_probability"));
  EXPECT_EQ(format_csv(none).find("absent"), std::string::npos);
  EXPECT_EQ(format_tally({report_labels(e), "f", 1, 0, plain}).find("absent"), std::string::npos);
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

// A ruleset's faction figures and measures (knave: "routs", "ability_lost")
// are counted per battle, merge exactly, appear in every format and survive
// a tally file.
TEST(TallyTest, CountsFactionFiguresAndMeasuresAndMergesThem) {
  const Encounter e = testing::load(testing::duel_json(
      R"({ "name": "Knave", "level": 1, "count": 2 })",
      R"({ "name": "Goblin", "hd": 1, "attacks": ["1d6"] })", R"("rules": "knave", )"));
  ASSERT_EQ(e.faction_figures, std::vector<std::string>{"routs"});
  ASSERT_EQ(e.measures, std::vector<std::string>{"ability_lost"});
  // Battle 1: B wins by a rout (faction 1, figure 0); the knaves lost 3 and 1.
  // Battle 2: A wins, nothing lost.
  BattleOutcome rout{1, 4, std::uint64_t{1} << (1 * kMaxFactionFigures)};
  std::vector<CombatantResult> first(3), second(3);
  first[0].measures[0] = 3;
  first[1].measures[0] = 1;
  Tally one(e), other(e), both(e);
  one.add(e, rout, first);
  other.add(e, BattleOutcome{0, 2, 0}, second);
  both.add(e, rout, first);
  both.add(e, BattleOutcome{0, 2, 0}, second);
  one.merge(other);
  EXPECT_EQ(one, both);
  EXPECT_EQ(both.factions[1].figures, std::vector<std::int64_t>{1});
  EXPECT_EQ(both.factions[0].figures, std::vector<std::int64_t>{0});
  EXPECT_EQ(both.factions[0].measures[0], Histogram::from_counts({1, 0, 0, 0, 1}));  // 0 and 4
  EXPECT_EQ(both.combatants[0].measures[0], Histogram::from_counts({1, 0, 0, 1}));   // 0 and 3

  const Report report = make_report(e, both, ReportOptions{{0.5}});
  const auto json = nlohmann::json::parse(format_json(report));
  EXPECT_DOUBLE_EQ(json["factions"][1]["routs_probability"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(json["factions"][0]["ability_lost"]["mean"].get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(json["combatants"][1]["ability_lost"]["mean"].get<double>(), 0.5);
  const std::string csv = format_csv(report);
  EXPECT_NE(csv.find(",routs_probability,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",ability_lost_mean,"), std::string::npos) << csv;
  const std::string table = format_table(report);
  EXPECT_NE(table.find("routs"), std::string::npos) << table;
  EXPECT_NE(table.find("ability_lost"), std::string::npos) << table;

  TallyFile file{report_labels(e), fingerprint(e), 2, 0, both};
  auto read = parse_tally(format_tally(file), "t.json");
  ASSERT_TRUE(read.has_value()) << read.error();
  EXPECT_EQ(read->tally, both);
  EXPECT_EQ(read->labels.faction_figures, file.labels.faction_figures);
  EXPECT_EQ(read->labels.measures, file.labels.measures);
}

}  // namespace
}  // namespace arena

namespace arena {
namespace {

TEST(HtmlReportTest, ThePageHasTheRunsFiguresAndNothingExternal) {
  const Encounter e = testing::load(
      testing::duel_json(R"({ "monster": "goblin", "count": 2 })", R"({ "monster": "wolf" })"));
  RunOptions options;
  options.battles = 2000;
  const Tally tally = run_battles(e, options).tally;
  const Report report = make_report(e, tally, ReportOptions{});
  const StackedBars fates = fate_bars(report);
  ASSERT_EQ(fates.rows.size(), 3u);
  for (std::size_t c = 0; c < fates.rows.size(); ++c) {
    EXPECT_EQ(fates.rows[c].label, report.combatants[c].name);
    EXPECT_EQ(fates.rows[c].parts.size(), fates.categories.size());
    EXPECT_DOUBLE_EQ(fates.rows[c].parts[0], report.combatants[c].standing_probability);
    EXPECT_DOUBLE_EQ(fates.rows[c].parts[2], report.combatants[c].dead_probability);
    EXPECT_NEAR(fates.rows[c].parts[0] + fates.rows[c].parts[1] + fates.rows[c].parts[2], 1.0,
                1e-12);
  }
  const std::vector<HtmlFigure> figures = run_figures(report, tally);
  ASSERT_EQ(figures.size(), 5u);
  const std::string page = html_page("A <test> & more", "sub", figures);
  EXPECT_TRUE(page.starts_with("<!DOCTYPE html>"));
  EXPECT_NE(page.find("<title>A &lt;test&gt; &amp; more</title>"), std::string::npos);
  std::size_t svgs = 0;
  for (std::size_t at = page.find("<svg "); at != std::string::npos;
       at = page.find("<svg ", at + 1))
    ++svgs;
  EXPECT_EQ(svgs, 5u);
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_EQ(page.find("href="), std::string::npos);
  // The win chart names each faction and the draws.
  EXPECT_NE(figures[0].svg.find(">A wins</text>"), std::string::npos);
  EXPECT_NE(figures[0].svg.find(">draw</text>"), std::string::npos);
}

}  // namespace
}  // namespace arena
