// Reading a user's file whole, with a clear message for every way that fails
// (missing, a directory, unreadable, too large). Thread-safe.
#pragma once

#include <cstdint>
#include <string>

#include "arena/expected.hpp"

namespace arena {

// Files arena reads are small; anything larger is surely the wrong file.
inline constexpr std::uintmax_t kMaxFileBytes = 16 * 1024 * 1024;

// The contents of `path`, or "PATH: what went wrong". `what` names the kind
// of file expected, for the message about a directory ("an encounter file").
Expected<std::string, std::string> read_text_file(const std::string& path, const std::string& what);

}  // namespace arena
