// The text map of a 5e battlefield (field_map.hpp).
#include "rules/dnd5e/field_map.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "rules/dnd5e/field_area.hpp"

namespace arena::dnd5e {

char map_letter(int c) {
  if (c < 26) return static_cast<char>('A' + c);
  if (c < 52) return static_cast<char>('a' + (c - 26));
  return '#';
}

std::string field_map(const Encounter& encounter, const BattlePlan& plan,
                      const BattleState& state) {
  const FieldPlan& field = plan.field;
  // The squares the creatures on the map span, a square of margin round them.
  int left = field.width, top = field.height, right = -1, bottom = -1;
  std::vector<int> shown;
  for (int c = 0; c < plan.creature_count(); ++c) {
    if (state.combatants[static_cast<std::size_t>(c)].dead) continue;
    if (detail::inside_a_swallower(plan, state, c)) continue;
    const space::Footprint& f = state.field.at[static_cast<std::size_t>(c)];
    left = std::min(left, f.at.x - 1);
    top = std::min(top, f.at.y - 1);
    right = std::max(right, f.at.x + f.side);
    bottom = std::max(bottom, f.at.y + f.side);
    shown.push_back(c);
  }
  if (shown.empty()) return "    (nobody left on the battlefield)\n";
  left = std::max(left, 0);
  top = std::max(top, 0);
  right = std::min(right, field.width - 1);
  bottom = std::min(bottom, field.height - 1);
  const auto columns = static_cast<std::size_t>(right - left + 1);
  std::vector<std::string> rows(static_cast<std::size_t>(bottom - top + 1),
                                std::string(columns, '.'));
  std::string legend;
  for (int c : shown) {
    const space::Footprint& f = state.field.at[static_cast<std::size_t>(c)];
    for (int y = f.at.y; y < f.at.y + f.side; ++y) {
      for (int x = f.at.x; x < f.at.x + f.side; ++x)
        rows[static_cast<std::size_t>(y - top)][static_cast<std::size_t>(x - left)] = map_letter(c);
    }
    const int hp = state.combatants[static_cast<std::size_t>(c)].hp;
    legend += fmt::format("{}{} {} ({})", legend.empty() ? "" : ", ", map_letter(c),
                          encounter.combatants[static_cast<std::size_t>(c)].name,
                          hp > 0 ? fmt::format("{} HP", hp) : std::string("down"));
  }
  std::string text = fmt::format("    map: x {} to {}, y {} to {} (1 character = 5 ft)\n", left,
                                 right, top, bottom);
  for (std::size_t r = 0; r < rows.size(); ++r)
    text += fmt::format("    {:>3} {}\n", top + static_cast<int>(r), rows[r]);
  return text + fmt::format("    {}\n", legend);
}

}  // namespace arena::dnd5e
