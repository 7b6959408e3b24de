// A text map of a 5e battlefield (`arena replay --map`): one character per
// 5-ft square, '.' for a free one, each creature still in the fight a
// letter on every square of its footprint (A, B, ... in encounter order,
// then a, b, ...), with a legend. To stay small it shows only the squares
// the creatures span, with a square of margin, and says which those are.
#pragma once

#include <string>

#include "arena/encounter.hpp"
#include "rules/dnd5e/plan.hpp"
#include "rules/dnd5e/state.hpp"

namespace arena::dnd5e {

// The map of where the creatures of `state` stand, as indented lines.
std::string field_map(const Encounter& encounter, const BattlePlan& plan, const BattleState& state);

// The letter of combatant `c` on the map ('#' past the 52nd).
char map_letter(int c);

}  // namespace arena::dnd5e
