// run_battles: plays battles [first, first + count) of an encounter on
// several threads and returns their merged Tally.
//
// Determinism: battle i draws all its randomness from Rng(seed, i), each
// worker tallies the battles it plays, and tallies merge exactly, so the
// result is the same for any thread count and chunk size. Workers claim
// chunks of battles through one atomic counter (the only shared write in
// the hot loop) and reuse one battle state each, so playing a battle does
// not allocate. The encounter's ruleset is looked up once per run
// (rules/registry.hpp); its battles then run without a virtual call.
// Thread-safe to call; the encounter is shared read-only.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "arena/encounter.hpp"
#include "arena/tally.hpp"

namespace arena {

struct RunOptions {
  // Worker threads; 0 means every hardware thread. Default: 0.
  int threads = 0;
  // The battles to play: indices [first_battle, first_battle + battles).
  std::int64_t first_battle = 0;
  std::int64_t battles = 0;
  // Battles per claimed chunk; the result does not depend on it. Default: 256.
  std::int64_t chunk = 256;
  // Called on the calling thread about ten times a second with the number
  // of battles done so far. Default: none.
  std::function<void(std::int64_t)> progress;
  // When set to true (e.g. by a SIGINT handler), workers stop after their
  // current battle and the result is partial. Default: none.
  const std::atomic<bool>* stop = nullptr;
  // When set, resized to `battles` and filled with each battle's winning
  // faction (-1 for a draw), by battle index minus first_battle: the paired
  // outcomes of `arena compare`. Workers write disjoint elements. Default: none.
  std::vector<std::int8_t>* winners = nullptr;
};

struct RunResult {
  Tally tally;
  bool partial = false;  // stopped before all battles were played
  int threads = 1;
  double seconds = 0;
};

RunResult run_battles(const Encounter& encounter, const RunOptions& options);

// The number of worker threads run_battles uses for `requested` (0: all).
int resolve_thread_count(int requested);

}  // namespace arena
