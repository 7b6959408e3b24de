// `arena library --rules knave`: the seed's weapons and armor.
#include <fmt/format.h>

#include "rules/knave/equipment.hpp"
#include "rules/knave/ruleset.hpp"
#include "text_table.hpp"

namespace arena::knave {

namespace {

using nlohmann::json;

template <class T>
std::vector<const T*> pointers(const std::vector<T>& items) {
  std::vector<const T*> list;
  for (const T& item : items) list.push_back(&item);
  return list;
}

}  // namespace

const std::string_view kLibraryViews[2] = {"weapons", "armor"};

Expected<std::string, std::string> library_view(const LibraryRequest& request) {
  const Equipment& equipment = Equipment::builtin();
  if (request.view == "weapons") {
    return list_json_or_table(
        request.json, pointers(equipment.weapons()),
        Columns{{"name", "damage", "hands", "slots", "quality", "attack"},
                {false, false, true, true, true, false},
                {}},
        [](const Weapon& w) {
          return json{{"name", w.name},   {"damage", w.damage.to_string()}, {"hands", w.hands},
                      {"slots", w.slots}, {"quality", w.quality},           {"ranged", w.ranged}};
        },
        [](const Weapon& w) {
          return std::vector<std::string>{w.name,
                                          w.damage.to_string(),
                                          std::to_string(w.hands),
                                          std::to_string(w.slots),
                                          std::to_string(w.quality),
                                          w.ranged ? "ranged (WIS)" : "melee (STR)"};
        });
  }
  return list_json_or_table(
      request.json, pointers(equipment.armor_list()),
      Columns{{"name", "kind", "bonus", "defense", "slots", "quality"},
              {false, false, true, true, true, true},
              {}},
      [](const Armor& a) {
        return json{{"name", a.name},
                    {"kind", name(a.kind)},
                    {"bonus", a.bonus},
                    {"slots", a.slots},
                    {"quality", a.quality}};
      },
      [](const Armor& a) {
        const bool body = a.kind == ArmorKind::Body;
        return std::vector<std::string>{
            a.name,
            std::string(name(a.kind)),
            fmt::format("{}{}", body ? "" : "+", a.bonus),
            body ? std::to_string(10 + a.bonus) : fmt::format("+{}", a.bonus),
            std::to_string(a.slots),
            std::to_string(a.quality)};
      });
}

}  // namespace arena::knave
