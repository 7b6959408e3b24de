#include "arena/embedded_data.hpp"

extern "C" {
extern const char arena_data_weapons[];
extern const char arena_data_weapons_end[];
extern const char arena_data_armor[];
extern const char arena_data_armor_end[];
extern const char arena_data_monsters[];
extern const char arena_data_monsters_end[];
}

namespace arena {

namespace {
// `end` is one past the NUL that EmbedData.cmake appends.
std::string_view view(const char* begin, const char* end) {
  return std::string_view(begin, static_cast<std::size_t>(end - begin - 1));
}
}  // namespace

std::string_view embedded_weapons_json() { return view(arena_data_weapons, arena_data_weapons_end); }
std::string_view embedded_armor_json() { return view(arena_data_armor, arena_data_armor_end); }
std::string_view embedded_monsters_json() {
  return view(arena_data_monsters, arena_data_monsters_end);
}

}  // namespace arena
