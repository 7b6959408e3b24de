// The frame of every ruleset's `arena replay`: battle `index` played with the
// same dice as in a run (Rng(seed, index)), a heading, and the results the
// tally would count. The ruleset's `play` writes the battle's lines.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arena/battle_dice.hpp"
#include "arena/encounter.hpp"
#include "arena/replay.hpp"

namespace arena {

// `play(plan, state, dice, text)` plays the battle with an event sink that
// appends to `text`, and returns its outcome.
template <class Engine, class Play>
Replay replay_with(const Encounter& encounter, std::int64_t index, Play play) {
  Replay replay;
  replay.text =
      fmt::format("Battle {} of \"{}\" (seed {})\n", index, encounter.name, encounter.seed);
  const typename Engine::Plan plan(encounter);
  typename Engine::State state;
  BattleDice dice(encounter.seed, static_cast<std::uint64_t>(index));
  replay.outcome = play(plan, state, dice, replay.text);
  replay.results.resize(encounter.combatants.size());
  Engine::results(plan, state, replay.results);
  return replay;
}

// The line of a replay for factions tied on side initiative
// (side_initiative.hpp), in the order drawn: "  Tied: A acts before B
// (drawn at random)".
inline std::string initiative_tie_line(const Encounter& encounter, std::span<const int> tied) {
  std::vector<std::string_view> names;
  for (int f : tied) names.push_back(encounter.factions[static_cast<std::size_t>(f)].name);
  return fmt::format("  Tied: {} acts before {} (drawn at random)\n",
                     fmt::join(names.begin(), names.end() - 1, ", "), names.back());
}

// "1 round", "3 rounds".
inline std::string rounds_text(int rounds) {
  return fmt::format("{} round{}", rounds, rounds == 1 ? "" : "s");
}

// How a battle that no one left could win ended (stalemate.hpp): said
// apart from a draw at max_rounds, which the same outcome also is, with
// why no one could (`reason`).
inline std::string stalemate_line(int rounds,
                                  std::string_view reason = "no one left can harm an enemy") {
  return fmt::format("Stalemate after {}: {} (a draw)\n", rounds_text(rounds), reason);
}

// The last line of a replay: "NAME wins after N rounds!", "Draw after N
// rounds" (max_rounds) or the stalemate's line.
inline std::string battle_end_line(const Encounter& encounter, const BattleOutcome& outcome) {
  if (outcome.stalemate) return stalemate_line(outcome.rounds);
  if (outcome.winner < 0) return fmt::format("Draw after {}\n", rounds_text(outcome.rounds));
  return fmt::format("{} wins after {}!\n",
                     encounter.factions[static_cast<std::size_t>(outcome.winner)].name,
                     rounds_text(outcome.rounds));
}

}  // namespace arena
