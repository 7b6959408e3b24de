// Tactics: how a creature picks its target and its action.
//
// Tactics v1 is targeting only; the action chosen is always the one with the
// highest expected damage against the chosen target (battle_rules.hpp).
// Kept apart from the battle loop so that movement-aware tactics can come
// later without touching it. Plain values; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace arena {

enum class TargetPolicy : std::uint8_t {
  Random,     // a random living enemy (default)
  Weakest,    // lowest current HP
  Strongest,  // highest current HP
  LowestAc,   // easiest to hit
  Focus,      // the faction's shared target until it drops
};

struct Tactics {
  TargetPolicy target = TargetPolicy::Random;
  bool operator==(const Tactics&) const = default;
};

std::string_view name(TargetPolicy policy);
std::optional<TargetPolicy> parse_target_policy(std::string_view text);
std::span<const std::string_view> target_policy_names();

}  // namespace arena
