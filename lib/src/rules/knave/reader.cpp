// Reading the Knave part of an encounter file: the "critical", "death_table"
// and "order" options, each faction's tactics, and each member. A member with "hd" is a monster
// ({"name", "hd", "armor", "attacks", "morale", "abilities"}), any other a
// character ({"name", "level", "abilities", "armor", "weapons", "hp"},
// "morale" for a hireling who may flee). Weapons and armor are the seed's
// (equipment.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "arena/suggest.hpp"
#include "rules/common/readers.hpp"
#include "rules/knave/ruleset.hpp"
#include "rules/knave/save_reader.hpp"

namespace arena::knave {

namespace {

constexpr std::string_view kSurvivors[] = {"fight_on", "down"};
constexpr std::string_view kCharacterOnly[] = {"level", "weapons"};
constexpr std::string_view kMonsterOnly[] = {"attacks"};
constexpr int kMaxLevel = 10;
constexpr int kMaxHd = 20;
constexpr int kMaxAbility = 10;
constexpr int kMinAbility = -10;  // a character who lost some on the death table
constexpr int kMaxArmor = 20;
// Why "downed": "finish" cannot be played here: a survivor of the death
// table gets up (or, with "death_table": "down", is out of the fight).
constexpr std::string_view kNoDowned =
    "no one lies at 0 HP to be finished off: a character who survives the death table gets up "
    "with 1d4 HP (with \"death_table\": \"down\", it is out of the fight)";

// A character's carried item, for the count of its slots and its hands.
struct CarriedItem {
  std::string name;
  int slots = 0;
  bool two_handed_melee = false;  // a halberd, not a bow
  bool shield = false;
  std::string pointer;
};

struct Reader {
  const JsonContext& context;
  ObjectReader& object;
  Creature& creature;
  std::vector<CarriedItem> carried{};  // weapons, then armor, as the file lists them

  // Keys of the other form: the message says how the form is chosen.
  void reject_other_form_keys() {
    const std::span<const std::string_view> keys =
        creature.monster ? std::span<const std::string_view>(kCharacterOnly) : kMonsterOnly;
    for (std::string_view key : keys) {
      if (object.get(key) == nullptr) continue;
      context.key_error(object.child(key),
                        creature.monster
                            ? fmt::format("\"{}\" is a character's key; a member with \"hd\" is a "
                                          "monster, which fights with its \"attacks\"",
                                          key)
                            : fmt::format("\"{}\" is a monster's key; give \"hd\" to make this "
                                          "member a monster (a character fights with \"weapons\")",
                                          key));
    }
  }

  // An ability left out is +1, the least a new character has: the seed
  // rates them "from +1 to +10" and reads a missing one as 1.
  void read_ability_bonuses() {
    constexpr int kLeftOut = 1;
    creature.abilities.fill(kLeftOut);
    const nlohmann::json* value = object.get("abilities");
    if (value == nullptr) return;
    ObjectReader abilities(context, *value, object.child("abilities"), kAbilityKeys);
    for (std::size_t a = 0; a < kAbilityKeys.size(); ++a) {
      creature.abilities[a] = static_cast<int>(
          abilities.integer(kAbilityKeys[a], kMinAbility, kMaxAbility).value_or(kLeftOut));
    }
    abilities.finish();
  }

  std::optional<Attack> read_weapon(const nlohmann::json& value, const std::string& pointer) {
    auto text = read_string(context, value, pointer);
    if (!text) return std::nullopt;
    const Equipment& equipment = Equipment::builtin();
    const Weapon* weapon = equipment.weapon(*text);
    if (weapon == nullptr) {
      context.error(pointer, unknown_library_name("weapon", *text, equipment.weapon_names(),
                                                  "weapons", "knave"));
      return std::nullopt;
    }
    context.resolved(pointer, "weapon", *text, weapon->name);
    carried.push_back(
        {weapon->name, weapon->slots, weapon->hands == 2 && !weapon->ranged, false, pointer});
    return Attack{weapon->name, weapon->damage, weapon->ranged, weapon->quality};
  }

  void read_weapons() {
    if (const nlohmann::json* list = object.array("weapons", /*allow_empty=*/true)) {
      for (std::size_t i = 0; i < list->size(); ++i) {
        auto attack = read_weapon((*list)[i], json_pointer_child(object.child("weapons"), i));
        if (attack) creature.attacks.push_back(*attack);
      }
    }
    creature.attacks.push_back({"fists", *DiceExpr::parse("1d4"), false, 0});
  }

