// resolve: Scenario -> Encounter. Looks up library names, derives AC and
// attacks from abilities and equipment (5e PHB rules, weapon_attacks.cpp),
// resolves multiattack names, numbers copies ("Goblin 1", "Goblin 2"), and
// reports what it cannot resolve with its position and a "did you mean".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "arena/encounter.hpp"
#include "arena/expected.hpp"
#include "arena/json_reader.hpp"
#include "arena/library.hpp"
#include "arena/overrides.hpp"
#include "arena/scenario.hpp"

namespace arena {

// Problems go to the context's diagnostics; the result is complete only when
// there are none.
Encounter resolve(const Scenario& scenario, const Library& library, const JsonContext& context);

// The whole load: parse JSON text, apply --set overrides, read, resolve. On
// failure, the problems as "FILE:LINE:COL: /pointer: message" lines (`file`
// names the source; an override's problem is one "--set ...: message" line).
Expected<Encounter, std::vector<std::string>> load_encounter(
    std::string_view text, const std::string& file, const Library& library,
    const std::vector<Override>& overrides = {});

// load_encounter on a file's contents; a missing, unreadable or non-regular
// file is one problem line too.
Expected<Encounter, std::vector<std::string>> load_encounter_file(
    const std::string& path, const Library& library, const std::vector<Override>& overrides = {});

}  // namespace arena
