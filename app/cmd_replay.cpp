// `arena replay`: the blow-by-blow of one battle, as simulate played it.
#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>

#include "arena/replay.hpp"
#include "commands.hpp"
#include "encounter_input.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace arena::app {

namespace {

struct ReplayOptions {
  EncounterInput input;
  std::int64_t battle = 0;
  std::optional<std::uint64_t> seed;  // default: the file's
  arena::ReplayOptions replay;        // --why, --map
};

int run_replay(const ReplayOptions& options) {
  auto encounter = load_encounter_or_report(options.input);
  if (!encounter) return kExitBadInput;
  if (options.seed) encounter->seed = *options.seed;
  // Any battle can be replayed, but one past the file's run is in no report of it.
  if (options.battle >= encounter->battles) {
    print_to_stderr(fmt::format(
        "note: --battle {}: the file's run plays battles 0 to {}; this one is played by a run of "
        "-n {} or more\n",
        options.battle, encounter->battles - 1, options.battle + 1));
  }
  if (options.replay.why && !replay_explains(*encounter))
    print_to_stderr("note: --why: these rules have no action choices to explain\n");
  const Replay replay = replay_battle(*encounter, options.battle, options.replay);
  if (options.replay.map && !replay.mapped)
    print_to_stderr("note: --map: this encounter has no battlefield, so no positions to map\n");
  fmt::print("{}", replay.text);
  return kExitOk;
}

}  // namespace

Command add_replay_command(CLI::App& app) {
  auto options = std::make_shared<ReplayOptions>();
  CLI::App* cli =
      app.add_subcommand("replay", "Show battle I blow by blow, exactly as simulate played it");
  add_encounter_options(*cli, options->input);
  cli->add_option("-b,--battle", options->battle, "Index of the battle (0-based)")
      ->check(whole_number_from(0, kMaxBattles - 1))
      ->capture_default_str();
  cli->add_option("--seed", options->seed, "Master seed (default: the file's)")
      ->check(seed_number());
  cli->add_flag("--why", options->replay.why,
                "Explain each action choice: its expected value (damage + conditions) against "
                "the other actions the creature could take (5e)");
  cli->add_flag("--map", options->replay.map,
                "A text map of the battlefield at the start of each round, one character per "
                "5-ft square (5e encounters with a \"battlefield\")");
  cli->footer(
      "Examples:\n"
      "  arena replay scenarios/knight-vs-ogre.json --battle 42\n"
      "Battle I of a run with seed S is the same in simulate and replay, whatever the thread "
      "count.");
  return {cli, [options] { return run_replay(*options); }};
}

}  // namespace arena::app
