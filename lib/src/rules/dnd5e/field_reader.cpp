// Reading a 5e battlefield and placing the combatants on it.
#include "rules/dnd5e/field_reader.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdio>
#include <span>

#include "arena/suggest.hpp"
#include "rules/common/readers.hpp"

namespace arena::dnd5e {

namespace {

constexpr std::string_view kFieldKeys[] = {"width", "height", "diagonals", "start"};
constexpr std::string_view kStartKeys[] = {"distance"};
constexpr std::string_view kSpeedKeys[] = {"walk", "fly"};
constexpr std::string_view kDiagonalNames[] = {"phb", "5-10-5"};
constexpr int kMaxSquares = 1000;
constexpr int kMaxFeet = 5000;
constexpr int kMaxSlots = 20;  // 1st-level slots per battle (a slot count fits the state's int8)

std::optional<space::Square> read_square(const JsonContext& context, const nlohmann::json& value,
                                         const std::string& pointer) {
  if (!value.is_array() || value.size() != 2) {
    context.error(pointer,
                  fmt::format("expected a square [x, y], found {}", describe_json_type(value)));
    return std::nullopt;
  }
  auto x = read_integer(context, value[0], pointer + "/0", 0, kMaxSquares - 1);
  auto y = read_integer(context, value[1], pointer + "/1", 0, kMaxSquares - 1);
  if (!x || !y) return std::nullopt;
  return space::Square{static_cast<int>(*x), static_cast<int>(*y)};
}

std::string square_text(space::Square s) {
  return fmt::format("[{}, {}]", s.x, s.y);
}

// "Ogre at [2, 3] (2 x 2 squares)", "Goblin 3 at [18, 10]".
std::string placed_text(const PlacedMember& member, int copy, const space::Footprint& foot) {
  std::string text = member.count > 1 ? fmt::format("{} {}", member.name, copy + 1) : member.name;
  text += " at " + square_text(foot.at);
  if (foot.side > 1) text += fmt::format(" ({} x {} squares)", foot.side, foot.side);
  return text;
}

// A list of names under `key` ("maneuvers": ["parry", "riposte"]), as bits
// of their places in `names`; unknown names are reported as a `what`.
std::uint8_t read_name_bits(ObjectReader& object, MemberSpec& member, std::string_view key,
                            std::span<const std::string_view> names, std::string_view what) {
  const JsonContext& context = object.context();
  std::uint8_t bits = 0;
  const nlohmann::json* list = object.array(key, true);
  if (list == nullptr) return bits;
  member.field_keys.push_back(object.child(key));
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string pointer = json_pointer_child(object.child(key), i);
    auto name = read_string(context, (*list)[i], pointer);
    if (!name) continue;
    const auto found = std::find(names.begin(), names.end(), *name);
    if (found == names.end()) {
      context.error(pointer, fmt::format("unknown {} \"{}\"{}; arena plays: {}", what, *name,
                                         did_you_mean(*name, names), fmt::join(names, ", ")));
      continue;
    }
    const auto bit = static_cast<std::uint8_t>(1 << (found - names.begin()));
    if ((bits & bit) != 0) context.error(pointer, fmt::format("\"{}\" is listed twice", *name));
    bits |= bit;
  }
  return bits;
}

// "COUNTdSIDES" written as digits only ("4d8"; not " 4d8" nor "4d+8"), or nullopt.
std::optional<std::pair<int, int>> parse_dice_count(const std::string& text) {
  const std::size_t d = text.find('d');
  const auto number = [&](std::size_t from, std::size_t to) -> std::optional<int> {
    if (to <= from || to - from > 2) return std::nullopt;
    int value = 0;
    for (std::size_t i = from; i < to; ++i) {
      if (text[i] < '0' || text[i] > '9') return std::nullopt;
      value = value * 10 + (text[i] - '0');
    }
    return value;
  };
  if (d == std::string::npos) return std::nullopt;
  const auto count = number(0, d), sides = number(d + 1, text.size());
  if (!count || !sides) return std::nullopt;
  return std::pair{*count, *sides};
}

// "maneuvers": ["parry", "riposte"] and "superiority_dice": "4d8".
void read_maneuvers(ObjectReader& object, MemberSpec& member) {
  const JsonContext& context = object.context();
  member.maneuvers = read_name_bits(object, member, "maneuvers", kManeuverNames, "maneuver");
  if (auto text = object.string("superiority_dice")) {
    member.field_keys.push_back(object.child("superiority_dice"));
    const auto dice = parse_dice_count(*text);
    const int count = dice ? dice->first : 0, sides = dice ? dice->second : 0;
    if (count < 1 || count > 20 || (sides != 6 && sides != 8 && sides != 10 && sides != 12)) {
      context.error(object.child("superiority_dice"),
                    fmt::format("expected superiority dice such as \"4d8\" (1 to 20 dice of "
                                "d6, d8, d10 or d12), found \"{}\"",
                                *text));
    } else {
      member.superiority = std::pair{count, sides};
    }
  }
  // (A "superiority_dice" given but wrong has its own error.)
  if (member.maneuvers != 0 && !object.has("superiority_dice")) {
    context.error(object.pointer(), "\"maneuvers\" need \"superiority_dice\", such as \"4d8\"");
  } else if (member.maneuvers == 0 && !object.has("maneuvers") && object.has("superiority_dice")) {
    context.error(object.child("superiority_dice"),
                  "superiority dice do nothing without \"maneuvers\" to spend them on");
  }
}

// "reactions": ["shield"] and "spell_slots": 2 (1st-level slots, per battle).
void read_reactions(ObjectReader& object, MemberSpec& member) {
  member.reactions = read_name_bits(object, member, "reactions", kReactionNames, "reaction");
  if (object.has("spell_slots")) member.field_keys.push_back(object.child("spell_slots"));
  if (auto slots = object.integer("spell_slots", 0, kMaxSlots))
    member.spell_slots = static_cast<int>(*slots);
  if (member.reactions != 0 && !object.has("spell_slots")) {
    object.context().error(object.pointer(),
                           "\"reactions\" need \"spell_slots\", the 1st-level slots to cast them");
  } else if (member.reactions != 0 && member.spell_slots == 0) {
    object.context().error(object.child("spell_slots"),
                           "\"reactions\" need at least one 1st-level slot to cast them");
  } else if (!object.has("reactions") && object.has("spell_slots")) {
    object.context().error(object.child("spell_slots"),
                           "spell slots do nothing without \"reactions\" to cast with them");
  }
}

// Split: its numbers, and the combatant slots its halves need. A split
// creature becomes two one size smaller: a Large one splits into two Medium
// (one new creature), each of them into two Small (two more).
void set_split(const TraitRulesInfo& rules, FieldMember& member) {
  if (rules.split_types.empty()) return;
  for (DamageType type : rules.split_types) member.split_types.insert(type);
  member.split_min_hp = rules.split_min_hp;
  member.split_min_size = size_class(rules.split_min_size);
  const int generations = member.size - member.split_min_size + 1;
  member.split_slots = generations > 0 ? (1 << generations) - 1 : 0;
}

// Whether some action of `creature` strikes from afar: a ranged attack (a
// thrown weapon's too) or a save it forces, what a kiting creature wants.
bool strikes_from_afar(const Creature& creature) {
  for (const Action& action : creature.actions) {
    if (!action.saves.empty()) return true;
    for (int a : action.attacks) {
      if (creature.attacks[static_cast<std::size_t>(a)].kind == AttackKind::Ranged) return true;
    }
  }
  return false;
}

}  // namespace

