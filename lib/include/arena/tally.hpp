// Tally: the integer results of a set of battles, mergeable exactly.
//
// A worker adds each battle it plays to its own Tally; tallies merge by
// adding counts, so the merged tally (and every report made from it) is
// the same for any number of threads, any chunking and any number of
// processes. Not thread-safe; one per worker.
#pragma once

#include <cstdint>
#include <vector>

#include "arena/battle_state.hpp"
#include "arena/encounter.hpp"
#include "arena/histogram.hpp"

namespace arena {

struct FactionTally {
  std::int64_t wins = 0;
  Histogram survivors;     // members not dead at the end
  Histogram damage_dealt;  // hit points its members removed from enemies
  Histogram damage_taken;  // hit points its members lost
  bool operator==(const FactionTally&) const = default;
};

struct CombatantTally {
  std::int64_t survived = 0;  // battles it ended alive (conscious or not)
  Histogram damage_dealt;
  Histogram damage_taken;
  Histogram kills;
  bool operator==(const CombatantTally&) const = default;
};

struct Tally {
  std::int64_t battles = 0;
  std::int64_t draws = 0;
  Histogram rounds;
  std::vector<FactionTally> factions;
  std::vector<CombatantTally> combatants;

  Tally() = default;
  explicit Tally(const Encounter& encounter);

  // Adds one finished battle.
  void add(const Encounter& encounter, const BattleState& state, const BattleOutcome& outcome);
  void merge(const Tally& other);
  bool operator==(const Tally&) const = default;
};

}  // namespace arena
