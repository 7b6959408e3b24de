// `arena sweep`: one run per combination of varied values (a grid), one row each.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "arena/html_report.hpp"
#include "arena/json_source.hpp"
#include "arena/overrides.hpp"
#include "arena/report.hpp"
#include "commands.hpp"
#include "encounter_input.hpp"
#include "output.hpp"
#include "simulation.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace arena::app {

namespace {

struct SweepOptions {
  EncounterInput input;
  SimulationOptions simulation;
  std::vector<std::string> vary;  // "PATH=V1,V2,..."
  std::optional<std::int64_t> battles;
  std::optional<std::uint64_t> seed;
  std::string format = "table";
  std::optional<std::string> output;
  std::optional<std::string> html;
};

// A problem with what the axes set, found where they wrote in the first row
// (`pointers`: the --set ones, then one per axis): two axes, or an axis and
// a --set, writing the same value or one inside the other, so that a row's
// label would name a value it was not played with. Empty when there is none.
std::string overlap_problem(const std::vector<Axis>& axes, const std::vector<Setting>& sets,
                            const std::vector<std::string>& pointers) {
  const std::size_t first_axis = pointers.size() - axes.size();
  for (std::size_t a = first_axis; a < pointers.size(); ++a) {
    for (std::size_t b = 0; b < pointers.size(); ++b) {
      if (b == a || !json_pointer_within(pointers[b], pointers[a])) continue;
      const std::string other =
          b >= first_axis ? "--vary " + axes[b - first_axis].path : sets[b].source + sets[b].text;
      return fmt::format(
          "--vary {} and {} set the same value ({}): a row would be labelled with "
          "a value it was not played with",
          axes[a - first_axis].path, other, pointers[b]);
    }
  }
  return {};
}

struct Row {
  std::vector<std::string> values;  // one per axis
  Report report;
};

std::string table_text(const std::vector<Axis>& axes, const std::vector<Row>& rows) {
  const std::string levels = quantile_levels_text(rows.front().report.rounds);
  // The cells, a header line then one line per row: the axes' values, then
  // two columns per faction, then the draws (without them, the wins of a
  // row of many draws look like a close fight); each column as wide as its
  // widest cell.
  std::vector<std::vector<std::string>> lines(1);
  for (const Axis& axis : axes) lines[0].push_back(axis.path);
  for (const FactionReport& f : rows.front().report.factions) {
    lines[0].push_back(f.name + " win % [95%]");
    lines[0].push_back("dealt " + levels);
  }
  lines[0].push_back("draw %");
  for (const Row& row : rows) {
    std::vector<std::string>& cells = lines.emplace_back(row.values);
    for (const FactionReport& f : row.report.factions) {
      cells.push_back(fmt::format("{:.2f} [{:.2f}, {:.2f}]", 100 * f.win_probability,
                                  100 * f.win_ci95.low, 100 * f.win_ci95.high));
      cells.push_back(quantile_values_text(f.damage_dealt));
    }
    cells.push_back(fmt::format("{:.2f}", 100 * row.report.draw_probability));
  }
  std::vector<std::size_t> widths(lines[0].size(), 0);
  for (const auto& cells : lines) {
    for (std::size_t c = 0; c < cells.size(); ++c) widths[c] = std::max(widths[c], cells[c].size());
  }
  std::string out;
  for (const auto& cells : lines) {
    std::string line;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      // The axes' values read left-aligned, the figures right-aligned.
      line += c < axes.size() ? fmt::format("{:<{}}  ", cells[c], widths[c])
                              : fmt::format("{:>{}}  ", cells[c], widths[c]);
    }
    out += line.substr(0, line.find_last_not_of(' ') + 1) + '\n';
  }
  return out;
}

std::string csv_text(const std::vector<Axis>& axes, const std::vector<Row>& rows) {
  std::string out;
  for (const Axis& axis : axes) out += csv_field(axis.path) + ",";
  out += "battles";
  // A column name with the faction's name in it is quoted as a whole when
  // that name has a comma or a quote.
  const auto column = [&](const std::string& faction, const std::string& what) {
    out += ',';
    out += csv_field(faction + "_" + what);
  };
  for (const FactionReport& f : rows.front().report.factions) {
    for (const char* what :
         {"win_probability", "win_ci95_low", "win_ci95_high", "damage_dealt_mean"})
      column(f.name, what);
    for (const auto& [level, value] : f.damage_dealt.quantiles)
      column(f.name, fmt::format("damage_dealt_q{}", level));
  }
  out += ",draw_probability\n";
  for (const Row& row : rows) {
    for (const std::string& value : row.values) out += csv_field(value) + ",";
    out += std::to_string(row.report.battles);
    for (const FactionReport& f : row.report.factions) {
      out += fmt::format(",{},{},{},{}", f.win_probability, f.win_ci95.low, f.win_ci95.high,
                         f.damage_dealt.mean);
      for (const auto& [level, value] : f.damage_dealt.quantiles) out += fmt::format(",{}", value);
    }
    out += fmt::format(",{}\n", row.report.draw_probability);
  }
  return out;
}

