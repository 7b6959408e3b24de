// Loading an encounter file: parse the JSON (with positions), apply --set
// overrides, read the ruleset-neutral frame (name, rules, battles, seed,
// max_rounds, factions), hand the members to the file's ruleset to read and
// resolve (library look-ups, derived attacks), and number copies ("Goblin
// 1", "Goblin 2"). Every problem is reported with its position and a "did
// you mean" where one is close. Thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "arena/encounter.hpp"
#include "arena/expected.hpp"
#include "arena/overrides.hpp"

namespace arena {

// What a load did, for the log: where it spent its time (reading and
// parsing the JSON with the overrides, and resolving it into an Encounter),
// and how each library name resolved ("POINTER: monster \"goblin\" is Goblin").
struct LoadLog {
  double parse_seconds = 0;
  double resolve_seconds = 0;
  std::vector<std::string> names_resolved;
  std::vector<std::string> override_pointers;  // where each override wrote, in order
};

// The whole load of JSON text. On failure, the problems as
// "FILE:LINE:COL: /pointer: message" lines (`file` names the source; an
// override's problem is one "--set ...: message" line). Fills `load_log` when
// given.
Expected<Encounter, std::vector<std::string>> load_encounter(
    std::string_view text, const std::string& file, const std::vector<Override>& overrides = {},
    LoadLog* load_log = nullptr);

// load_encounter on a file's contents; a missing, unreadable or non-regular
// file is one problem line too. Reading the file counts as parsing.
Expected<Encounter, std::vector<std::string>> load_encounter_file(
    const std::string& path, const std::vector<Override>& overrides = {},
    LoadLog* load_log = nullptr);

}  // namespace arena
