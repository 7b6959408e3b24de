// Side initiative, for rulesets whose factions take turns as wholes
// (oldschool's "order": "initiative", Knave's default): every round each
// faction still standing rolls a d6 and the higher acts first; tied
// factions go in a uniformly random order (a Fisher-Yates shuffle of each
// run of ties, a die per step), so no faction gains from its place in the
// file.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/common/standing.hpp"

namespace arena {

// Who acts when in a round: the creatures in the order the file lists
// them, or the factions by side initiative, each faction's creatures in
// listed order.
enum class TurnOrder { Listed, Initiative };
inline constexpr std::string_view kTurnOrders[] = {"listed", "initiative"};

// Fills `order` with this round's factions still standing, first to act
// first; `rolls` (one per faction) receives their d6. The d6 are checks,
// the tie-breaking dice rolls; `events.initiative(faction, d6)` hears each
// d6, and `events.initiative_tie(tied)` each run of tied factions in the
// order drawn. Not inlined: once a round is rare, and inlined it changed
// how the compiler laid out oldschool's whole battle loop (2% more
// instructions a battle with listed turns, which never call it).
template <class Dice, class Events>
[[gnu::noinline]] void roll_side_initiative(const Standing& standing, std::span<int> rolls,
                                            std::vector<int>& order, Dice& dice, Events& events) {
  order.clear();
  for (int f = 0; f < static_cast<int>(rolls.size()); ++f) {
    if (standing.members(f) == 0) continue;
    rolls[f] = dice.check(6);
    events.initiative(f, rolls[f]);
    order.push_back(f);
  }
  // Higher roll first, ties in faction order: an insertion sort, stable
  // like std::stable_sort but without the buffer that one allocates on
  // every call (a malloc and a free a round, for two or three factions).
  for (std::size_t i = 1; i < order.size(); ++i) {
    const int faction = order[i];
    std::size_t j = i;
    for (; j > 0 && rolls[order[j - 1]] < rolls[faction]; --j) order[j] = order[j - 1];
    order[j] = faction;
  }
  const auto roll_of = [&](std::size_t i) { return rolls[order[i]]; };
  for (std::size_t start = 0; start < order.size();) {
    std::size_t end = start + 1;
    while (end < order.size() && roll_of(end) == roll_of(start)) ++end;
    for (std::size_t i = end - 1; i > start; --i) {
      const std::size_t j =
          start + static_cast<std::size_t>(dice.roll(static_cast<int>(i - start) + 1)) - 1;
      std::swap(order[i], order[j]);
    }
    if (end - start > 1)
      events.initiative_tie(std::span<const int>(order).subspan(start, end - start));
    start = end;
  }
}

}  // namespace arena
