// The 5e data files shipped inside the binary (lib/data/dnd5e/*.json, linked in by
// cmake/EmbedData.cmake). Each is NUL-terminated; the view excludes the NUL.
#pragma once

#include <string_view>

namespace arena::dnd5e {

std::string_view embedded_weapons_json();
std::string_view embedded_armor_json();
std::string_view embedded_monsters_json();

}  // namespace arena::dnd5e
