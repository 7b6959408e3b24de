#include "simulation.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <csignal>

#include "progress.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace arena::app {

namespace {

// Set by SIGINT; the workers stop after their chunk and the result is partial.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_interrupt(int) {
  g_interrupted.store(true);
}

// Battles per block of a --precision run: blocks are the same whatever the
// thread count, so the stopping point (and the report) is too.
constexpr std::int64_t kPrecisionBlock = 10000;

}  // namespace

void add_simulation_options(CLI::App& command, SimulationOptions& options) {
  command.add_option("-t,--threads", options.threads, "Worker threads (0: all hardware threads)")
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
  command.add_flag("--progress,!--no-progress", options.progress,
                   "Progress bar on stderr (default: when stderr is a terminal)");
  command.add_option("--quantiles", options.quantiles, "Quantile levels of every statistic")
      ->delimiter(',')
      ->capture_default_str();
}

void add_run_options(CLI::App& command, std::optional<std::int64_t>& battles,
                     std::optional<std::uint64_t>& seed, std::string& format,
                     const std::vector<std::string>& formats, const std::string& battles_help) {
  command.add_option("-n,--battles", battles, battles_help)
      ->check(CLI::Range(std::int64_t{1}, kMaxBattles));
  command.add_option("--seed", seed, "Master seed (default: the file's)");
  command.add_option("--format", format, "Output format")
      ->check(one_of(formats))
      ->capture_default_str();
}

bool check_quantiles(const std::vector<double>& quantiles) {
  for (double q : quantiles) {
    if (!(q > 0 && q <= 1)) {
      print_error(fmt::format("--quantiles: {} is not a level in (0, 1]", q));
      return false;
    }
  }
  return true;
}

bool interrupted() {
  return g_interrupted.load();
}

RunResult play(const Encounter& encounter, std::int64_t first, std::int64_t count,
               const SimulationOptions& options, std::vector<std::int8_t>* winners) {
  RunOptions run;
  run.threads = options.threads;
  run.first_battle = first;
  run.battles = count;
  run.stop = &g_interrupted;
  run.winners = winners;
  std::optional<ProgressBar> bar;
  if (options.progress.value_or(is_terminal(stderr))) {
    bar.emplace(count);
    run.progress = [&bar](std::int64_t done) { bar->update(done); };
  }
  const int threads = resolve_thread_count(options.threads);
  spdlog::info("run: battles {} to {} on {} thread{}, claimed in chunks of {} ({} chunks)", first,
               first + count - 1, threads, threads == 1 ? "" : "s", run.chunk,
               (count + run.chunk - 1) / run.chunk);
  std::signal(SIGINT, on_interrupt);
  RunResult result = run_battles(encounter, run);
  std::signal(SIGINT, SIG_DFL);
  if (bar) bar->finish();
  spdlog::info(
      "run {:.3f} s, {:.0f} battles/s{}", result.seconds,
      result.seconds > 0 ? static_cast<double>(result.tally.battles) / result.seconds : 0.0,
      result.partial ? " (interrupted)" : "");
  return result;
}

double widest_half_interval(const Tally& tally) {
  double widest = 0;
  for (const FactionTally& faction : tally.factions) {
    const Interval interval = wilson_interval(faction.wins, tally.battles);
    widest = std::max(widest, (interval.high - interval.low) / 2);
  }
  return widest;
}

RunResult play_until_precise(const Encounter& encounter, double precision, std::int64_t max_battles,
                             const SimulationOptions& options) {
  SimulationOptions quiet = options;
  quiet.progress = false;
  RunResult total;
  total.tally = Tally(encounter);
  while (total.tally.battles < max_battles && !interrupted()) {
    const std::int64_t count = std::min(kPrecisionBlock, max_battles - total.tally.battles);
    const RunResult block = play(encounter, total.tally.battles, count, quiet);
    total.tally.merge(block.tally);
    total.threads = block.threads;
    total.seconds += block.seconds;
    if (block.partial) break;
    if (options.progress.value_or(is_terminal(stderr))) {
      fmt::print(stderr, "\r{} battles, widest interval ±{:.4f} (target ±{}) \x1b[K",
                 total.tally.battles, widest_half_interval(total.tally), precision);
    }
    if (widest_half_interval(total.tally) <= precision) break;
  }
  if (options.progress.value_or(is_terminal(stderr))) fmt::print(stderr, "\r\x1b[K");
  total.partial = interrupted();
  return total;
}

std::string report_text(const Report& report, const std::string& format, bool with_run,
                        bool terminal) {
  const auto start = std::chrono::steady_clock::now();
  TableStyle style;
  if (terminal) {
    style.bar_width = 20;
    style.win_bar = [](double p) { return win_bar(p, 20); };
  }
  std::string text = format == "json"  ? format_json(report, with_run)
                     : format == "csv" ? format_csv(report)
                                       : format_table(report, style);
  spdlog::info(
      "report ({}) {:.1f} ms", format,
      1e3 * std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return text;
}

}  // namespace arena::app
