// `arena shoot`: the damage of one ranged attack against distance, exact
// (arena/shot_table.hpp), as a table, JSON or CSV, and optionally an SVG of
// its quantile bands (arena/svg_plot.hpp).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "arena/report.hpp"
#include "arena/shot_table.hpp"
#include "arena/svg_plot.hpp"
#include "arena/text_file.hpp"
#include "commands.hpp"
#include "encounter_input.hpp"
#include "output.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace arena::app {

namespace {

constexpr int kMaxDistances = 100'000;

struct ShootOptions {
  EncounterInput input;
  ShotRequest request;
  std::string distances = "0:21:0.5";
  std::string format = "table";
  std::optional<std::string> plot;
  std::optional<std::string> output;
};

// Distances are snapped to this grid (inches) so that FROM + i * STEP lands
// on the decimal it means: 0.3 + 97 * 0.1 is 10, not 10.000000000000002,
// which would fall past an RNG 10 gun.
constexpr double kDistanceGrid = 1e9;

double snapped(double inches) {
  return std::round(inches * kDistanceGrid) / kDistanceGrid + 0.0;  // + 0.0: -0 is 0
}

// "FROM:TO:STEP" (inches), or one distance, each from 0 to the longest
// distance an encounter may have.
Expected<std::vector<double>, std::string> parse_distances(const std::string& text) {
  const auto bad = [&](std::string_view why) {
    return unexpected(fmt::format("--distances \"{}\": {}", text, why));
  };
  const std::string range_why = fmt::format(
      "expected FROM:TO:STEP in inches (0:21:0.5) or one distance, from 0 to {}", kMaxShotDistance);
  std::vector<double> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t colon = text.find(':', start);
    const std::string part = text.substr(start, colon - start);
    const std::optional<double> number = finite_number(part);
    if (!number) return bad(range_why);
    parts.push_back(*number);
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  if (parts.size() != 1 && parts.size() != 3) return bad(range_why);
  for (std::size_t i = 0; i < 2 && i < parts.size(); ++i) {
    if (parts[i] < 0 || parts[i] > kMaxShotDistance) return bad(range_why);
  }
  if (parts.size() == 1) return std::vector<double>{snapped(parts[0])};
  if (parts[2] <= 0) return bad("STEP must be above 0");
  if (parts[1] < parts[0]) return bad("TO must not be below FROM");
  // Counted in steps, so that 0:21:0.1 ends at 21 however 0.1 rounds.
  const double steps = std::floor((parts[1] - parts[0]) / parts[2] + 1e-9);
  if (steps + 1 > kMaxDistances)
    return unexpected(
        fmt::format("--distances \"{}\": more than {} distances", text, kMaxDistances));
  std::vector<double> out;
  for (int i = 0; i <= static_cast<int>(steps); ++i)
    out.push_back(snapped(parts[0] + i * parts[2]));
  return out;
}

std::string title(const ShotTable& t) {
  return fmt::format("{} shoots {} with {}: focus {}, boost {}{}{}", t.attacker, t.target, t.weapon,
                     t.focus, t.boost, t.aim ? ", aiming" : "",
                     t.knocked_down ? ", target knocked down" : "");
}

std::string table_text(const ShotTable& t) {
  std::string out = title(t) + "\n\n";
  out += fmt::format("{:>8}  {:>8}  {:>8}  {:>8}  {:>6}", "distance", "P(direct)", "P(blast)",
                     "P(0 dmg)", "mean");
  for (double q : kShotQuantiles) out += fmt::format("  {:>4}", fmt::format("q{}", q));
  out += "\n";
  for (const ShotRow& r : t.rows) {
    out += fmt::format("{:>8}  {:>9.4f}  {:>8.4f}  {:>8.4f}  {:>6.2f}", r.distance, r.p_direct,
                       r.p_blast, r.p_zero, r.mean);
    for (int q : r.quantiles) out += fmt::format("  {:>4}", q);
    out += "\n";
  }
  // The rows where aiming was refused are the closest (Warmachine: in melee).
  double unaimed_to = -1;
  for (const ShotRow& r : t.rows) {
    if (t.aim && !r.aimed) unaimed_to = std::max(unaimed_to, r.distance);
  }
  if (unaimed_to >= 0)
    out +=
        fmt::format("\nNot aimed at {}\" and closer: a model in melee cannot aim.\n", unaimed_to);
  return out;
}

std::string json_text(const ShotTable& t) {
  nlohmann::json rows = nlohmann::json::array();
  for (const ShotRow& r : t.rows) {
    nlohmann::json quantiles = nlohmann::json::object();
    for (std::size_t i = 0; i < r.quantiles.size(); ++i)
      quantiles[fmt::format("{}", kShotQuantiles[i])] = r.quantiles[i];
    rows.push_back({{"distance", r.distance},
                    {"p_direct", r.p_direct},
                    {"p_blast", r.p_blast},
                    {"p_zero", r.p_zero},
                    {"mean", r.mean},
                    {"aimed", r.aimed},
                    {"quantiles", quantiles},
                    {"distribution", r.distribution}});
  }
  const nlohmann::json out = {{"attacker", t.attacker},
                              {"weapon", t.weapon},
                              {"target", t.target},
                              {"focus", t.focus},
                              {"boost", t.boost},
                              {"aim", t.aim},
                              {"knocked_down", t.knocked_down},
                              {"rows", rows}};
  return out.dump(2) + "\n";
}

std::string csv_text(const ShotTable& t) {
  std::string out = "attacker,weapon,target,distance,p_direct,p_blast,p_zero,mean";
  for (double q : kShotQuantiles) out += fmt::format(",q{}", q);
  out += ",aimed\n";
  for (const ShotRow& r : t.rows) {
    out += fmt::format("{},{},{},{},{},{},{},{}", csv_field(t.attacker), csv_field(t.weapon),
                       csv_field(t.target), r.distance, r.p_direct, r.p_blast, r.p_zero, r.mean);
    for (int q : r.quantiles) out += fmt::format(",{}", q);
    out += r.aimed ? ",true" : ",false";
    out += "\n";
  }
  return out;
}

// The seed's plot: bands between the minimum and maximum, the 0.1 and 0.9
// quantiles, 0.25 and 0.75, 0.4 and 0.6.
std::string plot_svg(const ShotTable& t) {
  BandPlot plot;
  plot.title = title(t);
  plot.x_label = "Distance (inches)";
  plot.y_label = "Damage";
  plot.levels.assign(std::size(kShotQuantiles) + 1, {});
  // Level 0 (the least damage) pairs with the last quantile (1: the most),
  // level i with the quantile mirroring kShotQuantiles[i - 1].
  std::vector<std::string> bands;
  const std::size_t levels = plot.levels.size();
  for (std::size_t i = 1; i < levels / 2; ++i)
    bands.push_back(fmt::format("{} to {}", kShotQuantiles[i - 1], kShotQuantiles[levels - 2 - i]));
  plot.note = fmt::format("bands, outside in: the least to the most damage, then its quantiles {}",
                          fmt::join(bands, ", "));
  for (const ShotRow& r : t.rows) {
    plot.x.push_back(r.distance);
    std::size_t least = 0;
    while (least + 1 < r.distribution.size() && r.distribution[least] == 0) ++least;
    plot.levels[0].push_back(static_cast<double>(least));
    for (std::size_t i = 0; i < r.quantiles.size(); ++i)
      plot.levels[i + 1].push_back(r.quantiles[i]);
  }
  return band_plot_svg(plot);
}

int run_shoot(ShootOptions& options, const CLI::App& cli) {
  auto distances = parse_distances(options.distances);
  if (!distances) {
    print_usage_error(cli, distances.error());
    return kExitBadInput;
  }
  options.request.distances = *distances;
  auto encounter = load_encounter_or_report(options.input);
  if (!encounter) return kExitBadInput;
  auto table = shot_table(*encounter, options.request);
  if (!table) {  // what --attacker, --target, --weapon, --focus or --boost asked
    print_usage_error(cli, table.error());
    return kExitBadInput;
  }
  if (options.plot) {
    if (auto written = write_text_file_atomically(*options.plot, plot_svg(*table)); !written) {
      print_error(written.error());
      return kExitBadInput;
    }
  }
  if (options.format == "json") return emit(options.output, json_text(*table));
  if (options.format == "csv") return emit(options.output, csv_text(*table));
  return emit(options.output, table_text(*table));
}

}  // namespace

