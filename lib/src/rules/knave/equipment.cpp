#include "rules/knave/equipment.hpp"

#include <algorithm>
#include <iterator>
#include <nlohmann/json.hpp>
#include <utility>

#include "arena/check.hpp"
#include "arena/suggest.hpp"
#include "embedded.hpp"

extern "C" {
extern const char arena_data_knave_weapons[];
extern const char arena_data_knave_weapons_end[];
extern const char arena_data_knave_armor[];
extern const char arena_data_knave_armor_end[];
}

namespace arena::knave {

namespace {

// Other names players give the body armors, as lookup keys.
constexpr std::pair<std::string_view, std::string_view> kArmorAliases[] = {{"chain mail", "chain"},
                                                                           {"chainmail", "chain"},
                                                                           {"plate mail", "plate"},
                                                                           {"half plate", "plate"}};

ArmorKind armor_kind(const std::string& text) {
  if (text == "helmet") return ArmorKind::Helmet;
  if (text == "shield") return ArmorKind::Shield;
  ARENA_CHECK(text == "body");
  return ArmorKind::Body;
}

}  // namespace

std::string_view name(ArmorKind kind) {
  switch (kind) {
    case ArmorKind::Body:
      return "body";
    case ArmorKind::Helmet:
      return "helmet";
    case ArmorKind::Shield:
      return "shield";
  }
  return "body";
}

// The embedded files are part of the program: malformed data aborts.
Equipment::Equipment(std::string_view weapons_json, std::string_view armor_json) {
  const nlohmann::json weapons = nlohmann::json::parse(weapons_json);
  const nlohmann::json armor = nlohmann::json::parse(armor_json);
  for (const auto& entry : weapons.at("weapons")) {
    auto damage = DiceExpr::parse(entry.at("damage").get<std::string>());
    ARENA_CHECK(damage.has_value());
    add_weapon({entry.at("name").get<std::string>(), *damage, entry.at("hands").get<int>(),
                entry.at("slots").get<int>(), entry.at("quality").get<int>(),
                entry.value("ranged", false)});
  }
  for (const auto& entry : armor.at("armor")) {
    add_armor({entry.at("name").get<std::string>(), armor_kind(entry.at("kind").get<std::string>()),
               entry.at("bonus").get<int>(), entry.at("slots").get<int>(),
               entry.at("quality").get<int>()});
  }
}

const Equipment& Equipment::builtin() {
  static const Equipment equipment(
      embedded_view(arena_data_knave_weapons, arena_data_knave_weapons_end),
      embedded_view(arena_data_knave_armor, arena_data_knave_armor_end));
  return equipment;
}

const Armor* Equipment::armor(std::string_view name) const {
  const std::string key = library_key(name);
  const auto alias = std::find_if(std::begin(kArmorAliases), std::end(kArmorAliases),
                                  [&](const auto& pair) { return pair.first == key; });
  return EquipmentLists::armor(alias == std::end(kArmorAliases) ? key : alias->second);
}

}  // namespace arena::knave
