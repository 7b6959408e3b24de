#include "output.hpp"

#include <fmt/format.h>

#include "arena/text_file.hpp"
#include "commands.hpp"
#include "terminal.hpp"

namespace arena::app {

void add_output_option(CLI::App& command, std::optional<std::string>& output) {
  command.add_option(
      "-o,--output", output,
      "Write the result to FILE instead of stdout, whole or not at all (a temporary file "
      "renamed when complete)");
}

int emit(const std::optional<std::string>& output, const std::string& text) {
  if (!output) {
    fmt::print("{}", text);
    return kExitOk;
  }
  if (auto written = write_text_file_atomically(*output, text); !written) {
    print_error(written.error());
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace arena::app
