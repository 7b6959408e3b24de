// End-to-end tests of the `arena` binary: what a user types, what they see.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_util.hpp"

namespace {

using arena::testing::arena;
using arena::testing::Output;
using arena::testing::slurp;

const char* const kScenarios[] = {"goblin-ambush", "knight-vs-ogre", "wolf-pack",
                                  "fighter-greatsword", "fighter-sword-and-shield"};

TEST(CliTest, SimulatePrintsATableForEveryShippedScenario) {
  for (const char* name : kScenarios) {
    const Output o = arena(std::string("simulate scenarios/") + name + ".json -n 2000");
    EXPECT_EQ(o.exit_code, 0) << name << o.err;
    EXPECT_NE(o.out.find("95% interval"), std::string::npos) << name;
    EXPECT_NE(o.out.find("2000 battles"), std::string::npos) << name;
    EXPECT_EQ(o.err, "") << "no progress bar when stderr is not a terminal";
  }
}

TEST(CliTest, SimulateJsonIsTheSameForOneAndThreeThreads) {
  const Output one =
      arena("simulate scenarios/goblin-ambush.json -n 5000 --threads 1 --format json");
  const Output three =
      arena("simulate scenarios/goblin-ambush.json -n 5000 --threads 3 --format json");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  auto a = nlohmann::json::parse(one.out);
  auto b = nlohmann::json::parse(three.out);
  EXPECT_EQ(a["run"]["threads"], 1);
  EXPECT_EQ(b["run"]["threads"], 3);
  a.erase("run");
  b.erase("run");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a["battles"], 5000);
  EXPECT_EQ(a["scenario"], "Goblin ambush");
}

TEST(CliTest, SimulateOverridesSeedAndQuantiles) {
  const Output o = arena(
      "simulate scenarios/knight-vs-ogre.json -n 1000 --seed 5 --quantiles 0.1,0.9 --format json");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto json = nlohmann::json::parse(o.out);
  EXPECT_EQ(json["seed"], 5);
  EXPECT_EQ(json["rounds"]["quantiles"].size(), 2u);
  EXPECT_TRUE(json["rounds"]["quantiles"].contains("0.9"));
}

// A seed is from 0 to 2^64 - 1, whether --seed or the file gives it.
TEST(CliTest, TheLargestSeedIsTheSameFromTheFileAndFromTheFlag) {
  const std::string largest = "18446744073709551615";
  const Output flag =
      arena("simulate scenarios/wolf-pack.json -n 300 --format json --seed " + largest);
  const Output file =
      arena("simulate scenarios/wolf-pack.json -n 300 --format json --set seed=" + largest);
  ASSERT_EQ(flag.exit_code, 0) << flag.err;
  ASSERT_EQ(file.exit_code, 0) << file.err;
  auto a = nlohmann::json::parse(flag.out);
  auto b = nlohmann::json::parse(file.out);
  EXPECT_EQ(a["seed"].get<std::uint64_t>(), UINT64_MAX);
  a.erase("run");
  b.erase("run");
  EXPECT_EQ(a, b);
}

TEST(CliTest, SimulateCsvStartsWithItsHeader) {
  const Output o = arena("simulate scenarios/wolf-pack.json -n 500 --format csv");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_TRUE(o.out.starts_with("kind,name,faction,battles,wins"));
}

TEST(CliTest, ReplayPlaysTheRequestedBattle) {
  const Output o = arena("replay scenarios/knight-vs-ogre.json --battle 12");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_TRUE(o.out.starts_with("Battle 12 of \"Knight against an ogre\" (seed 7)"));
  EXPECT_NE(o.out.find("Knight attacks Ogre with Greatsword: d20"), std::string::npos);
  EXPECT_EQ(o.err, "");
  // A battle past the file's run is played, with a note that no report of it holds it.
  const Output past = arena("replay scenarios/knight-vs-ogre.json --battle 100000");
  ASSERT_EQ(past.exit_code, 0) << past.err;
  EXPECT_TRUE(past.out.starts_with("Battle 100000 of"));
  EXPECT_EQ(past.err,
            "note: --battle 100000: the file's run plays battles 0 to 99999; this one is played by "
            "a run of -n 100001 or more\n");
}

// A natural 1 at two failures is the third failure: the count stops at 3.
TEST(CliTest, ReplayCountsANatural1AtTwoFailuresAsTheThird) {
  const Output o = arena("replay scenarios/goblin-ambush.json --battle 17");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("Fighter death save: d20 1: natural 1, two failures, the third: dies (1 "
                       "successes, 3 failures)\n"),
            std::string::npos)
      << o.out;
  EXPECT_EQ(o.out.find("4 failures"), std::string::npos);
}

