#include "usage_error.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <system_error>

#include "arena/suggest.hpp"
#include "terminal.hpp"

namespace arena::app {

namespace {

std::vector<std::string> subcommand_names(const CLI::App* app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app->get_subcommands({})) {
    if (!sub->get_name().empty()) names.push_back(sub->get_name());
  }
  return names;
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

// What a walk of the arguments found, as CLI11 reads them: the first unknown
// command or option (empty when there is none), the deepest command
// reached, and the words left for that command's positionals, in order.
struct Walk {
  std::string unknown;
  const CLI::App* at = nullptr;
  std::vector<std::string> positional_words;
};

Walk walk(const CLI::App& root, std::span<const std::string> args) {
  Walk walk;
  walk.at = &root;
  const CLI::App*& at = walk.at;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& token = args[i];
    if (token == "--") {  // what follows is positional, options or not
      walk.positional_words.insert(walk.positional_words.end(), args.begin() + i + 1, args.end());
      break;
    }
    if (is_option(token)) {
      // "--name=value" and "-n5" carry their value; "--name value" does not.
      const bool is_long = token.starts_with("--");
      const std::size_t end = is_long ? token.find('=') : std::min<std::size_t>(2, token.size());
      const std::string name = token.substr(0, end);
      const CLI::Option* option = find_option(at, name);
      if (option == nullptr) {
        // One letter is too short to guess from: only long names get a suggestion.
        walk.unknown = fmt::format("unknown option '{}' for '{}'{}", name, command_path(*at),
                                   is_long ? did_you_mean(name, option_names(at)) : std::string());
        return walk;
      }
      if (end >= token.size()) {
        const int values = option->get_items_expected_max();
        for (int taken = 0; taken < values && i + 1 < args.size() && !is_option(args[i + 1]);
             ++taken) {
          // A command where the value belongs: the value was left out, and
          // CLI11 took the command for it ('unknown command FILE' puzzled).
          if (find_command(*at, args[i + 1]) != nullptr) {
            walk.unknown =
                fmt::format("{} needs a value before the command '{}'", name, args[i + 1]);
            return walk;
          }
          ++i;
        }
      }
      continue;
    }
    if (const CLI::App* sub = find_command(*at, token)) {
      at = sub;
      walk.positional_words.clear();
      continue;
    }
    if (at->get_require_subcommand_min() > 0 && !takes_positionals(at)) {
      walk.unknown = unknown_command(*at, token);
      return walk;
    }
    walk.positional_words.push_back(token);
  }
  return walk;
}

// A positional's name as the usage line writes it: "file" is FILE.
std::string usage_name(const CLI::Option* option) {
  std::string name = option->get_name();
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

// CLI11's wording of what it found missing or left over, in arena's words:
// "1 required INT:INT in [1 - 1000000000] missing" and "The following
// arguments were not expected: c b" (in reverse order) puzzle a user. Empty
// for any other error, whose own wording stands.
std::string reworded(const Walk& walk, const CLI::ParseError& error) {
  const CLI::App* at = walk.at;
  const std::string what = error.what();
  if (dynamic_cast<const CLI::RequiredError*>(&error) != nullptr &&
      what.ends_with(" is required")) {
    const std::string name = what.substr(0, what.size() - std::string_view(" is required").size());
    if (const CLI::Option* option = at->get_option_no_throw(name)) {
      if (!option->get_positional()) return fmt::format("'{}' needs {}", command_path(*at), name);
      return fmt::format("'{}' needs {}: {}", command_path(*at), usage_name(option),
                         option->get_description());
    }
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) != nullptr && what.ends_with(" missing")) {
    return fmt::format("{} needs a value", what.substr(0, what.find(':')));
  }
  if (dynamic_cast<const CLI::ExcludesError*>(&error) != nullptr) {
    const std::size_t excludes = what.find(" excludes ");
    if (excludes != std::string::npos) {
      return fmt::format("{} and {} cannot be given together", what.substr(0, excludes),
                         what.substr(excludes + std::string_view(" excludes ").size()));
    }
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) != nullptr &&
      what.find(": At Most 1 required but received ") != std::string::npos) {
    return fmt::format("{} is given more than once (it takes one value)",
                       what.substr(0, what.find(':')));
  }
  if (dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr) {
    const std::vector<const CLI::Option*> positionals =
        at->get_options([](const CLI::Option* option) { return option->get_positional(); });
    std::size_t taken = 0;
    for (const CLI::Option* option : positionals)
      taken += static_cast<std::size_t>(option->get_items_expected_max());
    if (taken >= walk.positional_words.size()) return {};
    const std::span<const std::string> extras = std::span(walk.positional_words).subspan(taken);
    return fmt::format(
        "unexpected argument{} '{}' for '{}' (it takes {})", extras.size() == 1 ? "" : "s",
        fmt::join(extras, "', '"), command_path(*at),
        positionals.empty() ? std::string("options only") : "one " + usage_name(positionals[0]));
  }
  return {};
}

}  // namespace