  void add_armor_piece(const nlohmann::json& value, const std::string& pointer) {
    auto text = read_string(context, value, pointer);
    if (!text) return;
    const Equipment& equipment = Equipment::builtin();
    const Armor* armor = equipment.armor(*text);
    if (armor == nullptr) {
      context.error(
          pointer, unknown_library_name("armor", *text, equipment.armor_names(), "armor", "knave"));
      return;
    }
    context.resolved(pointer, "armor", *text, armor->name);
    for (const ArmorPiece& worn : creature.armor_pieces) {
      if (worn.kind == armor->kind) {
        const std::string what =
            armor->kind == ArmorKind::Body ? "body armor" : std::string(name(armor->kind));
        context.error(pointer, fmt::format("a second {} (\"{}\" already): at most one body "
                                           "armor, one helmet and one shield",
                                           what, worn.name));
        return;
      }
    }
    carried.push_back(
        {armor->name, armor->slots, false, armor->kind == ArmorKind::Shield, pointer});
    creature.armor_pieces.push_back({armor->name, armor->kind, armor->bonus, armor->quality});
  }

  // A number (the armor bonus, which does not wear), or pieces of armor by name.
  void read_armor() {
    const nlohmann::json* value = object.get("armor");
    if (value == nullptr) return;
    const std::string pointer = object.child("armor");
    if (creature.monster && (value->is_string() || value->is_array())) {
      context.error(pointer, fmt::format("a monster's armor is its bonus (a number from 1 to {}); "
                                         "armor by name is a character's",
                                         kMaxArmor));
    } else if (value->is_number() || creature.monster) {
      creature.armor =
          static_cast<int>(read_integer(context, *value, pointer, 1, kMaxArmor).value_or(1));
    } else if (value->is_string()) {
      add_armor_piece(*value, pointer);
    } else if (value->is_array()) {
      for (std::size_t i = 0; i < value->size(); ++i)
        add_armor_piece((*value)[i], json_pointer_child(pointer, i));
    } else {
      context.error(pointer, fmt::format("expected the armor bonus (a number from 1 to {}) or "
                                         "armor by name (\"chain\", [\"gambeson\", \"shield\"]), "
                                         "found {}",
                                         kMaxArmor, describe_json_type(*value)));
    }
    // Criticals wear the outermost piece first: shield, helmet, then body armor.
    std::stable_sort(creature.armor_pieces.begin(), creature.armor_pieces.end(),
                     [](const ArmorPiece& a, const ArmorPiece& b) { return a.kind > b.kind; });
  }

  void read_attacks() {
    const nlohmann::json* list = object.require("attacks") ? object.array("attacks") : nullptr;
    if (list == nullptr) return;
    for (std::size_t i = 0; i < list->size(); ++i) {
      const std::string pointer = json_pointer_child(object.child("attacks"), i);
      if (auto damage = read_damage(context, (*list)[i], pointer)) {
        creature.attacks.push_back({fmt::format("attack {}", i + 1), *damage, false, 0});
      }
    }
  }

  void read_monster() {
    if (object.require("hd"))
      creature.hd = static_cast<int>(object.integer("hd", 1, kMaxHd).value_or(1));
    creature.abilities.fill(creature.hd);
    read_attacks();
    read_armor();
    if (const nlohmann::json* value = object.get("abilities")) {
      if (value->is_object()) {
        context.error(object.child("abilities"),
                      "a monster's ability bonuses are its hit dice; \"abilities\" lists its "
                      "saving-throw abilities ([{\"name\", \"save\", \"damage\", \"on_fail\"}])");
      } else {
        creature.save_abilities = read_save_abilities(context, object);
      }
    }
    creature.morale = 9;
  }

  void read_character() {
    if (object.require("level"))
      creature.level = static_cast<int>(object.integer("level", 1, kMaxLevel).value_or(1));
    if (const nlohmann::json* value = object.get("abilities"); value && value->is_array()) {
      context.error(object.child("abilities"),
                    "saving-throw abilities are a monster's (give \"hd\"); a character's "
                    "\"abilities\" are its bonuses {\"str\": 2, ...}");
    } else {
      read_ability_bonuses();
    }
    read_weapons();
    read_armor();
    check_slots();
    check_hands();
  }

  // A two-handed melee weapon leaves no hand for a shield, which the battle
  // would count while the character swings it. A bow or crossbow may be
  // carried with one, as in 5e: its shield's +1 stays while it shoots.
  void check_hands() {
    if (std::none_of(carried.begin(), carried.end(),
                     [](const CarriedItem& item) { return item.shield; }))
      return;
    for (const CarriedItem& item : carried) {
      if (!item.two_handed_melee) continue;
      context.error(item.pointer, fmt::format("the {} takes both hands: it cannot be wielded "
                                              "with a shield (leave one out)",
                                              item.name));
    }
  }

