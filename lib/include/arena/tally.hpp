// Tally: the integer results of a set of battles, mergeable exactly.
//
// A worker adds each battle it plays to its own Tally; tallies merge by
// adding counts, so the merged tally (and every report made from it) is
// the same for any number of threads, any chunking and any number of
// processes. Not thread-safe; one per worker.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "arena/encounter.hpp"
#include "arena/histogram.hpp"

namespace arena {

// How many figures a ruleset may count per faction (Encounter::faction_figures)
// and measures per combatant (Encounter::measures).
inline constexpr int kMaxFactionFigures = 4;  // kMaxFactions x 4 bits fill 64
inline constexpr int kMaxMeasures = 2;
static_assert(kMaxFactions * kMaxFactionFigures <= 64);

// How a battle ended.
struct BattleOutcome {
  int winner = -1;  // faction index, or -1 for a draw
  int rounds = 0;   // rounds begun
  // Bit f * kMaxFactionFigures + i: the ruleset's faction figure i held for faction f.
  std::uint64_t faction_figures = 0;
  // A draw because no creature left could change another's hit points.
  bool stalemate = false;
  bool operator==(const BattleOutcome&) const = default;
};

// How a combatant ended a battle. Every ruleset maps its own states onto
// these three (README, "Fates").
enum class Fate : std::uint8_t {
  Standing,  // on its feet (or fled, or routed): not at 0 HP
  Down,      // at 0 HP but alive: stable, or still making death saves
  Dead,
  Absent,  // never in the battle (Combatant::joins_later): neither standing nor dead
};

// What one battle did to one combatant, in terms every ruleset shares: each
// ruleset's battle reports these (Engine::results), and the tally knows
// nothing else of it.
struct CombatantResult {
  Fate fate = Fate::Standing;
  int damage_dealt = 0;  // hit points it removed from enemies (overkill not counted)
  int damage_taken = 0;  // hit points it lost
  // Credited to the creature whose damage took the target to 0 HP:
  int kills = 0;              // those of them dead at the end
  int knockouts = 0;          // every time it did so, dead at the end or not
  std::uint32_t figures = 0;  // bit i: the ruleset's figure i held (Encounter::figures)
  std::array<int, kMaxMeasures> measures{};  // the ruleset's measures (Encounter::measures), >= 0
  bool operator==(const CombatantResult&) const = default;
};

struct FactionTally {
  std::int64_t wins = 0;
  std::int64_t losses = 0;            // battles in which at least one member died
  Histogram survivors;                // members in the battle and not dead at the end
  Histogram damage_dealt;             // hit points its members removed from enemies
  Histogram damage_taken;             // hit points its members lost
  std::vector<std::int64_t> figures;  // battles in which each of the ruleset's faction figures held
  std::vector<Histogram> measures;    // each of the ruleset's measures, summed over its members
  bool operator==(const FactionTally&) const = default;
};

struct CombatantTally {
  // Battles it ended down and dead (Fate), and those it was absent from
  // (`absent`, below); the rest it ended standing.
  std::int64_t down = 0;
  std::int64_t dead = 0;
  Histogram damage_dealt;
  Histogram damage_taken;
  Histogram kills;
  Histogram knockouts;
  std::vector<std::int64_t> figures;  // battles in which each of the ruleset's figures held
  std::vector<Histogram> measures;    // each of the ruleset's measures
  std::int64_t absent = 0;            // battles it was never in (Fate::Absent)
  bool operator==(const CombatantTally&) const = default;
};

struct Tally {
  std::int64_t battles = 0;
  std::int64_t draws = 0;
  std::int64_t stalemates = 0;  // draws because no one could change anyone's hit points
  Histogram rounds;
  std::vector<FactionTally> factions;
  std::vector<CombatantTally> combatants;

  Tally() = default;
  explicit Tally(const Encounter& encounter);
  // Out of line: inlined into the battle loop (run_battles.hpp), freeing
  // every histogram's map grew that function past what GCC would inline a
  // battle into, and an oldschool battle cost 2% more.
  ~Tally();
  Tally(const Tally&);
  Tally(Tally&&) noexcept;
  Tally& operator=(const Tally&);
  Tally& operator=(Tally&&) noexcept;

  // Adds one finished battle: its outcome and a result per combatant.
  void add(const Encounter& encounter, const BattleOutcome& outcome,
           std::span<const CombatantResult> results);
  void merge(const Tally& other);
  bool operator==(const Tally&) const = default;
};

}  // namespace arena