Command add_shoot_command(CLI::App& app) {
  auto options = std::make_shared<ShootOptions>();
  CLI::App* cli = app.add_subcommand(
      "shoot", "The exact damage distribution of one ranged attack against distance (warmachine)");
  add_encounter_options(*cli, options->input);
  cli->add_option("--attacker", options->request.attacker,
                  "The shooting model (default: the first faction's first)");
  cli->add_option("--target", options->request.target,
                  "The target model (default: the second faction's first)");
  cli->add_option("--weapon", options->request.weapon,
                  "The ranged weapon, by name or number (default: the first)");
  cli->add_option("--distances", options->distances,
                  "FROM:TO:STEP in inches between bases, or one distance")
      ->capture_default_str();
  cli->add_option("--focus", options->request.focus,
                  "Focus to spend (default: the attacker's \"focus\")")
      ->check(whole_number_from(0, kMaxShotFocus));
  cli->add_option("--boost", options->request.boost,
                  "What focus boosts: none, hit, damage, both (default: the attacker's \"boost\")");
  cli->add_flag("--aim", options->request.aim, "The attacker aims: +2 RAT");
  cli->add_flag("--knocked-down", options->request.knocked_down, "The target is knocked down");
  cli->add_option("--format", options->format, "Output format")
      ->check(one_of({"table", "json", "csv"}))
      ->capture_default_str();
  cli->add_option("--plot", options->plot, "Also write an SVG of the quantile bands to FILE")
      ->check(writable_file());
  add_output_option(*cli, options->output);
  cli->footer(
      "Examples:\n"
      "  arena shoot scenarios/destroyer-vs-ironclad.json --focus 3 --boost both\n"
      "  arena shoot scenarios/destroyer-vs-ironclad.json --distances 11 --format json\n"
      "  arena shoot scenarios/destroyer-vs-ironclad.json --distances 0:21:0.1 --plot shots.svg");
  return {cli, [options, cli] { return run_shoot(*options, *cli); }};
}

}  // namespace arena::app
