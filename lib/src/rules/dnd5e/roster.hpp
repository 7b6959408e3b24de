// The 5e roster of an encounter: one stat block per member of the file
// (copies share it), and each faction's tactics. Immutable once loaded.
#pragma once

#include <optional>
#include <vector>

#include "arena/encounter.hpp"
#include "rules/common/tactics.hpp"
#include "rules/dnd5e/battlefield.hpp"
#include "rules/dnd5e/creature.hpp"

namespace arena::dnd5e {

struct Roster : arena::Roster {
  std::vector<Creature> members;           // indexed by Combatant::member
  std::vector<Tactics> faction_tactics;    // as the file gives them (members may override)
  std::optional<Battlefield> battlefield;  // none: gridless
};

// The roster of a 5e encounter. Precondition: encounter.rules is 5e.
const Roster& roster_of(const Encounter& encounter);

// The stat block of combatant `c`.
inline const Creature& creature_of(const Encounter& encounter, int c) {
  return roster_of(encounter)
      .members[static_cast<std::size_t>(encounter.combatants[static_cast<std::size_t>(c)].member)];
}

}  // namespace arena::dnd5e
