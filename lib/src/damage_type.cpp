#include "arena/damage_type.hpp"

#include <array>

#include "arena/suggest.hpp"

namespace arena {

namespace {

// Indexed by DamageType; entry 0 is Untyped.
constexpr std::array<std::string_view, kDamageTypeCount> kNames = {
    "untyped",  "acid",     "bludgeoning", "cold",    "fire",    "force",    "lightning",
    "necrotic", "piercing", "poison",      "psychic", "radiant", "slashing", "thunder",
};

}  // namespace

std::string_view name(DamageType type) {
  return kNames[static_cast<std::size_t>(type)];
}

std::optional<DamageType> parse_damage_type(std::string_view text) {
  for (std::size_t i = 1; i < kNames.size(); ++i) {
    if (same_word(text, kNames[i])) return static_cast<DamageType>(i);
  }
  return std::nullopt;
}

std::span<const std::string_view> damage_type_names() {
  return std::span<const std::string_view>(kNames).subspan(1);
}

}  // namespace arena
