// "Did you mean": the closest known name to a misspelt one.
//
// Used by every loader that looks a name up (keys, monsters, weapons, damage
// types, subcommand values) so that users get the same help everywhere.
// Pure functions; thread-safe.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace arena {

// Levenshtein distance between a and b, ignoring ASCII case.
int edit_distance(std::string_view a, std::string_view b);

// Whether a and b are the same word, ignoring ASCII case: edit_distance 0,
// without the distance table (names are read this way by every loader).
bool same_word(std::string_view a, std::string_view b);

// The candidate closest to `word`, if it is close enough to be a plausible
// typo (distance at most max(2, |word| / 3)); ties go to the earlier
// candidate. Failing that, the first candidate that has `word` as one of its
// words ("leather" -> "leather armor").
std::optional<std::string> closest_match(std::string_view word,
                                         std::span<const std::string_view> candidates);
std::optional<std::string> closest_match(std::string_view word,
                                         std::span<const std::string> candidates);

// " (did you mean 'x'?)" for the closest match, or "" when none is close.
std::string did_you_mean(std::string_view word, std::span<const std::string_view> candidates);
std::string did_you_mean(std::string_view word, std::span<const std::string> candidates);

// The lookup key of a library name: lowercase, with '-' and '_' read as
// spaces, and "Crossbow, light" read as "light crossbow" (the way people say
// it). Names of every ruleset's library are looked up by their keys.
std::string library_key(std::string_view name);

}  // namespace arena
