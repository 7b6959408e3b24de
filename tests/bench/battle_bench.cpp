// Cost of one battle of each shipped scenario on one thread, with the
// production dice and no events: the number the hot loop is tuned for.
// Each ruleset's battle is played through its Engine, exactly as the runner
// plays it (run_battles.hpp), tally included.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "arena/battle_dice.hpp"
#include "arena/load.hpp"
#include "arena/tally.hpp"
#include "rules/dnd5e/ruleset.hpp"
#include "rules/oldschool/ruleset.hpp"

namespace {

template <class Engine>
void play_scenario(benchmark::State& state, const char* name) {
  auto encounter =
      arena::load_encounter_file(std::string(ARENA_SOURCE_DIR) + "/scenarios/" + name + ".json");
  if (!encounter) {
    state.SkipWithError("scenario did not load");
    return;
  }
  const typename Engine::Plan plan(*encounter);
  typename Engine::State battle;
  arena::Tally tally(*encounter);
  std::vector<arena::CombatantResult> results(encounter->combatants.size());
  std::uint64_t index = 0;
  for (auto _ : state) {
    arena::BattleDice dice(encounter->seed, index++);
    const arena::BattleOutcome outcome = Engine::play(plan, battle, dice);
    Engine::results(plan, battle, results);
    tally.add(*encounter, outcome, results);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["battles_per_second"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void dnd5e(benchmark::State& state, const char* name) {
  play_scenario<arena::dnd5e::Engine>(state, name);
}
void oldschool(benchmark::State& state, const char* name) {
  play_scenario<arena::oldschool::Engine>(state, name);
}

}  // namespace

BENCHMARK_CAPTURE(dnd5e, goblin_ambush, "goblin-ambush");
BENCHMARK_CAPTURE(dnd5e, knight_vs_ogre, "knight-vs-ogre");
BENCHMARK_CAPTURE(dnd5e, wolf_pack, "wolf-pack");
BENCHMARK_CAPTURE(dnd5e, fighter_greatsword, "fighter-greatsword");
BENCHMARK_CAPTURE(dnd5e, fighter_sword_and_shield, "fighter-sword-and-shield");
BENCHMARK_CAPTURE(dnd5e, young_dragon_party, "young-dragon-party");
BENCHMARK_CAPTURE(dnd5e, undead_horde, "undead-horde");
BENCHMARK_CAPTURE(dnd5e, troll_hunt, "troll-hunt");
BENCHMARK_CAPTURE(oldschool, oldschool_blog, "oldschool-blog");
BENCHMARK_CAPTURE(oldschool, oldschool_blog_upgrade, "oldschool-blog-upgrade");
