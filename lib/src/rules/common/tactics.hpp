// Tactics: how a creature picks its target and what it does about enemies
// who are down.
//
// The action chosen is the ruleset's business (5e: the one with the highest
// expected damage against the chosen target). Kept apart from the battle
// loop so that movement-aware tactics can come later without touching it.
// Plain values; thread-safe.
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
  Nearest,    // the enemy at the smallest distance (needs positions: a 5e battlefield)
};

// Who gets a target that several enemies deserve equally (targeting.hpp).
enum class TiePolicy : std::uint8_t {
  Random,  // a die among the tied (default): no creature is favoured by its place in the file
  First,   // the earliest in the file
};

// What a creature does about enemies at 0 HP who are not dead (5e PCs).
enum class DownedPolicy : std::uint8_t {
  Ignore,  // leaves them to their death saves (default)
  Finish,  // attacks them once no standing enemy is in reach
};

struct Tactics {
  TargetPolicy target = TargetPolicy::Random;
  TiePolicy ties = TiePolicy::Random;
  DownedPolicy downed = DownedPolicy::Ignore;
  bool operator==(const Tactics&) const = default;
};

// One number for an encounter's fingerprint; the default ties and downed
// add nothing, so fingerprints made before they existed still hold.
inline int digest_code(const Tactics& tactics) {
  return static_cast<int>(tactics.target) + 8 * static_cast<int>(tactics.ties) +
         16 * static_cast<int>(tactics.downed);
}

std::string_view name(TargetPolicy policy);
std::optional<TargetPolicy> parse_target_policy(std::string_view text);
std::span<const std::string_view> target_policy_names();

std::string_view name(TiePolicy policy);
std::span<const std::string_view> tie_policy_names();  // indexed by TiePolicy

std::string_view name(DownedPolicy policy);
std::span<const std::string_view> downed_policy_names();  // indexed by DownedPolicy

}  // namespace arena
