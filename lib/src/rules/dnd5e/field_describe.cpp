// How `arena validate` shows a combatant on a battlefield.
#include "rules/dnd5e/field_describe.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>

#include "rules/dnd5e/roster.hpp"

namespace arena::dnd5e {

namespace {

struct Shown {
  space::Footprint start;
  const FieldMember* member = nullptr;
  int reach = 0;  // longest melee reach; 0: none, and no opportunity attacks
  const Creature* creature = nullptr;
};

std::optional<Shown> shown(const Encounter& encounter, int c) {
  const Roster& roster = roster_of(encounter);
  if (!roster.battlefield) return std::nullopt;
  const auto member =
      static_cast<std::size_t>(encounter.combatants[static_cast<std::size_t>(c)].member);
  Shown s{roster.battlefield->starts[static_cast<std::size_t>(c)],
          &roster.battlefield->members[member], 0, &roster.members[member]};
  for (const Attack& attack : roster.members[member].attacks) {
    if (attack.kind == AttackKind::Melee) s.reach = std::max(s.reach, attack.reach);
  }
  return s;
}

// Its areas, which catch by geometry here (field_area.hpp): "Acid Breath
// (30-foot line)", "Frightful Presence (120-foot emanation, enemies only)".
std::vector<std::string> areas_of(const Shown& s) {
  std::vector<std::string> areas;
  for (const SaveEffect& e : s.creature->save_effects) {
    if (!e.area_shape.empty())
      areas.push_back(
          fmt::format("{} ({}{})", e.name, e.area, e.chosen_targets ? ", enemies only" : ""));
  }
  return areas;
}

std::string speed_text(const FieldMember& m) {
  return m.fly > 0 ? fmt::format("walk {} ft, fly {} ft", m.walk, m.fly)
                   : fmt::format("{} ft", m.walk);
}

std::vector<std::string> reactions_of(const Shown& s) {
  std::vector<std::string> reactions;
  if (s.reach > 0) reactions.emplace_back("opportunity attack");
  if (s.member->parry > 0 && s.reach > 0)
    reactions.push_back(fmt::format("parry (+{} AC)", s.member->parry));
  const std::string dice =
      fmt::format("{}d{}", s.member->superiority_dice, s.member->superiority_die);
  if ((s.member->maneuvers & kManeuverParry) != 0)
    reactions.push_back(
        fmt::format("Battle Master parry ({} superiority dice + DEX {:+d})", dice, s.member->dex));
  if ((s.member->maneuvers & kManeuverRiposte) != 0 && s.reach > 0)
    reactions.push_back(fmt::format("riposte ({} superiority dice)", dice));
  if ((s.member->reactions & kReactionShield) != 0)
    reactions.push_back(
        fmt::format("Shield (+{} AC, {} 1st-level slots)", kShieldAc, s.member->spell_slots));
  return reactions;
}

std::string reactions_text(const Shown& s) {
  const std::vector<std::string> reactions = reactions_of(s);
  std::string text = reactions.empty() ? "none" : fmt::format("{}", fmt::join(reactions, ", "));
  if (s.member->nimble_escape) text += "; Nimble Escape (bonus-action Disengage)";
  return text;
}

}  // namespace

std::string field_line(const Encounter& encounter, int c) {
  const auto s = shown(encounter, c);
  if (!s) return {};
  return fmt::format(
      "    battlefield: at ({},{}), {}x{} squares, speed {}, movement {}, reach {} ft, "
      "reactions: {}\n",
      s->start.at.x, s->start.at.y, s->start.side, s->start.side, speed_text(*s->member),
      kMovementNames[static_cast<std::size_t>(s->member->movement)], s->reach, reactions_text(*s));
}

nlohmann::json field_json(const Encounter& encounter, int c) {
  const auto s = shown(encounter, c);
  if (!s) return nullptr;
  const nlohmann::json reactions = reactions_of(*s);
  return {{"at", {s->start.at.x, s->start.at.y}},
          {"squares", s->start.side},
          {"walk", s->member->walk},
          {"fly", s->member->fly},
          {"movement", kMovementNames[static_cast<std::size_t>(s->member->movement)]},
          {"reach", s->reach},
          {"reactions", reactions},
          {"nimble_escape", s->member->nimble_escape},
          {"areas", areas_of(*s)}};
}

std::string field_areas_line(const Encounter& encounter, int c) {
  const auto s = shown(encounter, c);
  if (!s) return {};
  const std::vector<std::string> areas = areas_of(*s);
  if (areas.empty()) return {};
  return fmt::format("    areas by geometry (not the target counts above): {}\n",
                     fmt::join(areas, ", "));
}

}  // namespace arena::dnd5e
