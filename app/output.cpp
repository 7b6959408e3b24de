#include "output.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>
#include <vector>

#include "arena/text_file.hpp"
#include "commands.hpp"
#include "terminal.hpp"

namespace arena::app {

namespace {

// Why `path` cannot be written, or "" when it can: a device or pipe that
// exists must be writable, and a file's folder too (the file is written
// beside it and renamed, text_file.hpp), which must be a folder: a path
// under a file was refused only after the battles. A link to no file is
// written through, so its target's folder counts.
std::string cannot_write(const std::string& path) {
  if (path.empty()) return "an empty path";
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (std::filesystem::is_directory(status)) return "is a directory";
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    return ::access(path.c_str(), W_OK) == 0 ? "" : std::strerror(errno);
  std::filesystem::path file = path;
  if (std::filesystem::is_symlink(std::filesystem::symlink_status(path, error))) {
    const std::filesystem::path target = std::filesystem::read_symlink(path, error);
    if (!error) file = target.is_absolute() ? target : file.parent_path() / target;
  }
  std::filesystem::path folder = std::filesystem::weakly_canonical(file, error).parent_path();
  if (error || folder.empty()) folder = file.parent_path();
  if (folder.empty()) folder = ".";
  const auto folder_status = std::filesystem::status(folder, error);
  if (std::filesystem::exists(folder_status) && !std::filesystem::is_directory(folder_status))
    return std::strerror(ENOTDIR);
  return ::access(folder.c_str(), W_OK) == 0 ? "" : std::strerror(errno);
}

// The values given to `command`'s option `name` (none when it has no such option).
std::vector<std::string> given(const CLI::App& command, const std::string& name) {
  const CLI::Option* option = command.get_option_no_throw(name);
  return option ? option->results() : std::vector<std::string>{};
}

// Whether paths `a` and `b` name one file that two outputs would replace
// each other in: by the file itself when both exist (links, other
// spellings), else by their canonical spelling (a file both would create).
// A device or pipe is no such file: /dev/null takes both.
bool same_file(const std::string& a, const std::string& b) {
  std::error_code error;
  const auto status = std::filesystem::status(a, error);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) return false;
  if (std::filesystem::equivalent(a, b, error)) return true;
  const auto canonical_a = std::filesystem::weakly_canonical(a, error);
  if (error) return false;
  const auto canonical_b = std::filesystem::weakly_canonical(b, error);
  return !error && canonical_a == canonical_b;
}

}  // namespace

std::string output_clash(const CLI::App& command) {
  std::vector<std::string> inputs = given(command, "file");
  for (const char* name : {"files", "--baseline"}) {
    for (std::string& path : given(command, name)) inputs.push_back(std::move(path));
  }
  std::vector<std::pair<const char*, std::string>> outputs;
  for (const char* flag : {"--output", "--html", "--plot"}) {
    for (const std::string& output : given(command, flag)) {
      for (const std::string& input : inputs) {
        std::error_code error;  // a file not there yet is no input
        if (std::filesystem::equivalent(output, input, error)) {
          return fmt::format("{} {}: that is the input file {}; the result would replace it", flag,
                             output, input);
        }
      }
      for (const auto& [other_flag, other] : outputs) {
        if (same_file(output, other)) {
          return fmt::format("{} {}: that is also the file of {} {}; one would replace the other",
                             flag, output, other_flag, other);
        }
      }
      outputs.emplace_back(flag, output);
    }
  }
  return "";
}

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

bool write_html(const std::optional<std::string>& path, const std::function<std::string()>& page) {
  if (!path) return true;
  if (auto written = write_text_file_atomically(*path, page()); !written) {
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
