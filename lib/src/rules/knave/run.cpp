// The knave ruleset's entry in the registry, its runner and its part of
// encounter fingerprints.
#include "rules/knave/ruleset.hpp"
#include "run_battles.hpp"

namespace arena::knave {

namespace {

constexpr std::string_view kEncounterKeys[] = {"critical", "death_table", "order"};
constexpr std::string_view kFactionKeys[] = {"tactics"};

RunResult run(const Encounter& encounter, const RunOptions& options) {
  return arena::detail::run_battles_with<Engine>(encounter, options);
}

void digest_roster(const Encounter& encounter, Digest& digest) {
  const Roster& roster = roster_of(encounter);
  digest.add("{}|{}|{}|{}", static_cast<int>(roster.critical), static_cast<int>(roster.survivors),
             static_cast<int>(roster.order.kind), fmt::join(roster.order.members, ","));
  for (const Tactics& tactics : roster.faction_tactics) digest.add("{}", digest_code(tactics));
  for (const Creature& c : roster.members) {
    digest.add("{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}", c.name, c.monster, c.level, c.hd,
               fmt::join(c.abilities, ","), c.hp.to_string(), c.hp_given, c.armor, c.morale,
               c.advantage, c.disadvantage, digest_code(c.tactics));
    for (const ArmorPiece& p : c.armor_pieces)
      digest.add("a{}|{}|{}|{}", p.name, static_cast<int>(p.kind), p.bonus, p.quality);
    for (const Attack& a : c.attacks)
      digest.add("w{}|{}|{}|{}", a.name, a.damage.to_string(), a.ranged, a.quality);
    for (const SaveAbility& s : c.save_abilities) {
      digest.add("s{}|{}|{}|{}|{}|{}|{}", s.name, static_cast<int>(s.save),
                 s.damage ? s.damage->to_string() : "-", s.half,
                 s.condition ? static_cast<int>(*s.condition) : -1, s.rounds.to_string(), s.uses);
    }
  }
}

}  // namespace

RulesetHooks hooks() {
  return {.id = rulesets::kKnave,
          .name = "knave",
          .encounter_keys = kEncounterKeys,
          .faction_keys = kFactionKeys,
          .member_keys = member_keys(),
          .figures = kFigures,
          .faction_figures = kFactionFigures,
          .measures = kMeasures,
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

}  // namespace arena::knave
