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

#include "arena/report.hpp"
#include "arena/text_file.hpp"
#include "commands.hpp"
#include "encounter_input.hpp"
#include "simulation.hpp"
#include "terminal.hpp"

namespace arena::app {

namespace {

struct CheckOptions {
  EncounterInput input;
  SimulationOptions simulation;
  std::string baseline;
  double alpha = 0.001;
  double tolerance = 0.01;
};

// One compared figure.
struct Comparison {
  std::string what;  // "Heroes win probability"
  double before = 0, after = 0;
  double p_value = 1;  // two-sided
  bool probability = false;
  bool failed = false;
};

double two_sided_p(double z) {
  return std::erfc(std::abs(z) / std::sqrt(2.0));
}

// A figure fails only when its change is both significant (p < alpha) and
// larger than the tolerance: sampling noise alone never fails a check, and
// neither does a real but negligible change.
Comparison compare_proportion(std::string what, double p1, double p2, double n, double alpha,
                              double tolerance) {
  const double pooled = (p1 + p2) / 2;
  const double se = std::sqrt(pooled * (1 - pooled) * 2 / n);
  const double p_value = se > 0 ? two_sided_p((p2 - p1) / se) : (p1 == p2 ? 1.0 : 0.0);
  return {std::move(what), p1, p2, p_value, true, p_value < alpha && std::abs(p2 - p1) > tolerance};
}

Comparison compare_mean(std::string what, const nlohmann::json& before, const Stat& after,
                        double alpha, double tolerance) {
  const double m1 = before.at("mean").get<double>(), se1 = before.at("stderr").get<double>();
  const double se = std::sqrt(se1 * se1 + after.standard_error * after.standard_error);
  const double p_value =
      se > 0 ? two_sided_p((after.mean - m1) / se) : (after.mean == m1 ? 1.0 : 0.0);
  const bool beyond = std::abs(after.mean - m1) > tolerance * std::max(std::abs(m1), 1.0);
  return {std::move(what), m1, after.mean, p_value, false, p_value < alpha && beyond};
}

std::optional<nlohmann::json> read_baseline(const std::string& path) {
  auto text = read_text_file(path, "a report");
  if (!text) {
    print_error(fmt::format("cannot open the baseline: {}", text.error()));
    return std::nullopt;
  }
  auto json = nlohmann::json::parse(*text, nullptr, false);
  const auto is_report = [&] {
    return json.is_object() && json.contains("format_version") &&
           json.value("format", "") != "arena-tally" && json.contains("factions") &&
           json["factions"].is_array() && json.contains("combatants") &&
           json["combatants"].is_array() && json.contains("seed") && json.contains("battles") &&
           json.contains("rounds") && json["rounds"].is_object() &&
           json["rounds"].contains("quantiles") && json["rounds"]["quantiles"].is_object();
  };
  if (json.is_discarded() || !is_report()) {
    print_error(
        fmt::format("{}: not a report (make one with `arena simulate FILE --format json`)", path));
    return std::nullopt;
  }
  return json;
}

// The baseline must describe the same encounter: same factions and combatants.
bool same_encounter(const nlohmann::json& baseline, const Report& report, const std::string& path) {
  std::vector<std::string> before, after;
  for (const auto& f : baseline["factions"]) before.push_back("faction " + f.value("name", ""));
  for (const auto& c : baseline["combatants"]) before.push_back("combatant " + c.value("name", ""));
  for (const auto& f : report.factions) after.push_back("faction " + f.name);
  for (const auto& c : report.combatants) after.push_back("combatant " + c.name);
  if (before == after && baseline.value("scenario", "") == report.scenario) return true;
  print_error(
      fmt::format("{}: the baseline is of another encounter (\"{}\" with {} factions and {} "
                  "combatants; this is \"{}\" with {} and {})",
                  path, baseline.value("scenario", "?"), baseline["factions"].size(),
                  baseline["combatants"].size(), report.scenario, report.factions.size(),
                  report.combatants.size()));
  return false;
}

std::vector<Comparison> compare(const nlohmann::json& baseline, const Report& report,
                                const CheckOptions& o) {
  std::vector<Comparison> out;
  const double n = static_cast<double>(report.battles);
  // Bonferroni: --alpha bounds the chance that any figure of an unchanged
  // balance fails, however many figures the encounter reports.
  const double figures =
      static_cast<double>(4 * report.factions.size() + 2 + 4 * report.combatants.size());
  const double alpha = o.alpha / figures;
  for (std::size_t f = 0; f < report.factions.size(); ++f) {
    const auto& b = baseline["factions"][f];
    const FactionReport& r = report.factions[f];
    out.push_back(compare_proportion("faction " + r.name + " win probability",
                                     b.at("win_probability").get<double>(), r.win_probability, n,
                                     alpha, o.tolerance));
    out.push_back(compare_mean("faction " + r.name + " survivors", b.at("survivors"), r.survivors,
                               alpha, o.tolerance));
    out.push_back(compare_mean("faction " + r.name + " damage dealt", b.at("damage_dealt"),
                               r.damage_dealt, alpha, o.tolerance));
    out.push_back(compare_mean("faction " + r.name + " damage taken", b.at("damage_taken"),
                               r.damage_taken, alpha, o.tolerance));
  }
  out.push_back(compare_proportion("draw probability",
                                   baseline.at("draws").at("probability").get<double>(),
                                   report.draw_probability, n, alpha, o.tolerance));
  out.push_back(compare_mean("rounds", baseline.at("rounds"), report.rounds, alpha, o.tolerance));
  for (std::size_t c = 0; c < report.combatants.size(); ++c) {
    const auto& b = baseline["combatants"][c];
    const CombatantReport& r = report.combatants[c];
    out.push_back(compare_proportion(r.name + " (" + r.faction + ") survival probability",
                                     b.at("survival_probability").get<double>(),
                                     r.survival_probability, n, alpha, o.tolerance));
    const std::string who = r.name + " (" + r.faction + ")";
    out.push_back(compare_mean(who + " damage dealt", b.at("damage_dealt"), r.damage_dealt, alpha,
                               o.tolerance));
    out.push_back(compare_mean(who + " damage taken", b.at("damage_taken"), r.damage_taken, alpha,
                               o.tolerance));
    out.push_back(compare_mean(who + " kills", b.at("kills"), r.kills, alpha, o.tolerance));
  }
  return out;
}

std::string value_text(const Comparison& c, double value) {
  return c.probability ? fmt::format("{:.2f}%", 100 * value) : fmt::format("{:.3f}", value);
}

int run_check(const CheckOptions& options) {
  auto baseline = read_baseline(options.baseline);
  if (!baseline) return kExitBadInput;
  auto encounter = load_encounter_or_report(options.input);
  if (!encounter) return kExitBadInput;
  try {
    encounter->seed = baseline->at("seed").get<std::uint64_t>();
    encounter->battles = baseline->at("battles").get<std::int64_t>();
  } catch (const std::exception&) {
    print_error(
        fmt::format("{}: the baseline's seed or battles is not a number", options.baseline));
    return kExitBadInput;
  }
  if (encounter->battles < 1) {
    print_error(fmt::format("{}: the baseline has no battles", options.baseline));
    return kExitBadInput;
  }
  std::vector<double> levels;
  for (const auto& [level, value] : baseline->at("rounds").at("quantiles").items()) {
    char* end = nullptr;
    levels.push_back(std::strtod(level.c_str(), &end));
    if (*end != '\0' || !(levels.back() > 0 && levels.back() <= 1)) {
      print_error(
          fmt::format("{}: not a report (bad quantile level \"{}\")", options.baseline, level));
      return kExitBadInput;
    }
  }
  const RunResult result = play(*encounter, 0, encounter->battles, options.simulation);
  if (result.partial) {
    print_error("interrupted: the check did not finish");
    return 130;
  }
  const Report report = make_report(*encounter, result.tally, ReportOptions{levels});
  if (!same_encounter(*baseline, report, options.baseline)) return kExitBadInput;
  nlohmann::json before = *baseline, after = nlohmann::json::parse(format_json(report, false));
  before.erase("run");
  if (before == after) {
    fmt::print("ok: identical to the baseline ({} battles, seed {})\n", report.battles,
               report.seed);
    return kExitOk;
  }
  std::vector<Comparison> comparisons;
  try {
    comparisons = compare(*baseline, report, options);
  } catch (const std::exception& error) {
    print_error(fmt::format("{}: malformed baseline report: {}", options.baseline, error.what()));
    return kExitBadInput;
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
      ->check(CLI::Range(1e-15, 0.5))
      ->capture_default_str();
  cli->add_option(
         "--tolerance", options->tolerance,
         "Changes up to this size always pass: absolute for probabilities, relative for means; "
         "larger ones fail when significant at --alpha")
      ->check(CLI::Range(0.0, 1e9))
      ->capture_default_str();
  add_simulation_options(*cli, options->simulation);
  cli->footer(
      "Examples:\n"
      "  arena simulate fight.json --format json > fight.baseline.json\n"
      "  arena check fight.json --baseline fight.baseline.json\n"
      "Exit codes: 0 consistent, 1 a figure moved, 2 bad input.");
  return {cli, [options] { return run_check(*options); }};
}

}  // namespace arena::app
