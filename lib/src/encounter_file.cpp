// Reading an encounter file from disk, with a clear message for every way that fails.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "arena/resolve.hpp"
#include "arena/text_file.hpp"

namespace arena {

Expected<std::string, std::string> read_text_file(const std::string& path, const std::string& what) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error || !std::filesystem::exists(status)) {
    return unexpected(fmt::format("{}: cannot open: {}", path,
                                  error ? error.message() : std::strerror(ENOENT)));
  }
  if (std::filesystem::is_directory(status)) {
    return unexpected(fmt::format("{}: is a directory, not {}", path, what));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return unexpected(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  if (std::filesystem::is_regular_file(status) && std::filesystem::file_size(path, error) > kMaxFileBytes) {
    return unexpected(fmt::format("{}: file too large (at most {} MiB)", path, kMaxFileBytes >> 20));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return unexpected(fmt::format("{}: cannot read: {}", path, std::strerror(errno)));
  return text.str();
}

Expected<Encounter, std::vector<std::string>> load_encounter_file(
    const std::string& path, const Library& library, const std::vector<Override>& overrides) {
  auto text = read_text_file(path, "an encounter file");
  if (!text) return unexpected(std::vector<std::string>{text.error()});
  return load_encounter(*text, path, library, overrides);
}

}  // namespace arena
