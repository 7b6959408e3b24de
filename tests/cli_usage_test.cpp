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
     "library, roll, shoot"},
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
    {"simulate scenarios/wolf-pack.json -n 0", "--battles: Value 0 not in range 1 to 1000000000"},
    {"simulate scenarios/wolf-pack.json --threads many",
     "--threads: Value many not in range 0 to 1024"},
    {"simulate scenarios/wolf-pack.json --format xml",
     "--format: 'xml' is not one of table, json, csv, tally"},
    {"simulate scenarios/wolf-pack.json --format jsn",
     "--format: 'jsn' is not one of table, json, csv, tally (did you mean 'json'?)"},
    {"--log-level loud simulate scenarios/wolf-pack.json",
     "--log-level: 'loud' is not one of trace, debug, info, warn, error, off"},
    {"simulate", "file is required"},
    {"simulate scenarios/wolf-pack.json scenarios/goblin-ambush.json",
     "The following argument was not expected: scenarios/goblin-ambush.json"},
    {"sweep scenarios/wolf-pack.json", "--vary is required"},
    {"replay scenarios/wolf-pack.json --battle -3",
     "--battle: Value -3 not in range 0 to 999999999"},
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
    {"shoot scenarios/destroyer-vs-ironclad.json --plot /nonexistent/plot.svg",
     "--plot: '/nonexistent/plot.svg': cannot write: No such file or directory"},
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
