// `arena check`: re-run an encounter against a saved report (the CI use).
//
// The run uses the baseline's seed and battle count, so an unchanged engine
// and encounter reproduce it exactly. Otherwise every faction's win
// probability and every reported mean is compared with the baseline: a
// two-sample test (two proportions, or means with their standard errors)
// at --alpha, and a tolerance (absolute for probabilities, relative for
// means); a figure fails when its change is significant and beyond the
// tolerance. --alpha is family-wise: each of the F figures is tested at
// alpha / F (Bonferroni), so an unchanged balance fails with probability at
// most alpha. Exit 0 when all pass, 1 with a readable diff when any fails, 2
// for bad input (including a baseline of another encounter).
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/baseline.hpp"
#include "arena/html_report.hpp"
#include "arena/report.hpp"
#include "arena/text_file.hpp"
#include "commands.hpp"
#include "encounter_input.hpp"
#include "output.hpp"
#include "simulation.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace arena::app {

namespace {

struct CheckOptions {
  EncounterInput input;
  SimulationOptions simulation;
  std::string baseline;
  double alpha = 0.001;
  double tolerance = 0.01;
  std::optional<std::string> html;
};

std::string value_text(const Comparison& c, double value) {
  return c.probability ? fmt::format("{:.2f}%", 100 * value) : fmt::format("{:.3f}", value);
}

// The page: every figure against its baseline, failures in red; the
// probabilities as they are (with their 95% intervals), the means as their
// change relative to the baseline, and means whose baseline is 0 (no
// relative change) as their values. The subtitle gives the verdict and
// what decided it.
std::string html_text(const Report& report, const std::vector<Comparison>& comparisons,
                      const CheckOptions& options) {
  IntervalChart probabilities{"Probabilities (tick: the baseline)",
                              "probability with 95% interval",
                              {},
                              false,
                              {{0.0, 1.0}}};
  IntervalChart means{
      "Means against the baseline", "change from the baseline (%)", {}, false, std::nullopt};
  IntervalChart from_zero{
      "Means whose baseline is 0", "mean (the baseline's: 0)", {}, false, std::nullopt};
  std::size_t failed = 0;
  for (const Comparison& c : comparisons) {
    failed += c.failed;
    if (c.probability) {
      const auto wins =
          static_cast<std::int64_t>(std::llround(c.after * static_cast<double>(report.battles)));
      const Interval ci = wilson_interval(wins, report.battles);
      probabilities.rows.push_back({c.what, c.after, ci.low, ci.high, c.before, c.failed});
    } else if (c.before != 0) {
      const double change = 100 * (c.after / c.before - 1);
      means.rows.push_back({c.what, change, change, change, 0.0, c.failed});
    } else {
      from_zero.rows.push_back({c.what, c.after, c.after, c.after, 0.0, c.failed});
    }
  }
  std::vector<HtmlFigure> figures{{"Probabilities", interval_chart_svg(probabilities), ""},
                                  {"Means", interval_chart_svg(means), ""}};
  if (!from_zero.rows.empty())
    figures.push_back({"Means from 0", interval_chart_svg(from_zero), ""});
  return html_page(
      report.scenario + ": check against " + options.baseline,
      fmt::format("{} battles, seed {}; {} (alpha {}, tolerance {}); in red: figures that failed",
                  report.battles, report.seed,
                  failed == 0 ? std::string("ok: no figure moved beyond the tolerance")
                              : fmt::format("{} of {} figures failed", failed, comparisons.size()),
                  options.alpha, options.tolerance),
      figures);
}

int run_check(const CheckOptions& options) {
  const CatchInterrupts catching;
  auto text = read_text_file(options.baseline, "a report");
  if (!text) {
    print_error(fmt::format("cannot open the baseline: {}", text.error()));
    return kExitBadInput;
  }
  auto baseline = parse_baseline(*text, options.baseline);
  if (!baseline) {
    print_error(baseline.error());
    return kExitBadInput;
  }
  auto encounter = load_encounter_or_report(options.input);
  if (!encounter) return kExitBadInput;
  encounter->seed = baseline->seed;
  encounter->battles = baseline->battles;
  const RunResult result = play(*encounter, 0, encounter->battles, options.simulation);
  if (result.partial) {
    print_error("interrupted: the check did not finish");
    return 130;
  }
  const Report report = make_report(*encounter, result.tally, ReportOptions{baseline->quantiles});
  if (const std::string difference = encounter_difference(*baseline, report); !difference.empty()) {
    print_error(
        fmt::format("{}: the baseline is of another encounter: {}", options.baseline, difference));
    return kExitBadInput;
  }
  if (const std::string missing = missing_figures(*baseline, report); !missing.empty()) {
    print_error(
        fmt::format("{}: the baseline lacks figures this arena reports (make it again with `arena "
                    "simulate FILE --format json`)",
                    missing));
    return kExitBadInput;
  }
  const std::vector<Comparison> comparisons =
      compare_with_baseline(*baseline, report, options.alpha, options.tolerance);
  if (!write_html(options.html, [&] { return html_text(report, comparisons, options); }))
    return kExitBadInput;
  if (baseline->report == nlohmann::json::parse(format_json(report, false))) {
    fmt::print("ok: identical to the baseline ({} battles, seed {})\n", report.battles,
               report.seed);
    return kExitOk;
  }
  std::string out;
  int failures = 0;
  for (const Comparison& c : comparisons) {
    if (!c.failed) continue;
    ++failures;
    out += fmt::format("  {:<40} {:>10} -> {:<10} ({:+.3g}{}, p = {:.2g})\n", c.what,
                       value_text(c, c.before), value_text(c, c.after),
                       c.probability ? 100 * (c.after - c.before) : c.after - c.before,
                       c.probability ? " points" : "", c.p_value);
  }
  if (failures == 0) {
    fmt::print(
        "ok: consistent with the baseline (no figure moved both significantly, at alpha {}, "
        "and beyond the tolerance {})\n",
        options.alpha, options.tolerance);
    return kExitOk;
  }
  fmt::print("REGRESSION: {} figure{} moved against the baseline {} (alpha {}, tolerance {}):\n{}",
             failures, failures == 1 ? "" : "s", options.baseline, options.alpha, options.tolerance,
             out);
  return kExitCheckFailed;
}

}  // namespace

Command add_check_command(CLI::App& app) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* cli = app.add_subcommand(
      "check",
      "Re-run an encounter and compare with a saved report; exit 1 on a balance regression");
  add_encounter_options(*cli, options->input);
  cli->add_option("--baseline", options->baseline, "A saved report (simulate --format json)")
      ->required();
  cli->add_option("--alpha", options->alpha,
                  "Family-wise significance level: each of the F figures is tested at alpha / F")
      ->check(number_from(1e-15, 0.5))
      ->capture_default_str();
  cli->add_option(
         "--tolerance", options->tolerance,
         "Changes up to this size always pass: absolute for probabilities, relative for means; "
         "larger ones fail when significant at --alpha")
      ->check(number_from(0, 1e9))
      ->capture_default_str();
  add_simulation_options(*cli, options->simulation);
  add_html_option(*cli, options->html);
  cli->footer(
      "Examples:\n"
      "  arena simulate fight.json --format json > fight.baseline.json\n"
      "  arena check fight.json --baseline fight.baseline.json\n"
      "Exit codes: 0 consistent, 1 a figure moved, 2 bad input.");
  return {cli, [options] { return run_check(*options); }};
}

}  // namespace arena::app
