// The subcommands of `arena`: each one adds itself to the CLI11 app and returns
// the function that runs it once the command line has been parsed.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace arena::app {

// Exit codes of every subcommand (DESIGN.md, contract 4).
inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitBadInput = 2;

// A subcommand: its CLI11 node and the function that runs it after parsing
// (returning the exit code). The options it reads live in the closure.
struct Command {
  CLI::App* cli = nullptr;
  std::function<int()> run;
};

Command add_check_command(CLI::App& app);
Command add_compare_command(CLI::App& app);
Command add_help_command(CLI::App& app);
Command add_library_command(CLI::App& app);
Command add_merge_command(CLI::App& app);
Command add_shoot_command(CLI::App& app);
Command add_sweep_command(CLI::App& app);
Command add_replay_command(CLI::App& app);
Command add_roll_command(CLI::App& app);
Command add_simulate_command(CLI::App& app);
Command add_validate_command(CLI::App& app);

}  // namespace arena::app
