// How `arena validate` shows a combatant on a battlefield: where it starts,
// its speed, footprint and movement, its reach and its reactions.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "arena/encounter.hpp"

namespace arena::dnd5e {

// "    battlefield: at (0,3), 1x1 squares, speed 30 ft, ..." with its newline;
// without a battlefield, a line per stat-block entry only a battlefield
// plays ("    gridless, not played: Reaction: Parry ...").
std::string field_line(const Encounter& encounter, int combatant);

// The same as JSON; null without a battlefield.
nlohmann::json field_json(const Encounter& encounter, int combatant);

// On a battlefield, the areas that catch by geometry (field_area.hpp):
// "    areas by geometry (...): Acid Breath (30-foot line)" with its
// newline; empty without any, or without a battlefield.
std::string field_areas_line(const Encounter& encounter, int combatant);

}  // namespace arena::dnd5e
