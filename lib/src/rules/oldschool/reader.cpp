// Reading the old-school part of an encounter file: the turn order, each
// faction's tactics, and each member, {"name", "level", "weapon", "armor"}
// with optional "count", "hp" and "tactics". Weapons and armor are the
// seed's (equipment.hpp); "none" or no key is fists (1d2) and no armor.
#include <fmt/format.h>

#include "rules/common/readers.hpp"
#include "rules/common/turn_order.hpp"
#include "rules/oldschool/equipment.hpp"
#include "rules/oldschool/ruleset.hpp"

namespace arena::oldschool {

namespace {

constexpr int kMaxLevel = 20;

// The equipment named by `key` (default: "none"), or nullptr after
// reporting an unknown name. `view` is the library list that has them.
template <class T, class Lookup>
const T* read_equipment(ObjectReader& object, std::string_view key, std::string_view view,
                        const std::vector<std::string>& names, Lookup lookup) {
  const auto name = object.string(key);
  const T* found = lookup(name.value_or("none"));
  if (found == nullptr && name) {
    object.context().error(object.child(key),
                           unknown_library_name(key, *name, names, view, "oldschool"));
  } else if (found != nullptr && name) {
    object.context().resolved(object.child(key), key, *name, found->name);
  }
  return found;
}

struct ReadFighter {
  Fighter fighter;
  int count = 1;
  bool ok = false;
};

ReadFighter read_fighter(const JsonContext& context, const MemberJson& member,
                         const Tactics& faction_tactics) {
  ReadFighter read;
  Fighter& fighter = read.fighter;
  const std::size_t problems_before = context.problems();
  ObjectReader object(context, *member.value, member.pointer, member_keys());
  report_foreign_member_keys(object, rulesets::kOldSchool);
  if (!object.is_object()) return read;
  if (object.require("name")) fighter.name = object.name().value_or("");
  if (object.require("level"))
    fighter.level = static_cast<int>(object.integer("level", 1, kMaxLevel).value_or(1));
  read.count = static_cast<int>(object.integer("count", 1, kMaxCount).value_or(1));
  const Equipment& equipment = Equipment::builtin();
  if (const Weapon* weapon =
          read_equipment<Weapon>(object, "weapon", "weapons", equipment.weapon_names(),
                                 [&](std::string_view n) { return equipment.weapon(n); })) {
    fighter.weapon = weapon->name;
    fighter.damage = weapon->damage;
  }
  if (const Armor* armor =
          read_equipment<Armor>(object, "armor", "armor", equipment.armor_names(),
                                [&](std::string_view n) { return equipment.armor(n); })) {
    fighter.armor = armor->name;
    fighter.armor_value = armor->value;
  }
  if (const nlohmann::json* hp = object.get("hp")) {
    if (auto dice = read_hit_points(context, *hp, object.child("hp"))) {
      fighter.hp = *dice;
      fighter.hp_given = true;
    }
  }
  if (!fighter.hp_given) fighter.hp = *DiceExpr::parse(fmt::format("{}d10", fighter.level));
  fighter.tactics = faction_tactics;
  if (const nlohmann::json* tactics = object.get("tactics")) {
    fighter.tactics = read_tactics(context, *tactics, object.child("tactics"), faction_tactics)
                          .value_or(faction_tactics);
  }
  object.finish();
  read.ok = context.problems() == problems_before;
  return read;
}

}  // namespace

std::span<const std::string_view> member_keys() {
  static constexpr std::string_view kMemberKeys[] = {"name",  "count", "level",  "weapon",
                                                     "armor", "hp",    "tactics"};
  return kMemberKeys;
}

std::shared_ptr<const arena::Roster> read_roster(
    const EncounterJson& input, std::vector<std::vector<ResolvedMember>>& members) {
  auto roster = std::make_shared<Roster>();
  for (std::size_t f = 0; f < input.factions.size(); ++f) {
    const FactionJson& faction = input.factions[f];
    const Tactics tactics = read_faction_tactics(input.context, faction);
    roster->faction_tactics.push_back(tactics);
    for (const MemberJson& member : faction.members) {
      ReadFighter read = read_fighter(input.context, member, tactics);
      if (!read.ok) continue;
      members[f].push_back(
          {read.fighter.name, read.count, static_cast<int>(roster->members.size())});
      roster->members.push_back(std::move(read.fighter));
    }
  }
  // After the members: a list of names in "order" names them.
  if (auto order = read_turn_order(input.object, roster->members))
    roster->order = std::move(*order);
  return roster;
}

const Roster& roster_of(const Encounter& encounter) {
  ARENA_CHECK(encounter.rules == rulesets::kOldSchool && encounter.roster != nullptr);
  return static_cast<const Roster&>(*encounter.roster);
}

}  // namespace arena::oldschool
