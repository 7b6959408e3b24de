// The six abilities of d20 games and the keys a file gives them ("str").
// What an ability is worth is each ruleset's own rule (5e: a score and its
// modifier, dnd5e/abilities.hpp; knave: a bonus). Constants; thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace arena {

// In the order stat blocks list them, which is also that of the Knave death
// table's rows 3 to 8.
enum class Ability : std::uint8_t { Str, Dex, Con, Int, Wis, Cha };
inline constexpr int kAbilities = 6;
inline constexpr std::array<std::string_view, kAbilities> kAbilityKeys = {"str", "dex", "con",
                                                                          "int", "wis", "cha"};

}  // namespace arena
