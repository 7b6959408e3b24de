// `arena simulate`: play an encounter many times and report the odds; or
// play one shard of a large run and write its tally for `arena merge`.
#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "arena/report.hpp"
#include "arena/tally_io.hpp"
#include "commands.hpp"
#include "encounter_input.hpp"
#include "simulation.hpp"
#include "terminal.hpp"

namespace arena::app {

namespace {

struct SimulateOptions {
  EncounterInput input;
  SimulationOptions simulation;
  std::optional<std::int64_t> battles;  // default: the file's
  std::optional<std::uint64_t> seed;    // default: the file's
  std::string format = "table";
  std::optional<std::string> shard;     // "K/N"
  std::optional<double> precision;      // target half-width of win intervals
  std::int64_t max_battles = 10'000'000;
};

struct Shard {
  int index = 0;
  int count = 1;
};

std::optional<Shard> parse_shard(const std::string& text) {
  Shard shard;
  char slash = 0;
  std::size_t used = 0;
  if (std::sscanf(text.c_str(), "%d%c%d%zn", &shard.index, &slash, &shard.count, &used) != 3 ||
      slash != '/' || used != text.size() || shard.count < 1 || shard.index < 0 ||
      shard.index >= shard.count) {
    print_error(fmt::format("--shard {}: expected K/N with 0 <= K < N, e.g. 0/4", text));
    return std::nullopt;
  }
  return shard;
}

int run_simulate(const SimulateOptions& options) {
  if (!check_quantiles(options.simulation.quantiles)) return kExitBadInput;
  if (options.precision && options.shard) {
    print_error("--precision and --shard cannot be combined: a shard's size must be fixed");
    return kExitBadInput;
  }
  std::optional<Shard> shard = Shard{};
  if (options.shard && !(shard = parse_shard(*options.shard))) return kExitBadInput;
  auto encounter = load_encounter_or_report(options.input);
  if (!encounter) return kExitBadInput;
  if (options.battles) encounter->battles = *options.battles;
  if (options.seed) encounter->seed = *options.seed;

  const BattleRange range = shard_range(encounter->battles, shard->index, shard->count);
  const RunResult result =
      options.precision
          ? play_until_precise(*encounter, *options.precision, options.max_battles, options.simulation)
          : play(*encounter, range.first, range.count, options.simulation);
  if (result.tally.battles == 0) {
    print_error(range.count == 0 ? "this shard has no battles (more shards than battles)"
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
    fmt::print("{}", format_tally(file));
    return kExitOk;
  }
  Report report = make_report(*encounter, result.tally, ReportOptions{options.simulation.quantiles});
  report.partial = result.partial;
  report.requested_battles = options.precision ? options.max_battles : range.count;
  if (options.precision) {
    const double widest = widest_half_interval(result.tally);
    report.precision = PrecisionInfo{*options.precision, widest, widest <= *options.precision};
  }
  report.run = {result.threads, result.seconds};
  print_report(report, options.format);
  return kExitOk;
}

}  // namespace

Command add_simulate_command(CLI::App& app) {
  auto options = std::make_shared<SimulateOptions>();
  CLI::App* cli = app.add_subcommand("simulate", "Play an encounter many times and report the odds");
  add_encounter_options(*cli, options->input);
  cli->add_option("-n,--battles", options->battles, "Number of battles (default: the file's)")
      ->check(CLI::Range(std::int64_t{1}, kMaxBattles));
  cli->add_option("--seed", options->seed, "Master seed (default: the file's)");
  cli->add_option("--format", options->format,
                  "Output format; tally writes the mergeable counts for `arena merge`")
      ->check(CLI::IsMember({"table", "json", "csv", "tally"}))
      ->capture_default_str();
  cli->add_option("--shard", options->shard,
                  "Play only shard K of N (0-based), a contiguous block of the battles; "
                  "use with --format tally and merge the parts with `arena merge`");
  cli->add_option("--precision", options->precision,
                  "Play blocks of 10000 battles until every faction's 95% win interval is within "
                  "+-P (e.g. 0.005), instead of a fixed count")
      ->check(CLI::Range(1e-6, 0.5));
  cli->add_option("--max-battles", options->max_battles, "Most battles a --precision run plays")
      ->check(CLI::Range(std::int64_t{1}, kMaxBattles))
      ->capture_default_str();
  add_simulation_options(*cli, options->simulation);
  cli->footer(
      "Examples:\n"
      "  arena simulate scenarios/goblin-ambush.json\n"
      "  arena simulate scenarios/knight-vs-ogre.json -n 1000000 --format json\n"
      "  arena simulate fight.json --set factions.Heroes.members.Fighter.weapons='[\"greatsword\"]'\n"
      "  arena simulate fight.json --precision 0.005 --format csv > fight.csv\n"
      "  arena simulate fight.json -n 10000000 --shard 2/8 --format tally > part-2.json\n"
      "Ctrl-C stops early and reports the battles finished so far, marked partial.");
  return {cli, [options] { return run_simulate(*options); }};
}

}  // namespace arena::app
