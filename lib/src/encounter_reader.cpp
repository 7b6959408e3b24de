// Reading an encounter file (format 1, DESIGN.md): the ruleset-neutral frame
// here, the members by the file's ruleset (the dispatch on "rules").
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>

#include "arena/load.hpp"
#include "arena/suggest.hpp"
#include "arena/tally.hpp"
#include "arena/text_file.hpp"
#include "rules/registry.hpp"

namespace arena {

namespace {

constexpr std::string_view kEncounterKeys[] = {"$schema", "name", "description", "rules",
                                               "battles", "seed", "max_rounds",  "factions"};
constexpr std::string_view kFactionKeys[] = {"name", "members"};

// The ruleset a file asks for, looked at before the file is read so that
// its keys are known while reading; a missing or unknown "rules" reads as
// the default ruleset (an unknown name is reported when "rules" is read).
const RulesetHooks& ruleset_of(const nlohmann::json& root) {
  if (root.is_object()) {
    if (auto it = root.find("rules"); it != root.end() && it->is_string()) {
      if (auto rules = parse_ruleset(it->get<std::string>())) return ruleset_hooks(*rules);
    }
  }
  return ruleset_hooks(Encounter{}.rules);
}

// Whether the rules are known: absent (the default) or a ruleset's name.
bool read_rules(const JsonContext& context, ObjectReader& object, Encounter& encounter) {
  if (!object.has("rules")) return true;
  auto text = object.string("rules");
  if (!text) return false;
  if (auto rules = parse_ruleset(*text)) {
    encounter.rules = *rules;
    return true;
  }
  const auto supported = ruleset_names();
  context.error(object.child("rules"),
                fmt::format("unknown rules \"{}\"{}; expected one of: {}", *text,
                            did_you_mean(*text, supported), fmt::join(supported, ", ")));
  return false;
}

void check_faction_names(const JsonContext& context, const std::vector<FactionJson>& factions) {
  for (std::size_t i = 0; i < factions.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (!factions[i].name.empty() && factions[i].name == factions[j].name) {
        context.error(factions[i].pointer + "/name",
                      fmt::format("duplicate faction name \"{}\" (also {})", factions[i].name,
                                  factions[j].pointer),
                      factions[j].pointer + "/name");
        break;
      }
    }
  }
}

// The faction's name and member entries; its other keys stay for the ruleset.
FactionJson read_faction(const JsonContext& context, ObjectReader& object) {
  FactionJson faction;
  faction.pointer = object.pointer();
  faction.object = &object;
  if (object.require("name")) faction.name = object.name().value_or("");
  if (object.require("members")) {
    const nlohmann::json* members = object.get("members");
    if (!members->is_array()) {
      context.error(object.child("members"),
                    fmt::format("expected an array, found {}", describe_json_type(*members)));
    } else if (members->empty()) {
      context.error(object.child("members"), "a faction needs at least one member");
    } else {
      for (std::size_t i = 0; i < members->size(); ++i) {
        faction.members.push_back({&(*members)[i], json_pointer_child(object.child("members"), i)});
      }
    }
  }
  return faction;
}

// The combatants of the resolved members: copies numbered ("Goblin 1",
// "Goblin 2") when a name occurs more than once in the encounter, each
// followed by those that may join from it ("Goblin 1 split 1"). A number
// that would give a member's own name ("Goblin 1" named so) is skipped:
// every combatant's name is its own, in the report and the replay.
void add_combatants(const std::vector<std::vector<ResolvedMember>>& members, Encounter& encounter) {
  std::map<std::string, int> totals, numbered;
  for (const auto& faction : members) {
    for (const ResolvedMember& member : faction) totals[member.name] += member.count;
  }
  for (std::size_t f = 0; f < members.size(); ++f) {
    Faction& faction = encounter.factions[f];
    for (const ResolvedMember& member : members[f]) {
      for (int copy = 1; copy <= member.count; ++copy) {
        std::string name = member.name;
        while (totals[member.name] > 1 && (name == member.name || totals.contains(name)))
          name = fmt::format("{} {}", member.name, ++numbered[member.name]);
        faction.members.push_back(encounter.combatant_count());
        encounter.combatants.push_back({name, static_cast<int>(f), member.entry});
        for (int k = 1; k <= member.joining; ++k) {
          faction.members.push_back(encounter.combatant_count());
          encounter.combatants.push_back(
              {fmt::format("{} split {}", name, k), static_cast<int>(f), member.entry, true});
        }
      }
    }
  }
}

Encounter read_encounter(const JsonContext& context) {
  Encounter encounter;
  const nlohmann::json& root = context.source().root();
  const RulesetHooks& hooks = ruleset_of(root);
  std::vector<std::string_view> keys(std::begin(kEncounterKeys), std::end(kEncounterKeys));
  keys.insert(keys.end(), hooks.encounter_keys.begin(), hooks.encounter_keys.end());
  ObjectReader object(context, root, "", keys);
  report_foreign_encounter_keys(object, hooks.id);
  if (!object.is_object()) return encounter;
  (void)object.string("$schema");
  (void)object.string("description");
  encounter.name = object.name().value_or("unnamed encounter");
  const bool rules_known = read_rules(context, object, encounter);
  encounter.battles = object.integer("battles", 1, kMaxBattles).value_or(encounter.battles);
  encounter.seed = object.unsigned_integer("seed").value_or(encounter.seed);
  encounter.max_rounds =
      static_cast<int>(object.integer("max_rounds", 1, kMaxRounds).value_or(encounter.max_rounds));
  // Under unknown rules the factions would be judged by rules the file did
  // not ask for: every member of another ruleset would read as wrong.
  if (!rules_known) return encounter;
  encounter.figures.assign(hooks.figures.begin(), hooks.figures.end());
  ARENA_CHECK(hooks.faction_figures.size() <= kMaxFactionFigures &&
              hooks.measures.size() <= kMaxMeasures);
  encounter.faction_figures.assign(hooks.faction_figures.begin(), hooks.faction_figures.end());
  encounter.measures.assign(hooks.measures.begin(), hooks.measures.end());

  EncounterJson input{context, object, {}};
  std::vector<std::string_view> faction_keys(std::begin(kFactionKeys), std::end(kFactionKeys));
  faction_keys.insert(faction_keys.end(), hooks.faction_keys.begin(), hooks.faction_keys.end());
  std::vector<ObjectReader> faction_objects;
  if (object.require("factions")) {
    const nlohmann::json& factions = *object.get("factions");
    if (!factions.is_array()) {
      context.error("/factions",
                    fmt::format("expected an array, found {}", describe_json_type(factions)));
    } else if (factions.size() < 2) {
      context.error("/factions", fmt::format("an encounter needs at least two factions, found {}",
                                             factions.size()));
    } else if (factions.size() > static_cast<std::size_t>(kMaxFactions)) {
      context.error("/factions", fmt::format("too many factions: {} (at most {})", factions.size(),
                                             kMaxFactions));
    } else {
      faction_objects.reserve(factions.size());  // FactionJson points into it
      for (std::size_t i = 0; i < factions.size(); ++i) {
        faction_objects.emplace_back(context, factions[i], json_pointer_child("/factions", i),
                                     faction_keys);
        input.factions.push_back(read_faction(context, faction_objects.back()));
        encounter.factions.push_back({input.factions.back().name, {}});
      }
      check_faction_names(context, input.factions);
    }
  }
  std::vector<std::vector<ResolvedMember>> members(input.factions.size());
  encounter.roster = hooks.read(input, members);
  add_combatants(members, encounter);
  if (encounter.combatants.size() > static_cast<std::size_t>(kMaxCreatures)) {
    context.error("/factions", fmt::format("too many creatures: {} (at most {})",
                                           encounter.combatants.size(), kMaxCreatures));
  }
  for (ObjectReader& faction : faction_objects) faction.finish();
  object.finish();
  return encounter;
}

// The problems of a file read under rules an override chose ("--vary
// rules=knave") are its values under those rules, which its own "rules"
// does not explain: a last line says which override chose them (unless
// that override's own value is among the problems).
std::vector<std::string> problems_under_rules(
    std::vector<std::string> lines, const std::vector<std::pair<std::string, std::string>>& edits) {
  const auto chose = std::find_if(edits.rbegin(), edits.rend(),
                                  [](const auto& edit) { return edit.first == "/rules"; });
  if (chose == edits.rend()) return lines;
  const std::string& given = chose->second;
  const bool own = std::any_of(lines.begin(), lines.end(), [&](const std::string& line) {
    return line.starts_with(given + ":");
  });
  if (!own) {
    lines.push_back(
        fmt::format("{}: the file was read under these rules; the problems above are "
                    "its values under them",
                    given));
  }
  return lines;
}

}  // namespace

