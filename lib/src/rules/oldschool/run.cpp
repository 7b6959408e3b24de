// The oldschool ruleset's entry in the registry, its runner and its part of
// encounter fingerprints.
#include "rules/oldschool/ruleset.hpp"
#include "run_battles.hpp"

namespace arena::oldschool {

namespace {

constexpr std::string_view kEncounterKeys[] = {"order"};
constexpr std::string_view kFactionKeys[] = {"tactics"};

RunResult run(const Encounter& encounter, const RunOptions& options) {
  return arena::detail::run_battles_with<Engine>(encounter, options);
}

void digest_roster(const Encounter& encounter, Digest& digest) {
  const Roster& roster = roster_of(encounter);
  digest.add("{}|{}", static_cast<int>(roster.order.kind), fmt::join(roster.order.members, ","));
  for (const Tactics& tactics : roster.faction_tactics) digest.add("{}", digest_code(tactics));
  for (const Fighter& f : roster.members) {
    digest.add("{}|{}|{}|{}|{}|{}|{}", f.name, f.level, f.damage.to_string(), f.armor_value,
               f.hp.to_string(), f.hp_given, digest_code(f.tactics));
  }
}

}  // namespace

RulesetHooks hooks() {
  return {.id = rulesets::kOldSchool,
          .name = "oldschool",
          .encounter_keys = kEncounterKeys,
          .faction_keys = kFactionKeys,
          .member_keys = member_keys(),
          .figures = {},
          .library_views = kLibraryViews,
          .read = read_roster,
          .run = run,
          .replay = replay,
          .describe = describe_factions,
          .describe_json = describe_factions_json,
          .describe_encounter_json = describe_encounter_json,
          .digest = digest_roster,
          .library = library_view};
}

}  // namespace arena::oldschool
