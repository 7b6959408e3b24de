// Library: the built-in weapons, armor and monsters (SRD 5.1, CC-BY-4.0),
// converted by scripts/convert_srd.py into lib/data/*.json and embedded in the
// binary. Names are looked up case-insensitively, with spaces, hyphens and
// underscores alike ("Goblin Boss" == "goblin-boss").
//
// Library::builtin() parses the embedded data once (thread-safe static
// initialisation) and is then immutable and safe to share.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arena/abilities.hpp"
#include "arena/dice.hpp"

namespace arena {

struct WeaponInfo {
  std::string name;
  bool martial = false;
  bool ranged = false;                       // a ranged weapon (bows, crossbows, darts, ...)
  std::vector<DamageDice> damage;            // empty for the net
  std::vector<DamageDice> versatile_damage;  // two-handed damage of a versatile weapon
  bool finesse = false, light = false, heavy = false, two_handed = false, thrown = false;
  int reach = 5;
  int range_normal = 0, range_long = 0;
};

struct ArmorInfo {
  std::string name;
  std::string category;  // light, medium, heavy, shield
  int base_ac = 10;
  bool dex_bonus = true;
  std::optional<int> max_dex_bonus;
};

struct MonsterAttackInfo {
  std::string name;
  int to_hit = 0;
  std::vector<DamageDice> damage;
  int reach = 0;  // 0: not a melee attack
  int range_normal = 0, range_long = 0;
};

struct MonsterInfo {
  std::string name;
  std::string size;
  std::string type;
  double cr = 0;
  int ac = 10;
  std::string ac_source;
  int hp = 1;
  std::string hit_dice;
  AbilityScores abilities;
  int proficiency_bonus = 2;
  std::vector<MonsterAttackInfo> attacks;
  std::vector<std::vector<std::string>> multiattack;  // options, each a list of attack names
  std::vector<std::string> resistances, immunities, vulnerabilities;  // as the SRD words them
  std::vector<std::string> traits;
  std::vector<std::string> not_converted;  // actions that are not plain attacks
};

class Library {
 public:
  static const Library& builtin();

  // Parses library JSON documents (the formats scripts/convert_srd.py writes).
  // Aborts on malformed data: the embedded files are part of the program.
  Library(std::string_view weapons_json, std::string_view armor_json,
          std::string_view monsters_json);

  const WeaponInfo* weapon(std::string_view name) const;
  const ArmorInfo* armor(std::string_view name) const;
  const MonsterInfo* monster(std::string_view name) const;

  // Every name, for "did you mean" and listings.
  const std::vector<std::string>& weapon_names() const { return weapon_names_; }
  const std::vector<std::string>& armor_names() const { return armor_names_; }
  const std::vector<std::string>& monster_names() const { return monster_names_; }
  const std::vector<MonsterInfo>& monsters() const { return monsters_; }

 private:
  std::vector<WeaponInfo> weapons_;
  std::vector<ArmorInfo> armor_;
  std::vector<MonsterInfo> monsters_;
  std::vector<std::string> weapon_names_, armor_names_, monster_names_;
};

// The lookup key of a name: lowercase, with '-' and '_' read as spaces, and
// "Crossbow, light" read as "light crossbow".
std::string library_key(std::string_view name);

}  // namespace arena
