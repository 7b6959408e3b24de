// `arena simulate`: play an encounter many times and report the odds.
#include <atomic>
#include <csignal>
#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "arena/report.hpp"
#include "arena/runner.hpp"
#include "commands.hpp"
#include "encounter_input.hpp"
#include "progress.hpp"
#include "terminal.hpp"

namespace arena::app {

namespace {

struct SimulateOptions {
  std::string file;
  std::optional<std::int64_t> battles;  // default: the file's
  std::optional<std::uint64_t> seed;    // default: the file's
  int threads = 0;                      // 0: all hardware threads
  std::string format = "table";
  std::vector<double> quantiles = ReportOptions{}.quantiles;
  std::optional<bool> progress;  // default: when stderr is a terminal
};

// Set by SIGINT; the workers stop after their chunk and the report is partial.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_interrupt(int) { g_interrupted.store(true); }

int run_simulate(const SimulateOptions& options) {
  for (double q : options.quantiles) {
    if (!(q > 0 && q <= 1)) {
      print_error(fmt::format("--quantiles: {} is not a level in (0, 1]", q));
      return kExitBadInput;
    }
  }
  auto encounter = load_encounter_or_report(options.file);
  if (!encounter) return kExitBadInput;
  if (options.battles) encounter->battles = *options.battles;
  if (options.seed) encounter->seed = *options.seed;

  RunOptions run;
  run.threads = options.threads;
  run.battles = encounter->battles;
  run.stop = &g_interrupted;
  std::optional<ProgressBar> bar;
  if (options.progress.value_or(is_terminal(stderr))) {
    bar.emplace(run.battles);
    run.progress = [&bar](std::int64_t done) { bar->update(done); };
  }
  std::signal(SIGINT, on_interrupt);
  const RunResult result = run_battles(*encounter, run);
  std::signal(SIGINT, SIG_DFL);
  if (bar) bar->finish();
  if (result.tally.battles == 0) {
    print_error("interrupted before any battle finished");
    return 130;
  }

  Report report = make_report(*encounter, result.tally, ReportOptions{options.quantiles});
  report.partial = result.partial;
  report.requested_battles = run.battles;
  report.run = {result.threads, result.seconds};
  if (options.format == "json") {
    fmt::print("{}", format_json(report));
  } else if (options.format == "csv") {
    fmt::print("{}", format_csv(report));
  } else {
    fmt::print("{}", format_table(report));
  }
  return kExitOk;
}

}  // namespace

Command add_simulate_command(CLI::App& app) {
  auto options = std::make_shared<SimulateOptions>();
  CLI::App* cli = app.add_subcommand("simulate", "Play an encounter many times and report the odds");
  cli->add_option("file", options->file, "Encounter file (JSON)")->required();
  cli->add_option("-n,--battles", options->battles, "Number of battles (default: the file's)")
      ->check(CLI::Range(std::int64_t{1}, kMaxBattles));
  cli->add_option("--seed", options->seed, "Master seed (default: the file's)");
  cli->add_option("-t,--threads", options->threads, "Worker threads (0: all hardware threads)")
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
  cli->add_option("--format", options->format, "Output format")
      ->check(CLI::IsMember({"table", "json", "csv"}))
      ->capture_default_str();
  cli->add_option("--quantiles", options->quantiles, "Quantile levels of every statistic")
      ->delimiter(',')
      ->capture_default_str();
  cli->add_flag("--progress,!--no-progress", options->progress,
                "Progress bar on stderr (default: when stderr is a terminal)");
  cli->footer(
      "Examples:\n"
      "  arena simulate scenarios/goblin-ambush.json\n"
      "  arena simulate scenarios/knight-vs-ogre.json -n 1000000 --format json\n"
      "  arena simulate fight.json --quantiles 0.1,0.5,0.9 --format csv > fight.csv\n"
      "Ctrl-C stops early and reports the battles finished so far, marked partial.");
  return {cli, [options] { return run_simulate(*options); }};
}

}  // namespace arena::app
