// `arena validate`: parse and resolve an encounter, then show what arena understood.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "arena/rulesets.hpp"
#include "commands.hpp"
#include "encounter_input.hpp"
#include "usage_error.hpp"

namespace arena::app {

namespace {

struct ValidateOptions {
  EncounterInput input;
  std::string format = "table";
};

void print_json(const Encounter& encounter) {
  const nlohmann::json factions = describe_factions_json(encounter);
  nlohmann::json out = {{"valid", true},
                        {"name", encounter.name},
                        {"rules", name(encounter.rules)},
                        {"battles", encounter.battles},
                        {"seed", encounter.seed},
                        {"max_rounds", encounter.max_rounds}};
  out.update(describe_encounter_json(encounter));
  out["factions"] = factions;
  fmt::print("{}\n", out.dump(2));
}

void print_table(const Encounter& encounter) {
  std::string out =
      fmt::format("{}: valid ({} rules, {} battles, seed {}, at most {} round{})\n", encounter.name,
                  name(encounter.rules), encounter.battles, encounter.seed, encounter.max_rounds,
                  encounter.max_rounds == 1 ? "" : "s");
  out += describe_factions(encounter);
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
      ->check(one_of({"table", "json"}))
      ->capture_default_str();
  cli->footer(
      "Examples:\n"
      "  arena validate scenarios/goblin-ambush.json\n"
      "  arena validate my-fight.json --format json | jq '.factions[0].creatures[0].attacks'");
  return {cli, [options] { return run_validate(*options); }};
}

}  // namespace arena::app
