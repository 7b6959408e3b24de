// BattleState: the mutable state of one battle in progress, a plain value.
//
// Each worker owns one BattleState and reuses it for every battle it plays
// (reset() does not allocate once the vectors have their size), so the hot
// loop never touches the heap. Creatures are addressed by their index in
// Encounter::creatures. Not thread-safe; one per worker.
#pragma once

#include <cstdint>
#include <vector>

#include "arena/encounter.hpp"

namespace arena {

struct CombatantState {
  int hp = 0;
  int max_hp = 0;
  bool dead = false;
  bool stable = false;  // a PC at 0 HP who no longer rolls death saves
  std::int8_t death_successes = 0;
  std::int8_t death_failures = 0;
  // This battle's figures, for the tally.
  int damage_dealt = 0;  // hit points removed from enemies (overkill not counted)
  int damage_taken = 0;  // hit points lost
  int kills = 0;

  // Conscious and alive: can take turns and be targeted.
  bool can_act() const { return hp > 0; }
  bool operator==(const CombatantState&) const = default;
};

struct BattleState {
  std::vector<CombatantState> combatants;  // indexed like Encounter::creatures
  std::vector<int> order;                  // initiative order of creature indices
  std::vector<int> initiative;             // d20 + modifier per creature
  std::vector<int> standing;               // per faction: members who can act
  std::vector<int> focus;                  // per faction: the focus target, -1 when none
  int round = 0;

  // Sizes the vectors for `encounter` (allocating only the first time).
  void reset(const Encounter& encounter);
  bool operator==(const BattleState&) const = default;
};

// How a battle ended.
struct BattleOutcome {
  int winner = -1;  // faction index, or -1 for a draw
  int rounds = 0;   // rounds begun
  bool operator==(const BattleOutcome&) const = default;
};

}  // namespace arena
