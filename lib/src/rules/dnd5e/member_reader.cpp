// Reading the 5e members of an encounter file into MemberSpecs.
#include <fmt/format.h>

#include <array>
#include <cstdint>

#include "arena/encounter.hpp"
#include "arena/suggest.hpp"
#include "rules/common/readers.hpp"
#include "rules/dnd5e/field_reader.hpp"
#include "rules/dnd5e/member_spec.hpp"
#include "rules/registry.hpp"

namespace arena::dnd5e {

namespace {

constexpr std::string_view kMemberKeys[] = {"monster",     "name",
                                            "count",       "hp",
                                            "ac",          "initiative",
                                            "abilities",   "attacks",
                                            "multiattack", "resistances",
                                            "immunities",  "vulnerabilities",
                                            "pc",          "level",
                                            "proficiency", "proficiency_bonus",
                                            "weapons",     "armor",
                                            "shield",      "size",
                                            "tactics",     "area_targets",
                                            "type",        "subtypes",
                                            "saves",       "at",
                                            "speed",       "movement",
                                            "maneuvers",   "superiority_dice",
                                            "reactions",   "spell_slots",
                                            "hit_die"};
constexpr std::string_view kAttackKeys[] = {"name",  "to_hit",  "damage",  "reach",
                                            "range", "magical", "silvered"};
// A member's tactics: its faction's keys (tactics_keys()) and a fixed action policy.
constexpr std::string_view kMemberTacticsKeys[] = {"target", "ties", "downed", "actions"};
constexpr std::string_view kHitDice[] = {"d6", "d8", "d10", "d12"};  // the classes'
constexpr std::string_view kSizes[] = {"tiny", "small", "medium", "large", "huge", "gargantuan"};
constexpr std::string_view kCreatureTypes[] = {
    "aberration", "beast", "celestial", "construct",   "dragon", "elemental", "fey",
    "fiend",      "giant", "humanoid",  "monstrosity", "ooze",   "plant",     "undead"};

constexpr int kMaxAc = 100;
constexpr int kMaxBonus = 100;

// A list of strings, or one string standing for a list of one.
std::optional<NameList> read_names(const JsonContext& context, const nlohmann::json& value,
                                   const std::string& pointer) {
  if (value.is_string()) return NameList{{value.get<std::string>()}, {pointer}};
  if (!value.is_array()) {
    context.error(pointer, fmt::format("expected a string or an array of strings, found {}",
                                       describe_json_type(value)));
    return std::nullopt;
  }
  NameList list;
  bool ok = true;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string element = json_pointer_child(pointer, i);
    auto name = read_string(context, value[i], element);
    ok = ok && name.has_value();
    if (name) {
      list.names.push_back(*name);
      list.pointers.push_back(element);
    }
  }
  if (!ok) return std::nullopt;
  return list;
}

std::optional<AbilityScores> read_abilities(const JsonContext& context, const nlohmann::json& value,
                                            const std::string& pointer) {
  ObjectReader object(context, value, pointer, kAbilityKeys);
  AbilityScores abilities;
  for (std::size_t i = 0; i < kAbilityKeys.size(); ++i) {
    if (auto score = object.integer(kAbilityKeys[i], 1, 30)) {
      abilities.scores[i] = static_cast<int>(*score);
    }
  }
  object.finish();
  return abilities;
}

std::optional<std::vector<DamageDice>> read_damage(const JsonContext& context,
                                                   const nlohmann::json& value,
                                                   const std::string& pointer) {
  auto texts = read_names(context, value, pointer);
  if (!texts) return std::nullopt;
  if (texts->names.empty()) {
    context.error(pointer, "must not be empty");
    return std::nullopt;
  }
  std::vector<DamageDice> damage;
  for (std::size_t i = 0; i < texts->names.size(); ++i) {
    auto parts = parse_damage(texts->names[i]);
    if (!parts) {
      report_dice_error(context, texts->pointers[i], texts->names[i], parts.error());
      return std::nullopt;
    }
    damage.insert(damage.end(), parts->begin(), parts->end());
    if (const std::int64_t most = damage_reach(damage); most > kMaxDamage) {
      context.error(texts->pointers[i],
                    fmt::format("the damage can add up to {} (at most {})", most, kMaxDamage));
      return std::nullopt;
    }
  }
  return damage;
}

std::optional<std::pair<int, int>> read_range(const JsonContext& context,
                                              const nlohmann::json& value,
                                              const std::string& pointer) {
  if (value.is_number()) {  // read_integer says what is wrong with 80.5 or 10^29
    auto normal = read_integer(context, value, pointer, 1, 10000);
    if (!normal) return std::nullopt;
    return std::pair{static_cast<int>(*normal), static_cast<int>(*normal)};
  }
  if (!value.is_array() || value.size() != 2) {
    context.error(pointer, fmt::format("expected a range in feet, 80 or [80, 320], found {}",
                                       describe_json_type(value)));
    return std::nullopt;
  }
  auto normal = read_integer(context, value[0], pointer + "/0", 1, 10000);
  auto longest = read_integer(context, value[1], pointer + "/1", 1, 10000);
  if (!normal || !longest) return std::nullopt;
  if (*longest < *normal) {
    context.error(pointer + "/1",
                  fmt::format("long range {} is shorter than normal range {}", *longest, *normal));
    return std::nullopt;
  }
  return std::pair{static_cast<int>(*normal), static_cast<int>(*longest)};
}

std::optional<AttackSpec> read_attack(const JsonContext& context, const nlohmann::json& value,
                                      const std::string& pointer) {
  ObjectReader object(context, value, pointer, kAttackKeys);
  if (!object.is_object()) return std::nullopt;
  AttackSpec attack;
  attack.pointer = pointer;
  bool ok = true;
  if (object.require("name")) {
    auto name = object.name();
    ok = ok && name;
    attack.name = name.value_or("");
  } else {
    ok = false;
  }
  if (object.require("to_hit")) {
    auto to_hit = object.integer("to_hit", -kMaxBonus, kMaxBonus);
    ok = ok && to_hit;
    attack.to_hit = static_cast<int>(to_hit.value_or(0));
  } else {
    ok = false;
  }
  if (const nlohmann::json* damage = object.require("damage")) {
    auto parsed = read_damage(context, *damage, object.child("damage"));
    ok = ok && parsed;
    if (parsed) attack.damage = std::move(*parsed);
  } else {
    ok = false;
  }
  if (auto reach = object.integer("reach", 0, 1000)) attack.reach = static_cast<int>(*reach);
  if (const nlohmann::json* range = object.get("range")) {
    attack.range = read_range(context, *range, object.child("range"));
  } else if (object.has("reach") && attack.reach == 0) {
    // Neither melee nor ranged: on a battlefield it reached any distance.
    context.error(object.child("reach"),
                  "reach 0 makes a ranged-only attack: give its \"range\" (80 or [80, 320])");
    ok = false;
  }
  attack.magical = object.boolean("magical").value_or(false);
  attack.silvered = object.boolean("silvered").value_or(false);
  object.finish();
  if (!ok) return std::nullopt;
  return attack;
}

std::optional<std::vector<NameList>> read_multiattack(const JsonContext& context,
                                                      const nlohmann::json& value,
                                                      const std::string& pointer) {
  const std::string shape = "expected a list of attack names, or a list of such lists (options)";
  if (!value.is_array()) {
    context.error(pointer, fmt::format("{}, found {}", shape, describe_json_type(value)));
    return std::nullopt;
  }
  if (value.empty()) {
    context.error(pointer, "must not be empty");
    return std::nullopt;
  }
  if (value[0].is_string()) {
    auto names = read_names(context, value, pointer);
    if (!names) return std::nullopt;
    return std::vector<NameList>{std::move(*names)};
  }
  std::vector<NameList> options;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string option_pointer = json_pointer_child(pointer, i);
    if (!value[i].is_array()) {
      context.error(option_pointer,
                    fmt::format("{}, found {}", shape, describe_json_type(value[i])));
      return std::nullopt;
    }
    if (value[i].empty()) {
      context.error(option_pointer, "must not be empty");
      return std::nullopt;
    }
    auto names = read_names(context, value[i], option_pointer);
    if (!names) return std::nullopt;
    options.push_back(std::move(*names));
  }
  return options;
}

