#include "arena/runner.hpp"

#include <chrono>
#include <thread>
#include <vector>

#include "arena/battle.hpp"
#include "arena/battle_dice.hpp"

namespace arena {

namespace {

struct SharedWork {
  const Encounter& encounter;
  const BattlePlan& plan;
  const RunOptions& options;
  std::atomic<std::int64_t> next_chunk{0};
  std::atomic<std::int64_t> done{0};
  std::int64_t chunks = 0;
};

bool stop_requested(const RunOptions& options) {
  return options.stop != nullptr && options.stop->load(std::memory_order_relaxed);
}

void work(SharedWork& shared, Tally& tally) {
  const RunOptions& options = shared.options;
  BattleState state;
  while (!stop_requested(options)) {
    const std::int64_t chunk = shared.next_chunk.fetch_add(1, std::memory_order_relaxed);
    if (chunk >= shared.chunks) break;
    const std::int64_t begin = chunk * options.chunk;
    const std::int64_t end = std::min(begin + options.chunk, options.battles);
    for (std::int64_t i = begin; i < end; ++i) {
      BattleDice dice(shared.encounter.seed, static_cast<std::uint64_t>(options.first_battle + i));
      const BattleOutcome outcome = play_battle(shared.encounter, shared.plan, state, dice);
      tally.add(shared.encounter, state, outcome);
      if (options.winners != nullptr) {
        (*options.winners)[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(outcome.winner);
      }
    }
    shared.done.fetch_add(end - begin, std::memory_order_relaxed);
  }
}

}  // namespace

int resolve_thread_count(int requested) {
  if (requested > 0) return requested;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

RunResult run_battles(const Encounter& encounter, const RunOptions& options) {
  ARENA_CHECK(options.chunk > 0 && options.battles >= 0);
  const auto start = std::chrono::steady_clock::now();
  const BattlePlan plan(encounter);
  if (options.winners != nullptr) options.winners->assign(static_cast<std::size_t>(options.battles), -1);
  SharedWork shared{encounter, plan, options};
  shared.chunks = (options.battles + options.chunk - 1) / options.chunk;
  RunResult result;
  result.threads = static_cast<int>(
      std::min<std::int64_t>(resolve_thread_count(options.threads), std::max<std::int64_t>(shared.chunks, 1)));
  std::vector<Tally> tallies(static_cast<std::size_t>(result.threads), Tally(encounter));
  std::vector<std::thread> workers;
  for (int t = 1; t < result.threads; ++t) {
    workers.emplace_back(work, std::ref(shared), std::ref(tallies[static_cast<std::size_t>(t)]));
  }
  if (options.progress) {
    // The calling thread reports progress while the workers play.
    std::thread first(work, std::ref(shared), std::ref(tallies[0]));
    while (shared.done.load() < options.battles && !stop_requested(options)) {
      options.progress(shared.done.load());
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    first.join();
    options.progress(shared.done.load());
  } else {
    work(shared, tallies[0]);
  }
  for (std::thread& worker : workers) worker.join();
  result.tally = Tally(encounter);
  for (const Tally& tally : tallies) result.tally.merge(tally);
  result.partial = result.tally.battles < options.battles;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace arena
