#include "rules/oldschool/equipment.hpp"

#include <nlohmann/json.hpp>

#include "arena/check.hpp"
#include "embedded.hpp"

extern "C" {
extern const char arena_data_oldschool_weapons[];
extern const char arena_data_oldschool_weapons_end[];
extern const char arena_data_oldschool_armor[];
extern const char arena_data_oldschool_armor_end[];
}

namespace arena::oldschool {

// The embedded files are part of the program: malformed data aborts.
Equipment::Equipment(std::string_view weapons_json, std::string_view armor_json) {
  const nlohmann::json weapons = nlohmann::json::parse(weapons_json);
  const nlohmann::json armor = nlohmann::json::parse(armor_json);
  for (const auto& entry : weapons.at("weapons")) {
    auto damage = DiceExpr::parse(entry.at("damage").get<std::string>());
    ARENA_CHECK(damage.has_value());
    add_weapon({entry.at("name").get<std::string>(), *damage, entry.value("note", "")});
  }
  for (const auto& entry : armor.at("armor")) {
    add_armor({entry.at("name").get<std::string>(), entry.at("value").get<int>()});
  }
}

const Equipment& Equipment::builtin() {
  static const Equipment equipment(
      embedded_view(arena_data_oldschool_weapons, arena_data_oldschool_weapons_end),
      embedded_view(arena_data_oldschool_armor, arena_data_oldschool_armor_end));
  return equipment;
}

}  // namespace arena::oldschool