std::string json_text(const std::vector<Axis>& axes, const std::vector<Row>& rows) {
  nlohmann::ordered_json out = {{"format_version", kReportFormatVersion},
                                {"vary", nlohmann::json::array()},
                                {"rows", nlohmann::json::array()}};
  for (const Axis& axis : axes) out["vary"].push_back(axis.path);
  for (const Row& row : rows) {
    nlohmann::ordered_json values = nlohmann::ordered_json::object();
    for (std::size_t a = 0; a < axes.size(); ++a) {
      values[axes[a].path] = parse_override("x=" + row.values[a])->value;
    }
    auto report = nlohmann::ordered_json::parse(format_json(row.report, false));
    out["rows"].push_back({{"values", values}, {"report", report}});
  }
  return out.dump(2) + "\n";
}

// The page: each faction's win probability against the swept values, with
// its 95% interval as a band.
// "5000 battles per combination, seed 7", or what varies among the rows
// (a sweep may vary the battles or the seed).
std::string html_subtitle(const std::vector<Row>& rows) {
  const Report& first = rows.front().report;
  bool same_battles = true, same_seed = true;
  for (const Row& row : rows) {
    same_battles = same_battles && row.report.battles == first.battles;
    same_seed = same_seed && row.report.seed == first.seed;
  }
  return fmt::format(
      "{} per combination, {}",
      same_battles ? fmt::format("{} battles", first.battles) : std::string("the battles given"),
      same_seed ? fmt::format("seed {}", first.seed) : std::string("the seeds given"));
}

// Where the swept values go on the x axis: at the numbers they are when
// every one is a number and they increase (AC 14, 16, 20 spaced as
// numbers), else one step apart in the order given (weapon lists).
std::vector<double> x_of_values(const std::vector<Row>& rows) {
  std::vector<double> numbers;
  for (const Row& row : rows) {
    const std::optional<double> number = finite_number(row.values.front());
    if (!number || (!numbers.empty() && *number <= numbers.back())) break;
    numbers.push_back(*number);
  }
  if (numbers.size() == rows.size()) return numbers;
  std::vector<double> steps;
  for (std::size_t k = 0; k < rows.size(); ++k) steps.push_back(static_cast<double>(k));
  return steps;
}

// One figure per faction: with one axis, its win probability as a line
// over the values with its 95% band; with several, a row per combination
// (a line through a grid would join settings that are not neighbours).
std::string html_text(const std::vector<Axis>& axes, const std::vector<Row>& rows) {
  std::vector<std::string> paths;
  for (const Axis& axis : axes) paths.push_back(axis.path);
  const std::string swept = fmt::format("{}", fmt::join(paths, " × "));
  std::vector<HtmlFigure> figures;
  const Report& first = rows.front().report;
  for (std::size_t f = 0; f < first.factions.size(); ++f) {
    const std::string title = first.factions[f].name + " win probability";
    if (axes.size() > 1) {
      IntervalChart chart{title, "probability (" + swept + ")", {}, true, std::pair{0.0, 1.0}};
      for (const Row& row : rows) {
        const FactionReport& r = row.report.factions[f];
        chart.rows.push_back({fmt::format("{}", fmt::join(row.values, ", ")), r.win_probability,
                              r.win_ci95.low, r.win_ci95.high});
      }
      figures.push_back({first.factions[f].name, interval_chart_svg(chart),
                         "bar: win probability; whisker: its 95% interval"});
      continue;
    }
    BandPlot plot{title, swept, "probability", x_of_values(rows), {{}, {}, {}}};
    for (std::size_t k = 0; k < rows.size(); ++k) {
      const FactionReport& r = rows[k].report.factions[f];
      plot.x_tick_labels.push_back(rows[k].values.front());
      plot.levels[0].push_back(r.win_ci95.low);
      plot.levels[1].push_back(r.win_probability);
      plot.levels[2].push_back(r.win_ci95.high);
    }
    figures.push_back({first.factions[f].name, band_plot_svg(plot),
                       "line: win probability; band: its 95% interval"});
  }
  return html_page(first.scenario + ": sweep", html_subtitle(rows), figures);
}

