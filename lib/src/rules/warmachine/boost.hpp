// Focus and what it boosts: each focus a model spends buys one extra die on
// a hit roll or a damage roll (boost_die), as its "boost" says. The names
// files, `arena shoot --boost` and reports use are this one list.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "arena/suggest.hpp"

namespace arena::warmachine {

// The most focus a model may be allocated (files, `arena shoot --focus`).
inline constexpr int kMaxFocus = 10;

// What a model spends its focus on: an extra hit die, an extra damage die, or both.
enum class Boost : std::uint8_t { None = 0, Hit = 1, Damage = 2, Both = 3 };

inline constexpr std::string_view kBoostNames[] = {"none", "hit", "damage", "both"};  // by Boost

inline std::string_view name(Boost boost) {
  return kBoostNames[static_cast<std::size_t>(boost)];
}

inline std::optional<Boost> parse_boost(std::string_view text) {
  for (std::size_t i = 0; i < std::size(kBoostNames); ++i) {
    if (same_word(kBoostNames[i], text)) return static_cast<Boost>(i);
  }
  return std::nullopt;
}

inline bool boosts_hit(Boost b) {
  return (static_cast<int>(b) & 1) != 0;
}
inline bool boosts_damage(Boost b) {
  return (static_cast<int>(b) & 2) != 0;
}

// The extra die of a boost: 1 when `boost` and a focus is left (spent:
// `focus` down, `spent` up), else 0.
inline int boost_die(bool boost, int& focus, int& spent) {
  if (!boost || focus <= 0) return 0;
  --focus;
  ++spent;
  return 1;
}

}  // namespace arena::warmachine
