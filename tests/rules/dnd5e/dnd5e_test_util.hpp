// Helpers shared by the 5e tests: a combatant's stat block by name, an
// attack by name.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "rules/dnd5e/plan.hpp"
#include "rules/dnd5e/roster.hpp"
#include "rules/dnd5e/state.hpp"
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

// A battle set up by hand: full HP, nobody has acted.
struct Table {
  Encounter encounter;
  dnd5e::BattlePlan plan;
  dnd5e::BattleState state;
  explicit Table(Encounter e) : encounter(std::move(e)), plan(encounter) {
    state.reset(plan);
    for (int c = 0; c < plan.creature_count(); ++c) {
      const int hp = dnd5e::creature_of(encounter, c).hp.flat();
      state.combatants[static_cast<std::size_t>(c)].hp = hp;
      state.combatants[static_cast<std::size_t>(c)].max_hp = hp;
    }
  }
  dnd5e::CombatantState& operator[](int c) { return state.combatants[static_cast<std::size_t>(c)]; }
  bool has(int c, dnd5e::Condition condition) const {
    return state.rules[static_cast<std::size_t>(c)].conditions.contains(condition);
  }
};

inline const Attack& attack(const Creature& creature, const std::string& name) {
  for (const Attack& a : creature.attacks) {
    if (a.name == name) return a;
  }
  ADD_FAILURE() << creature.name << " has no attack named " << name;
  static const Attack none;
  return none;
}

}  // namespace arena::testing
