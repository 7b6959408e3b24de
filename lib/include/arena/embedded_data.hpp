// The data files shipped inside the binary (lib/data/*.json, linked in by
// cmake/EmbedData.cmake). Each is NUL-terminated; the view excludes the NUL.
#pragma once

#include <string_view>

namespace arena {

std::string_view embedded_weapons_json();
std::string_view embedded_armor_json();
std::string_view embedded_monsters_json();

}  // namespace arena
