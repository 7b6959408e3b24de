#include "rules/dnd5e/abilities.hpp"

#include "arena/suggest.hpp"

namespace arena::dnd5e {

std::optional<Ability> parse_ability(std::string_view text) {
  for (std::size_t i = 0; i < kAbilityKeys.size(); ++i) {
    if (same_word(text, kAbilityKeys[i])) return static_cast<Ability>(i);
  }
  return std::nullopt;
}

}  // namespace arena::dnd5e