std::optional<Battlefield> read_battlefield(const JsonContext& context, ObjectReader& encounter) {
  const nlohmann::json* value = encounter.get("battlefield");
  if (value == nullptr) return std::nullopt;
  ObjectReader object(context, *value, encounter.child("battlefield"), kFieldKeys);
  if (!object.is_object()) return std::nullopt;
  Battlefield field;
  const std::size_t problems_before = context.problems();
  field.width = static_cast<int>(object.integer("width", 1, kMaxSquares).value_or(field.width));
  field.height = static_cast<int>(object.integer("height", 1, kMaxSquares).value_or(field.height));
  if (auto rule = read_choice(object, "diagonals", kDiagonalNames)) {
    field.diagonals = *rule == "phb" ? space::Diagonals::Phb : space::Diagonals::FiveTenFive;
  }
  if (const nlohmann::json* start = object.get("start")) {
    ObjectReader start_object(context, *start, object.child("start"), kStartKeys);
    if (start_object.require("distance")) {
      if (auto feet = start_object.integer("distance", space::kFeetPerSquare, kMaxFeet)) {
        if (*feet % space::kFeetPerSquare != 0) {
          context.error(start_object.child("distance"),
                        fmt::format("{} feet is not a whole number of 5-ft squares", *feet));
        } else {
          field.start_distance = static_cast<int>(*feet);
        }
      }
    }
    start_object.finish();
  }
  object.finish();
  field.complete = context.problems() == problems_before;
  return field;
}

