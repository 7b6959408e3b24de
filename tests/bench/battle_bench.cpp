// Cost of one battle of each shipped scenario on one thread, with the
// production dice and no events, exactly as the runner plays it
// (run_battles.hpp), tally included: the number the hot loop is tuned for.
// And, per scenario, its RNG bound: the cost of drawing just the random
// numbers a battle of it draws (the same BattleDice, as many draws as a
// battle makes on average), which no battle can beat; scripts/bench prints
// the ratio of the two.
//
// Every scenarios/*.json is benchmarked, whatever its ruleset, as
// play/NAME and rng_bound/NAME; guards-vs-goblins and goblin-ambush also
// as hand_written/NAME, the same battles written by hand
// (tests/reference/skirmish.hpp).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <string>
#include <vector>

#include "arena/battle_dice.hpp"
#include "arena/load.hpp"
#include "arena/tally.hpp"
#include "reference/skirmish.hpp"
#include "rules/dnd5e/ruleset.hpp"
#include "rules/knave/ruleset.hpp"
#include "rules/oldschool/ruleset.hpp"
#include "rules/warmachine/ruleset.hpp"

namespace {

// BattleDice that counts what it draws.
struct CountingDice {
  arena::BattleDice dice;
  int draws = 0;
  int check(int sides) { return ++draws, dice.check(sides); }
  int roll(int sides) { return ++draws, dice.roll(sides); }
};

template <class Engine>
void play_battles(benchmark::State& state, const arena::Encounter& encounter) {
  const typename Engine::Plan plan(encounter);
  typename Engine::State battle;
  arena::Tally tally(encounter);
  std::vector<arena::CombatantResult> results(encounter.combatants.size());
  std::uint64_t index = 0;
  for (auto _ : state) {
    arena::BattleDice dice(encounter.seed, index++);
    const arena::BattleOutcome outcome = Engine::play(plan, battle, dice);
    Engine::results(plan, battle, results);
    tally.add(encounter, outcome, results);
  }
  state.SetItemsProcessed(state.iterations());
}

// The draws of `kSample` battles, then as many draws per iteration, in turn.
template <class Engine>
void draw_as_many(benchmark::State& state, const arena::Encounter& encounter) {
  constexpr std::uint64_t kSample = 4096;
  const typename Engine::Plan plan(encounter);
  typename Engine::State battle;
  std::vector<int> draws;
  for (std::uint64_t i = 0; i < kSample; ++i) {
    CountingDice dice{arena::BattleDice(encounter.seed, i)};
    Engine::play(plan, battle, dice);
    draws.push_back(dice.draws);
  }
  std::uint64_t index = 0;
  int sum = 0;
  for (auto _ : state) {
    arena::BattleDice dice(encounter.seed, index);
    for (int k = draws[index % kSample]; k > 0; --k) sum += dice.roll(6);
    ++index;
    benchmark::DoNotOptimize(sum);
  }
  state.counters["draws_per_battle"] =
      static_cast<double>(std::accumulate(draws.begin(), draws.end(), 0LL)) /
      static_cast<double>(kSample);
  state.SetItemsProcessed(state.iterations());
}

// The same battles written by hand (tests/reference/skirmish.hpp), with
// the same dice and the same tally: how fast such a battle can be.
void play_by_hand(benchmark::State& state, const arena::Encounter& encounter,
                  std::span<const arena::reference::Skirmisher> monsters) {
  arena::Tally tally(encounter);
  std::uint64_t index = 0;
  for (auto _ : state) {
    arena::BattleDice dice(encounter.seed, index++);
    const arena::reference::SkirmishOutcome played =
        arena::reference::play_skirmish(monsters, encounter.max_rounds, dice);
    tally.add(encounter, {.winner = played.winner, .rounds = played.rounds},
              std::span(played.results.data(), monsters.size()));
  }
  state.SetItemsProcessed(state.iterations());
}

// The shipped scenarios that the hand-written skirmish plays, by name.
std::vector<arena::reference::Skirmisher> by_hand(const std::string& name) {
  using namespace arena::reference;
  if (name == "guards-vs-goblins")
    return {guard(0), guard(0), guard(0), goblin(1), goblin(1), goblin(1), goblin(1)};
  if (name == "goblin-ambush") return {kGoblinAmbush.begin(), kGoblinAmbush.end()};
  return {};
}

template <class Engine>
void register_scenario(const std::string& name, const arena::Encounter& encounter) {
  benchmark::RegisterBenchmark(("play/" + name).c_str(), [encounter](benchmark::State& state) {
    play_battles<Engine>(state, encounter);
  });
  benchmark::RegisterBenchmark(("rng_bound/" + name).c_str(), [encounter](benchmark::State& state) {
    draw_as_many<Engine>(state, encounter);
  });
  if (const auto monsters = by_hand(name); !monsters.empty()) {
    benchmark::RegisterBenchmark(("hand_written/" + name).c_str(),
                                 [encounter, monsters](benchmark::State& state) {
                                   play_by_hand(state, encounter, monsters);
                                 });
  }
}

const bool kRegistered = [] {
  std::vector<std::filesystem::path> files;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(ARENA_SOURCE_DIR) + "/scenarios")) {
    if (entry.path().extension() == ".json" && entry.path().stem() != "schema")
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    auto encounter = arena::load_encounter_file(file.string());
    if (!encounter) continue;
    const std::string name = file.stem().string();
    const arena::Ruleset rules = encounter->rules;
    if (rules == arena::rulesets::kDnd5e) {
      register_scenario<arena::dnd5e::Engine>(name, *encounter);
    } else if (rules == arena::rulesets::kOldSchool) {
      register_scenario<arena::oldschool::Engine>(name, *encounter);
    } else if (rules == arena::rulesets::kWarmachine) {
      register_scenario<arena::warmachine::Engine>(name, *encounter);
    } else if (rules == arena::rulesets::kKnave) {
      register_scenario<arena::knave::Engine>(name, *encounter);
    }
  }
  return true;
}();

}  // namespace