std::optional<DamageTypeListSpec> read_damage_types(const JsonContext& context,
                                                    const nlohmann::json& value,
                                                    const std::string& pointer) {
  auto names = read_names(context, value, pointer);
  if (!names) return std::nullopt;
  DamageTypeListSpec list{pointer, {}};
  for (std::size_t i = 0; i < names->names.size(); ++i) {
    const std::string& text = names->names[i];
    if (auto type = parse_damage_type(text)) {
      list.types.push_back(*type);
    } else {
      context.error(names->pointers[i], fmt::format("unknown damage type \"{}\"{}", text,
                                                    did_you_mean(text, damage_type_names())));
    }
  }
  return list;
}

// A member's "tactics": {"target": POLICY, "actions": ["Claws", ...]}.
void read_member_tactics(ObjectReader& member_object, MemberSpec& member) {
  const nlohmann::json* value = member_object.get("tactics");
  if (value == nullptr) return;
  const JsonContext& context = member_object.context();
  ObjectReader object(context, *value, member_object.child("tactics"), kMemberTacticsKeys);
  if (!object.is_object()) return;
  member.tactics = read_tactics_given(object);
  if (const nlohmann::json* actions = object.array("actions")) {
    member.fixed_actions = read_names(context, *actions, object.child("actions"));
  }
  object.finish();
}

