// What the fuzz targets share: a violated invariant prints what broke and
// aborts, which libFuzzer reports as a crash with the input saved.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace arena::fuzz {

[[noreturn]] inline void fail(const char* target, const char* what, std::string_view detail) {
  std::fprintf(stderr, "%s: invariant violated: %s\n  %.*s\n", target, what,
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

}  // namespace arena::fuzz
