// How `arena validate` shows a combatant on a battlefield.
#include "rules/dnd5e/field_describe.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <vector>

#include "rules/dnd5e/describe.hpp"
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
  const std::string slowed =
      m.armor_slows > 0 ? fmt::format(" ({} ft less: heavy armor without its STR)", m.armor_slows)
                        : "";
  return m.fly > 0 ? fmt::format("walk {} ft{}, fly {} ft", m.walk, slowed, m.fly)
                   : fmt::format("{} ft{}", m.walk, slowed);
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
  if (s.member->rock_catching_dc > 0)
    reactions.push_back(
        fmt::format("Rock Catching (DC {} {} save against a hurled rock that "
                    "would hit)",
                    s.member->rock_catching_dc,
                    kAbilityKeys[static_cast<int>(s.member->rock_catching_ability)]));
  if (s.member->split_slots > 0) {
    std::vector<std::string> types;
    for (int t = 0; t < kDamageTypeCount; ++t) {
      if (s.member->split_types.contains(static_cast<DamageType>(t)))
        types.emplace_back(name(static_cast<DamageType>(t)));
    }
    reactions.push_back(fmt::format(
        "split ({} damage, {} HP or more left, {} or larger: two halves one size smaller; {} "
        "more combatants at most)",
        fmt::join(types, " or "), s.member->split_min_hp, kSizeNames[s.member->split_min_size],
        s.member->split_slots));
  }
  const Traits& traits = s.creature->traits;
  if (traits.turn_start_save >= 0) {
    const SaveEffect& save =
        s.creature->save_effects[static_cast<std::size_t>(traits.turn_start_save)];
    reactions.push_back(fmt::format("{} (an enemy starting its turn within {} ft: {})", save.name,
                                    traits.turn_start_feet, save_text(save)));
  }
  return reactions;
}

std::string reactions_text(const Shown& s) {
  const std::vector<std::string> reactions = reactions_of(s);
  std::string text = reactions.empty() ? "none" : fmt::format("{}", fmt::join(reactions, ", "));
  if (s.member->nimble_escape) text += "; Nimble Escape (bonus-action Disengage)";
  if (s.member->flyby) text += s.member->fly > 0 ? "; Flyby" : "; Flyby (no fly speed: unused)";
  return text;
}

// "10 ft straight, then Gore +2d8 piercing, DC 14 STR or pushed 10 ft and prone".
std::string charge_text(const ChargeInfo& c) {
  std::string text = fmt::format("{} ft straight, then {}", c.distance, c.attack);
  if (c.extra.count > 0) {
    text += fmt::format(" +{}d{}", c.extra.count, c.extra.sides);
    if (c.extra_type) text += fmt::format(" {}", name(*c.extra_type));
  }
  if (c.dc > 0) {
    std::string ability(key(c.ability));
    std::transform(ability.begin(), ability.end(), ability.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
    text += fmt::format(", DC {} {} or", c.dc, ability);
    if (c.push > 0) text += fmt::format(" pushed {} ft and", c.push);
    text += c.prone ? " prone" : "";
  }
  if (!c.bonus_attack.empty()) text += fmt::format(", then {} if prone", c.bonus_attack);
  return text;
}

// Without a battlefield: what of the stat block only a battlefield plays.
std::string gridless_lines(const Encounter& encounter, int c) {
  std::string out;
  const auto member =
      static_cast<std::size_t>(encounter.combatants[static_cast<std::size_t>(c)].member);
  for (const std::string& entry : roster_of(encounter).members[member].battlefield_only)
    out += fmt::format("    gridless, not played: {} (a battlefield plays it)\n", entry);
  return out;
}

}  // namespace

std::string field_line(const Encounter& encounter, int c) {
  const auto s = shown(encounter, c);
  if (!s) return gridless_lines(encounter, c);
  return fmt::format(
      "    battlefield: at ({},{}), {}x{} squares, speed {}, movement {}, reach {} ft, "
      "reactions: {}{}\n",
      s->start.at.x, s->start.at.y, s->start.side, s->start.side, speed_text(*s->member),
      kMovementNames[static_cast<std::size_t>(s->member->movement)], s->reach, reactions_text(*s),
      s->member->charge ? "; charge: " + charge_text(*s->member->charge) : "");
}

nlohmann::json field_json(const Encounter& encounter, int c) {
  const auto s = shown(encounter, c);
  if (!s) return nullptr;
  const nlohmann::json reactions = reactions_of(*s);
  const nlohmann::json charge =
      s->member->charge ? nlohmann::json(charge_text(*s->member->charge)) : nullptr;
  return {{"at", {s->start.at.x, s->start.at.y}},
          {"squares", s->start.side},
          {"walk", s->member->walk},
          {"fly", s->member->fly},
          {"movement", kMovementNames[static_cast<std::size_t>(s->member->movement)]},
          {"reach", s->reach},
          {"reactions", reactions},
          {"nimble_escape", s->member->nimble_escape},
          {"flyby", s->member->flyby},
          {"charge", charge},
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
