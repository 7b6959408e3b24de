// The old-school weapons and armor of seed 002 (a blog post's combat
// simulator), under its names: a weapon is its damage dice ("scimitar"
// 1d8, "flail" 1d6+1, "none" 1d2 for fists); armor is a value that lowers
// the armor class (10 - value: "chain mail" 5 gives AC 5). Embedded in the
// binary from lib/data/oldschool/. Names are looked up by library_key (any
// case; spaces, hyphens or underscores alike). Parsed once, immutable:
// thread-safe.
#pragma once

#include <string>
#include <vector>

#include "arena/dice.hpp"

namespace arena::oldschool {

struct Weapon {
  std::string name;
  DiceExpr damage;
  std::string note;  // "unarmed: fists"
};

struct Armor {
  std::string name;
  int value = 0;  // armor class is 10 - value
};

class Equipment {
 public:
  static const Equipment& builtin();

  const Weapon* weapon(std::string_view name) const;
  const Armor* armor(std::string_view name) const;
  const std::vector<Weapon>& weapons() const { return weapons_; }
  const std::vector<Armor>& armor_list() const { return armor_; }
  // Every name, for "did you mean" (their lookup keys).
  const std::vector<std::string>& weapon_names() const { return weapon_names_; }
  const std::vector<std::string>& armor_names() const { return armor_names_; }

 private:
  Equipment(std::string_view weapons_json, std::string_view armor_json);

  std::vector<Weapon> weapons_;
  std::vector<Armor> armor_;
  std::vector<std::string> weapon_names_, armor_names_;
};

}  // namespace arena::oldschool
