// The runner's contracts: the same report for any thread count and chunk
// size, replay agreeing with simulation, exact merging, clean stops.
#include "arena/runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "arena/replay.hpp"
#include "arena/report.hpp"
#include "test_util.hpp"

namespace arena {
namespace {

// Every shipped scenario, of every ruleset, by name.
std::vector<std::string> shipped_scenarios() {
  std::vector<std::string> names;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(ARENA_SOURCE_DIR) + "/scenarios")) {
    const std::string name = entry.path().stem().string();
    if (entry.path().extension() == ".json" && name != "schema") names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

Encounter scenario(const std::string& name) {
  auto loaded = load_encounter_file(std::string(ARENA_SOURCE_DIR) + "/scenarios/" + name + ".json");
  EXPECT_TRUE(loaded.has_value()) << name;
  return loaded ? *loaded : Encounter{};
}

std::string report_without_run(const Encounter& e, const RunOptions& options) {
  const RunResult result = run_battles(e, options);
  return format_json(make_report(e, result.tally, ReportOptions{}), /*with_run=*/false);
}

TEST(RunnerTest, ReportIsIdenticalForAnyThreadCountAndChunkOnEveryScenario) {
  for (const std::string& name : shipped_scenarios()) {
    const Encounter e = scenario(name);
    RunOptions options;
    options.battles = 20000;
    options.threads = 1;
    const std::string reference = report_without_run(e, options);
    for (int threads : {2, 3, 8}) {
      options.threads = threads;
      EXPECT_EQ(report_without_run(e, options), reference)
          << name << " with " << threads << " threads";
    }
    options.threads = 3;
    options.chunk = 7;
    EXPECT_EQ(report_without_run(e, options), reference) << name << " with chunks of 7";
  }
}

TEST(RunnerTest, SplitRunsMergeExactlyIntoTheWholeRun) {
  const Encounter e = scenario("goblin-ambush");
  RunOptions whole;
  whole.battles = 9000;
  const Tally all = run_battles(e, whole).tally;
  Tally merged(e);
  for (std::int64_t first : {0, 3000, 6000}) {
    RunOptions part;
    part.first_battle = first;
    part.battles = 3000;
    part.threads = 2;
    merged.merge(run_battles(e, part).tally);
  }
  EXPECT_EQ(merged, all);
}

TEST(RunnerTest, ReplayAgreesWithTheSimulatedBattle) {
  for (const std::string& name : shipped_scenarios()) {
    const Encounter e = scenario(name);
    for (std::int64_t index : {0, 1, 17, 4242, 99999}) {
      RunOptions one;
      one.first_battle = index;
      one.battles = 1;
      const Tally tally = run_battles(e, one).tally;
      const Replay replay = replay_battle(e, index);
      ASSERT_EQ(tally.battles, 1);
      EXPECT_EQ(tally.draws, replay.outcome.winner < 0 ? 1 : 0) << name << " #" << index;
      if (replay.outcome.winner >= 0) {
        EXPECT_EQ(tally.factions[static_cast<std::size_t>(replay.outcome.winner)].wins, 1);
      }
      EXPECT_EQ(tally.rounds.quantile(0.5), replay.outcome.rounds);
      for (std::size_t c = 0; c < e.combatants.size(); ++c) {
        EXPECT_EQ(tally.combatants[c].damage_dealt.quantile(0.5), replay.results[c].damage_dealt);
        EXPECT_EQ(tally.combatants[c].dead, replay.results[c].fate == Fate::Dead ? 1 : 0);
        EXPECT_EQ(tally.combatants[c].down, replay.results[c].fate == Fate::Down ? 1 : 0);
        EXPECT_EQ(tally.combatants[c].knockouts.quantile(0.5), replay.results[c].knockouts);
      }
    }
  }
}

TEST(RunnerTest, ReplayTextNamesTheWinnerAndEveryAttack) {
  const Encounter e = scenario("knight-vs-ogre");
  const Replay replay = replay_battle(e, 3);
  EXPECT_NE(replay.text.find("Initiative rolls:"), std::string::npos);
  EXPECT_NE(replay.text.find("vs AC"), std::string::npos);
  const std::string winner =
      replay.outcome.winner < 0 ? "Draw" : "Winner: " + e.factions[replay.outcome.winner].name;
  EXPECT_NE(replay.text.find(winner), std::string::npos);
}

TEST(RunnerTest, AStopRequestEndsTheRunWithAPartialTally) {
  const Encounter e = scenario("knight-vs-ogre");
  std::atomic<bool> stop{true};
  RunOptions options;
  options.battles = 100000;
  options.stop = &stop;
  const RunResult result = run_battles(e, options);
  EXPECT_TRUE(result.partial);
  EXPECT_LT(result.tally.battles, options.battles);
}

TEST(RunnerTest, ProgressReachesTheTotal) {
  const Encounter e = scenario("knight-vs-ogre");
  RunOptions options;
  options.battles = 5000;
  std::int64_t last = -1;
  options.progress = [&](std::int64_t done) {
    EXPECT_GE(done, last);
    last = done;
  };
  run_battles(e, options);
  EXPECT_EQ(last, 5000);
}

}  // namespace
}  // namespace arena
