// How a resolved Creature is shown to a user: the block that `arena validate`
// prints for every creature of an encounter and `arena library show` for one
// library monster. HP, AC and where it comes from, initiative, every attack
// with to-hit, damage, reach and range and how they were derived, the actions
// it can take, its damage defences and what arena does not model of it.
// Pure functions; thread-safe.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "arena/encounter.hpp"

namespace arena::app {

// Indented text lines, each ending in '\n': "  NAME\n    HP .. AC .." and so on.
std::string creature_table(const Creature& creature);

// The same as a JSON object (name, hp, ac, ac_source, initiative, pc, tactics,
// attacks, actions, resistances, immunities, vulnerabilities,
// nonmagical_resistances, nonmagical_immunities, warnings).
nlohmann::json creature_json(const Creature& creature);

}  // namespace arena::app
