// Reading a text file from disk, with a clear message for every way that fails.
#include "arena/text_file.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace arena {

Expected<std::string, std::string> read_text_file(const std::string& path,
                                                  const std::string& what) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error || !std::filesystem::exists(status)) {
    return unexpected(
        fmt::format("{}: cannot open: {}", path, error ? error.message() : std::strerror(ENOENT)));
  }
  if (std::filesystem::is_directory(status)) {
    return unexpected(fmt::format("{}: is a directory, not {}", path, what));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return unexpected(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  if (std::filesystem::is_regular_file(status) &&
      std::filesystem::file_size(path, error) > kMaxFileBytes) {
    return unexpected(
        fmt::format("{}: file too large (at most {} MiB)", path, kMaxFileBytes >> 20));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return unexpected(fmt::format("{}: cannot read: {}", path, std::strerror(errno)));
  return text.str();
}

}  // namespace arena
