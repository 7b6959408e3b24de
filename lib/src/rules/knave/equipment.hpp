// The Knave equipment of seed 004 (the EvAdventure tutorial series), under
// its names: a weapon is its damage dice, the hands and inventory slots it
// takes, its starting quality and whether it shoots (WIS) or strikes (STR);
// armor is a body armor (gambeson +2, brigandine +3, chain +4, plate +5: it
// replaces the unarmored +1), a helmet (+1) or a shield (+1), with its
// slots and quality. A point of quality is lost on a critical (battle.hpp);
// at 0 the item is broken. Embedded in the binary from lib/data/knave/.
// Names are looked up by library_key (any case; spaces, hyphens or
// underscores alike). Parsed once, immutable: thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "arena/dice.hpp"
#include "rules/common/equipment_lists.hpp"

namespace arena::knave {

struct Weapon {
  std::string name;
  DiceExpr damage;
  int hands = 1;
  int slots = 1;
  int quality = 3;
  bool ranged = false;  // attacks with WIS instead of STR
};

enum class ArmorKind { Body, Helmet, Shield };

struct Armor {
  std::string name;
  ArmorKind kind = ArmorKind::Body;
  int bonus = 0;  // body armor: the whole armor bonus; helmet and shield: added
  int slots = 1;
  int quality = 1;
};

std::string_view name(ArmorKind kind);

class Equipment : public EquipmentLists<Weapon, Armor> {
 public:
  static const Equipment& builtin();

  // Also by the names players give the body armors ("chain mail").
  const Armor* armor(std::string_view name) const;

 private:
  Equipment(std::string_view weapons_json, std::string_view armor_json);
};

}  // namespace arena::knave
