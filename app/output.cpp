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

void add_html_option(CLI::App& command, std::optional<std::string>& html) {
  command.add_option("--html", html,
                     "Also write a self-contained HTML page with plots to FILE (inline SVG, no "
                     "script, nothing fetched)");
}

bool write_html(const std::optional<std::string>& path, const std::string& text) {
  if (!path) return true;
  if (auto written = write_text_file_atomically(*path, text); !written) {
    print_error(written.error());
    return false;
  }
  return true;
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
