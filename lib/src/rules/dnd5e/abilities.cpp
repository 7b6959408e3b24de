#include "rules/dnd5e/abilities.hpp"

#include "arena/suggest.hpp"

namespace arena::dnd5e {

std::optional<Ability> parse_ability(std::string_view text) {
  for (std::size_t i = 0; i < kAbilityKeys.size(); ++i) {
    if (edit_distance(text, kAbilityKeys[i]) == 0) return static_cast<Ability>(i);
  }
  return std::nullopt;
}

}  // namespace arena::dnd5e
