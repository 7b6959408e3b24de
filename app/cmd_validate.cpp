// `arena validate`: parse and resolve an encounter, then show what arena understood.
#include <memory>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "creature_view.hpp"
#include "encounter_input.hpp"

namespace arena::app {

namespace {

struct ValidateOptions {
  EncounterInput input;
  std::string format = "table";
};

void print_json(const Encounter& encounter) {
  nlohmann::json factions = nlohmann::json::array();
  for (const Faction& faction : encounter.factions) {
    nlohmann::json creatures = nlohmann::json::array();
    for (int member : faction.members) {
      creatures.push_back(creature_json(encounter.creatures[static_cast<std::size_t>(member)]));
    }
    factions.push_back({{"name", faction.name},
                        {"tactics", {{"target", name(faction.tactics.target)}}},
                        {"creatures", creatures}});
  }
  const nlohmann::json out = {{"valid", true},
                              {"name", encounter.name},
                              {"rules", name(encounter.rules)},
                              {"battles", encounter.battles},
                              {"seed", encounter.seed},
                              {"max_rounds", encounter.max_rounds},
                              {"factions", factions}};
  fmt::print("{}\n", out.dump(2));
}

void print_table(const Encounter& encounter) {
  std::string out = fmt::format("{}: valid ({} rules, {} battles, seed {}, at most {} rounds)\n",
                                encounter.name, name(encounter.rules), encounter.battles,
                                encounter.seed, encounter.max_rounds);
  for (const Faction& faction : encounter.factions) {
    out += fmt::format("\n{} (target: {})\n", faction.name, name(faction.tactics.target));
    for (int member : faction.members) {
      out += creature_table(encounter.creatures[static_cast<std::size_t>(member)]);
    }
  }
  fmt::print("{}", out);
}

int run_validate(const ValidateOptions& options) {
  auto encounter = load_encounter_or_report(options.input);
  if (!encounter) return kExitBadInput;
  if (options.format == "json") {
    print_json(*encounter);
  } else {
    print_table(*encounter);
  }
  return kExitOk;
}

}  // namespace

Command add_validate_command(CLI::App& app) {
  auto options = std::make_shared<ValidateOptions>();
  CLI::App* cli = app.add_subcommand(
      "validate", "Check an encounter file and show how arena resolved it (AC, attacks, actions)");
  add_encounter_options(*cli, options->input);
  cli->add_option("--format", options->format, "Output format")
      ->check(CLI::IsMember({"table", "json"}))
      ->capture_default_str();
  cli->footer(
      "Examples:\n"
      "  arena validate scenarios/goblin-ambush.json\n"
      "  arena validate my-fight.json --format json | jq '.factions[0].creatures[0].attacks'");
  return {cli, [options] { return run_validate(*options); }};
}

}  // namespace arena::app
