// `arena roll`: roll a dice expression, or print its exact distribution.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>

#include "arena/dice.hpp"
#include "arena/dice_distribution.hpp"
#include "arena/rng.hpp"
#include "commands.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace arena::app {

namespace {

struct RollOptions {
  std::string expression;
  int count = 1;                      // rolls to print
  std::optional<std::uint64_t> seed;  // default: fresh entropy, echoed in the JSON
  bool stats = false;                 // exact distribution instead of rolls
  std::string format = "table";
};

void print_dice_error(std::string_view text, const DiceError& error) {
  print_error(fmt::format("bad dice expression at column {}: {}", error.column, error.message));
  print_to_stderr(fmt::format("  {}\n  {:>{}}\n", text, "^", error.column));
}

int print_rolls(const RollOptions& options, const std::vector<DamageDice>& damage) {
  const std::uint64_t seed = options.seed ? *options.seed : std::random_device{}();
  Rng rng(seed, 0);
  std::vector<int> totals(static_cast<std::size_t>(options.count));
  for (int& total : totals) {
    total = 0;
    for (const DamageDice& part : damage) total += part.dice.roll(rng);
  }
  if (options.format == "json") {
    nlohmann::json out = {{"expression", to_string(damage)}, {"seed", seed}, {"rolls", totals}};
    fmt::print("{}\n", out.dump(2));
  } else {
    std::string text;
    for (int total : totals) text += fmt::format("{}\n", total);
    fmt::print("{}", text);
  }
  return kExitOk;
}

// Whether ways = probability * outcomes is an exact integer worth printing.
bool ways_are_exact(const DiceDistribution& distribution) {
  return distribution.outcomes() <= DiceDistribution::kExactOutcomes;
}

// The number of outcomes: a whole number while the ways are exact.
nlohmann::json outcomes_json(const DiceDistribution& distribution) {
  if (ways_are_exact(distribution)) return static_cast<std::int64_t>(distribution.outcomes());
  return distribution.outcomes();
}

void print_stats_json(const std::string& expression, const DiceDistribution& distribution) {
  nlohmann::json rows = nlohmann::json::array();
  double at_most = 0;
  for (int total = distribution.min(); total <= distribution.max(); ++total) {
    const double p = distribution.probability(total);
    rows.push_back({{"total", total},
                    {"probability", p},
                    {"at_least", std::max(0.0, 1.0 - at_most)},
                    {"at_most", at_most + p}});
    at_most += p;
  }
  nlohmann::json out = {{"expression", expression},
                        {"mean", distribution.mean()},
                        {"stddev", distribution.stddev()},
                        {"min", distribution.min()},
                        {"max", distribution.max()},
                        {"outcomes", outcomes_json(distribution)},
                        {"distribution", rows}};
  fmt::print("{}\n", out.dump(2));
}

void print_stats_table(const std::string& expression, const DiceDistribution& distribution) {
  const bool bars = is_terminal(stdout);
  const bool ways = ways_are_exact(distribution);
  double peak = 0;
  for (double p : distribution.probabilities()) peak = std::max(peak, p);
  std::string out = fmt::format("{}\n  mean {:.4f}   sd {:.4f}   min {}   max {}", expression,
                                distribution.mean(), distribution.stddev(), distribution.min(),
                                distribution.max());
  if (ways) out += fmt::format("   outcomes {:.0f}", distribution.outcomes());
  const std::string outcomes = fmt::format("{:.0f}", distribution.outcomes());
  const int ways_width =
      ways ? static_cast<int>(std::max<std::size_t>(4, 2 * outcomes.size() + 1)) + 2 : 0;
  out += fmt::format("\n\n{:>7}{:>{}}{:>13}{:>11}{:>10}\n", "total", ways ? "ways" : "", ways_width,
                     "probability", "at least", "at most");
  double at_most = 0;
  for (int total = distribution.min(); total <= distribution.max(); ++total) {
    const double p = distribution.probability(total);
    out += fmt::format("{:>7}", total);
    if (ways) {
      out += fmt::format("{:>{}}", fmt::format("{:.0f}/{}", p * distribution.outcomes(), outcomes),
                         ways_width);
    }
    out += fmt::format("{:>12.2f}%{:>10.2f}%{:>9.2f}%", 100 * p, 100 * std::max(0.0, 1.0 - at_most),
                       100 * std::min(1.0, at_most + p));
    if (bars) out += "  " + bar(p / peak, 30);
    out += '\n';
    at_most += p;
  }
  fmt::print("{}", out);
}

int run_roll(const RollOptions& options) {
  auto damage = parse_damage(options.expression);
  if (!damage) {
    print_dice_error(options.expression, damage.error());
    return kExitBadInput;
  }
  if (!options.stats) return print_rolls(options, *damage);
  auto distribution = DiceDistribution::of(*damage);
  if (!distribution) {
    print_error(distribution.error());
    return kExitBadInput;
  }
  const std::string expression = to_string(*damage);
  if (options.format == "json") {
    print_stats_json(expression, *distribution);
  } else {
    print_stats_table(expression, *distribution);
  }
  return kExitOk;
}

}  // namespace

Command add_roll_command(CLI::App& app) {
  auto options = std::make_shared<RollOptions>();
  CLI::App* cli = app.add_subcommand("roll", "Roll dice, or show their exact distribution");
  cli->add_option("expression", options->expression,
                  "Dice expression: 2d6+3, d20, 4d6kh3, 2d20kl1, \"1d8+3 slashing + 2d6 fire\"")
      ->required();
  CLI::Option* count = cli->add_option("-n,--count", options->count, "Number of rolls to print")
                           ->check(whole_number_from(1, 10'000'000))
                           ->capture_default_str();
  CLI::Option* seed =
      cli->add_option("--seed", options->seed, "Seed for reproducible rolls (default: random)")
          ->check(seed_number());
  // An exact distribution rolls nothing: a count or a seed beside it would be ignored.
  cli->add_flag("--stats", options->stats,
                "Print the exact distribution: mean, deviation, P(total), at least, at most")
      ->excludes(count)
      ->excludes(seed);
  cli->add_option("--format", options->format, "Output format")
      ->check(one_of({"table", "json"}))
      ->capture_default_str();
  cli->footer(
      "Examples:\n"
      "  arena roll 2d6+3 --stats       exact distribution of 2d6+3\n"
      "  arena roll 2d20kh1 -n 5        five rolls with advantage\n"
      "  arena roll 4d6kh3 --stats --format json");
  return {cli, [options] { return run_roll(*options); }};
}

}  // namespace arena::app
