// Reading the Warmachine part of an encounter file: the "distance" the two
// forces start apart, and each member: a library "model" and/or its own
// stats, weapons and specials (which override the library's), with
// "focus", "policy", "boost" and "count".
#include <fmt/format.h>

#include <cmath>
#include <type_traits>
#include <vector>

#include "arena/suggest.hpp"
#include "rules/common/readers.hpp"
#include "rules/warmachine/library.hpp"
#include "rules/warmachine/ruleset.hpp"

namespace arena::warmachine {

namespace {

constexpr std::string_view kPolicies[] = {"shoot_then_close", "close"};
constexpr std::string_view kRangedKeys[] = {"name", "rng", "pow", "aoe", "special"};
constexpr std::string_view kMeleeKeys[] = {"name", "rng", "pow", "special"};
constexpr int kMaxStat = 30;
constexpr int kMaxBoxes = 1000;
constexpr int kMaxPow = 30;
constexpr double kMaxInches = 100;
constexpr double kMaxBase = 300;

// A number of inches or millimetres: nullopt when absent or wrong (reported).
// Zero is allowed only when `zero_ok`.
std::optional<double> number(ObjectReader& object, std::string_view key, double max,
                             bool zero_ok = true) {
  const nlohmann::json* value = object.get(key);
  if (value == nullptr) return std::nullopt;
  const JsonContext& context = object.context();
  if (!value->is_number()) {
    context.error(object.child(key),
                  fmt::format("expected a number, found {}", describe_json_type(*value)));
    return std::nullopt;
  }
  const double x = value->get<double>();
  if (x < 0 || (!zero_ok && x == 0) || x > max || std::isnan(x)) {
    context.error(object.child(key),
                  fmt::format("must be {} and at most {}, found {}",
                              zero_ok ? "at least 0" : "greater than 0", max, value->dump()));
    return std::nullopt;
  }
  return x;
}

// What each place plays of the specials: a model's are read by the shots at
// it (stealth) and its own (gunfighter); a ranged weapon's by its shots; a
// melee weapon's by its strikes (knockdown; crit amp is only recorded).
constexpr Specials kModelSpecials = bits(Special::Stealth) | bits(Special::Gunfighter);
constexpr Specials kRangedSpecials = bits(Special::Arcing) | bits(Special::CriticalKnockdown) |
                                     bits(Special::CriticalDevastation) |
                                     bits(Special::Gunfighter) | bits(Special::CritAmp);
constexpr Specials kMeleeSpecials = bits(Special::CriticalKnockdown) | bits(Special::CritAmp);

// "special": a list of names (special_names()), with a "did you mean"; one
// that `place` ("a model", "a ranged weapon", "a melee weapon") does not
// play, among `allowed`, is an error rather than a key that does nothing.
std::optional<Specials> specials(ObjectReader& object, Specials allowed, std::string_view place) {
  const nlohmann::json* list = object.array("special", true);
  if (list == nullptr) return std::nullopt;
  Specials set = 0;
  const std::string pointer = object.child("special");
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string at = json_pointer_child(pointer, i);
    auto text = read_string(object.context(), (*list)[i], at);
    if (!text) continue;
    if (auto s = parse_special(*text)) {
      if (!has(allowed, *s)) {
        std::vector<std::string_view> here;
        for (std::string_view n : special_names()) {
          if (has(allowed, *parse_special(n))) here.push_back(n);
        }
        object.context().error(at, fmt::format("\"{}\" does nothing on {}; its specials: {}", *text,
                                               place, fmt::join(here, ", ")));
      }
      set |= static_cast<Specials>(*s);
    } else {
      object.context().error(
          at, fmt::format("unknown special \"{}\"{}; expected one of: {}", *text,
                          did_you_mean(*text, special_names()), fmt::join(special_names(), ", ")));
    }
  }
  return set;
}

template <class Weapon>
void weapon_common(ObjectReader& object, Weapon& weapon) {
  constexpr bool ranged = std::is_same_v<Weapon, RangedWeapon>;
  if (object.require("name")) weapon.name = object.name().value_or("");
  if (auto pow = object.integer("pow", 0, kMaxPow)) weapon.pow = static_cast<int>(*pow);
  if (auto s = specials(object, ranged ? kRangedSpecials : kMeleeSpecials,
                        ranged ? "a ranged weapon" : "a melee weapon"))
    weapon.special = *s;
}

std::optional<RangedWeapon> ranged_weapon(const JsonContext& context, const nlohmann::json& value,
                                          const std::string& pointer) {
  ObjectReader object(context, value, pointer, kRangedKeys);
  if (!object.is_object()) return std::nullopt;
  RangedWeapon weapon;
  weapon_common(object, weapon);
  if (object.has("rng")) {
    weapon.rng = number(object, "rng", kMaxInches, false).value_or(1);
  } else if (object.has("aoe")) {
    context.error(pointer,
                  "an AOE weapon needs its \"rng\" (the deviation is capped at half of it)");
  } else {
    object.require("rng");
  }
  object.require("pow");
  weapon.aoe = number(object, "aoe", kMaxInches).value_or(0);
  object.finish();
  return weapon;
}

std::optional<MeleeWeapon> melee_weapon(const JsonContext& context, const nlohmann::json& value,
                                        const std::string& pointer) {
  ObjectReader object(context, value, pointer, kMeleeKeys);
  if (!object.is_object()) return std::nullopt;
  MeleeWeapon weapon;
  weapon_common(object, weapon);
  object.require("pow");
  weapon.rng = number(object, "rng", kMaxInches, false).value_or(0.5);
  object.finish();
  return weapon;
}

template <class Weapon, class Read>
void weapons(ObjectReader& object, std::string_view key, std::vector<Weapon>& out, Read read) {
  const nlohmann::json* list = object.array(key, true);
  if (list == nullptr) return;
  out.clear();
  for (std::size_t i = 0; i < list->size(); ++i) {
    if (auto w = read(object.context(), (*list)[i], json_pointer_child(object.child(key), i)))
      out.push_back(std::move(*w));
  }
}

void stat(ObjectReader& object, std::string_view key, int& value, int min = 0, int max = kMaxStat) {
  if (auto v = object.integer(key, min, max)) value = static_cast<int>(*v);
}

struct ReadWarjack {
  Warjack warjack;
  int count = 1;
  bool ok = false;
};

// The library model, or an empty one to fill from the file's stats.
bool start_from_model(ObjectReader& object, Model& model) {
  const auto name = object.string("model");
  if (!name) return !object.has("model");
  if (const Model* found = library_model(*name)) {
    object.context().resolved(object.child("model"), "model", *name, found->name);
    model = *found;
    return true;
  }
  object.context().error(
      object.child("model"),
      unknown_library_name("model", *name, library_model_keys(), "models", "warmachine"));
  return false;
}

ReadWarjack read_warjack(const JsonContext& context, const MemberJson& member) {
  ReadWarjack read;
  Model& model = read.warjack.model;
  const std::size_t problems_before = context.problems();
  ObjectReader object(context, *member.value, member.pointer, member_keys());
  report_foreign_member_keys(object, rulesets::kWarmachine);
  if (!object.is_object()) return read;
  const bool from_library = object.has("model");
  start_from_model(object, model);
  if (auto name = object.name()) {
    model.name = *name;
  } else if (!from_library) {
    object.require("name");
  }
  if (!from_library) {
    for (std::string_view key : {"spd", "str", "mat", "rat", "def", "arm", "boxes"})
      object.require(key);
  }
  stat(object, "spd", model.spd);
  stat(object, "str", model.str);
  stat(object, "mat", model.mat);
  stat(object, "rat", model.rat);
  stat(object, "def", model.def);
  stat(object, "arm", model.arm);
  stat(object, "boxes", model.boxes, 1, kMaxBoxes);
  stat(object, "focus", model.focus, 0, kMaxFocus);
  if (auto base = number(object, "base", kMaxBase, false)) model.base = *base;
  if (auto s = specials(object, kModelSpecials, "a model")) model.special = *s;
  weapons(object, "ranged", model.ranged, ranged_weapon);
  weapons(object, "melee", model.melee, melee_weapon);
  read.count = static_cast<int>(object.integer("count", 1, kMaxCount).value_or(1));
  if (auto policy = read_choice(object, "policy", kPolicies))
    read.warjack.policy = *policy == "close" ? Policy::Close : Policy::ShootThenClose;
  if (auto boost = read_choice(object, "boost", kBoostNames))
    read.warjack.boost = parse_boost(*boost).value_or(Boost::Both);
  object.finish();
  read.ok = context.problems() == problems_before;
  return read;
}

}  // namespace

