// The round loop every ruleset's battle shares: rounds until at most one
// faction stands or max_rounds have passed (a draw), with the events a
// replay reports. Plain functions; the ruleset plays each round.
#pragma once

#include "arena/tally.hpp"

namespace arena {

// Plays rounds of a battle whose `state` keeps `round` and `standing` (a
// Standing, standing.hpp) up to date: `play_round()` plays one and may end
// the battle by leaving one faction or none. `events` gets
// round_begins(round) and ends(winner, rounds).
template <class State, class Events, class PlayRound>
BattleOutcome play_rounds(int max_rounds, State& state, Events& events, PlayRound play_round) {
  BattleOutcome outcome;
  while (state.standing.factions() > 1) {
    if (state.round == max_rounds) {
      outcome.rounds = state.round;
      events.ends(-1, outcome.rounds);
      return outcome;
    }
    events.round_begins(++state.round);
    play_round();
  }
  outcome.winner = state.standing.last_faction();
  outcome.rounds = state.round;
  events.ends(outcome.winner, outcome.rounds);
  return outcome;
}

}  // namespace arena
