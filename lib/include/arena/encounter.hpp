// Encounter: a resolved, immutable battle description, shared read-only by
// every worker thread (DESIGN.md data flow: Scenario -> Encounter -> battles).
//
// Library names are looked up, attacks derived from abilities and equipment,
// dice compiled. Creatures and factions are flat vectors addressed by index;
// nothing points into anything. Thread-safe to read.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arena/abilities.hpp"
#include "arena/damage_type.hpp"
#include "arena/dice.hpp"
#include "arena/tactics.hpp"

namespace arena {

enum class Ruleset : std::uint8_t { Dnd5e, Knave, OldSchool, Warmachine };
std::string_view name(Ruleset rules);

enum class AttackKind : std::uint8_t { Melee, Ranged };

struct Attack {
  std::string name;  // "Scimitar", "Scimitar (off-hand)", "Longsword (two-handed)"
  AttackKind kind = AttackKind::Melee;
  int to_hit = 0;
  std::vector<DamageDice> damage;
  int reach = 5;         // feet, melee
  int range_normal = 0;  // feet, ranged and thrown; 0 when none
  int range_long = 0;
  bool disadvantage = false;  // always rolled with disadvantage (Small creature, heavy weapon)
  bool magical = false;       // overcomes resistance to nonmagical attacks
  std::string derivation;     // how to_hit and damage were derived, for `arena validate`
  bool operator==(const Attack&) const = default;
};

// What one turn does: one or more attacks, by index into Creature::attacks
// (a multiattack, or an attack plus an off-hand attack).
struct Action {
  std::string name;
  std::vector<int> attacks;
  bool operator==(const Action&) const = default;
};

struct Creature {
  std::string name;
  int faction = 0;
  DiceExpr hp;  // a constant, or dice rolled anew for every battle
  int ac = 10;
  std::string ac_source;  // "leather armor + shield (11 + DEX 2 + 2)"
  int initiative = 0;     // modifier added to the d20
  AbilityScores abilities;
  std::vector<Attack> attacks;
  std::vector<Action> actions;  // never empty for a creature that can fight
  DamageTypeSet resistances;
  DamageTypeSet immunities;
  DamageTypeSet vulnerabilities;
  DamageTypeSet nonmagical_resistances;  // "... from nonmagical attacks"
  DamageTypeSet nonmagical_immunities;
  bool pc = false;  // falls unconscious and makes death saves at 0 HP
  Tactics tactics;
  std::vector<std::string> warnings;  // what the stat block has that arena does not model
  bool operator==(const Creature&) const = default;
};

struct Faction {
  std::string name;
  Tactics tactics;
  std::vector<int> members;  // indices into Encounter::creatures
  bool operator==(const Faction&) const = default;
};

// Documented limits of an encounter file (errors past them).
inline constexpr std::int64_t kMaxBattles = 1'000'000'000;
inline constexpr int kMaxRounds = 100'000;
inline constexpr int kMaxCount = 100;  // copies of one member
inline constexpr int kMaxCreatures = 1000;
inline constexpr int kMaxFactions = 16;

struct Encounter {
  std::string name;
  Ruleset rules = Ruleset::Dnd5e;
  std::int64_t battles = 10000;
  std::uint64_t seed = 1;
  int max_rounds = 100;
  std::vector<Faction> factions;
  std::vector<Creature> creatures;
  bool operator==(const Encounter&) const = default;
};

// A 64-bit digest of everything that decides how the battles of `encounter`
// play (creatures, rules, seed, max_rounds; not the battle count): partial
// results merge only when their fingerprints agree. Hex, 16 digits.
std::string fingerprint(const Encounter& encounter);

}  // namespace arena
