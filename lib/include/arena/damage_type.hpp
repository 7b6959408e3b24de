// DamageType: the thirteen damage types of 5e, plus Untyped for rulesets and
// dice that carry none. A small enum so that resistances are a bitmask and
// damage resolution in the battle loop never compares strings.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace arena {

enum class DamageType : std::uint8_t {
  Untyped,
  Acid,
  Bludgeoning,
  Cold,
  Fire,
  Force,
  Lightning,
  Necrotic,
  Piercing,
  Poison,
  Psychic,
  Radiant,
  Slashing,
  Thunder,
};

inline constexpr int kDamageTypeCount = 14;

// The lowercase 5e name ("fire"); "untyped" for Untyped.
std::string_view name(DamageType type);

// The type named `text` (case-insensitive); nullopt for an unknown name.
// "untyped" is not a name users write.
std::optional<DamageType> parse_damage_type(std::string_view text);

// Every name parse_damage_type accepts, for "did you mean" and listings.
std::span<const std::string_view> damage_type_names();

// A set of damage types, e.g. a creature's resistances.
class DamageTypeSet {
 public:
  constexpr DamageTypeSet() = default;
  constexpr void insert(DamageType type) { bits_ |= bit(type); }
  constexpr bool contains(DamageType type) const { return (bits_ & bit(type)) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr bool any_of(DamageTypeSet other) const { return (bits_ & other.bits_) != 0; }
  constexpr bool operator==(const DamageTypeSet&) const = default;

 private:
  static constexpr std::uint16_t bit(DamageType type) {
    return static_cast<std::uint16_t>(1u << static_cast<unsigned>(type));
  }
  std::uint16_t bits_ = 0;
};

}  // namespace arena