TEST(CliTest, ValidateShowsTheDerivedGoblinBoss) {
  const Output o = arena("validate scenarios/goblin-ambush.json");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("AC 17 (chain shirt: 13 + DEX 2 (max 2) + shield 2)"), std::string::npos)
      << o.out;
}

TEST(CliTest, BadInputExitsTwoWithNothingOnStdout) {
  const Output missing = arena("simulate no/such/file.json");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.out, "");
  EXPECT_EQ(missing.err, "error: no/such/file.json: cannot open: No such file or directory\n");
  const Output usage = arena("simulate scenarios/wolf-pack.json --threads many");
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_EQ(usage.out, "");
  const Output quantile = arena("simulate scenarios/wolf-pack.json --quantiles 0.5,1.5");
  EXPECT_EQ(quantile.exit_code, 2);
  EXPECT_NE(quantile.err.find("--quantiles: '1.5' is not a number above 0 and at most 1"),
            std::string::npos);
  // 0 is no level, and the help says so: (0 - 1].
  const Output zero = arena("simulate scenarios/wolf-pack.json --quantiles 0,0.5");
  EXPECT_EQ(zero.exit_code, 2);
  EXPECT_NE(zero.err.find("--quantiles: '0' is not a number above 0 and at most 1"),
            std::string::npos);
  EXPECT_NE(arena("simulate --help").out.find("--quantiles FLOAT:NUMBER in (0 - 1]"),
            std::string::npos);
  // A level twice made two table columns, two CSV columns of one name and one JSON key.
  const Output twice = arena("simulate scenarios/wolf-pack.json --quantiles 0.5,0.9,0.5");
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_EQ(twice.err,
            "error: --quantiles: 0.5 is given twice\nRun 'arena simulate --help' for its usage.\n");
  const Output dice = arena("roll 2d6+");
  EXPECT_EQ(dice.exit_code, 2);
  EXPECT_EQ(dice.err,
            "error: bad dice expression at column 5: expected dice or a number after '+'\n  2d6+\n "
            "     ^\n");
}

TEST(CliTest, HelpAndVersion) {
  const Output help = arena("--help");
  EXPECT_EQ(help.exit_code, 0);
  for (const char* command : {"simulate", "validate", "replay", "roll"}) {
    EXPECT_NE(help.out.find(command), std::string::npos) << command;
  }
  const Output sub = arena("simulate --help");
  EXPECT_NE(sub.out.find("Examples:"), std::string::npos);
  const Output version = arena("--version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_TRUE(version.out.starts_with("arena "));
}

TEST(CliTest, RollStatsPrintsTheExactDistribution) {
  const Output o = arena("roll 2d6+3 --stats");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("mean 10.0000"), std::string::npos);
  EXPECT_NE(o.out.find("min 5   max 15"), std::string::npos);
  EXPECT_NE(o.out.find("     10   6/36       16.67%"), std::string::npos) << o.out;
  const Output json = arena("roll 4d6kh3 --stats --format json");
  EXPECT_NEAR(nlohmann::json::parse(json.out)["mean"].get<double>(), 12.2446, 1e-4);
  EXPECT_EQ(nlohmann::json::parse(json.out)["outcomes"].dump(), "1296");  // a count, not 1296.0
  EXPECT_NE(arena("roll 1d6-1d6 --stats").out.find("mean 0.0000 "), std::string::npos);
}

TEST(CliTest, RollWithASeedIsReproducible) {
  const Output a = arena("roll 3d6 -n 20 --seed 9");
  const Output b = arena("roll 3d6 -n 20 --seed 9");
  EXPECT_EQ(a.out, b.out);
  EXPECT_EQ(std::count(a.out.begin(), a.out.end(), '\n'), 20);
}

}  // namespace