  // The seed's carrying rule: a character has CON + 10 slots, and weapons
  // and armor take one to five each (equipment.hpp). More is an error on
  // the member, which lists what it carries.
  void check_slots() {
    const int con = creature.bonus(Ability::Con);
    const int limit = creature.slot_limit();
    int& used = creature.slots;
    std::string items;
    for (const CarriedItem& item : carried) {
      used += item.slots;
      items += fmt::format("{}{} {}", items.empty() ? "" : ", ", item.name, item.slots);
    }
    if (used <= limit) return;
    context.error(object.pointer(),
                  fmt::format("\"{}\" carries {} slots of weapons and armor ({}), but has {} "
                              "(CON {:+} + 10, Knave's carrying rule): {} too many",
                              creature.name, used, items, limit, con, used - limit));
  }

  void read_hp() {
    if (const nlohmann::json* hp = object.get("hp")) {
      if (auto dice = read_hit_points(context, *hp, object.child("hp"))) {
        creature.hp = *dice;
        creature.hp_given = true;
      }
    }
    if (creature.hp_given) return;
    // Characters start with their hit dice at their maximum, as the seed gives new ones.
    creature.hp = creature.monster ? *DiceExpr::parse(fmt::format("{}d8", creature.hd))
                                   : DiceExpr::constant(creature.level * 8);
  }
};

struct ReadCreature {
  Creature creature;
  int count = 1;
  bool ok = false;
};

ReadCreature read_creature(const JsonContext& context, const MemberJson& member,
                           const Tactics& faction_tactics) {
  ReadCreature read;
  Creature& creature = read.creature;
  const std::size_t problems_before = context.problems();
  ObjectReader object(context, *member.value, member.pointer, member_keys());
  report_foreign_member_keys(object, rulesets::kKnave);
  if (!object.is_object()) return read;
  if (object.require("name")) creature.name = object.name().value_or("");
  read.count = static_cast<int>(object.integer("count", 1, kMaxCount).value_or(1));
  creature.monster = object.has("hd");
  note_ability_keys(object, creature.monster
                                ? "a monster's ability bonuses are all its hit dice, \"hd\""
                                : "ability bonuses go in \"abilities\": {\"str\": 2}");
  Reader reader{context, object, creature};
  reader.reject_other_form_keys();
  if (creature.monster) {
    reader.read_monster();
  } else {
    reader.read_character();
  }
  reader.read_hp();
  if (auto morale = object.integer("morale", 2, 12)) creature.morale = static_cast<int>(*morale);
  creature.advantage = object.boolean("advantage").value_or(false);
  creature.disadvantage = object.boolean("disadvantage").value_or(false);
  creature.tactics = faction_tactics;
  if (const nlohmann::json* tactics = object.get("tactics")) {
    creature.tactics = read_tactics(context, *tactics, object.child("tactics"), faction_tactics,
                                    kNoPositions, kNoDowned)
                           .value_or(faction_tactics);
  }
  object.finish();
  read.ok = context.problems() == problems_before;
  return read;
}

}  // namespace

int Creature::full_armor() const {
  int total = armor;
  for (const ArmorPiece& piece : armor_pieces)
    total = piece.kind == ArmorKind::Body ? total - armor + piece.bonus : total + piece.bonus;
  return total;
}

std::span<const std::string_view> member_keys() {
  static constexpr std::string_view kMemberKeys[] = {
      "name",    "count",   "level",  "hd",        "abilities",    "hp",     "armor",
      "weapons", "attacks", "morale", "advantage", "disadvantage", "tactics"};
  return kMemberKeys;
}

std::shared_ptr<const arena::Roster> read_roster(
    const EncounterJson& input, std::vector<std::vector<ResolvedMember>>& members) {
  auto roster = std::make_shared<Roster>();
  if (auto critical = read_choice(input.object, "critical", kCriticalNames)) {
    const auto named = std::find(std::begin(kCriticalNames), std::end(kCriticalNames), *critical);
    roster->critical = static_cast<Critical>(named - std::begin(kCriticalNames));
  }
  if (auto survivors = read_choice(input.object, "death_table", kSurvivors))
    roster->survivors = *survivors == "down" ? Survivors::Down : Survivors::FightOn;
  for (std::size_t f = 0; f < input.factions.size(); ++f) {
    const FactionJson& faction = input.factions[f];
    const Tactics tactics = read_faction_tactics(input.context, faction, kNoPositions, kNoDowned);
    roster->faction_tactics.push_back(tactics);
    for (const MemberJson& member : faction.members) {
      ReadCreature read = read_creature(input.context, member, tactics);
      if (!read.ok) continue;
      members[f].push_back(
          {read.creature.name, read.count, static_cast<int>(roster->members.size())});
      roster->members.push_back(std::move(read.creature));
    }
  }
  // After the members: a list of names in "order" names them.
  if (auto order = read_turn_order(input.object, roster->members))
    roster->order = std::move(*order);
  return roster;
}

const Roster& roster_of(const Encounter& encounter) {
  ARENA_CHECK(encounter.rules == rulesets::kKnave && encounter.roster != nullptr);
  return static_cast<const Roster&>(*encounter.roster);
}

}  // namespace arena::knave
