// Encounter: a resolved, immutable battle description, shared read-only by
// every worker thread (DESIGN.md data flow: file -> Encounter -> battles).
//
// Every ruleset has the same frame: the encounter's name, seed, battle count
// and round limit, its factions, and its combatants (the members of the file,
// copies numbered: "Goblin 1", "Goblin 2"). What a combatant *is* (a 5e stat
// block, an old-school fighter) belongs to the ruleset: its roster, behind
// `roster`, is read only by that ruleset's code in lib/src/rules/<name>/.
// Combatants and factions are flat vectors addressed by index; nothing
// points into anything. Thread-safe to read.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace arena {

// Which rule system plays an encounter: its place in the ruleset registry
// (lib/src/rules/registry.hpp, which names them; rulesets.hpp looks them
// up by name). The core hands it on and never asks which one it is. The
// default, 0, is the registry's first: the rules of a file without "rules".
enum class Ruleset : std::uint8_t {};

// A ruleset's resolved members: each ruleset derives its own
// (rules/<name>/roster.hpp). Immutable once the encounter is loaded.
struct Roster {
  virtual ~Roster() = default;
};

struct Combatant {
  std::string name;  // numbered when its member has copies: "Goblin 3"
  int faction = 0;
  int member = 0;  // the roster entry it is a copy of
  // Not in the battle at its start: a creature that may appear in it (half
  // of a split ooze, "Black Pudding split 1"), absent from those it does not.
  bool joins_later = false;
  bool operator==(const Combatant&) const = default;
};

struct Faction {
  std::string name;
  std::vector<int> members;  // indices into Encounter::combatants
  bool operator==(const Faction&) const = default;
};

// Documented limits of an encounter file (errors past them).
inline constexpr std::int64_t kMaxBattles = 1'000'000'000;
inline constexpr int kMaxRounds = 100'000;
inline constexpr int kMaxCount = 100;  // copies of one member
inline constexpr int kMaxCreatures = 1000;
inline constexpr int kMaxFactions = 16;

struct Encounter {
  std::string name;
  Ruleset rules{};
  std::int64_t battles = 10000;
  std::uint64_t seed = 1;
  int max_rounds = 100;
  std::vector<Faction> factions;
  std::vector<Combatant> combatants;
  // Figures the ruleset counts per combatant beyond the common ones
  // (survived, damage dealt and taken, kills): "down" in 5e. A battle sets
  // bit i of CombatantResult::figures for figure i (tally.hpp).
  std::vector<std::string> figures;
  // Figures the ruleset counts per faction ("routs" in knave): a battle sets
  // bit f * kMaxFactionFigures + i of BattleOutcome::faction_figures when
  // figure i held for faction f (tally.hpp).
  std::vector<std::string> faction_figures;
  // Whole numbers the ruleset measures per combatant beyond damage
  // ("ability_lost" in knave), CombatantResult::measures; tallied like the
  // damage, per combatant and summed per faction.
  std::vector<std::string> measures;
  std::shared_ptr<const Roster> roster;

  int combatant_count() const { return static_cast<int>(combatants.size()); }
};

// A 64-bit digest of everything that decides how the battles of `encounter`
// play (combatants, roster, rules, seed, max_rounds; not the battle count):
// partial results merge only when their fingerprints agree. Hex, 16 digits.
std::string fingerprint(const Encounter& encounter);

}  // namespace arena
