#include "usage_error.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <system_error>

#include "arena/suggest.hpp"

namespace arena::app {

namespace {

// "arena library show": the words that reach `app`.
std::string path_of(const CLI::App* app) {
  std::string path = app->get_name();
  for (const CLI::App* parent = app->get_parent(); parent; parent = parent->get_parent())
    path = parent->get_name() + " " + path;
  return path;
}

std::vector<std::string> subcommand_names(const CLI::App* app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app->get_subcommands({})) {
    if (!sub->get_name().empty()) names.push_back(sub->get_name());
  }
  return names;
}

const CLI::App* find_subcommand(const CLI::App* app, const std::string& word) {
  for (const CLI::App* sub : app->get_subcommands({})) {
    if (!sub->get_name().empty() && sub->check_name(word)) return sub;
  }
  return nullptr;
}

// Options of `app` and of the commands above it, which fall through to it.
const CLI::Option* find_option(const CLI::App* app, const std::string& name) {
  for (; app != nullptr; app = app->get_parent()) {
    if (const CLI::Option* option = app->get_option_no_throw(name)) return option;
  }
  return nullptr;
}

std::vector<std::string> option_names(const CLI::App* app) {
  std::vector<std::string> names;
  for (; app != nullptr; app = app->get_parent()) {
    for (const CLI::Option* option : app->get_options()) {
      for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
      for (const std::string& name : option->get_snames()) names.push_back("-" + name);
    }
  }
  return names;
}

bool takes_positionals(const CLI::App* app) {
  return !app->get_options([](const CLI::Option* option) { return option->get_positional(); })
              .empty();
}

bool is_option(const std::string& token) {
  const bool negative_number =
      token.size() > 1 && ((token[1] >= '0' && token[1] <= '9') || token[1] == '.');
  return token.size() > 1 && token[0] == '-' && !negative_number;
}

// Walks `args` as CLI11 reads them, down the commands named, and returns the
// first unknown command or option (empty when there is none); `at` is left
// at the deepest command reached.
std::string first_unknown_word(const CLI::App& root, std::span<const std::string> args,
                               const CLI::App*& at) {
  at = &root;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& token = args[i];
    if (token == "--") break;
    if (is_option(token)) {
      // "--name=value" and "-n5" carry their value; "--name value" does not.
      const bool is_long = token.starts_with("--");
      const std::size_t end = is_long ? token.find('=') : std::min<std::size_t>(2, token.size());
      const std::string name = token.substr(0, end);
      const CLI::Option* option = find_option(at, name);
      if (option == nullptr) {
        // One letter is too short to guess from: only long names get a suggestion.
        return fmt::format("unknown option '{}' for '{}'{}", name, path_of(at),
                           is_long ? did_you_mean(name, option_names(at)) : std::string());
      }
      if (end >= token.size()) {
        const int values = option->get_items_expected_max();
        for (int taken = 0; taken < values && i + 1 < args.size() && !is_option(args[i + 1]);
             ++taken)
          ++i;
      }
      continue;
    }
    if (const CLI::App* sub = find_subcommand(at, token)) {
      at = sub;
      continue;
    }
    if (at->get_require_subcommand_min() > 0 && !takes_positionals(at)) {
      return fmt::format("unknown command '{}' for '{}'{}", token, path_of(at),
                         did_you_mean(token, subcommand_names(at)));
    }
  }
  return {};
}

}  // namespace

std::string usage_error(const CLI::App& app, const CLI::ParseError& error,
                        std::span<const std::string> args) {
  const CLI::App* at = nullptr;
  std::string problem = first_unknown_word(app, args, at);
  if (problem.empty() && at->get_require_subcommand_min() > 0) {
    problem =
        fmt::format("'{}' needs a command: {}", path_of(at), fmt::join(subcommand_names(at), ", "));
  }
  if (problem.empty()) problem = error.what();
  return fmt::format("error: {}\nRun '{} --help' for its usage.\n", problem, path_of(at));
}

CLI::Validator one_of(std::vector<std::string> choices) {
  const std::string description = fmt::format("{{{}}}", fmt::join(choices, ","));
  return CLI::Validator(
      [choices = std::move(choices)](std::string& value) -> std::string {
        if (std::find(choices.begin(), choices.end(), value) != choices.end()) return {};
        return fmt::format("'{}' is not one of {}{}", value, fmt::join(choices, ", "),
                           did_you_mean(value, choices));
      },
      description);
}

CLI::Validator number_from(double min, double max) {
  return CLI::Validator(
      [min, max](std::string& value) -> std::string {
        double number = 0;
        const char* end = value.data() + value.size();
        const auto [stop, error] = std::from_chars(value.data(), end, number);
        if (error == std::errc{} && stop == end && std::isfinite(number) && number >= min &&
            number <= max)
          return {};
        return fmt::format("'{}' is not a number from {} to {}", value, min, max);
      },
      fmt::format("NUMBER in [{} - {}]", min, max));
}

CLI::Validator seed_number() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        std::uint64_t seed = 0;
        const char* end = value.data() + value.size();
        const bool digits = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
          return c >= '0' && c <= '9';
        });
        if (digits && std::from_chars(value.data(), end, seed).ec == std::errc{}) return {};
        return fmt::format("'{}' is not a seed: expected a whole number from 0 to {}", value,
                           std::numeric_limits<std::uint64_t>::max());
      },
      "SEED");
}

}  // namespace arena::app
