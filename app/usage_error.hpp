// Command-line misuse in the one error format of every arena error:
// "error: WHAT" first on stderr, a did-you-mean for a misspelt command,
// option or choice, then where to find the usage; exit code 2, nothing on
// stdout (DESIGN.md, contract 4).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arena::app {

// "arena library show": the words that reach `app`.
std::string command_path(const CLI::App& app);

// The command of `app` called `word`, or nullptr.
const CLI::App* find_command(const CLI::App& app, const std::string& word);

// "Run 'arena library --help' for its usage.", the last line of a usage error.
std::string usage_hint(const CLI::App& app);

// A misuse found after parsing (a flag's value the command could not use):
// "error: MESSAGE" and the usage hint of `app`, on stderr.
void print_usage_error(const CLI::App& app, std::string_view message);

// A misuse a command finds once its flags are parsed (two flags that do not
// go together, a level given twice): thrown by the command's run, printed by
// main as print_usage_error of that command, exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "unknown command 'shw' for 'arena library' (did you mean 'show'?)".
std::string unknown_command(const CLI::App& app, const std::string& word);

// The message for a CLI11 parse error of `args` (argv without the program
// name), each line ending in a newline. An unknown command or option is named
// (with the closest known one when it is close) before CLI11's own wording.
std::string usage_error(const CLI::App& app, const CLI::ParseError& error,
                        std::span<const std::string> args);

// A validator accepting exactly one of `choices`; a wrong value gets the
// list and a did-you-mean.
CLI::Validator one_of(std::vector<std::string> choices);

// A validator accepting a finite number from `min` to `max` (CLI::Range
// lets "nan" through: no comparison with it is true).
CLI::Validator number_from(double min, double max);
// `text` as a finite number, read as every number flag reads it (from_chars:
// no hex, no blanks, no locale), or nullopt.
std::optional<double> finite_number(std::string_view text);
// The same above `min` (excluded) up to `max`: "NUMBER in (0 - 1]".
CLI::Validator number_above(double min, double max);

// A validator accepting a whole number from `min` to `max`, in decimal
// digits ("1e5" and "12abc" are refused by name, not as "not in range").
CLI::Validator whole_number_from(std::int64_t min, std::int64_t max);

// A validator accepting a seed: a whole number from 0 to 2^64 - 1, written
// in decimal digits only (CLI11 would take "-1" as 2^64 - 1, and clamp
// what is too large).
CLI::Validator seed_number();

}  // namespace arena::app
