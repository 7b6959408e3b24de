// Stalemates: a battle in which no creature left standing can change the
// hit points of any enemy left standing cannot end but by max_rounds, so it
// ends at once as a draw (BattleOutcome::stalemate).
//
// Who can hurt whom is said once per plan (a table of creature pairs); when
// every creature can hurt every enemy, as in nearly every encounter, no
// battle can stall and the check costs one test a round. Where a battle can
// take a way to hurt away (knave's saves run out, its weapons break), the
// battle keeps its own table, the row of the creature that lost it rebuilt
// at those rare moments. Plain values; a plan's is shared read-only by
// workers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "rules/common/standing.hpp"

namespace arena {

class HarmTable {
 public:
  HarmTable() = default;
  // `can_harm(a, b)`: creature a has some way to change enemy b's hit points.
  template <class CanHarm>
  HarmTable(const StandingStart& start, CanHarm can_harm) {
    rebuild(start, can_harm);
  }

  // The table anew, in the storage it has (no allocation once it has the size).
  template <class CanHarm>
  void rebuild(const StandingStart& start, CanHarm can_harm) {
    creatures_ = static_cast<int>(start.faction_of.size());
    missing_ = 0;
    harms_.assign(static_cast<std::size_t>(creatures_) * static_cast<std::size_t>(creatures_), 0);
    for (int a = 0; a < creatures_; ++a) {
      for (int b : start.enemies_of(start.faction_of[static_cast<std::size_t>(a)])) {
        const bool harms = can_harm(a, b);
        harms_[index(a, b)] = harms;
        missing_ += harms ? 0 : 1;
      }
    }
  }

  // Creature a's ways to hurt changed (and no one else's): its row anew,
  // a call of `can_harm` per enemy rather than per pair.
  template <class CanHarm>
  void update_attacker(const StandingStart& start, int a, CanHarm can_harm) {
    for (int b : start.enemies_of(start.faction_of[static_cast<std::size_t>(a)])) {
      const bool harms = can_harm(a, b);
      missing_ += (harms_[index(a, b)] != 0 ? 1 : 0) - (harms ? 1 : 0);
      harms_[index(a, b)] = harms;
    }
  }

  // Whether some creature cannot change the hit points of some enemy: only
  // then can stalled() be true.
  bool can_stall() const { return missing_ > 0; }

  // Whether creature a can change enemy b's hit points.
  bool harms(int a, int b) const { return harms_[index(a, b)] != 0; }

  // Whether no creature standing can change the hit points of an enemy standing.
  bool stalled(const StandingStart& start, const Standing& standing) const {
    if (missing_ == 0 || standing.factions() <= 1) return false;
    for (int f = 0; f < start.faction_count(); ++f) {
      for (int b : standing.enemies_of(f)) {  // every creature standing is an enemy of some f
        for (int a : standing.enemies_of(start.faction_of[static_cast<std::size_t>(b)])) {
          if (harms_[index(a, b)]) return false;
        }
      }
    }
    return true;
  }

 private:
  std::size_t index(int a, int b) const {
    return static_cast<std::size_t>(a) * static_cast<std::size_t>(creatures_) +
           static_cast<std::size_t>(b);
  }

  int creatures_ = 0;
  int missing_ = 0;                  // pairs of enemies a cannot harm b: at 0 no battle stalls
  std::vector<std::uint8_t> harms_;  // [a * creatures + b]
};

}  // namespace arena
