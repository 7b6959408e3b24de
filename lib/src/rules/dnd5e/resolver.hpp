// Reading and resolving the 5e members of an encounter file (the 5e
// ruleset's reader hook, rules/registry.hpp): each member is read into a
// MemberSpec (member_reader.cpp) and resolved into a Creature: library
// look-ups, AC and attacks derived from abilities and equipment by the PHB
// rules (weapon_attacks.cpp), multiattack names, actions. Problems are
// reported with their position and a "did you mean".
#pragma once

#include <memory>
#include <vector>

#include "rules/dnd5e/roster.hpp"
#include "rules/registry.hpp"

namespace arena::dnd5e {

std::shared_ptr<const arena::Roster> read_roster(const EncounterJson& input,
                                                 std::vector<std::vector<ResolvedMember>>& members);

}  // namespace arena::dnd5e
