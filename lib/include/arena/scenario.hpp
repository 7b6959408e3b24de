// Scenario: an encounter file as written, read into plain values.
//
// read_scenario checks shapes, types, ranges and key names, reporting every
// problem with its position; it does not look anything up. resolve() (in
// resolve.hpp) then turns a Scenario into an Encounter. Each spec keeps the
// JSON pointer it came from so that later problems can point back at it.
// Plain values; thread-safe to read.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arena/abilities.hpp"
#include "arena/dice.hpp"
#include "arena/encounter.hpp"
#include "arena/json_reader.hpp"
#include "arena/tactics.hpp"

namespace arena {

struct AttackSpec {
  std::string pointer;
  std::string name;
  int to_hit = 0;
  std::vector<DamageDice> damage;
  std::optional<int> reach;
  std::optional<std::pair<int, int>> range;  // normal, long (feet)
  bool magical = false;
};

// A list of names as written: a string, or an array of strings (each with its pointer).
struct NameList {
  std::vector<std::string> names;
  std::vector<std::string> pointers;
};

struct DamageTypeListSpec {
  std::string pointer;
  std::vector<DamageType> types;
};

// One entry of a faction's members: a library monster with overrides, an
// inline stat block, or abilities plus equipment. Every field is optional
// here; resolve() decides what a form needs.
struct MemberSpec {
  std::string pointer;
  bool complete = true;  // read without problems; else resolve() only checks its names
  std::optional<std::string> monster;
  std::optional<std::string> name;
  int count = 1;
  std::optional<DiceExpr> hp;
  std::optional<int> ac;
  std::optional<int> initiative;
  std::optional<AbilityScores> abilities;
  std::optional<std::vector<AttackSpec>> attacks;
  std::optional<std::vector<NameList>> multiattack;  // options, each a list of attack names
  std::optional<DamageTypeListSpec> resistances, immunities, vulnerabilities;
  std::optional<bool> pc;
  std::optional<int> level;
  std::optional<NameList> proficiency;  // "simple", "martial", weapon names
  std::optional<int> proficiency_bonus;
  std::optional<NameList> weapons;
  std::optional<std::string> armor;
  bool shield = false;
  std::optional<std::string> size;
  std::optional<Tactics> tactics;
  std::optional<int> area_targets;  // enemies each of its area effects catches
};

struct FactionSpec {
  std::string pointer;
  std::string name;
  Tactics tactics;
  std::vector<MemberSpec> members;
};

struct Scenario {
  std::string name = "unnamed encounter";
  Ruleset rules = Ruleset::Dnd5e;
  std::int64_t battles = 10000;
  std::uint64_t seed = 1;
  int max_rounds = 100;
  std::vector<FactionSpec> factions;
};

// Reads a parsed encounter file. On problems, reports them and returns what
// could be read (callers check diagnostics before using it).
Scenario read_scenario(const JsonContext& context);

// The keys each object of the format accepts (also checked against
// scenarios/schema.json by a test).
std::span<const std::string_view> scenario_keys();
std::span<const std::string_view> faction_keys();
std::span<const std::string_view> member_keys();
std::span<const std::string_view> attack_keys();
std::span<const std::string_view> tactics_keys();

}  // namespace arena
