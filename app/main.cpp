// arena: the command line. Wires CLI11 to the subcommands in cmd_*.cpp; holds
// no game rules. Exit codes: 0 success, 1 a check failed, 2 bad input or usage.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "commands.hpp"
#include "logging.hpp"
#include "output.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace {

// `exit_code`, once what the command printed has reached stdout; an error
// and kExitBadInput when it could not (a full disk, a closed pipe), where
// the exit code would otherwise say the report was written.
int flushed_stdout(int exit_code) {
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return exit_code;
  arena::app::print_error(fmt::format("cannot write to stdout: {}", std::strerror(errno)));
  return arena::app::kExitBadInput;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace arena::app;
  CLI::App app{"arena: Monte Carlo battle simulator for tabletop RPG and wargame combat", "arena"};
  app.set_version_flag("--version", std::string("arena ") + ARENA_VERSION);
  app.require_subcommand(1);
  app.fallthrough();  // --log-level after the command too; set before the commands inherit it
  app.footer(
      "Examples:\n"
      "  arena simulate scenarios/goblin-ambush.json\n"
      "  arena validate scenarios/goblin-ambush.json\n"
      "  arena replay scenarios/goblin-ambush.json --battle 7\n"
      "  arena library show \"adult red dragon\"\n"
      "  arena roll 4d6kh3 --stats\n"
      "Run 'arena COMMAND --help' for the options of a command.");
  std::string log_level = "warn";
  app.add_option("--log-level", log_level, "Log level on stderr: trace, debug, info, warn, error")
      ->check(one_of({"trace", "debug", "info", "warn", "error", "off"}))
      ->capture_default_str();
  bool no_color = false;
  app.add_flag("--no-color", no_color,
               "No colour on the terminal (also when the NO_COLOR environment variable is set)");

  // The subcommands, in the order `arena --help` lists them.
  const Command commands[] = {
      add_simulate_command(app), add_validate_command(app), add_replay_command(app),
      add_sweep_command(app),    add_compare_command(app),  add_check_command(app),
      add_merge_command(app),    add_library_command(app),  add_roll_command(app),
      add_shoot_command(app),    add_help_command(app),
  };

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) return flushed_stdout(app.exit(error));  // --help, --version
    const std::vector<std::string> args(argv + 1, argv + argc);
    std::fputs(usage_error(app, error, args).c_str(), stderr);
    return kExitBadInput;
  }
  set_no_color(no_color);
  set_up_logging(log_level, color_allowed());
  try {
    for (const Command& command : commands) {
      if (!command.cli->parsed()) continue;
      if (const std::string why = output_clash(*command.cli); !why.empty()) {
        print_error(why);
        return kExitBadInput;
      }
      try {
        return flushed_stdout(command.run());
      } catch (const UsageError& error) {
        print_usage_error(*command.cli, error.what());
        return kExitBadInput;
      }
    }
  } catch (const std::exception& error) {
    print_error(error.what());
    return kExitBadInput;
  }
  return kExitBadInput;
}