namespace {

TEST(CliTest, CtrlCStopsCleanlyAndReportsThePartialRun) {
  // A run far too long to finish; SIGINT after 1.5 s (time enough to start under a sanitizer).
  const std::string stem = ::testing::TempDir() + "arena_cli_sigint_" + std::to_string(::getpid());
  // The same as CSV beside it, which has no place to say so: a warning does.
  const std::string run =
      std::string(ARENA_BINARY) + " simulate scenarios/goblin-ambush.json -n 1000000000 --format ";
  const std::string command = std::string("cd ") + ARENA_SOURCE_DIR + " && (" + run + "json > " +
                              stem + ".out 2> " + stem + ".err & pid=$!; " + run + "csv > " + stem +
                              ".csv 2> " + stem + ".csv.err & csv=$!; sleep 1.5; kill -INT $pid " +
                              "$csv; wait $csv && wait $pid)";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  const auto json = nlohmann::json::parse(slurp(stem + ".out"));
  const std::string csv_warning = slurp(stem + ".csv.err");
  for (const char* suffix : {".out", ".err", ".csv", ".csv.err"})
    std::remove((stem + suffix).c_str());
  EXPECT_NE(csv_warning.find("warning: interrupted: this CSV is of the "), std::string::npos)
      << csv_warning;
  EXPECT_NE(csv_warning.find(" battles that finished, not the 1000000000 requested"),
            std::string::npos)
      << csv_warning;
  EXPECT_EQ(json["partial"], true);
  EXPECT_EQ(json["requested_battles"], 1000000000);
  EXPECT_GT(json["battles"].get<std::int64_t>(), 0);
  EXPECT_LT(json["battles"].get<std::int64_t>(), 1000000000);
}

// Ctrl-C between two runs of a command that plays many is heeded too: a
// sweep of many rows of one battle each stops with its message and 130,
// where most of its time is spent loading rows (the handler was only in
// place while battles ran, and the signal ended the process); a
// --precision run far from precise reports the interruption as such, not
// its --max-battles.
TEST(CliTest, CtrlCBetweenRunsStopsASweepAndAPrecisionRun) {
  const std::string stem =
      ::testing::TempDir() + "arena_cli_sigint_runs_" + std::to_string(::getpid());
  const std::string sweep = std::string(ARENA_BINARY) +
                            " sweep scenarios/knight-vs-ogre.json -n 1 --format csv "
                            "--vary max_rounds=$(seq -s, 1 1000) --vary seed=$(seq -s, 1 1000)";
  const std::string precise = std::string(ARENA_BINARY) +
                              " simulate scenarios/goblin-ambush.json --precision 0.000001 "
                              "--max-battles 1000000000 --no-progress";
  const std::string command = std::string("cd ") + ARENA_SOURCE_DIR + " && (" + sweep + " > " +
                              stem + ".csv 2> " + stem + ".err & s=$!; " + precise + " > " + stem +
                              ".out & p=$!; sleep 1.5; kill -INT $s $p; " + "wait $s; echo $? > " +
                              stem + ".sweep; wait $p)";
  const int status = std::system(command.c_str());
  const std::string sweep_status = slurp(stem + ".sweep"), sweep_err = slurp(stem + ".err"),
                    table = slurp(stem + ".out");
  for (const char* suffix : {".csv", ".err", ".sweep", ".out"})
    std::remove((stem + suffix).c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(sweep_status, "130\n");
  EXPECT_NE(sweep_err.find("error: interrupted: the sweep did not finish"), std::string::npos)
      << sweep_err;
  EXPECT_NE(table.find("(precision NOT reached: interrupted)"), std::string::npos) << table;
  EXPECT_EQ(table.find("--max-battles hit"), std::string::npos) << table;
}

// Ctrl-C is heeded every few battles: a run of 200 long battles (one chunk
// of the runner's 256) stops within four battles, where it once played the
// whole chunk first.
TEST(CliTest, CtrlCStopsBetweenBattlesNotOnlyBetweenChunks) {
  const std::string stem =
      ::testing::TempDir() + "arena_cli_sigint_battles_" + std::to_string(::getpid());
  {
    // Sixteen creatures that hit each other on a natural 20 only, for 1
    // damage: every battle lasts its 100,000 rounds (some 50 ms here).
    std::ofstream(stem + ".json") << R"({"name": "Long", "max_rounds": 100000, "factions": [
      {"name": "A", "members": [{"name": "Wall A", "hp": 1000000, "ac": 30, "count": 8,
        "attacks": [{"name": "Tap", "to_hit": 0, "damage": "1"}]}]},
      {"name": "B", "members": [{"name": "Wall B", "hp": 1000000, "ac": 30, "count": 8,
        "attacks": [{"name": "Tap", "to_hit": 0, "damage": "1"}]}]}]})";
  }
  const std::string command = std::string("(") + ARENA_BINARY + " simulate " + stem +
                              ".json -n 200 -t 1 --format json > " + stem + ".out 2> " + stem +
                              ".err & pid=$!; sleep 1; kill -INT $pid; wait $pid)";
  const int status = std::system(command.c_str());
  const std::string out = slurp(stem + ".out");
  for (const char* suffix : {".json", ".out", ".err"}) std::remove((stem + suffix).c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  const auto json = nlohmann::json::parse(out);
  EXPECT_EQ(json["partial"], true);
  EXPECT_LT(json["battles"].get<std::int64_t>(), 200);
}

}  // namespace

