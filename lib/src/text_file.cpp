// Reading a text file from disk, with a clear message for every way that fails.
#include "arena/text_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

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
  // Read in blocks up to one byte past the limit: a device or a pipe has
  // no size to check first (/dev/zero never ends).
  std::string text;
  char block[1 << 16];
  while (in.read(block, sizeof block) || in.gcount() > 0) {
    text.append(block, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxFileBytes)
      return unexpected(
          fmt::format("{}: file too large (at most {} MiB)", path, kMaxFileBytes >> 20));
  }
  if (in.bad()) return unexpected(fmt::format("{}: cannot read: {}", path, std::strerror(errno)));
  return text;
}

namespace {

// Writes all of `text` to `fd`; false with errno set when a write fails.
bool write_all(int fd, std::string_view text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// Writes `text` to `path`, an existing device or pipe (/dev/null,
// /dev/stdout), in place as a shell redirection would: renaming a file over
// it would replace it.
Expected<bool, std::string> write_in_place(const std::string& path, std::string_view text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) return unexpected(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
  if (!write_all(fd, text)) {
    const int error = errno;
    ::close(fd);
    return unexpected(fmt::format("{}: cannot write: {}", path, std::strerror(error)));
  }
  if (::close(fd) != 0)
    return unexpected(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
  return true;
}

}  // namespace

Expected<bool, std::string> write_text_file_atomically(const std::string& path,
                                                       std::string_view text) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);  // through a symbolic link
  if (!error && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
      !std::filesystem::is_directory(status))
    return write_in_place(path, text);
  // A symbolic link: the file it names is replaced (or made), not the link.
  std::filesystem::path target(path);
  for (int hops = 0; hops < 40; ++hops) {  // as many as the kernel follows
    if (!std::filesystem::is_symlink(std::filesystem::symlink_status(target, error))) break;
    const std::filesystem::path to = std::filesystem::read_symlink(target, error);
    if (error) break;
    target = to.is_absolute() ? to : target.parent_path() / to;
  }
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
  if (!write_all(fd, text)) {
    const int write_error = errno;
    ::close(fd);
    errno = write_error;
    return failed("write");
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