std::string_view name(Policy policy) {
  return kPolicies[static_cast<std::size_t>(policy)];
}

std::span<const std::string_view> member_keys() {
  static constexpr std::string_view kMemberKeys[] = {
      "name", "model", "count", "spd",     "str",    "mat",   "rat",    "def",  "arm",
      "base", "boxes", "focus", "special", "ranged", "melee", "policy", "boost"};
  return kMemberKeys;
}

std::shared_ptr<const arena::Roster> read_roster(
    const EncounterJson& input, std::vector<std::vector<ResolvedMember>>& members) {
  auto roster = std::make_shared<Roster>();
  if (auto distance = number(input.object, "distance", kMaxDistance)) roster->distance = *distance;
  if (input.factions.size() != 2) {
    input.context.error("/factions",
                        fmt::format("warmachine battles are between two forces on a line; "
                                    "found {} factions",
                                    input.factions.size()));
  }
  for (std::size_t f = 0; f < input.factions.size(); ++f) {
    for (const MemberJson& member : input.factions[f].members) {
      ReadWarjack read = read_warjack(input.context, member);
      if (!read.ok) continue;
      members[f].push_back(
          {read.warjack.model.name, read.count, static_cast<int>(roster->members.size())});
      roster->members.push_back(std::move(read.warjack));
    }
  }
  return roster;
}

const Roster& roster_of(const Encounter& encounter) {
  ARENA_CHECK(encounter.rules == rulesets::kWarmachine && encounter.roster != nullptr);
  return static_cast<const Roster&>(*encounter.roster);
}

}  // namespace arena::warmachine
