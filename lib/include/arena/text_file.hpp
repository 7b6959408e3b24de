// Reading a user's file whole, with a clear message for every way that fails
// (missing, a directory, unreadable, too large), and writing one so that it
// is never left half-written. Thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "arena/expected.hpp"

namespace arena {

// Files arena reads are small; anything larger is surely the wrong file.
inline constexpr std::uintmax_t kMaxFileBytes = 16 * 1024 * 1024;

// The contents of `path`, or "PATH: what went wrong" (among which more than
// kMaxFileBytes, from a device or a pipe too). `what` names the kind of file
// expected, for the message about a directory ("an encounter file").
Expected<std::string, std::string> read_text_file(const std::string& path, const std::string& what);

// Writes `text` to `path` so that the file is either absent (or as it was)
// or whole, even if the process is killed: the text goes to a temporary
// file beside it (".NAME.arena-tmp-PID"), is flushed to disk, and the
// temporary file is renamed over `path` (over the file a symbolic link
// names, when `path` is one). A device or a pipe (/dev/stdout, /dev/null)
// is written in place instead: renaming over it would replace it. An error
// message naming the path when any step fails (the temporary file is then
// removed).
Expected<bool, std::string> write_text_file_atomically(const std::string& path,
                                                       std::string_view text);

}  // namespace arena
