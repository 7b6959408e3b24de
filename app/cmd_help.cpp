// arena help [COMMAND...]: the usage of arena or of one of its commands, as
// `arena COMMAND --help` prints it (the word most command-line tools take).
#include <fmt/format.h>

#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace arena::app {

Command add_help_command(CLI::App& app) {
  auto words = std::make_shared<std::vector<std::string>>();
  CLI::App* cli = app.add_subcommand("help", "Show the usage of arena or of a command");
  cli->add_option("command", *words, "The command, and its subcommand (library show)");
  cli->footer("Examples:\n  arena help simulate\n  arena help library show");
  return {cli, [&app, words] {
            const CLI::App* at = &app;
            for (const std::string& word : *words) {
              const CLI::App* sub = find_command(*at, word);
              if (sub == nullptr) {
                print_usage_error(*at, unknown_command(*at, word));
                return kExitBadInput;
              }
              at = sub;
            }
            fmt::print("{}", at->get_formatter()->make_help(at, command_path(*at),
                                                            CLI::AppFormatMode::Normal));
            return kExitOk;
          }};
}

}  // namespace arena::app
