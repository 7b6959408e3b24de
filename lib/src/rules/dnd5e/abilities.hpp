// The six ability scores (rules/common/abilities.hpp) as 5e has them, and
// their modifiers.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "rules/common/abilities.hpp"

namespace arena::dnd5e {

inline std::string_view key(Ability ability) {
  return kAbilityKeys[static_cast<int>(ability)];
}

// The ability named by its three-letter key ("str"), case-insensitive.
std::optional<Ability> parse_ability(std::string_view text);

struct AbilityScores {
  std::array<int, 6> scores = {10, 10, 10, 10, 10, 10};

  int score(Ability ability) const { return scores[static_cast<int>(ability)]; }
  // floor((score - 10) / 2): 8 -> -1, 14 -> +2.
  int modifier(Ability ability) const {
    const int s = score(ability) - 10;
    return s >= 0 ? s / 2 : -((1 - s) / 2);
  }
  bool operator==(const AbilityScores&) const = default;
};

}  // namespace arena::dnd5e