// Saving-throw proficiencies: ["str", "con"].
std::optional<std::vector<Ability>> read_save_proficiencies(const JsonContext& context,
                                                            const nlohmann::json& value,
                                                            const std::string& pointer) {
  auto names = read_names(context, value, pointer);
  if (!names) return std::nullopt;
  std::vector<Ability> abilities;
  bool ok = true;
  for (std::size_t i = 0; i < names->names.size(); ++i) {
    const std::string& text = names->names[i];
    if (auto ability = parse_ability(text)) {
      abilities.push_back(*ability);
    } else {
      context.error(names->pointers[i],
                    fmt::format("unknown ability \"{}\"{}; expected one of: str, dex, con, int, "
                                "wis, cha",
                                text, did_you_mean(text, kAbilityKeys)));
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  return abilities;
}

template <class T, class Reader>
void read_optional(ObjectReader& object, std::string_view key, std::optional<T>& out,
                   Reader reader) {
  if (const nlohmann::json* value = object.get(key)) {
    out = reader(object.context(), *value, object.child(key));
  }
}

}  // namespace

MemberSpec read_member(const JsonContext& context, const nlohmann::json& value,
                       const std::string& pointer) {
  MemberSpec member;
  member.pointer = pointer;
  const std::size_t problems_before = context.problems();
  ObjectReader object(context, value, pointer, kMemberKeys);
  report_foreign_member_keys(object, rulesets::kDnd5e);
  note_ability_keys(object, "ability scores go in \"abilities\": {\"str\": 16}");
  member.monster = object.string("monster");
  member.name = object.name();
  member.count = static_cast<int>(object.integer("count", 1, kMaxCount).value_or(1));
  read_optional(object, "hp", member.hp, read_hit_points);
  if (auto ac = object.integer("ac", 0, kMaxAc)) member.ac = static_cast<int>(*ac);
  if (auto initiative = object.integer("initiative", -kMaxBonus, kMaxBonus)) {
    member.initiative = static_cast<int>(*initiative);
  }
  read_optional(object, "abilities", member.abilities, read_abilities);
  if (const nlohmann::json* attacks = object.array("attacks")) {
    std::vector<AttackSpec> specs;
    for (std::size_t i = 0; i < attacks->size(); ++i) {
      auto attack =
          read_attack(context, (*attacks)[i], json_pointer_child(object.child("attacks"), i));
      if (attack) specs.push_back(std::move(*attack));
    }
    member.attacks = std::move(specs);
  }
  read_optional(object, "multiattack", member.multiattack, read_multiattack);
  read_optional(object, "resistances", member.resistances, read_damage_types);
  read_optional(object, "immunities", member.immunities, read_damage_types);
  read_optional(object, "vulnerabilities", member.vulnerabilities, read_damage_types);
  member.pc = object.boolean("pc");
  if (auto level = object.integer("level", 1, 20)) member.level = static_cast<int>(*level);
  if (auto die = read_choice(object, "hit_die", kHitDice))
    member.hit_die = std::stoi(die->substr(1));
  if (auto targets = object.integer("area_targets", 1, kMaxCreatures))
    member.area_targets = static_cast<int>(*targets);
  read_optional(object, "proficiency", member.proficiency, read_names);
  if (auto bonus = object.integer("proficiency_bonus", 0, 10)) {
    member.proficiency_bonus = static_cast<int>(*bonus);
  }
  read_optional(object, "weapons", member.weapons, read_names);
  member.armor = object.string("armor");
  member.shield = object.boolean("shield").value_or(false);
  member.size = read_choice(object, "size", kSizes);
  member.type = read_choice(object, "type", kCreatureTypes);
  read_optional(object, "subtypes", member.subtypes, read_names);
  read_optional(object, "saves", member.save_proficiencies, read_save_proficiencies);
  read_member_tactics(object, member);
  read_field_keys(object, member);
  object.finish();
  member.complete = context.problems() == problems_before;
  return member;
}

std::span<const std::string_view> member_keys() {
  return kMemberKeys;
}

}  // namespace arena::dnd5e
