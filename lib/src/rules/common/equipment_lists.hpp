// A ruleset's built-in weapons and armor, looked up by name the way every
// library is (library_key: case, spaces and hyphens do not matter), with
// the keys for "did you mean". Each ruleset's Equipment derives from it and
// fills the lists from its embedded data (oldschool, knave).
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "arena/suggest.hpp"

namespace arena {

template <class Weapon, class Armor>
class EquipmentLists {
 public:
  const Weapon* weapon(std::string_view name) const { return find(weapons_, weapon_names_, name); }
  const Armor* armor(std::string_view name) const { return find(armor_, armor_names_, name); }
  const std::vector<Weapon>& weapons() const { return weapons_; }
  const std::vector<Armor>& armor_list() const { return armor_; }
  // Every name, for "did you mean" (their lookup keys).
  const std::vector<std::string>& weapon_names() const { return weapon_names_; }
  const std::vector<std::string>& armor_names() const { return armor_names_; }

 protected:
  void add_weapon(Weapon weapon) {
    weapon_names_.push_back(library_key(weapon.name));
    weapons_.push_back(std::move(weapon));
  }
  void add_armor(Armor armor) {
    armor_names_.push_back(library_key(armor.name));
    armor_.push_back(std::move(armor));
  }

 private:
  template <class T>
  static const T* find(const std::vector<T>& items, const std::vector<std::string>& keys,
                       std::string_view name) {
    const auto it = std::find(keys.begin(), keys.end(), library_key(name));
    return it == keys.end() ? nullptr : &items[static_cast<std::size_t>(it - keys.begin())];
  }

  std::vector<Weapon> weapons_;
  std::vector<Armor> armor_;
  std::vector<std::string> weapon_names_, armor_names_;
};

}  // namespace arena