void read_field_keys(ObjectReader& object, MemberSpec& member) {
  const JsonContext& context = object.context();
  if (const nlohmann::json* at = object.get("at")) {
    member.field_keys.push_back(object.child("at"));
    member.at = read_square(context, *at, object.child("at"));
  }
  if (const nlohmann::json* speed = object.get("speed")) {
    const std::string pointer = object.child("speed");
    member.field_keys.push_back(pointer);
    if (speed->is_number()) {  // (read_integer says what is wrong with 5.5)
      if (auto walk = read_integer(context, *speed, pointer, 0, kMaxFeet))
        member.walk = static_cast<int>(*walk);
    } else {
      ObjectReader speeds(context, *speed, pointer, kSpeedKeys);
      if (auto walk = speeds.integer("walk", 0, kMaxFeet)) member.walk = static_cast<int>(*walk);
      if (auto fly = speeds.integer("fly", 0, kMaxFeet)) member.fly = static_cast<int>(*fly);
      speeds.finish();
    }
  }
  read_maneuvers(object, member);
  read_reactions(object, member);
  if (object.has("movement")) member.field_keys.push_back(object.child("movement"));
  if (auto movement = read_choice(object, "movement", kMovementNames)) {
    const auto* found = std::find(std::begin(kMovementNames), std::end(kMovementNames), *movement);
    member.movement = static_cast<Movement>(found - std::begin(kMovementNames));
  }
}

FieldMember field_member(const MemberSpec& spec, const MonsterInfo* monster, int dex_modifier) {
  FieldMember member;
  member.maneuvers = spec.maneuvers;
  if (spec.superiority) {
    member.superiority_dice = spec.superiority->first;
    member.superiority_die = spec.superiority->second;
  }
  member.dex = dex_modifier;
  member.reactions = spec.reactions;
  member.spell_slots = spec.spell_slots.value_or(0);
  member.walk = spec.walk.value_or(member.walk);
  member.fly = spec.fly.value_or(member.fly);
  const std::string size = spec.size ? *spec.size : monster ? monster->size : "";
  member.side = space::squares_for_size(size);
  member.size = size_class(size);
  member.movement = spec.movement.value_or(member.movement);
  if (monster != nullptr) {
    const auto& text = monster->not_converted;
    // Every SRD Parry adds the monster's proficiency bonus (knight +2 ... marilith +5).
    if (std::find(text.begin(), text.end(), kParryEntry) != text.end())
      member.parry = monster->proficiency_bonus;
    member.nimble_escape = monster->trait_rules.nimble_escape;
    member.flyby = monster->trait_rules.flyby;
    member.charge = monster->trait_rules.charge;
    set_split(monster->trait_rules, member);
    member.rock_catching_dc = monster->trait_rules.rock_catching_dc;
    member.rock_catching_ability = monster->trait_rules.rock_catching_ability;
  }
  return member;
}

