#include "simulation.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <span>
#include <vector>

#include "progress.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace arena::app {

namespace {

// Set by SIGINT; the workers stop after their battle and the result is partial.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_interrupt(int) {
  g_interrupted.store(true);
}

// Battles per block of a --precision run: it may stop at the end of any
// block, and blocks are the same whatever the thread count, so the stopping
// point (and the report) is too.
constexpr std::int64_t kPrecisionBlock = 10000;
// Each call of the runner starts its threads and waits for the slowest, so
// a --precision run plays many blocks per call (each battle's winner kept to
// check the blocks' ends afterwards): twice as many each time, until a call
// takes this long. A block is 0.2 ms of 16 cores on short battles.
constexpr double kPrecisionCallSeconds = 0.1;

// The largest half-width of the factions' 95% win intervals after `battles`
// battles with `wins` wins each.
double widest_half_interval(std::span<const std::int64_t> wins, std::int64_t battles) {
  double widest = 0;
  for (const std::int64_t faction_wins : wins) {
    const Interval interval = wilson_interval(faction_wins, battles);
    widest = std::max(widest, (interval.high - interval.low) / 2);
  }
  return widest;
}

// How many of the `winners` of battles played after `before` make the first
// block end where every interval is within `precision` (the last battle
// ends a block too); 0 when none does.
std::int64_t precise_after(const Tally& before, std::span<const std::int8_t> winners,
                           double precision) {
  // wins[f + 1]: faction f's wins; wins[0]: the draws (winner -1). Counted
  // without a branch: this runs between calls, while no battle is played.
  std::vector<std::int64_t> wins(before.factions.size() + 1, 0);
  for (std::size_t f = 0; f < before.factions.size(); ++f) wins[f + 1] = before.factions[f].wins;
  const auto count = static_cast<std::int64_t>(winners.size());
  for (std::int64_t i = 0; i < count;) {
    const std::int64_t played = before.battles + i;
    const std::int64_t end = std::min(count, i + kPrecisionBlock - played % kPrecisionBlock);
    for (; i < end; ++i) ++wins[static_cast<std::size_t>(winners[static_cast<std::size_t>(i)] + 1)];
    if (widest_half_interval(std::span(wins).subspan(1), before.battles + end) <= precision) {
      return end;
    }
  }
  return 0;
}

}  // namespace

void add_simulation_options(CLI::App& command, SimulationOptions& options) {
  command.add_option("-t,--threads", options.threads, "Worker threads (0: all hardware threads)")
      ->check(whole_number_from(0, 1024))
      ->capture_default_str();
  // Two flags with callbacks rather than one with a negation: CLI11 2.1 sets
  // an optional<bool> flag to false when it is not given, which took the
  // default ("when stderr is a terminal") away.
  CLI::Option* progress = command.add_flag_callback(
      "--progress", [&options] { options.progress = true; },
      "Progress bar on stderr (default: when stderr is a terminal)");
  command
      .add_flag_callback(
          "--no-progress", [&options] { options.progress = false; }, "No progress bar")
      ->excludes(progress);
}

void add_run_options(CLI::App& command, std::optional<std::int64_t>& battles,
                     std::optional<std::uint64_t>& seed, std::string& format,
                     const std::vector<std::string>& formats, const std::string& battles_help) {
  command.add_option("-n,--battles", battles, battles_help)
      ->check(whole_number_from(1, kMaxBattles));
  command.add_option("--seed", seed, "Master seed (default: the file's)")->check(seed_number());
  command.add_option("--format", format, "Output format")
      ->check(one_of(formats))
      ->capture_default_str();
}

void add_quantiles_option(CLI::App& command, std::vector<double>& quantiles) {
  command.add_option("--quantiles", quantiles, "Quantile levels of every statistic")
      ->delimiter(',')
      ->check(number_above(0, 1))  // a word and 0 are refused here; repeats by check_quantiles
      ->capture_default_str();
}

void check_quantiles(const std::vector<double>& quantiles) {
  for (std::size_t i = 0; i < quantiles.size(); ++i) {
    const double q = quantiles[i];
    // The formats name a column or key by its level: a level twice was two
    // table columns, two CSV columns of one name and one JSON key.
    if (std::find(quantiles.begin(), quantiles.begin() + static_cast<std::ptrdiff_t>(i), q) !=
        quantiles.begin() + static_cast<std::ptrdiff_t>(i)) {
      throw UsageError(fmt::format("--quantiles: {} is given twice", q));
    }
  }
}

bool interrupted() {
  return g_interrupted.load();
}

CatchInterrupts::CatchInterrupts() : previous_(std::signal(SIGINT, on_interrupt)) {}

CatchInterrupts::~CatchInterrupts() {
  std::signal(SIGINT, previous_);
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
  spdlog::info(
      "run: battles {} to {}, seed {}, on {} thread{}, claimed in chunks of {} ({} chunks)", first,
      first + count - 1, encounter.seed, threads, threads == 1 ? "" : "s", run.chunk,
      (count + run.chunk - 1) / run.chunk);
  RunResult result;
  {
    const CatchInterrupts catching;
    result = run_battles(encounter, run);
  }
  if (bar) bar->finish();
  spdlog::info(
      "run {:.3f} s, {:.0f} battles/s{}", result.seconds,
      result.seconds > 0 ? static_cast<double>(result.tally.battles) / result.seconds : 0.0,
      result.partial ? " (interrupted)" : "");
  return result;
}

double widest_half_interval(const Tally& tally) {
  std::vector<std::int64_t> wins;
  for (const FactionTally& faction : tally.factions) wins.push_back(faction.wins);
  return widest_half_interval(wins, tally.battles);
}

RunResult play_until_precise(const Encounter& encounter, double precision, std::int64_t max_battles,
                             const SimulationOptions& options) {
  const CatchInterrupts catching;
  SimulationOptions quiet = options;
  quiet.progress = false;
  RunResult total;
  total.tally = Tally(encounter);
  std::vector<std::int8_t> winners;
  std::int64_t blocks = 1;  // per call of the runner
  while (total.tally.battles < max_battles && !interrupted()) {
    const std::int64_t first = total.tally.battles;
    const std::int64_t count = std::min(blocks * kPrecisionBlock, max_battles - first);
    RunResult played = play(encounter, first, count, quiet, &winners);
    total.threads = played.threads;
    total.seconds += played.seconds;
    if (played.partial) {
      total.tally.merge(played.tally);
      break;
    }
    const std::int64_t keep = precise_after(total.tally, winners, precision);
    if (keep > 0 && keep < count) {
      // Precise before the end of this call: the report is of the battles up
      // to that block's end, played again (the same battles, the same seeds).
      played = play(encounter, first, keep, quiet);
      total.seconds += played.seconds;
    }
    total.tally.merge(played.tally);
    if (options.progress.value_or(is_terminal(stderr))) {
      print_to_stderr(fmt::format("\r{} battles, widest half-width {:.4f} (target {}) \x1b[K",
                                  total.tally.battles, widest_half_interval(total.tally),
                                  precision));
    }
    if (keep > 0 || played.partial) break;
    if (played.seconds < kPrecisionCallSeconds) blocks *= 2;
  }
  if (options.progress.value_or(is_terminal(stderr))) print_to_stderr("\r\x1b[K");
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
