// What tactics expect an action to do: the mean damage it deals to the
// target (and, for an area, to the other enemies it catches), so that a
// creature takes its breath weapon or a spell only when it beats its
// attacks. Situational advantage is left out; conditions imposed count one
// hit point each, so that an action that only imposes them is still taken
// when nothing else is possible. Plain functions; thread-safe.
#pragma once

#include "rules/dnd5e/creature.hpp"

namespace arena::dnd5e {

// The mean damage of one attack against `target` (battle_rules.hpp).
double expected_damage(const Attack& attack, const Creature& target);

// The mean damage `effect` deals one target, and the conditions it imposes.
double expected_save_value(const SaveEffect& effect, const Creature& target);

// The whole action against `target`, its areas catching up to `enemies` enemies.
double expected_action_value(const Creature& attacker, const Action& action, const Creature& target,
                             int enemies);

}  // namespace arena::dnd5e
