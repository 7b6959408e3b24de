// `arena simulate`: play an encounter many times and report the odds; or
// play one shard of a large run and write its tally for `arena merge`.
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <charconv>
#include <memory>
#include <optional>
#include <string>

#include "arena/html_report.hpp"
#include "arena/report.hpp"
#include "arena/tally_io.hpp"
#include "commands.hpp"
#include "encounter_input.hpp"
#include "output.hpp"
#include "simulation.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace arena::app {

namespace {

struct SimulateOptions {
  EncounterInput input;
  SimulationOptions simulation;
  std::optional<std::int64_t> battles;  // default: the file's
  std::optional<std::uint64_t> seed;    // default: the file's
  std::string format = "table";
  std::optional<std::string> shard;  // "K/N"
  std::optional<double> precision;   // target half-width of win intervals
  std::int64_t max_battles = 10'000'000;
  bool max_battles_given = false;
  std::optional<std::string> output;
  std::optional<std::string> html;
};

struct Shard {
  int index = 0;
  int count = 1;
};

std::optional<Shard> parse_shard(const std::string& text) {
  Shard shard;
  const std::size_t slash = text.find('/');
  const char* begin = text.data();
  const char* end = begin + text.size();
  const bool ok =
      slash != std::string::npos &&
      std::from_chars(begin, begin + slash, shard.index) ==
          std::from_chars_result{begin + slash, {}} &&
      std::from_chars(begin + slash + 1, end, shard.count) == std::from_chars_result{end, {}} &&
      shard.count >= 1 && shard.count <= 1'000'000 && shard.index >= 0 && shard.index < shard.count;
  if (!ok) return std::nullopt;
  return shard;
}

// --shard's check, as CLI11 runs it: a misuse like any other flag's.
CLI::Validator shard_spec() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (parse_shard(text)) return {};
        return fmt::format("'{}' is not K/N with 0 <= K < N <= 1000000, e.g. 0/4", text);
      },
      "K/N");
}

int run_simulate(const SimulateOptions& options) {
  check_quantiles(options.simulation.quantiles);
  if (options.precision && (options.shard || options.format == "tally")) {
    throw UsageError(
        "--precision cannot be combined with --shard or --format tally: a mergeable part must "
        "have a fixed size");
  }
  if (options.precision && options.battles)
    throw UsageError("--precision plays until precise: give --max-battles instead of -n");
  if (options.html && options.format == "tally") {
    throw UsageError(
        "--html cannot be combined with --format tally: a tally holds counts to merge, not a "
        "report");
  }
  if (!options.precision && options.max_battles_given)
    throw UsageError("--max-battles applies to --precision runs only: use -n for a fixed count");
  const Shard shard = options.shard ? *parse_shard(*options.shard) : Shard{};
  auto encounter = load_encounter_or_report(options.input);
  if (!encounter) return kExitBadInput;
  if (options.battles) encounter->battles = *options.battles;
  if (options.seed) encounter->seed = *options.seed;

  const BattleRange range = shard_range(encounter->battles, shard.index, shard.count);
  const RunResult result = options.precision
                               ? play_until_precise(*encounter, *options.precision,
                                                    options.max_battles, options.simulation)
                               : play(*encounter, range.first, range.count, options.simulation);
  // A shard with no battles (more shards than battles) is an empty part
  // that merges, so that a fixed job array of shards needs no special case;
  // a report of no battles would be no report.
  const bool empty_part = range.count == 0 && options.format == "tally";
  if (result.tally.battles == 0 && !empty_part) {
    print_error(range.count == 0 ? "this shard has no battles (more shards than battles): "
                                   "--format tally writes an empty part that merges"
                                 : "interrupted before any battle finished");
    return range.count == 0 ? kExitBadInput : 130;
  }
  if (options.format == "tally") {
    if (result.partial) {
      print_error("interrupted: a partial tally cannot be merged, so none is written");
      return 130;
    }
    const TallyFile file{report_labels(*encounter), fingerprint(*encounter), encounter->battles,
                         range.first, result.tally};
    return emit(options.output, format_tally(file));
  }
  // A shard of all the battles (0/1) is the whole run.
  const bool one_shard = options.shard && range.count != encounter->battles;
  if (one_shard) {
    spdlog::warn(
        "--shard {}: this report is of battles {} to {} alone; --format tally writes a "
        "part that `arena merge` joins with the others",
        *options.shard, range.first, range.first + range.count - 1);
  }
  Report report =
      make_report(*encounter, result.tally, ReportOptions{options.simulation.quantiles});
  report.partial = result.partial;
  if (one_shard) report.shard = ShardInfo{range.first, encounter->battles};
  report.requested_battles = options.precision ? options.max_battles : range.count;
  // The table, the JSON and the page mark an interrupted run PARTIAL; a
  // CSV row has no place for it, and a script would take it for the run.
  if (result.partial && options.format == "csv") {
    spdlog::warn("interrupted: this CSV is of the {} battles that finished, not the {} requested",
                 report.battles, report.requested_battles);
  }
  if (options.precision) {
    const double widest = widest_half_interval(result.tally);
    report.precision = PrecisionInfo{*options.precision, widest, widest <= *options.precision};
    // The table, the JSON and the page say so; a CSV row has no place for it.
    if (!report.precision->reached && options.format == "csv") {
      spdlog::warn(
          "--precision {}: NOT reached in {} battles (--max-battles): the widest half-width "
          "is {:.4f}",
          *options.precision, report.battles, widest);
    }
  }
  report.run = {result.threads, result.seconds};
  const auto page = [&] {
    return html_page(report.scenario,
                     fmt::format("{} rules, {} battles, seed {}{}", report.rules, report.battles,
                                 report.seed, run_notes(report)),
                     run_figures(report, result.tally));
  };
  if (!write_html(options.html, page)) return kExitBadInput;
  return emit(options.output, report_text(report, options.format, /*with_run=*/true,
                                          !options.output && is_terminal(stdout)));
}

}  // namespace

