// `arena library --rules oldschool`: the seed's weapons and armor.
#include <fmt/format.h>

#include "rules/oldschool/equipment.hpp"
#include "rules/oldschool/ruleset.hpp"
#include "text_table.hpp"

namespace arena::oldschool {

namespace {

using nlohmann::json;

std::vector<const Weapon*> weapons() {
  std::vector<const Weapon*> list;
  for (const Weapon& weapon : Equipment::builtin().weapons()) list.push_back(&weapon);
  return list;
}

std::vector<const Armor*> armor() {
  std::vector<const Armor*> list;
  for (const Armor& item : Equipment::builtin().armor_list()) list.push_back(&item);
  return list;
}

}  // namespace

const std::string_view kLibraryViews[2] = {"weapons", "armor"};

Expected<std::string, std::string> library_view(const LibraryRequest& request) {
  if (request.view == "weapons") {
    return list_json_or_table(
        request.json, weapons(), Columns{{"name", "damage", "note"}, {false, false, false}, {}},
        [](const Weapon& w) {
          return json{{"name", w.name}, {"damage", w.damage.to_string()}, {"note", w.note}};
        },
        [](const Weapon& w) {
          return std::vector<std::string>{w.name, w.damage.to_string(), w.note};
        });
  }
  return list_json_or_table(
      request.json, armor(), Columns{{"name", "value", "AC"}, {false, true, true}, {}},
      [](const Armor& a) {
        return json{{"name", a.name}, {"value", a.value}, {"ac", 10 - a.value}};
      },
      [](const Armor& a) {
        return std::vector<std::string>{a.name, std::to_string(a.value),
                                        std::to_string(10 - a.value)};
      });
}

}  // namespace arena::oldschool
