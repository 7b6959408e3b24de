// Report: what a run means, computed from a Tally, and its three formats.
//
// Win probabilities carry a 95% Wilson interval; every STAT carries its
// mean, the standard error of the mean, min, max and exact sample quantiles
// (the smallest v with F(v) >= q). Everything but the `run` block (timings)
// depends only on the tally, so reports are byte-identical for any thread
// count. Pure functions; thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "arena/encounter.hpp"
#include "arena/histogram.hpp"
#include "arena/tally.hpp"

namespace arena {

inline constexpr int kReportFormatVersion = 1;  // new keys only add to version 1

struct ReportOptions {
  // Quantile levels reported for every STAT. Default: 0.05, 0.25, 0.5, 0.75, 0.95.
  std::vector<double> quantiles = {0.05, 0.25, 0.5, 0.75, 0.95};
};

struct Stat {
  double mean = 0;
  double standard_error = 0;
  int min = 0;
  int max = 0;
  std::vector<std::pair<double, int>> quantiles;  // (level, value)
};

struct Interval {
  double low = 0;
  double high = 0;
};

struct FactionReport {
  std::string name;
  std::int64_t wins = 0;
  double win_probability = 0;
  Interval win_ci95;
  // Battles in which at least one member died, and its probability.
  std::int64_t losses = 0;
  double loss_probability = 0;
  Interval loss_ci95;
  Stat survivors, damage_dealt, damage_taken;
  // The ruleset's faction figures (ReportLabels::faction_figures): the probability of each.
  std::vector<double> figure_probabilities;
  std::vector<Stat> measures;  // the ruleset's measures, summed over the members
};

struct CombatantReport {
  std::string name;
  std::string faction;
  double survival_probability = 0;  // not dead: standing or down
  // Its fate (tally.hpp): the four add up to 1.
  double standing_probability = 0;
  double down_probability = 0;
  double dead_probability = 0;
  double absent_probability = 0;  // never in the battle (a creature that may join mid-battle)
  // The ruleset's figures (ReportLabels::figures): the probability of each.
  std::vector<double> figure_probabilities;
  Stat damage_dealt, damage_taken, kills, knockouts;
  std::vector<Stat> measures;  // the ruleset's measures (ReportLabels::measures)
};

struct RunInfo {
  int threads = 1;
  double seconds = 0;
};

// The report of one shard's battles alone (simulate --shard without
// --format tally): where they start in the run, and the run's size.
struct ShardInfo {
  std::int64_t first_battle = 0;
  std::int64_t run_battles = 0;
};

// A --precision run: the target half-width of every faction's win interval.
struct PrecisionInfo {
  double target = 0;
  double widest_half_interval = 0;
  bool reached = false;
};

struct Report {
  std::string scenario;
  std::string rules;
  std::int64_t battles = 0;
  std::uint64_t seed = 0;
  bool partial = false;  // interrupted before all requested battles
  std::int64_t requested_battles = 0;
  std::vector<FactionReport> factions;
  std::vector<std::string> figures;          // the ruleset's per-combatant figures ("down")
  std::vector<std::string> faction_figures;  // per faction ("routs")
  std::vector<std::string> measures;         // per combatant, summed per faction ("ability_lost")
  std::int64_t draws = 0;
  double draw_probability = 0;
  std::int64_t stalemates = 0;  // draws because no one left could change anyone's hit points
  Stat rounds;
  std::vector<CombatantReport> combatants;
  // Some combatant was absent from some battle (Fate::Absent): only then do
  // the formats show the absent probability.
  bool any_absent = false;
  std::optional<PrecisionInfo> precision;
  std::optional<ShardInfo> shard;
  RunInfo run;
};

// The factions' names, in order (what a sweep's rows and compare's
// variants must share).
std::vector<std::string> faction_names(const Report& report);

// The 95% Wilson score interval for `successes` out of `trials`.
Interval wilson_interval(std::int64_t successes, std::int64_t trials);

// A difference of two proportions measured on the same `pairs` (paired
// battles): only the second has it in `only_second` pairs, only the first
// in `only_first`. The difference, its standard error and its 95%
// interval by Bonett and Price's adjusted Wald method (one pseudo-pair
// added each way), which keeps its 95% when few pairs differ, where the
// plain Wald interval shrinks to nothing. Precondition: pairs > 0.
struct PairedInterval {
  double difference = 0;      // (only_second - only_first) / pairs
  double standard_error = 0;  // of the adjusted estimate
  Interval ci95;
};
PairedInterval paired_interval(std::int64_t only_second, std::int64_t only_first,
                               std::int64_t pairs);

Stat make_stat(const Histogram& histogram, const std::vector<double>& quantiles);

// What a report says about the encounter itself: its names, rules and seed.
// Taken from an Encounter, or from a tally file when merging shards.
struct ReportLabels {
  std::string scenario;
  std::string rules;
  std::uint64_t seed = 0;
  std::vector<std::string> factions;
  std::vector<std::pair<std::string, std::string>> combatants;  // (name, faction name)
  std::vector<std::string> figures;                             // Encounter::figures
  std::vector<std::string> faction_figures;                     // Encounter::faction_figures
  std::vector<std::string> measures;                            // Encounter::measures
};
ReportLabels report_labels(const Encounter& encounter);

// Precondition: tally.battles > 0, and the tally has the labels' shape.
Report make_report(const ReportLabels& labels, const Tally& tally, const ReportOptions& options);
Report make_report(const Encounter& encounter, const Tally& tally, const ReportOptions& options);

// The JSON report (schema in the README); `with_run` adds the timings block.
std::string format_json(const Report& report, bool with_run = true);
// One row per faction and per combatant, with a header line.
std::string format_csv(const Report& report);
// How the table is drawn: `win_bar`, when set, draws a win (or draw)
// probability as a bar of exactly `bar_width` terminal cells beside its
// percentage (the command line sets it when stdout is a terminal).
struct TableStyle {
  std::function<std::string(double)> win_bar;
  int bar_width = 0;
};

// The human-readable table.
std::string format_table(const Report& report, const TableStyle& style = {});

// What makes the report other than one whole run, for a title: " (PARTIAL:
// interrupted, N requested)", " (ONE SHARD: battles A to B of N)", and
// " (precision NOT reached: --max-battles hit)" (or ": interrupted"); ""
// for a whole run.
std::string run_notes(const Report& report);

// A statistic's quantile levels and values as compact table cells:
// "p5/p50/p95" (the header) and "12/20/31" (the values).
std::string quantile_levels_text(const Stat& stat);
std::string quantile_values_text(const Stat& stat);

// A CSV cell: quoted (with doubled quotes) when it holds a comma, quote or newline.
std::string csv_field(const std::string& text);

}  // namespace arena
