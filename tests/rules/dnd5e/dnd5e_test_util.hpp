// Helpers shared by the 5e tests: a combatant's stat block by name, an
// attack by name.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "rules/dnd5e/roster.hpp"
#include "test_util.hpp"

namespace arena::testing {

using dnd5e::Attack;
using dnd5e::Creature;

// The stat block of the combatant of `encounter` named `name` ("Goblin 2").
inline const Creature& creature(const Encounter& encounter, const std::string& name) {
  for (int c = 0; c < encounter.combatant_count(); ++c) {
    if (encounter.combatants[static_cast<std::size_t>(c)].name == name)
      return dnd5e::creature_of(encounter, c);
  }
  ADD_FAILURE() << "no creature named " << name;
  static const Creature none;
  return none;
}

inline const Attack& attack(const Creature& creature, const std::string& name) {
  for (const Attack& a : creature.attacks) {
    if (a.name == name) return a;
  }
  ADD_FAILURE() << creature.name << " has no attack named " << name;
  static const Attack none;
  return none;
}

}  // namespace arena::testing
