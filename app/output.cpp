#include "output.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "arena/text_file.hpp"
#include "commands.hpp"
#include "terminal.hpp"

namespace arena::app {

namespace {

// Why `path` cannot be written, or "" when it can: a device or pipe that
// exists must be writable, and a file's folder too (the file is written
// beside it and renamed, text_file.hpp).
std::string cannot_write(const std::string& path) {
  if (path.empty()) return "an empty path";
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (std::filesystem::is_directory(status)) return "is a directory";
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    return ::access(path.c_str(), W_OK) == 0 ? "" : std::strerror(errno);
  std::filesystem::path folder = std::filesystem::weakly_canonical(path, error).parent_path();
  if (error || folder.empty()) folder = std::filesystem::path(path).parent_path();
  if (folder.empty()) folder = ".";
  return ::access(folder.c_str(), W_OK) == 0 ? "" : std::strerror(errno);
}

}  // namespace

CLI::Validator writable_file() {
  return CLI::Validator(
      [](std::string& path) -> std::string {
        const std::string why = cannot_write(path);
        return why.empty() ? why : fmt::format("'{}': cannot write: {}", path, why);
      },
      "FILE");
}

void add_output_option(CLI::App& command, std::optional<std::string>& output) {
  command
      .add_option("-o,--output", output,
                  "Write the result to FILE instead of stdout, whole or not at all (a temporary "
                  "file renamed when complete)")
      ->check(writable_file());
}

void add_html_option(CLI::App& command, std::optional<std::string>& html) {
  command
      .add_option("--html", html,
                  "Also write a self-contained HTML page with plots to FILE (inline SVG, no "
                  "script, nothing fetched)")
      ->check(writable_file());
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