int run_sweep(const SweepOptions& options) {
  const CatchInterrupts catching;
  check_quantiles(options.simulation.quantiles);
  std::vector<Axis> axes;
  for (const std::string& text : options.vary) {
    auto axis = parse_axis(text);
    if (!axis) throw UsageError(axis.error());
    // The command line's --seed and -n apply to every row: varying the same
    // value as well would label rows with values they were not played with.
    const std::string key = top_level_key(axis->path);
    if ((key == "seed" && options.seed) || (key == "battles" && options.battles)) {
      throw UsageError(fmt::format("--vary {}: {} sets it for every row; give one or the other",
                                   text, key == "seed" ? "--seed" : "-n/--battles"));
    }
    for (const Axis& earlier : axes) {
      if (earlier.path == axis->path)
        throw UsageError(fmt::format("--vary {}: {} is varied twice", text, axis->path));
    }
    // A value twice would play the same row twice under two labels of one value.
    for (auto value = axis->values.begin(); value != axis->values.end(); ++value) {
      if (std::find(axis->values.begin(), value, *value) != value)
        throw UsageError(fmt::format("--vary {}: {} is given twice", text, *value));
    }
    axes.push_back(std::move(*axis));
  }
  // Every combination, the first axis varying slowest.
  std::size_t combinations = 1;
  for (const Axis& axis : axes) combinations *= axis.values.size();
  std::vector<Row> rows;
  for (std::size_t k = 0; k < combinations; ++k) {
    EncounterInput input = options.input;
    Row row;
    std::size_t rest = k;
    for (std::size_t a = axes.size(); a-- > 0;) {
      row.values.insert(row.values.begin(), axes[a].values[rest % axes[a].values.size()]);
      rest /= axes[a].values.size();
    }
    for (std::size_t a = 0; a < axes.size(); ++a)
      input.sets.push_back({"--vary ", axes[a].path + "=" + row.values[a]});
    std::vector<std::string> pointers;
    auto encounter = load_encounter_or_report(input, &pointers);
    if (!encounter) return kExitBadInput;
    if (k == 0) {
      if (const std::string problem = overlap_problem(axes, options.input.sets, pointers);
          !problem.empty()) {
        print_error(problem);
        return kExitBadInput;
      }
    }
    if (options.battles) encounter->battles = *options.battles;
    if (options.seed) encounter->seed = *options.seed;
    const RunResult result = play(*encounter, 0, encounter->battles, options.simulation);
    if (result.partial) {
      print_error("interrupted: the sweep did not finish");
      return 130;
    }
    row.report = make_report(*encounter, result.tally, ReportOptions{options.simulation.quantiles});
    // A row's columns are its factions': every row needs the first's.
    if (!rows.empty() && faction_names(row.report) != faction_names(rows.front().report)) {
      print_error(
          fmt::format("the row {} has other factions than the first row: a sweep's rows "
                      "share their columns, so every row needs the same factions",
                      fmt::join(row.values, ", ")));
      return kExitBadInput;
    }
    rows.push_back(std::move(row));
  }
  if (!write_html(options.html, [&] { return html_text(axes, rows); })) return kExitBadInput;
  if (options.format == "json") return emit(options.output, json_text(axes, rows));
  if (options.format == "csv") return emit(options.output, csv_text(axes, rows));
  return emit(options.output, table_text(axes, rows));
}

}  // namespace

Command add_sweep_command(CLI::App& app) {
  auto options = std::make_shared<SweepOptions>();
  CLI::App* cli =
      app.add_subcommand("sweep", "Run every combination of varied values, one row each");
  add_encounter_options(*cli, options->input);
  cli->add_option("--vary", options->vary,
                  "PATH=V1,V2,...: the values to try for one path (repeat for a grid)")
      ->required();
  add_run_options(*cli, options->battles, options->seed, options->format, {"table", "json", "csv"},
                  "Battles per combination (default: the file's)");
  add_simulation_options(*cli, options->simulation);
  add_quantiles_option(*cli, options->simulation.quantiles);
  add_output_option(*cli, options->output);
  add_html_option(*cli, options->html);
  cli->footer(
      "Examples:\n"
      "  arena sweep fight.json --vary "
      "'factions.Heroes.members.Fighter.weapons=[\"longsword\"],[\"battleaxe\"],[\"warhammer\"]'\n"
      "  arena sweep fight.json --vary factions.Heroes.members.Fighter.ac=16,18,20 --vary "
      "/factions/1/members/0/count=2,3 --format csv\n"
      "Every combination uses the same seed, so rows differ only by what was varied.");
  return {cli, [options] { return run_sweep(*options); }};
}

}  // namespace arena::app
