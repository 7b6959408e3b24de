// Replay: the play-by-play of one battle, exactly as simulation plays it.
//
// replay_battle plays battle `index` with the same Rng(seed, index) and the
// same loop as run_battles, with an event sink that writes one line per
// event: hit points, initiative rolls, every attack (d20, total, AC,
// hit/miss/critical, damage, HP left), falls, deaths, death saves, and the
// winner. Thread-safe; builds its own state.
#pragma once

#include <cstdint>
#include <string>

#include "arena/battle_state.hpp"
#include "arena/encounter.hpp"

namespace arena {

struct Replay {
  std::string text;
  BattleOutcome outcome;
  BattleState final_state;
};

Replay replay_battle(const Encounter& encounter, std::int64_t index);

}  // namespace arena
