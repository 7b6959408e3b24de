// Loading the encounter a subcommand was given (with its --set overrides),
// reporting problems on stderr. Shared by every command that reads one.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "arena/encounter.hpp"

namespace arena::app {

// One override of the encounter: "PATH=VALUE", and what gave it as written
// before it ("--set ", a sweep's "--vary ", a compare's "--variant Big:"),
// which its errors name.
struct Setting {
  std::string source;
  std::string text;
};

// The settings of `texts`, each given by `source`.
std::vector<Setting> settings_from(const std::string& source,
                                   const std::vector<std::string>& texts);

// Where a command keeps the encounter file and the settings it was given.
struct EncounterInput {
  std::string file;
  std::vector<Setting> sets;  // applied in order
};

// Adds the FILE positional and the repeatable --set option to `command`.
void add_encounter_options(CLI::App& command, EncounterInput& input);

// The resolved encounter, or nullopt after printing every problem as
// "error: ..." on stderr.
// `override_pointers`, when given, gets where each of input.sets wrote
// ("/factions/0/members/1/hp"), in order.
std::optional<Encounter> load_encounter_or_report(
    const EncounterInput& input, std::vector<std::string>* override_pointers = nullptr);

// The top-level key a --set, --vary or --variant PATH changes: "seed" for
// "seed", "/seed" and "seed=3"; "factions" for "factions.Heroes.members...".
std::string top_level_key(const std::string& path);

}  // namespace arena::app
