// Replay: the play-by-play of one battle, exactly as simulation plays it.
//
// replay_battle plays battle `index` with the same Rng(seed, index) and the
// same battle code as run_battles, with an event sink of the encounter's
// ruleset that writes one line per event (for 5e: hit points, initiative
// rolls, every attack with its d20, total, AC, verdict, damage and HP left,
// falls, deaths, death saves; then the winner). Thread-safe; builds its own
// state.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arena/encounter.hpp"
#include "arena/tally.hpp"

namespace arena {

struct Replay {
  std::string text;
  BattleOutcome outcome;
  std::vector<CombatantResult> results;  // per combatant, as the tally counts them
  bool mapped = false;                   // maps were drawn (ReplayOptions::map)
};

struct ReplayOptions {
  // Explain each action choice ("uses Claws (value 7.9: damage 3.8 +
  // conditions 4.1) over Bite (4.0)"), for rulesets whose creatures choose
  // between actions (replay_explains); others replay as without it.
  bool why = false;
  // A text map of the positions at the start of each round, for
  // encounters whose creatures have positions (5e with a battlefield).
  bool map = false;
};

Replay replay_battle(const Encounter& encounter, std::int64_t index,
                     const ReplayOptions& options = {});

// Whether the encounter's ruleset explains choices (ReplayOptions::why).
// Whether maps were drawn is in the replay (Replay::mapped).
bool replay_explains(const Encounter& encounter);

}  // namespace arena
