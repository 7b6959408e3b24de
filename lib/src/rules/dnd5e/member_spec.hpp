// MemberSpec: a 5e member of an encounter file as written, read into plain
// values.
//
// read_member checks shapes, types, ranges and key names, reporting every
// problem with its position; it does not look anything up. The resolver
// (resolver.hpp) then turns a MemberSpec into a Creature. Each spec keeps
// the JSON pointer it came from so that later problems can point back at
// it. Plain values; thread-safe to read.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arena/dice.hpp"
#include "json_reader.hpp"
#include "rules/common/readers.hpp"
#include "rules/common/tactics.hpp"
#include "rules/dnd5e/abilities.hpp"
#include "rules/dnd5e/battlefield.hpp"

namespace arena::dnd5e {

struct AttackSpec {
  std::string pointer;
  std::string name;
  int to_hit = 0;
  std::vector<DamageDice> damage;
  std::optional<int> reach;
  std::optional<std::pair<int, int>> range;  // normal, long (feet)
  bool magical = false;
  bool silvered = false;
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
  std::optional<int> hit_die;           // a class's, 6 to 12: hit points from level and CON
  std::optional<NameList> proficiency;  // "simple", "martial", weapon names
  std::optional<int> proficiency_bonus;
  std::optional<NameList> weapons;
  std::optional<std::string> armor;
  bool shield = false;
  std::optional<std::string> size;
  std::optional<std::string> type;   // creature type, one of the SRD's (lowercase)
  std::optional<NameList> subtypes;  // "elf", "goblinoid", ...
  std::optional<std::vector<Ability>> save_proficiencies;  // "saves": ["str", "con"]
  TacticsGiven tactics;                   // its tactics' keys; the others are its faction's
  std::optional<NameList> fixed_actions;  // its tactics' "actions": only these, in this order
  std::optional<int> area_targets;        // enemies each of its area effects catches
  // On a battlefield (battlefield.hpp); field_keys: the pointers of those given.
  std::optional<space::Square> at;
  std::optional<int> walk, fly;
  std::optional<Movement> movement;
  std::uint8_t maneuvers = 0;                      // kManeuver* bits
  std::optional<std::pair<int, int>> superiority;  // dice count, sides
  std::uint8_t reactions = 0;                      // kReaction* bits
  std::optional<int> spell_slots;                  // 1st-level slots for them
  std::vector<std::string> field_keys;
};

// Reads one member object at `pointer`. On problems, reports them and
// returns what could be read, with `complete` false.
MemberSpec read_member(const JsonContext& context, const nlohmann::json& value,
                       const std::string& pointer);

// The keys a 5e member object accepts (member_reader.cpp's kMemberKeys):
// the registry's RulesetHooks::member_keys, for messages about another
// ruleset's keys. The schema test (tests/schema/check_schema.py) does not
// call this: it reads the kMemberKeys and kAttackKeys arrays from
// member_reader.cpp's source and checks them against scenarios/schema.json.
std::span<const std::string_view> member_keys();

}  // namespace arena::dnd5e
