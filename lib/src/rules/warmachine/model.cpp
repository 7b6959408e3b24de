#include "rules/warmachine/model.hpp"

#include <algorithm>
#include <array>

namespace arena::warmachine {

namespace {

// In bit order of Special.
constexpr std::array<std::string_view, 6> kNames = {
    "arcing", "critical knockdown", "critical devastation", "stealth", "gunfighter", "crit amp"};

}  // namespace

std::span<const std::string_view> special_names() {
  return kNames;
}

std::string_view name(Special s) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (static_cast<unsigned>(s) == (1u << i)) return kNames[i];
  }
  return "?";
}

std::optional<Special> parse_special(std::string_view text) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == text) return static_cast<Special>(1u << i);
  }
  return std::nullopt;
}

std::string specials_text(Specials set) {
  std::string text;
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if ((set & (1u << i)) == 0) continue;
    if (!text.empty()) text += ", ";
    text += kNames[i];
  }
  return text;
}

}  // namespace arena::warmachine