std::string command_path(const CLI::App& app) {
  std::string path = app.get_name();
  for (const CLI::App* parent = app.get_parent(); parent; parent = parent->get_parent())
    path = parent->get_name() + " " + path;
  return path;
}

const CLI::App* find_command(const CLI::App& app, const std::string& word) {
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (!sub->get_name().empty() && sub->check_name(word)) return sub;
  }
  return nullptr;
}

std::string usage_hint(const CLI::App& app) {
  return fmt::format("Run '{} --help' for its usage.\n", command_path(app));
}

void print_usage_error(const CLI::App& app, std::string_view message) {
  print_error(message);
  print_to_stderr(usage_hint(app));
}

std::string unknown_command(const CLI::App& app, const std::string& word) {
  return fmt::format("unknown command '{}' for '{}'{}", word, command_path(app),
                     did_you_mean(word, subcommand_names(&app)));
}

std::string usage_error(const CLI::App& app, const CLI::ParseError& error,
                        std::span<const std::string> args) {
  const Walk found = walk(app, args);
  const CLI::App* at = found.at;
  std::string problem = found.unknown;
  if (problem.empty() && at->get_require_subcommand_min() > 0) {
    problem = fmt::format("'{}' needs a command: {}", command_path(*at),
                          fmt::join(subcommand_names(at), ", "));
  }
  if (problem.empty()) problem = reworded(found, error);
  if (problem.empty()) problem = error.what();
  return fmt::format("error: {}\n{}", problem, usage_hint(*at));
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

std::optional<double> finite_number(std::string_view text) {
  double number = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, number);
  if (error != std::errc{} || stop != end || !std::isfinite(number)) return std::nullopt;
  return number;
}

namespace {

// A number in [min, max], or in (min, max] when `min_excluded`.
CLI::Validator number_in(double min, double max, bool min_excluded) {
  return CLI::Validator(
      [min, max, min_excluded](std::string& value) -> std::string {
        const std::optional<double> number = finite_number(value);
        if (number && (min_excluded ? *number > min : *number >= min) && *number <= max) return {};
        return min_excluded
                   ? fmt::format("'{}' is not a number above {} and at most {}", value, min, max)
                   : fmt::format("'{}' is not a number from {} to {}", value, min, max);
      },
      fmt::format("NUMBER in {}{} - {}]", min_excluded ? '(' : '[', min, max));
}

}  // namespace

CLI::Validator number_from(double min, double max) {
  return number_in(min, max, false);
}

CLI::Validator number_above(double min, double max) {
  return number_in(min, max, true);
}

CLI::Validator whole_number_from(std::int64_t min, std::int64_t max) {
  return CLI::Validator(
      [min, max](std::string& value) -> std::string {
        std::int64_t number = 0;
        const char* end = value.data() + value.size();
        const auto [stop, error] = std::from_chars(value.data(), end, number);
        if (error == std::errc{} && stop == end && number >= min && number <= max) return {};
        return fmt::format("'{}' is not a whole number from {} to {}", value, min, max);
      },
      fmt::format("N in [{} - {}]", min, max));
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
