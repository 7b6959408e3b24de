// run_battles_with<Engine>: the worker loop of run_battles (runner.hpp) for
// one ruleset's battle engine. Each ruleset instantiates it once (its
// run.cpp), so the ruleset is chosen once per run and a battle makes no
// virtual call. Private to libarena.
//
// An Engine is a ruleset's battle code behind four names:
//   Engine::Plan       the encounter compiled for battles, built once per
//                      run from the Encounter and shared read-only;
//   Engine::State      the state of one battle, reused by a worker;
//   Engine::play(plan, state, dice) -> BattleOutcome, one whole battle
//                      with BattleDice (state reset there);
//   Engine::results(plan, state, span<CombatantResult>), what the battle
//                      did to each combatant, for the tally.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <span>
#include <thread>
#include <vector>

#include "arena/battle_dice.hpp"
#include "arena/runner.hpp"

namespace arena::detail {

// How many battles a worker plays between two looks at the stop flag.
inline constexpr std::int64_t kBattlesBetweenStopChecks = 4;

inline bool stop_requested(const RunOptions& options) {
  return options.stop != nullptr && options.stop->load(std::memory_order_relaxed);
}

template <class Engine>
struct SharedWork {
  const Encounter& encounter;
  const typename Engine::Plan& plan;
  const RunOptions& options;
  std::int64_t chunks = 0;
  // The only writes the workers share, once per chunk of battles: each on
  // a cache line of its own.
  alignas(64) std::atomic<std::int64_t> next_chunk{0};
  alignas(64) std::atomic<std::int64_t> done{0};
};

// What a worker hands back, alone on its cache lines: nothing a worker
// writes while it plays is near anything another worker writes.
struct alignas(64) WorkerResult {
  Tally tally;
};

// Plays chunks until none is left. The tally, the battle state and the
// results are made here, on the worker's own thread, so that their memory
// comes from that thread's allocator arena and no cache line is shared with
// another worker or with the plan; the tally is moved out once, at the end.
template <class Engine>
void work(SharedWork<Engine>& shared, WorkerResult& out) {
  const RunOptions& options = shared.options;
  Tally tally(shared.encounter);
  typename Engine::State state;
  std::vector<CombatantResult> results(shared.encounter.combatants.size());
  while (!stop_requested(options)) {
    const std::int64_t chunk = shared.next_chunk.fetch_add(1, std::memory_order_relaxed);
    if (chunk >= shared.chunks) break;
    const std::int64_t begin = chunk * options.chunk;
    std::int64_t end = std::min(begin + options.chunk, options.battles);
    // Ctrl-C is heeded every few battles, not only between chunks: a chunk
    // of long battles took many seconds (a stopped run is partial anyway).
    // The check has a loop of its own: inside the battle loop, GCC stopped
    // inlining the battle into it, and 5e battles cost 3% more instructions.
    for (std::int64_t slice = begin; slice < end; slice += kBattlesBetweenStopChecks) {
      if (stop_requested(options)) [[unlikely]] {
        end = slice;
        break;
      }
      const std::int64_t slice_end = std::min(slice + kBattlesBetweenStopChecks, end);
      for (std::int64_t i = slice; i < slice_end; ++i) {
        BattleDice dice(shared.encounter.seed,
                        static_cast<std::uint64_t>(options.first_battle + i));
        const BattleOutcome outcome = Engine::play(shared.plan, state, dice);
        Engine::results(shared.plan, state, std::span<CombatantResult>(results));
        tally.add(shared.encounter, outcome, results);
        if (options.winners != nullptr) {
          (*options.winners)[static_cast<std::size_t>(i)] =
              static_cast<std::int8_t>(outcome.winner);
        }
      }
    }
    shared.done.fetch_add(end - begin, std::memory_order_relaxed);
  }
  out.tally = std::move(tally);
}

template <class Engine>
RunResult run_battles_with(const Encounter& encounter, const RunOptions& options) {
  ARENA_CHECK(options.chunk > 0 && options.battles >= 0);
  const auto start = std::chrono::steady_clock::now();
  const typename Engine::Plan plan(encounter);
  if (options.winners != nullptr)
    options.winners->assign(static_cast<std::size_t>(options.battles), -1);
  SharedWork<Engine> shared{encounter, plan, options};
  shared.chunks = (options.battles + options.chunk - 1) / options.chunk;
  RunResult result;
  result.threads = static_cast<int>(std::min<std::int64_t>(
      resolve_thread_count(options.threads), std::max<std::int64_t>(shared.chunks, 1)));
  std::vector<WorkerResult> tallies(static_cast<std::size_t>(result.threads));
  std::vector<std::thread> workers;
  // Every worker is a new thread, the calling one included: a worker on
  // the calling thread allocated its battle state in the allocator arena
  // that holds the plan, next to what every other worker reads, and that
  // false sharing cost up to a third of the speed at 2 threads.
  for (int t = 0; t < result.threads; ++t) {
    workers.emplace_back(work<Engine>, std::ref(shared),
                         std::ref(tallies[static_cast<std::size_t>(t)]));
  }
  if (options.progress) {
    // The calling thread reports progress while the workers play.
    while (shared.done.load() < options.battles && !stop_requested(options)) {
      options.progress(shared.done.load());
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  for (std::thread& worker : workers) worker.join();
  if (options.progress) options.progress(shared.done.load());
  result.tally = Tally(encounter);
  for (const WorkerResult& worker : tallies) result.tally.merge(worker.tally);
  result.partial = result.tally.battles < options.battles;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace arena::detail
