// Data files shipped inside the binary: cmake/EmbedData.cmake links each
// lib/data/<ruleset>/<file>.json in as the symbols arena_data_NAME and
// arena_data_NAME_end, NUL-terminated. Private to libarena.
#pragma once

#include <cstddef>
#include <string_view>

namespace arena {

// The file between two such symbols, without the NUL that EmbedData.cmake
// appends (`end` is one past it).
inline std::string_view embedded_view(const char* begin, const char* end) {
  return std::string_view(begin, static_cast<std::size_t>(end - begin - 1));
}

}  // namespace arena
