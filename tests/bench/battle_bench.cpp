// Cost of one battle of each shipped scenario on one thread, with the
// production dice and no events: the number the hot loop is tuned for.
#include <benchmark/benchmark.h>

#include <string>

#include "arena/battle.hpp"
#include "arena/library.hpp"
#include "arena/resolve.hpp"
#include "arena/battle_dice.hpp"
#include "arena/tally.hpp"

namespace {

void play_scenario(benchmark::State& state, const char* name) {
  auto encounter = arena::load_encounter_file(std::string(ARENA_SOURCE_DIR) + "/scenarios/" + name + ".json",
                                              arena::Library::builtin());
  if (!encounter) {
    state.SkipWithError("scenario did not load");
    return;
  }
  const arena::BattlePlan plan(*encounter);
  arena::BattleState battle;
  arena::Tally tally(*encounter);
  std::uint64_t index = 0;
  for (auto _ : state) {
    arena::BattleDice dice(encounter->seed, index++);
    const arena::BattleOutcome outcome = arena::play_battle(*encounter, plan, battle, dice);
    tally.add(*encounter, battle, outcome);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["battles_per_second"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK_CAPTURE(play_scenario, goblin_ambush, "goblin-ambush");
BENCHMARK_CAPTURE(play_scenario, knight_vs_ogre, "knight-vs-ogre");
BENCHMARK_CAPTURE(play_scenario, wolf_pack, "wolf-pack");
BENCHMARK_CAPTURE(play_scenario, fighter_greatsword, "fighter-greatsword");
BENCHMARK_CAPTURE(play_scenario, fighter_sword_and_shield, "fighter-sword-and-shield");
