// What the fuzz targets share: a violated invariant prints what broke and
// aborts, which libFuzzer reports as a crash with the input saved.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace arena::fuzz {

[[noreturn]] inline void fail(const char* target, const char* what, std::string_view detail) {
  std::fprintf(stderr, "%s: invariant violated: %s\n  %.*s\n", target, what,
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

// Whether `error` names `file` first: "FILE: ..." or, with a position,
// "FILE:LINE:COL: ...".
inline bool names_file(const std::string& error, const std::string& file) {
  if (error.rfind(file + ":", 0) != 0 || error.size() <= file.size() + 1) return false;
  const char next = error[file.size() + 1];
  return next == ' ' || (next >= '1' && next <= '9');
}

}  // namespace arena::fuzz
