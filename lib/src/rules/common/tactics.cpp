#include "rules/common/tactics.hpp"

#include <array>

#include "arena/suggest.hpp"

namespace arena {

namespace {
// Indexed by TargetPolicy, TiePolicy and DownedPolicy.
constexpr std::array<std::string_view, 6> kNames = {"random",    "weakest", "strongest",
                                                    "lowest_ac", "focus",   "nearest"};
constexpr std::array<std::string_view, 2> kTieNames = {"random", "first"};
constexpr std::array<std::string_view, 2> kDownedNames = {"ignore", "finish"};
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

std::string_view name(TiePolicy policy) {
  return kTieNames[static_cast<std::size_t>(policy)];
}

std::span<const std::string_view> tie_policy_names() {
  return kTieNames;
}

std::string_view name(DownedPolicy policy) {
  return kDownedNames[static_cast<std::size_t>(policy)];
}

std::span<const std::string_view> downed_policy_names() {
  return kDownedNames;
}

}  // namespace arena
