#include "rules/oldschool/equipment.hpp"

#include <nlohmann/json.hpp>

#include "arena/check.hpp"
#include "arena/suggest.hpp"
#include "embedded.hpp"

extern "C" {
extern const char arena_data_oldschool_weapons[];
extern const char arena_data_oldschool_weapons_end[];
extern const char arena_data_oldschool_armor[];
extern const char arena_data_oldschool_armor_end[];
}

namespace arena::oldschool {

namespace {

template <class T>
const T* find(const std::vector<T>& items, const std::vector<std::string>& keys,
              std::string_view name) {
  const std::string key = library_key(name);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (keys[i] == key) return &items[i];
  }
  return nullptr;
}

}  // namespace

// The embedded files are part of the program: malformed data aborts.
Equipment::Equipment(std::string_view weapons_json, std::string_view armor_json) {
  const nlohmann::json weapons = nlohmann::json::parse(weapons_json);
  const nlohmann::json armor = nlohmann::json::parse(armor_json);
  for (const auto& entry : weapons.at("weapons")) {
    auto damage = DiceExpr::parse(entry.at("damage").get<std::string>());
    ARENA_CHECK(damage.has_value());
    weapons_.push_back({entry.at("name").get<std::string>(), *damage, entry.value("note", "")});
    weapon_names_.push_back(library_key(weapons_.back().name));
  }
  for (const auto& entry : armor.at("armor")) {
    armor_.push_back({entry.at("name").get<std::string>(), entry.at("value").get<int>()});
    armor_names_.push_back(library_key(armor_.back().name));
  }
}

const Equipment& Equipment::builtin() {
  static const Equipment equipment(
      embedded_view(arena_data_oldschool_weapons, arena_data_oldschool_weapons_end),
      embedded_view(arena_data_oldschool_armor, arena_data_oldschool_armor_end));
  return equipment;
}

const Weapon* Equipment::weapon(std::string_view name) const {
  return find(weapons_, weapon_names_, name);
}
const Armor* Equipment::armor(std::string_view name) const {
  return find(armor_, armor_names_, name);
}

}  // namespace arena::oldschool