void report_field_keys_without_field(const JsonContext& context, const MemberSpec& member) {
  for (const std::string& pointer : member.field_keys) {
    const std::string key = pointer.substr(pointer.rfind('/') + 1);
    context.error(pointer, fmt::format("\"{}\" needs a \"battlefield\" in the encounter "
                                       "(without one, battles are gridless)",
                                       key));
  }
}

void check_kiting(const JsonContext& context, const MemberSpec& member, const Creature& creature) {
  if (member.movement != Movement::Kite || strikes_from_afar(creature)) return;
  context.error(json_pointer_child(member.pointer, "movement"),
                fmt::format("\"kite\" needs an action that strikes from afar (a ranged attack, "
                            "or a save effect such as a breath weapon); {}'s actions are all "
                            "melee: use \"advance\" or \"hold\"",
                            creature.name));
}

void place_combatants(const JsonContext& context, Battlefield& field,
                      const std::vector<PlacedMember>& members) {
  field.starts.clear();
  if (!field.complete) return;             // its own problems are reported
  std::vector<const PlacedMember*> owner;  // per combatant
  std::vector<int> copies;                 // per combatant: which copy of its member
  std::vector<bool> joins;                 // per combatant: one that may join later
  int column = 0;                          // the formation column of the current faction
  int row = 0;                             // the next free row in it
  int widest = 0;                          // the widest formation footprint of the faction
  int faction = members.empty() ? 0 : members.front().faction;
  for (const PlacedMember& member : members) {
    if (member.faction != faction) {
      column += std::max(widest, 1) + field.start_distance / space::kFeetPerSquare - 1;
      row = 0;
      widest = 0;
      faction = member.faction;
    }
    const bool formation = !member.at;
    if (formation && field.start_distance < 0) {
      context.error(member.pointer,
                    "a member on a battlefield without \"start\" needs \"at\": [x, y]");
    }
    for (int copy = 0; copy < member.count; ++copy) {
      space::Footprint foot{{column, row}, member.side};
      if (member.at) {
        foot.at = {member.at->x, member.at->y + copy * member.side};
      } else {
        row += member.side;
        widest = std::max(widest, member.side);
      }
      for (int k = 0; k <= member.joining; ++k) {
        field.starts.push_back(foot);
        owner.push_back(&member);
        copies.push_back(copy);
        joins.push_back(k > 0);
      }
    }
  }
  // Off the field, then overlaps: each reported once, at the member placed later.
  for (std::size_t c = 0; c < field.starts.size(); ++c) {
    const space::Footprint& foot = field.starts[c];
    const PlacedMember& member = *owner[c];
    const std::string where = member.at ? member.pointer + "/at" : member.pointer;
    if (!member.at && field.start_distance < 0) continue;  // reported above
    if (joins[c]) continue;
    const std::string self = placed_text(member, copies[c], foot);
    const char* copies_note =
        member.at && member.count > 1 ? " (copies stand one footprint further south each)" : "";
    if (!space::on_field(foot, field.width, field.height)) {
      context.error(where, fmt::format("{} is off the battlefield ({} x {} squares){}", self,
                                       field.width, field.height, copies_note));
      continue;
    }
    for (std::size_t other = 0; other < c; ++other) {
      if (!joins[other] && space::overlaps(field.starts[other], foot)) {
        context.error(where,
                      fmt::format("{} overlaps {}: no two creatures share a square", self,
                                  placed_text(*owner[other], copies[other], field.starts[other])));
        break;
      }
    }
  }
}

}  // namespace arena::dnd5e
