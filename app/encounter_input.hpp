// Loading the encounter a subcommand was given, reporting problems on stderr.
#pragma once

#include <optional>
#include <string>

#include "arena/encounter.hpp"

namespace arena::app {

// The resolved encounter in `path`, or nullopt after printing every problem
// as "error: FILE:LINE:COL: /pointer: message" on stderr.
std::optional<Encounter> load_encounter_or_report(const std::string& path);

}  // namespace arena::app
