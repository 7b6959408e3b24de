// Running battles for a command: the shared options (threads, progress,
// quantiles, format), Ctrl-C handling, progress bar and report printing that
// simulate, sweep, compare and check all use.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arena/encounter.hpp"
#include "arena/report.hpp"
#include "arena/runner.hpp"

namespace arena::app {

struct SimulationOptions {
  int threads = 0;               // 0: all hardware threads
  std::optional<bool> progress;  // default: stderr is a terminal
  std::vector<double> quantiles = ReportOptions{}.quantiles;
};

// Adds --threads and --progress/--no-progress (and the commands that
// report quantiles call add_quantiles_option: check takes the baseline's).
void add_simulation_options(CLI::App& command, SimulationOptions& options);

// Adds -n/--battles and --seed (each overriding the file's when given) and
// --format with the given choices.
void add_run_options(CLI::App& command, std::optional<std::int64_t>& battles,
                     std::optional<std::uint64_t>& seed, std::string& format,
                     const std::vector<std::string>& formats, const std::string& battles_help);

// Adds --quantiles LEVEL,LEVEL,... (each a number; check_quantiles the rest).
void add_quantiles_option(CLI::App& command, std::vector<double>& quantiles);

// Throws UsageError when a quantile level is given twice (the option
// refuses a level outside (0, 1] as it parses).
void check_quantiles(const std::vector<double>& quantiles);

// Plays battles [first, first + count) of `encounter`, with a progress bar
// when asked and Ctrl-C stopping the workers (the result is then partial).
RunResult play(const Encounter& encounter, std::int64_t first, std::int64_t count,
               const SimulationOptions& options, std::vector<std::int8_t>* winners = nullptr);

// Whether Ctrl-C was pressed while a CatchInterrupts lived.
bool interrupted();

// While one lives, Ctrl-C stops the runs (interrupted(), and play()'s
// result is partial) instead of ending the process. play() holds one; a
// command of several runs (sweep, compare, check, --precision) holds one
// for all of them, or a Ctrl-C between two runs ended it with no message.
// Each restores the handler it found, so they nest.
class CatchInterrupts {
 public:
  CatchInterrupts();
  ~CatchInterrupts();
  CatchInterrupts(const CatchInterrupts&) = delete;
  CatchInterrupts& operator=(const CatchInterrupts&) = delete;

 private:
  void (*previous_)(int);
};

// Plays blocks of 10,000 battles until every faction's 95% win interval has
// half-width at most `precision` at the end of a block, or `max_battles` are
// played.
RunResult play_until_precise(const Encounter& encounter, double precision, std::int64_t max_battles,
                             const SimulationOptions& options);

// The largest half-width of the factions' 95% win intervals.
double widest_half_interval(const Tally& tally);

// A report in `format` (table, json or csv); `with_run` includes the
// timings (a merged report has none of its own); `terminal`: the table goes
// to a terminal and gains bars.
std::string report_text(const Report& report, const std::string& format, bool with_run = true,
                        bool terminal = false);

}  // namespace arena::app
