// The 5e ruleset's entry in the registry, and its runner.
#include "rules/dnd5e/describe.hpp"
#include "rules/dnd5e/member_spec.hpp"
#include "rules/dnd5e/resolver.hpp"
#include "rules/dnd5e/ruleset.hpp"
#include "run_battles.hpp"

namespace arena::dnd5e {

namespace {

constexpr std::string_view kEncounterKeys[] = {"battlefield"};
constexpr std::string_view kFactionKeys[] = {"tactics"};

RunResult run(const Encounter& encounter, const RunOptions& options) {
  return arena::detail::run_battles_with<Engine>(encounter, options);
}

}  // namespace

RulesetHooks hooks() {
  return {.id = rulesets::kDnd5e,
          .name = "5e",
          .encounter_keys = kEncounterKeys,
          .faction_keys = kFactionKeys,
          .member_keys = member_keys(),
          .figures = {},  // a PC at 0 HP at the end is the fate "down"
          .library_views = kLibraryViews,
          .read = read_roster,
          .run = run,
          .replay = replay,
          .replay_options = replay_options,
          .describe = describe_factions,
          .describe_json = describe_factions_json,
          .digest = digest_roster,
          .library = library_view};
}

}  // namespace arena::dnd5e
