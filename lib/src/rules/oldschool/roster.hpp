// The old-school roster of an encounter: one fighter per member of the file
// (copies share it), each faction's tactics, and the turn order.
// Immutable once loaded.
#pragma once

#include <string>
#include <vector>

#include "arena/dice.hpp"
#include "arena/encounter.hpp"
#include "rules/common/tactics.hpp"
#include "rules/common/turn_order.hpp"

namespace arena::oldschool {

// The seed's fighter: a level, a weapon and an armor.
struct Fighter {
  std::string name;  // the member's name, before copies are numbered
  int level = 1;
  std::string weapon;
  DiceExpr damage;  // the weapon's
  std::string armor;
  int armor_value = 0;
  DiceExpr hp;            // `level` d10, or the file's "hp"
  bool hp_given = false;  // from the file rather than by level
  Tactics tactics;

  int armor_class() const { return 10 - armor_value; }
};

// The least d20 with which a fighter of `level` hits `armor_class`:
// 22 - level - AC (no natural 1 or 20; 1 or less hits on any d20, 21 or
// more never hits).
constexpr int needed_to_hit(int level, int armor_class) {
  return 22 - level - armor_class;
}

struct Roster : arena::Roster {
  std::vector<Fighter> members;  // indexed by Combatant::member
  std::vector<Tactics> faction_tactics;
  TurnOrderGiven order;  // listed unless the file says otherwise
};

// The roster of an oldschool encounter. Precondition: encounter.rules is oldschool.
const Roster& roster_of(const Encounter& encounter);

inline const Fighter& fighter_of(const Encounter& encounter, int c) {
  return roster_of(encounter)
      .members[static_cast<std::size_t>(encounter.combatants[static_cast<std::size_t>(c)].member)];
}

}  // namespace arena::oldschool
