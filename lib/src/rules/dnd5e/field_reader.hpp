// Reading a 5e battlefield: the encounter's "battlefield" object, the
// members' "at", "speed" and "movement", and where every combatant starts.
// Problems are reported with their position (json_reader.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "json_reader.hpp"
#include "rules/dnd5e/battlefield.hpp"
#include "rules/dnd5e/creature.hpp"
#include "rules/dnd5e/library.hpp"
#include "rules/dnd5e/member_spec.hpp"

namespace arena::dnd5e {

// The encounter's "battlefield", or nullopt when it has none (or it is malformed).
std::optional<Battlefield> read_battlefield(const JsonContext& context, ObjectReader& encounter);

// Reads a member's battlefield keys into `member`.
void read_field_keys(ObjectReader& object, MemberSpec& member);

// A resolved member as placement needs it.
struct PlacedMember {
  std::string pointer;
  std::string name;
  int faction = 0;
  int count = 1;
  std::optional<space::Square> at;
  int side = 1;
  int joining = 0;  // per copy, combatants that may join from it (FieldMember::split_slots)
};

// The battlefield's view of a resolved member: its speed, footprint,
// movement and reactions (`monster`: its library entry, or nullptr).
FieldMember field_member(const MemberSpec& spec, const MonsterInfo* monster, int dex_modifier);

// Sets field.starts, per combatant: members with "at" there (copies one
// footprint further south each), the others in formation, each faction a
// column start_distance feet east of the one before. Reports footprints
// off the field or overlapping, and members with nowhere to start. The
// combatants that may join from a copy (its halves) start as it does: they
// stand nowhere until they join.
void place_combatants(const JsonContext& context, Battlefield& field,
                      const std::vector<PlacedMember>& members);

// Reports the battlefield keys of a member of an encounter without a battlefield.
void report_field_keys_without_field(const JsonContext& context, const MemberSpec& member);

// Reports "movement": "kite" on a member none of whose actions strikes from
// afar (a ranged attack, or a save effect such as a breath weapon): it
// could never kite (field_turn.hpp). `creature`: the member resolved.
void check_kiting(const JsonContext& context, const MemberSpec& member, const Creature& creature);

}  // namespace arena::dnd5e
