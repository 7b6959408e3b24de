// The Warmachine ruleset's entry in the registry, its runner and its part
// of encounter fingerprints.
#include "rules/warmachine/ruleset.hpp"
#include "run_battles.hpp"

namespace arena::warmachine {

namespace {

constexpr std::string_view kEncounterKeys[] = {"distance"};

RunResult run(const Encounter& encounter, const RunOptions& options) {
  return arena::detail::run_battles_with<Engine>(encounter, options);
}

void digest_roster(const Encounter& encounter, Digest& digest) {
  const Roster& roster = roster_of(encounter);
  digest.add("{}", roster.distance);
  for (const Warjack& w : roster.members) {
    const Model& m = w.model;
    digest.add("{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}", m.name, m.spd, m.str, m.mat, m.rat, m.def,
               m.arm, m.base, m.boxes, m.focus, m.special, static_cast<int>(w.policy),
               static_cast<int>(w.boost));
    for (const RangedWeapon& r : m.ranged)
      digest.add("r{}|{}|{}|{}|{}", r.name, r.rng, r.pow, r.aoe, r.special);
    for (const MeleeWeapon& x : m.melee)
      digest.add("m{}|{}|{}|{}", x.name, x.rng, x.pow, x.special);
  }
}

}  // namespace

RulesetHooks hooks() {
  return {.id = rulesets::kWarmachine,
          .name = "warmachine",
          .encounter_keys = kEncounterKeys,
          .faction_keys = {},
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
          .library = library_view,
          .shot_table = shot_table};
}

}  // namespace arena::warmachine
