// The round loop every ruleset's battle shares: rounds until at most one
// faction stands, max_rounds have passed (a draw) or no one left can hurt
// anyone (a stalemate, stalemate.hpp: a draw at once), with the events a
// replay reports. Plain functions; the ruleset plays each round.
#pragma once

#include "arena/tally.hpp"

namespace arena {

// Plays rounds of a battle whose `state` keeps `round` and `standing` (a
// Standing, standing.hpp) up to date: `play_round()` plays one and may end
// the battle by leaving one faction or none; `stalled()` says, before each
// round, whether no one left can hurt anyone. `events` gets
// round_begins(round) and ends(outcome).
template <class State, class Events, class PlayRound, class Stalled>
BattleOutcome play_rounds(int max_rounds, State& state, Events& events, PlayRound play_round,
                          Stalled stalled) {
  BattleOutcome outcome;
  while (state.standing.factions() > 1) {
    outcome.stalemate = stalled();
    if (state.round == max_rounds || outcome.stalemate) {
      outcome.rounds = state.round;
      events.ends(outcome);
      return outcome;
    }
    events.round_begins(++state.round);
    play_round();
  }
  outcome.winner = state.standing.last_faction();
  outcome.rounds = state.round;
  events.ends(outcome);
  return outcome;
}

}  // namespace arena
