// The rulesets arena plays, by name, and what each one shows of itself:
// an encounter as it understood it (`arena validate`) and its built-in
// library (`arena library`). Each call looks the ruleset up once and hands
// over to its code in lib/src/rules/<name>/. Pure functions; thread-safe.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "arena/encounter.hpp"
#include "arena/expected.hpp"

namespace arena {

// The name a file gives a ruleset in "rules": "5e", "oldschool", "warmachine", "knave".
std::string_view name(Ruleset rules);
// The ruleset called `text` (exactly), if arena plays it.
std::optional<Ruleset> parse_ruleset(std::string_view text);
// Every ruleset's name, in the registry's order (the first is the default).
std::span<const std::string_view> ruleset_names();

// `arena validate`: each faction and combatant as the battles will play
// it, as text lines ("\nFACTION (...)\n  NAME\n    HP .. AC ..") or as the
// JSON array of factions, each with its "creatures".
std::string describe_factions(const Encounter& encounter);
nlohmann::json describe_factions_json(const Encounter& encounter);
// The ruleset's own encounter keys as resolved (warmachine: {"distance": 20}),
// an object, empty for rulesets without any.
nlohmann::json describe_encounter_json(const Encounter& encounter);

// `arena library`: one of a ruleset's built-in lists or views.
struct LibraryRequest {
  std::string view;               // "weapons", "armor", "monsters", "show", "coverage"
  std::string name;               // show: the entry to show
  std::string search;             // monsters: part of the name or type (any case)
  std::optional<std::string> cr;  // monsters: "1-5", "1/4-2", "5"
  int top = 20;                   // coverage: most frequent names to list; 0: all
  bool json = false;              // JSON instead of a table
};
// The text to print, or a message for "error: ..." (an unknown name, a view
// the ruleset does not have).
Expected<std::string, std::string> library_view(Ruleset rules, const LibraryRequest& request);

}  // namespace arena
