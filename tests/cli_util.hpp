// Running the `arena` binary from the CLI tests: what a user types, what they see.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace arena::testing {

struct Output {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs a shell `command` from the source directory, capturing both streams.
inline Output run_in_source_dir(const std::string& command) {
  // ctest runs tests in parallel processes: give each its own files.
  const std::string stem = ::testing::TempDir() + "arena_cli_" +
                           ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" +
                           std::to_string(::getpid());
  const std::string out = stem + ".out", err = stem + ".err";
  const std::string line =
      std::string("cd ") + ARENA_SOURCE_DIR + " && " + command + " > " + out + " 2> " + err;
  const int status = std::system(line.c_str());
  Output result{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::remove(out.c_str());
  std::remove(err.c_str());
  return result;
}

// Runs `arena ARGS`; `env` is prefixed to the command ("NO_COLOR=1").
inline Output arena(const std::string& args, const std::string& env = "") {
  return run_in_source_dir(env + " " + ARENA_BINARY + " " + args);
}

// Runs `arena ARGS` with stdout on a terminal (a pseudo-terminal from script(1)).
inline Output arena_on_terminal(const std::string& args, const std::string& env = "") {
  return run_in_source_dir("script -qec \"" + env + " " + ARENA_BINARY + " " + args +
                           "\" /dev/null");
}

}  // namespace arena::testing
