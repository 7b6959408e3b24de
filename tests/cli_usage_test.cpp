// Every misuse of the command line gets the one error format: "error: ..."
// first on stderr, a did-you-mean when a known name is close, exit code 2 and
// nothing on stdout.
#include <gtest/gtest.h>

#include <string>

#include "cli_util.hpp"

namespace arena::testing {
namespace {

struct Misuse {
  const char* args;
  const char* message;  // the first line of stderr, after "error: "
};

const Misuse kMisuses[] = {
    {"",
     "'arena' needs a command: simulate, validate, replay, sweep, compare, check, merge, "
     "library, roll, shoot, help"},
    {"simulat scenarios/wolf-pack.json",
     "unknown command 'simulat' for 'arena' (did you mean 'simulate'?)"},
    {"frobnicate", "unknown command 'frobnicate' for 'arena'"},
    {"--bogus simulate scenarios/wolf-pack.json", "unknown option '--bogus' for 'arena'"},
    {"simulate scenarios/wolf-pack.json --thread 2",
     "unknown option '--thread' for 'arena simulate' (did you mean '--threads'?)"},
    {"simulate scenarios/wolf-pack.json --thread=2",
     "unknown option '--thread' for 'arena simulate' (did you mean '--threads'?)"},
    {"simulate scenarios/wolf-pack.json -x", "unknown option '-x' for 'arena simulate'"},
    {"roll 2d6 --stat", "unknown option '--stat' for 'arena roll' (did you mean '--stats'?)"},
    {"library shw goblin", "unknown command 'shw' for 'arena library' (did you mean 'show'?)"},
    {"library",
     "'arena library' needs a command: monsters, show, coverage, models, weapons, armor"},
    {"simulate scenarios/wolf-pack.json -n 0",
     "--battles: '0' is not a whole number from 1 to 1000000000"},
    // CLI11 said "Value 1e5 not in range", and "1 required INT:INT in [1 -
    // 1000000000] missing" for no value at all.
    {"simulate scenarios/wolf-pack.json -n 1e5",
     "--battles: '1e5' is not a whole number from 1 to 1000000000"},
    {"simulate scenarios/wolf-pack.json -n", "--battles needs a value"},
    {"simulate scenarios/wolf-pack.json --set", "--set needs a value"},
    {"roll 2d6 --count 99999999999999999999",
     "--count: '99999999999999999999' is not a whole number from 1 to 10000000"},
    {"library coverage --top -1", "--top: '-1' is not a whole number from 0 to 100000"},
    {"simulate scenarios/wolf-pack.json --threads many",
     "--threads: 'many' is not a whole number from 0 to 1024"},
    {"simulate scenarios/wolf-pack.json --format xml",
     "--format: 'xml' is not one of table, json, csv, tally"},
    {"simulate scenarios/wolf-pack.json --format jsn",
     "--format: 'jsn' is not one of table, json, csv, tally (did you mean 'json'?)"},
    {"--log-level loud simulate scenarios/wolf-pack.json",
     "--log-level: 'loud' is not one of trace, debug, info, warn, error, off"},
    {"--log-level simulate scenarios/wolf-pack.json",
     "--log-level needs a value before the command 'simulate'"},
    {"--log-level simulate", "--log-level needs a value before the command 'simulate'"},
    {"simulate", "'arena simulate' needs FILE: Encounter file (JSON)"},
    {"merge", "'arena merge' needs FILES: Tally files (simulate --shard K/N --format tally)"},
    {"simulate scenarios/wolf-pack.json scenarios/goblin-ambush.json",
     "unexpected argument 'scenarios/goblin-ambush.json' for 'arena simulate' (it takes one "
     "FILE)"},
    // CLI11 listed them in reverse order.
    {"roll 1d6 2d6 3d6",
     "unexpected arguments '2d6', '3d6' for 'arena roll' (it takes one "
     "EXPRESSION)"},
    {"library monsters goblin",
     "unexpected argument 'goblin' for 'arena library monsters' (it takes options only)"},
    {"simulate scenarios/wolf-pack.json -- -n",
     "unexpected argument '-n' for 'arena simulate' (it takes one FILE)"},
    {"sweep scenarios/wolf-pack.json", "'arena sweep' needs --vary"},
    {"check scenarios/wolf-pack.json", "'arena check' needs --baseline"},
    {"help simulat", "unknown command 'simulat' for 'arena' (did you mean 'simulate'?)"},
    {"help library shw", "unknown command 'shw' for 'arena library' (did you mean 'show'?)"},
    {"replay scenarios/wolf-pack.json --battle -3",
     "--battle: '-3' is not a whole number from 0 to 999999999"},
    // No comparison with "nan" is true, so a range alone would let it
    // through: a check at alpha nan passed every regression.
    {"simulate scenarios/wolf-pack.json --precision nan",
     "--precision: 'nan' is not a number from 1e-06 to 0.5"},
    {"check scenarios/wolf-pack.json --baseline b.json --alpha nan",
     "--alpha: 'nan' is not a number from 1e-15 to 0.5"},
    {"check scenarios/wolf-pack.json --baseline b.json --alpha 0",
     "--alpha: '0' is not a number from 1e-15 to 0.5"},
    {"check scenarios/wolf-pack.json --baseline b.json --tolerance NaN",
     "--tolerance: 'NaN' is not a number from 0 to 1000000000"},
    // CLI11 said "Could not convert: --quantiles = abc".
    {"simulate scenarios/wolf-pack.json --quantiles 0.5,abc",
     "--quantiles: 'abc' is not a number above 0 and at most 1"},
    {"merge part.json --quantiles 2", "--quantiles: '2' is not a number above 0 and at most 1"},
    {"shoot scenarios/destroyer-vs-ironclad.json --focus abc",
     "--focus: 'abc' is not a whole number from 0 to 10"},
    // check reports at the baseline's levels: it took --quantiles and ignored it.
    {"check scenarios/wolf-pack.json --baseline b.json --quantiles 0.5",
     "unknown option '--quantiles' for 'arena check'"},
    // A seed is digits only: "-1" was taken as 2^64 - 1, and a larger
    // number clamped to it.
    {"simulate scenarios/wolf-pack.json --seed -1",
     "--seed: '-1' is not a seed: expected a whole number from 0 to 18446744073709551615"},
    {"replay scenarios/wolf-pack.json --seed 18446744073709551616",
     "--seed: '18446744073709551616' is not a seed: expected a whole number from 0 to "
     "18446744073709551615"},
    {"roll 1d6 --seed 1x",
     "--seed: '1x' is not a seed: expected a whole number from 0 to 18446744073709551615"},
    // A path that cannot be written is found before the battles, not after.
    {"simulate scenarios/wolf-pack.json -o /nonexistent/report.txt",
     "--output: '/nonexistent/report.txt': cannot write: No such file or directory"},
    {"simulate scenarios/wolf-pack.json --html scenarios",
     "--html: 'scenarios': cannot write: is a directory"},
    {"simulate scenarios/wolf-pack.json -o README.md/report.txt",
     "--output: 'README.md/report.txt': cannot write: Not a directory"},
    {"shoot scenarios/destroyer-vs-ironclad.json --plot /nonexistent/plot.svg",
     "--plot: '/nonexistent/plot.svg': cannot write: No such file or directory"},
    // CLI11 said "--battles: At Most 1 required but received 2".
    {"simulate scenarios/wolf-pack.json -n 10 -n 20",
     "--battles is given more than once (it takes one value)"},
    // std::stod read hex and skipped blanks, where every other number flag refuses them.
    {"shoot scenarios/destroyer-vs-ironclad.json --distances 0x10",
     "--distances \"0x10\": expected FROM:TO:STEP in inches (0:21:0.5) or one distance, from 0 "
     "to 1000"},
    // Misuses found once the flags are parsed get the usage line as well.
    {"simulate scenarios/wolf-pack.json --quantiles 0.5,0.9,0.5",
     "--quantiles: 0.5 is given twice"},
    {"simulate scenarios/wolf-pack.json --precision 0.01 -n 100",
     "--precision plays until precise: give --max-battles instead of -n"},
    {"simulate scenarios/wolf-pack.json --max-battles 100",
     "--max-battles applies to --precision runs only: use -n for a fixed count"},
    {"compare scenarios/wolf-pack.json --variant ' :' --variant b:",
     "--variant ' :': the name before the colon is blank"},
    {"compare scenarios/wolf-pack.json --variant a:",
     "compare needs at least two variants: --variant NAME:PATH=VALUE[;PATH=VALUE...] twice or "
     "more (NAME: alone for the file as it is), or several files"},
    {"sweep scenarios/wolf-pack.json --vary seed=1,1", "--vary seed=1,1: 1 is given twice"},
    // An exact distribution rolls nothing: the count and the seed were ignored.
    {"roll d6 --stats -n 3", "--count and --stats cannot be given together"},
    {"roll d6 --seed 5 --stats", "--seed and --stats cannot be given together"},
    {"sweep scenarios/wolf-pack.json --vary seed", "--vary seed: expected PATH=V1,V2,..."},
};

TEST(CliUsageTest, EveryMisuseGetsTheOneErrorFormat) {
  for (const Misuse& misuse : kMisuses) {
    const Output o = arena(misuse.args);
    SCOPED_TRACE(misuse.args);
    EXPECT_EQ(o.exit_code, 2);
    EXPECT_EQ(o.out, "");
    const std::string first_line = o.err.substr(0, o.err.find('\n'));
    EXPECT_EQ(first_line, std::string("error: ") + misuse.message);
    // The second and last line says where the usage is.
    EXPECT_NE(o.err.find("\nRun 'arena"), std::string::npos) << o.err;
    EXPECT_TRUE(o.err.ends_with(" --help' for its usage.\n")) << o.err;
  }
}

// A value that does not fit the file is bad input, not misuse (no usage
// line): its message names the flag that gave it, --set, a sweep's --vary
// or a compare --variant, as the user wrote it (they all said --set).
TEST(CliUsageTest, AnOverrideErrorNamesTheFlagThatGaveTheValue) {
  const Misuse cases[] = {
      {"simulate scenarios/wolf-pack.json --set max_rounds=many",
       "--set max_rounds=many: /max_rounds: expected an integer, found the string \"many\""},
      // A seed is from 0 to 2^64 - 1, as --seed takes it.
      {"simulate scenarios/wolf-pack.json --set seed=-1",
       "--set seed=-1: /seed: -1 is out of range: must be from 0 to 18446744073709551615"},
      // Above 2^63 - 1 any other integer is out of range (nlohmann reads it unsigned).
      {"simulate scenarios/wolf-pack.json --set max_rounds=18446744073709551615",
       "--set max_rounds=18446744073709551615: /max_rounds: 18446744073709551615 is out of range: "
       "must be from 1 to 100000"},
      {"sweep scenarios/wolf-pack.json --vary max_rounds=3,many",
       "--vary max_rounds=many: /max_rounds: expected an integer, found the string \"many\""},
      {"compare scenarios/wolf-pack.json --variant long:max_round=200 --variant plain:",
       "--variant long:max_round=200: /max_round: unknown key \"max_round\" (did you mean "
       "'max_rounds'?)"},
      // A problem the override made elsewhere: a name it duplicated, a key it removed. The
      // file was blamed ("scenarios/knight-vs-ogre.json:9:15: /factions/1/name: ...").
      {"validate scenarios/knight-vs-ogre.json --set factions.Knight.name=Ogre",
       "--set factions.Knight.name=Ogre: /factions/1/name: duplicate faction name \"Ogre\" "
       "(also /factions/0)"},
      {"validate scenarios/knight-vs-ogre.json --set factions=null",
       "--set factions=null: /: missing required key \"factions\""},
      {"validate scenarios/goblin-ambush.json --set factions.Heroes.members.Fighter.hp=null",
       "--set factions.Heroes.members.Fighter.hp=null: /factions/0/members/0: missing required "
       "key \"hp\" (a number, or dice such as \"2d8+2\"; or the class's \"hit_die\", "
       "\"d10\", to take them from level and CON)"},
  };
  for (const Misuse& misuse : cases) {
    const Output o = arena(misuse.args);
    SCOPED_TRACE(misuse.args);
    EXPECT_EQ(o.exit_code, 2);
    EXPECT_EQ(o.out, "");
    EXPECT_EQ(o.err, std::string("error: ") + misuse.message + "\n");
  }
}

// Under rules a --vary or --set chose, a file's values may not fit: the
// last line says which override chose the rules the problems are under.
TEST(CliUsageTest, ProblemsUnderRulesAnOverrideChoseNameTheOverride) {
  for (const char* args : {"sweep scenarios/goblin-ambush.json --vary rules=5e,knave -n 10",
                           "simulate scenarios/goblin-ambush.json --set rules=oldschool -n 10"}) {
    SCOPED_TRACE(args);
    const Output o = arena(args);
    EXPECT_EQ(o.exit_code, 2);
    EXPECT_NE(o.err.find("error: scenarios/goblin-ambush.json:13:30: /factions/0/members/0/pc: "
                         "unknown key \"pc\""),
              std::string::npos)
        << o.err;
    const std::string source =
        std::string(args).find("sweep") == 0 ? "--vary rules=knave" : "--set rules=oldschool";
    EXPECT_TRUE(o.err.ends_with("error: " + source +
                                ": the file was read under these rules; the problems above are "
                                "its values under them\n"))
        << o.err;
  }
  // Not when the override's own value is the problem.
  const Output own = arena("simulate scenarios/goblin-ambush.json --set rules=knav");
  EXPECT_EQ(own.exit_code, 2);
  // Nor are the members judged by rules the file did not ask for: one line.
  EXPECT_EQ(own.err,
            "error: --set rules=knav: /rules: unknown rules \"knav\" (did you mean 'knave'?); "
            "expected one of: 5e, oldschool, warmachine, knave\n");
}

// The rules are a name like any other in a file: any capitalisation.
TEST(CliUsageTest, TheRulesAreReadInAnyCase) {
  const Output plain = arena("validate scenarios/knave-ogre.json");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  for (const char* rules : {"Knave", "KNAVE"}) {
    const Output capital =
        arena(std::string("validate scenarios/knave-ogre.json --set rules=") + rules);
    EXPECT_EQ(capital.exit_code, 0) << capital.err;
    EXPECT_EQ(capital.out, plain.out);
  }
}

// `arena help [COMMAND...]` prints what `arena COMMAND --help` prints.
TEST(CliUsageTest, HelpCommandPrintsTheUsageOfTheCommandNamed) {
  for (const char* command : {"", "simulate", "library show", "roll"}) {
    SCOPED_TRACE(command);
    const Output help = arena(std::string("help ") + command);
    const Output flag = arena(std::string(command) + " --help");
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_EQ(flag.exit_code, 0);
    EXPECT_EQ(help.out, flag.out);
    EXPECT_NE(help.out.find("Usage: arena"), std::string::npos);
  }
}

TEST(CliUsageTest, TheHelpLineNamesTheCommandThatWasMisused) {
  EXPECT_TRUE(arena("roll 2d6 --stat").err.ends_with("Run 'arena roll --help' for its usage.\n"));
  EXPECT_TRUE(arena("library shw x").err.ends_with("Run 'arena library --help' for its usage.\n"));
  EXPECT_TRUE(arena("simulat").err.ends_with("Run 'arena --help' for its usage.\n"));
}

TEST(CliUsageTest, TheLogLevelMayFollowTheCommand) {
  const Output o = arena("simulate scenarios/wolf-pack.json -n 10 --log-level error");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.err, "");
}

TEST(CliUsageTest, ThreadsZeroIsDocumentedAsAllHardwareThreads) {
  for (const char* command : {"simulate", "sweep", "compare", "check"}) {
    const Output o = arena(std::string(command) + " --help");
    EXPECT_EQ(o.exit_code, 0) << command;
    EXPECT_NE(o.out.find("(0: all hardware threads)"), std::string::npos) << command;
  }
}

}  // namespace
}  // namespace arena::testing
