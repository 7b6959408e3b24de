#include "rules/common/tactics.hpp"

#include <array>

#include "arena/suggest.hpp"

namespace arena {

namespace {
// Indexed by TargetPolicy.
constexpr std::array<std::string_view, 5> kNames = {"random", "weakest", "strongest", "lowest_ac",
                                                    "focus"};
}  // namespace

std::string_view name(TargetPolicy policy) {
  return kNames[static_cast<std::size_t>(policy)];
}

std::optional<TargetPolicy> parse_target_policy(std::string_view text) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (same_word(text, kNames[i])) return static_cast<TargetPolicy>(i);
  }
  return std::nullopt;
}

std::span<const std::string_view> target_policy_names() {
  return kNames;
}

}  // namespace arena