namespace {

// The report without its timings, which differ from run to run.
nlohmann::json without_run(const std::string& json) {
  auto report = nlohmann::json::parse(json);
  report.erase("run");
  return report;
}

TEST(CliTest, LogLevelInfoSaysWhatWasLoadedAndWhereTheTimeWentOnStderrOnly) {
  const std::string run =
      "simulate scenarios/goblin-ambush.json -n 3000 --seed 5 -t 2 --format json";
  const Output quiet = arena(run);
  const Output info = arena(run + " --log-level info");
  ASSERT_EQ(info.exit_code, 0) << info.err;
  EXPECT_EQ(quiet.err, "");
  EXPECT_EQ(without_run(info.out), without_run(quiet.out));
  for (const char* line :
       {"info: loaded scenarios/goblin-ambush.json: \"Goblin ambush\", 5e rules; the file's "
        "100000 battles, seed 1, at most 100 rounds\n",
        "info: faction Goblins: Goblin 1, Goblin 2, Goblin 3, Goblin 4, Goblin 5, Goblin 6, "
        "Goblin Boss\n",
        "info: resolved /factions/0/members/0/armor: armor \"chain mail\" is Chain Mail\n",
        "info: resolved /factions/0/members/3/weapons/1: weapon \"light crossbow\" is Crossbow, "
        "light\n",
        "info: resolved /factions/1/members/0/monster: monster \"goblin\" is Goblin\n",
        "info: parse ", " ms, resolve ",
        "info: run: battles 0 to 2999, seed 5, on 2 threads, claimed in chunks of 256 (12 "
        "chunks)\n",
        "info: run ", " battles/s\n", "info: report (json) "}) {
    EXPECT_NE(info.err.find(line), std::string::npos) << line << "\n" << info.err;
  }
  EXPECT_EQ(info.err.find("debug:"), std::string::npos);
  const Output debug = arena(run + " --log-level debug");
  EXPECT_EQ(without_run(debug.out), without_run(quiet.out));
  EXPECT_NE(debug.err.find("debug:     HP 28   AC 18 (chain mail: 16 + shield 2)"),
            std::string::npos)
      << debug.err;
}

}  // namespace

namespace {

using arena::testing::arena_on_terminal;

// The win bar of probability p, 20 cells of eighth-blocks, padded to 20 cells.
std::string expected_bar(double p) {
  static const char* const kEighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
  const long eighths = std::lround(p * 20 * 8);
  std::string bar;
  for (long i = 0; i < eighths / 8; ++i) bar += "█";
  bar += kEighths[eighths % 8];
  return bar + std::string(static_cast<std::size_t>(20 - eighths / 8 - (eighths % 8 != 0)), ' ');
}

TEST(CliTest, OnATerminalTheWinColumnGainsAGreenBar) {
  // (No progress bar: its line erasing is the one escape left without colour.)
  const std::string run = "simulate scenarios/goblin-ambush.json -n 2000 --no-progress";
  const auto json = nlohmann::json::parse(arena(run + " --format json").out);
  const double heroes = json["factions"][0]["win_probability"].get<double>();
  const std::string cell = fmt::format("{:.2f}%  ", 100 * heroes);
  const std::string bar = expected_bar(heroes);
  const Output terminal = arena_on_terminal(run);
  ASSERT_EQ(terminal.exit_code, 0) << terminal.err;
  EXPECT_NE(terminal.out.find(cell + "\x1b[32m" + bar + "\x1b[0m"), std::string::npos)
      << terminal.out;
  const Output piped = arena(run);
  EXPECT_NE(piped.out.find(fmt::format("{:.2f}%", 100 * heroes)), std::string::npos);
  EXPECT_EQ(piped.out.find("█"), std::string::npos);
  EXPECT_EQ(piped.out.find("\x1b["), std::string::npos);
  for (const Output& plain :
       {arena_on_terminal(run, "NO_COLOR=1"), arena_on_terminal(run + " --no-color")}) {
    EXPECT_NE(plain.out.find(cell + bar), std::string::npos) << plain.out;
    EXPECT_EQ(plain.out.find("\x1b["), std::string::npos);
  }
  // An empty NO_COLOR does not count (no-color.org).
  EXPECT_NE(arena_on_terminal(run, "NO_COLOR=").out.find("\x1b[32m"), std::string::npos);
}

// With stderr on a terminal the progress bar shows by default (CLI11 once
// set the flag's default to false); --no-progress or a pipe hides it.
TEST(CliTest, OnATerminalTheProgressBarShowsUnlessTurnedOff) {
  const std::string run = "simulate scenarios/knight-vs-ogre.json -n 2000";
  const Output shown = arena_on_terminal(run);
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_NE(shown.out.find("/2000 battles"), std::string::npos) << shown.out;
  EXPECT_EQ(arena_on_terminal(run + " --no-progress").out.find("/2000 battles"), std::string::npos);
  EXPECT_EQ(arena(run).err.find("/2000 battles"), std::string::npos);
  const Output both = arena(run + " --progress --no-progress");
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("error: --progress and --no-progress cannot be given together"),
            std::string::npos);
}

}  // namespace
