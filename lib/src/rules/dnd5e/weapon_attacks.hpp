// The 5e (PHB) rules that turn abilities and equipment into attacks and AC.
// Private to libarena; used by resolver.cpp.
#pragma once

#include <string>
#include <vector>

#include "rules/dnd5e/creature.hpp"
#include "rules/dnd5e/library.hpp"

namespace arena::dnd5e {

// Proficiency bonus by level: +2 at levels 1-4, +3 at 5-8, ... +6 at 17-20.
int proficiency_bonus_for_level(int level);

struct Wielder {
  AbilityScores abilities;
  int proficiency_bonus = 2;
  bool proficient = true;  // with the weapon at hand
  bool small = false;      // Small or Tiny: heavy weapons have disadvantage
  bool shield = false;     // a hand is taken: no versatile two-handed grip, no off-hand weapon
};

// Every attack that `weapon` gives its wielder: the plain one, thrown,
// two-handed (versatile), off-hand (light). `off_hand` reports the index, in
// the returned list, of the off-hand attack, or -1.
std::vector<Attack> weapon_attacks(const WeaponInfo& weapon, const Wielder& wielder, int& off_hand);

// AC from armor (or none), a shield and DEX; `source` explains the sum.
int armor_class(const ArmorInfo* armor, bool shield, const AbilityScores& abilities,
                std::string& source);

}  // namespace arena::dnd5e
