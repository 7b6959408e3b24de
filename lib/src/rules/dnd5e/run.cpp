// The 5e ruleset's entry in the registry, and its runner.
#include "rules/dnd5e/ruleset.hpp"

#include "rules/dnd5e/describe.hpp"
#include "rules/dnd5e/member_spec.hpp"
#include "rules/dnd5e/resolver.hpp"
#include "run_battles.hpp"

namespace arena::dnd5e {

namespace {

constexpr std::string_view kFactionKeys[] = {"tactics"};

RunResult run(const Encounter& encounter, const RunOptions& options) {
  return arena::detail::run_battles_with<Engine>(encounter, options);
}

}  // namespace

RulesetHooks hooks() {
  RulesetHooks hooks{};
  hooks.id = Ruleset::Dnd5e;
  hooks.name = "5e";
  hooks.faction_keys = kFactionKeys;
  hooks.member_keys = member_keys();
  hooks.figures = kFigures;
  hooks.library_views = kLibraryViews;
  hooks.read = read_roster;
  hooks.run = run;
  hooks.replay = replay;
  hooks.describe = describe_factions;
  hooks.describe_json = describe_factions_json;
  hooks.digest = digest_roster;
  hooks.library = library_view;
  return hooks;
}

}  // namespace arena::dnd5e
