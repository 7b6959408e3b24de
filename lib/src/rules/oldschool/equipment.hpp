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
#include "rules/common/equipment_lists.hpp"

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

class Equipment : public EquipmentLists<Weapon, Armor> {
 public:
  static const Equipment& builtin();

 private:
  Equipment(std::string_view weapons_json, std::string_view armor_json);
};

}  // namespace arena::oldschool
