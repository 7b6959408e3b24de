// Reading a text file from disk, with a clear message for every way that fails.
#include "arena/text_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

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

Expected<bool, std::string> write_text_file_atomically(const std::string& path,
                                                       std::string_view text) {
  const std::filesystem::path target(path);
  const std::filesystem::path temporary =
      target.parent_path() /
      fmt::format(".{}.arena-tmp-{}", target.filename().string(), ::getpid());
  const auto failed = [&](const char* step) {
    const std::string message = fmt::format("{}: cannot {}: {}", path, step, std::strerror(errno));
    ::unlink(temporary.c_str());
    return unexpected(message);
  };
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return unexpected(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      return failed("write");
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    ::close(fd);
    return failed("write");
  }
  if (::close(fd) != 0) return failed("write");
  if (::rename(temporary.c_str(), target.c_str()) != 0) return failed("write");
  return true;
}

}  // namespace arena
