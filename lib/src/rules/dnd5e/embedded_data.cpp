#include "rules/dnd5e/embedded_data.hpp"

#include "embedded.hpp"

extern "C" {
extern const char arena_data_dnd5e_weapons[];
extern const char arena_data_dnd5e_weapons_end[];
extern const char arena_data_dnd5e_armor[];
extern const char arena_data_dnd5e_armor_end[];
extern const char arena_data_dnd5e_monsters[];
extern const char arena_data_dnd5e_monsters_end[];
}

namespace arena::dnd5e {

std::string_view embedded_weapons_json() {
  return embedded_view(arena_data_dnd5e_weapons, arena_data_dnd5e_weapons_end);
}
std::string_view embedded_armor_json() {
  return embedded_view(arena_data_dnd5e_armor, arena_data_dnd5e_armor_end);
}
std::string_view embedded_monsters_json() {
  return embedded_view(arena_data_dnd5e_monsters, arena_data_dnd5e_monsters_end);
}

}  // namespace arena::dnd5e