Expected<Encounter, std::vector<std::string>> load_encounter(std::string_view text,
                                                             const std::string& file,
                                                             const std::vector<Override>& overrides,
                                                             LoadLog* load_log) {
  const auto start = std::chrono::steady_clock::now();
  auto source = JsonSource::parse(text);
  if (!source) return unexpected(std::vector<std::string>{format_diagnostic(file, source.error())});
  auto applied = apply_overrides(source->mutable_root(), overrides);
  if (!applied) return unexpected(std::vector<std::string>{one_line(applied.error())});
  for (std::size_t i = 0; i < applied->size(); ++i)
    source->replace_big_integers((*applied)[i].pointer, overrides[i].big_integers);
  std::vector<std::pair<std::string, std::string>> edits;
  for (const AppliedOverride& edit : *applied) edits.emplace_back(edit.pointer, edit.given);
  const auto parsed = std::chrono::steady_clock::now();
  Diagnostics diagnostics;
  const JsonContext context(*source, diagnostics);
  Encounter encounter = read_encounter(context);
  if (load_log) {
    load_log->parse_seconds += std::chrono::duration<double>(parsed - start).count();
    load_log->resolve_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - parsed).count();
  }
  if (!diagnostics.empty())
    return unexpected(problems_under_rules(diagnostics.format(file, edits), edits));
  if (load_log) {
    load_log->names_resolved = diagnostics.notes();
    load_log->override_pointers.clear();
    for (const AppliedOverride& edit : *applied)
      load_log->override_pointers.push_back(edit.pointer);
  }
  return encounter;
}

Expected<Encounter, std::vector<std::string>> load_encounter_file(
    const std::string& path, const std::vector<Override>& overrides, LoadLog* load_log) {
  const auto start = std::chrono::steady_clock::now();
  auto text = read_text_file(path, "an encounter file");
  if (!text) return unexpected(std::vector<std::string>{text.error()});
  if (load_log) {
    load_log->parse_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return load_encounter(*text, path, overrides, load_log);
}

}  // namespace arena