Command add_simulate_command(CLI::App& app) {
  auto options = std::make_shared<SimulateOptions>();
  CLI::App* cli =
      app.add_subcommand("simulate", "Play an encounter many times and report the odds");
  add_encounter_options(*cli, options->input);
  add_run_options(
      *cli, options->battles, options->seed, options->format, {"table", "json", "csv", "tally"},
      "Number of battles (default: the file's); --format tally writes the mergeable counts");
  cli->add_option("--shard", options->shard,
                  "Play only shard K of N (0-based), a contiguous block of the battles; "
                  "use with --format tally and merge the parts with `arena merge`")
      ->check(shard_spec());
  cli->add_option("--precision", options->precision,
                  "Play blocks of 10000 battles until every faction's 95% win interval is at "
                  "most 2P wide (half-width P, e.g. 0.005), instead of a fixed count")
      ->check(number_from(1e-6, 0.5));
  cli->add_option_function<std::int64_t>(
         "--max-battles",
         [options](std::int64_t value) {
           options->max_battles = value;
           options->max_battles_given = true;
         },
         "Most battles a --precision run plays (default: 10000000)")
      ->check(whole_number_from(1, kMaxBattles));
  add_simulation_options(*cli, options->simulation);
  add_quantiles_option(*cli, options->simulation.quantiles);
  add_output_option(*cli, options->output);
  add_html_option(*cli, options->html);
  cli->footer(
      "Examples:\n"
      "  arena simulate scenarios/goblin-ambush.json\n"
      "  arena simulate scenarios/knight-vs-ogre.json -n 1000000 --format json\n"
      "  arena simulate fight.json --set "
      "factions.Heroes.members.Fighter.weapons='[\"battleaxe\"]'\n"
      "  arena simulate fight.json --precision 0.005 --format csv > fight.csv\n"
      "  arena simulate fight.json -n 10000000 --shard 2/8 --format tally -o part-2.json\n"
      "Ctrl-C stops early and reports the battles finished so far, marked partial.");
  return {cli, [options] { return run_simulate(*options); }};
}

}  // namespace arena::app
