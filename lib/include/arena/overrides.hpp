// Overrides: `--set PATH=VALUE` edits applied to an encounter file before it
// is read, so that scripts vary one value without writing files.
//
// PATH is a JSON pointer (/factions/0/members/1/hp) or a dotted path that
// uses names where the format has them: factions.Heroes.members.Fighter.weapons
// (a faction by its name, a member by its name or monster; indices work too;
// a name that two elements answer to is an error).
// VALUE is JSON (18, '["greatsword"]', true) or else taken as a bare string
// (chain mail); null removes an object's key. The last step of a path may add
// a key; every other step must exist. Errors name the --set argument and
// suggest the closest name.
// Pure functions; thread-safe.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "arena/expected.hpp"

namespace arena {

struct Override {
  std::string source;    // what gave it, as written before PATH=VALUE, which its errors
                         // name: "--set ", a sweep's "--vary ", "--variant Big:" of compare
  std::string text;      // as given: "factions.Heroes.members.Fighter.hp=30"
  std::string path;      // "factions.Heroes.members.Fighter.hp"
  nlohmann::json value;  // 30
  // The literals of integers in `value` too large for 64 bits (read as
  // doubles), by JSON pointer within it: a range error quotes them.
  std::unordered_map<std::string, std::string> big_integers;
};

// Parses "PATH=VALUE", given by `source` ("--set "); an error message when
// there is no '=' or no path.
Expected<Override, std::string> parse_override(std::string_view text,
                                               std::string_view source = "--set ");

// The JSON pointer `path` designates in `document` ("/factions/0/members/1/hp").
Expected<std::string, std::string> resolve_override_path(const nlohmann::json& document,
                                                         std::string_view path);

// An override as applied: where it wrote, and what the user gave.
struct AppliedOverride {
  std::string pointer;  // "/factions/0/members/1/hp"
  std::string given;    // "--set factions.Heroes.members.Fighter.hp=30"
};

// Applies the overrides in order, returning where each wrote; the first
// error is returned as a message. Two of one source (Override::source)
// that write the same place are an error, but for a sweep's axes.
Expected<std::vector<AppliedOverride>, std::string> apply_overrides(
    nlohmann::json& document, const std::vector<Override>& overrides);

// One `--vary PATH=V1,V2,...` of `arena sweep`: a path and its values, as
// written (each becomes the override "PATH=VALUE").
struct Axis {
  std::string path;
  std::vector<std::string> values;
};

// Parses "PATH=V1,V2,...", splitting on commas outside brackets, braces and
// quotes so that JSON values such as ["longsword","shield"] stay whole; an
// error message (naming the --vary argument) for no path or an empty value.
Expected<Axis, std::string> parse_axis(std::string_view text);

}  // namespace arena
