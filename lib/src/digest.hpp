// Digest: FNV-1a over a canonical text, for encounter fingerprints
// (encounter.hpp). Private to libarena.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <utility>

namespace arena {

class Digest {
 public:
  // Adds one field, formatted, and a separator (so "1","23" differs from "12","3").
  template <class... Args>
  void add(fmt::format_string<Args...> format, Args&&... args) {
    for (char c : fmt::format(format, std::forward<Args>(args)...)) {
      hash_ = (hash_ ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    }
    hash_ = (hash_ ^ 0xff) * 0x100000001b3ULL;
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

}  // namespace arena
