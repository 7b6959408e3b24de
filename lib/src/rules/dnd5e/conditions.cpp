#include "rules/dnd5e/conditions.hpp"

#include <array>

#include "arena/suggest.hpp"

namespace arena::dnd5e {

namespace {

// Indexed by Condition.
constexpr std::array<std::string_view, kConditionCount> kNames = {
    "blinded",    "frightened", "grappled", "incapacitated", "paralyzed",   "poisoned",  "prone",
    "restrained", "stunned",    "charmed",  "petrified",     "unconscious", "swallowed",
};

}  // namespace

std::string_view name(Condition condition) {
  return kNames[static_cast<std::size_t>(condition)];
}

std::optional<Condition> parse_condition(std::string_view text) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (same_word(text, kNames[i])) return static_cast<Condition>(i);
  }
  return std::nullopt;
}

}  // namespace arena::dnd5e
