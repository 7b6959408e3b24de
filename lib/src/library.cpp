// Loading the built-in library from the embedded JSON (scripts/convert_srd.py formats).
#include "arena/library.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "arena/embedded_data.hpp"

namespace arena {

namespace {

using nlohmann::json;

// Library damage strings are generated and tested; a bad one is a bug.
std::vector<DamageDice> damage_of(const std::string& text) {
  auto damage = parse_damage(text);
  ARENA_CHECK(damage.has_value());
  return *damage;
}

std::vector<DamageDice> damage_or_empty(const json& value) {
  return value.is_string() ? damage_of(value.get<std::string>()) : std::vector<DamageDice>{};
}

bool has_property(const json& weapon, std::string_view property) {
  const json& properties = weapon.at("properties");
  return std::find(properties.begin(), properties.end(), property) != properties.end();
}

WeaponInfo read_weapon(const json& entry) {
  WeaponInfo weapon;
  weapon.name = entry.at("name").get<std::string>();
  weapon.martial = entry.at("category") == "martial";
  weapon.ranged = entry.at("kind") == "ranged";
  weapon.damage = damage_or_empty(entry.at("damage"));
  if (entry.contains("versatile")) weapon.versatile_damage = damage_or_empty(entry["versatile"]);
  weapon.finesse = has_property(entry, "finesse");
  weapon.light = has_property(entry, "light");
  weapon.heavy = has_property(entry, "heavy");
  weapon.two_handed = has_property(entry, "two-handed");
  weapon.thrown = has_property(entry, "thrown");
  weapon.reach = entry.value("reach", 5);
  if (entry.contains("range")) {
    weapon.range_normal = entry["range"][0].get<int>();
    weapon.range_long = entry["range"][1].get<int>();
  }
  return weapon;
}

ArmorInfo read_armor(const json& entry) {
  ArmorInfo armor;
  armor.name = entry.at("name").get<std::string>();
  armor.category = entry.at("category").get<std::string>();
  armor.base_ac = entry.at("base_ac").get<int>();
  armor.dex_bonus = entry.at("dex_bonus").get<bool>();
  if (entry.at("max_dex_bonus").is_number()) armor.max_dex_bonus = entry["max_dex_bonus"].get<int>();
  return armor;
}

MonsterInfo read_monster(const json& entry) {
  MonsterInfo monster;
  monster.name = entry.at("name").get<std::string>();
  monster.size = entry.at("size").get<std::string>();
  monster.type = entry.at("type").get<std::string>();
  monster.cr = entry.at("cr").get<double>();
  monster.ac = entry.at("ac").get<int>();
  monster.ac_source = entry.at("ac_source").get<std::string>();
  monster.hp = entry.at("hp").get<int>();
  monster.hit_dice = entry.at("hit_dice").get<std::string>();
  for (std::size_t i = 0; i < kAbilityKeys.size(); ++i) {
    monster.abilities.scores[i] = entry.at("abilities").at(std::string(kAbilityKeys[i])).get<int>();
  }
  monster.proficiency_bonus = entry.at("proficiency_bonus").get<int>();
  for (const json& attack : entry.at("attacks")) {
    MonsterAttackInfo info;
    info.name = attack.at("name").get<std::string>();
    info.to_hit = attack.at("to_hit").get<int>();
    info.damage = damage_of(attack.at("damage").get<std::string>());
    info.reach = attack.value("reach", 0);
    if (attack.contains("range")) {
      info.range_normal = attack["range"][0].get<int>();
      info.range_long = attack["range"][1].get<int>();
    }
    monster.attacks.push_back(std::move(info));
  }
  if (entry.contains("multiattack")) {
    monster.multiattack = entry["multiattack"].get<std::vector<std::vector<std::string>>>();
  }
  monster.resistances = entry.at("resistances").get<std::vector<std::string>>();
  monster.immunities = entry.at("immunities").get<std::vector<std::string>>();
  monster.vulnerabilities = entry.at("vulnerabilities").get<std::vector<std::string>>();
  monster.traits = entry.at("traits").get<std::vector<std::string>>();
  monster.not_converted = entry.at("actions_not_converted").get<std::vector<std::string>>();
  return monster;
}

template <class T>
const T* find_by_key(const std::vector<T>& items, std::string_view name) {
  const std::string key = library_key(name);
  for (const T& item : items) {
    if (library_key(item.name) == key) return &item;
  }
  return nullptr;
}

template <class T, class Reader>
void read_all(std::string_view text, const char* list, Reader reader, std::vector<T>& items,
              std::vector<std::string>& names) {
  const json document = json::parse(text);
  for (const json& entry : document.at(list)) {
    items.push_back(reader(entry));
    names.push_back(library_key(items.back().name));
  }
}

}  // namespace

std::string library_key(std::string_view name) {
  // "Crossbow, light" is looked up as "light crossbow", the way people say it.
  if (const auto comma = name.find(','); comma != std::string_view::npos) {
    return library_key(std::string(name.substr(comma + 1)) + " " + std::string(name.substr(0, comma)));
  }
  std::string key;
  for (char c : name) {
    if (c == '-' || c == '_') c = ' ';
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c == ' ' && (key.empty() || key.back() == ' ')) continue;
    key += c;
  }
  while (!key.empty() && key.back() == ' ') key.pop_back();
  return key;
}

Library::Library(std::string_view weapons_json, std::string_view armor_json,
                 std::string_view monsters_json) {
  read_all(weapons_json, "weapons", read_weapon, weapons_, weapon_names_);
  read_all(armor_json, "armor", read_armor, armor_, armor_names_);
  read_all(monsters_json, "monsters", read_monster, monsters_, monster_names_);
}

const Library& Library::builtin() {
  static const Library library(embedded_weapons_json(), embedded_armor_json(),
                               embedded_monsters_json());
  return library;
}

const WeaponInfo* Library::weapon(std::string_view name) const { return find_by_key(weapons_, name); }
const ArmorInfo* Library::armor(std::string_view name) const {
  // "plate" and "half plate" are how players say "plate armor".
  if (const ArmorInfo* armor = find_by_key(armor_, name)) return armor;
  return find_by_key(armor_, std::string(name) + " armor");
}
const MonsterInfo* Library::monster(std::string_view name) const {
  return find_by_key(monsters_, name);
}

}  // namespace arena
