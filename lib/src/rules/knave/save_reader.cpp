// Reading a knave monster's saving-throw abilities ({"name", "save",
// "damage", "half", "on_fail", "uses"}) and damage dice.
#include "rules/knave/save_reader.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "arena/suggest.hpp"
#include "rules/common/readers.hpp"

namespace arena::knave {

std::optional<DiceExpr> read_damage(const JsonContext& context, const nlohmann::json& value,
                                    const std::string& pointer) {
  auto text = read_string(context, value, pointer);
  if (!text) return std::nullopt;
  auto dice = DiceExpr::parse(*text);
  if (!dice) {
    report_dice_error(context, pointer, *text, dice.error());
    return std::nullopt;
  }
  if (dice->min() < 0) {
    context.error(pointer, fmt::format("damage dice {} can roll {}: they must roll at least 0",
                                       dice->to_string(), dice->min()));
    return std::nullopt;
  }
  return *dice;
}

namespace {

// What "save" takes: an ability's key, or its full name ("con" or
// "constitution"), ability by ability in both halves.
constexpr std::string_view kSaveChoices[] = {
    "str",      "dex",       "con",          "int",          "wis",    "cha",
    "strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"};
static_assert(std::size(kSaveChoices) == 2 * kAbilities && [] {
  for (int a = 0; a < kAbilities; ++a) {
    if (kSaveChoices[a] != kAbilityKeys[static_cast<std::size_t>(a)]) return false;
  }
  return true;
}());
constexpr std::string_view kSaveKeys[] = {"name", "save", "damage", "half", "on_fail", "uses"};
constexpr int kMaxUses = 100;

// "paralysed 1d4 rounds", "blinded 2 rounds", "poisoned 1 round".
void read_on_fail(const JsonContext& context, ObjectReader& save, SaveAbility& ability) {
  auto text = save.string("on_fail");
  if (!text) return;
  const std::string pointer = save.child("on_fail");
  const auto space = text->find(' ');
  const std::string condition = text->substr(0, space);
  const auto known =
      std::find_if(kConditionNames.begin(), kConditionNames.end(),
                   [&condition](std::string_view name) { return same_word(condition, name); });
  if (known == kConditionNames.end()) {
    context.error(pointer, fmt::format("unknown condition \"{}\"{}; expected one of: {}", condition,
                                       did_you_mean(condition, kConditionNames),
                                       fmt::join(kConditionNames, ", ")));
    return;
  }
  std::string_view rest =
      space == std::string::npos ? std::string_view() : std::string_view(*text).substr(space + 1);
  for (std::string_view unit : {" rounds", " round"}) {
    if (rest.size() > unit.size() && rest.ends_with(unit)) {
      rest.remove_suffix(unit.size());
      break;
    }
  }
  auto rounds = DiceExpr::parse(rest);
  if (rounds && rounds->min() >= 1 && rounds->max() > kMaxRounds) {
    context.error(pointer, fmt::format("\"{}\" can last {} rounds: at most {}", *text,
                                       rounds->max(), kMaxRounds));
    return;
  }
  if (rest.empty() || !rounds || rounds->min() < 1) {
    context.error(pointer, fmt::format("expected a condition and how many rounds it lasts "
                                       "(\"{} 1d4 rounds\": at least 1), found \"{}\"",
                                       condition, *text));
    return;
  }
  ability.condition = static_cast<Condition>(known - kConditionNames.begin());
  ability.rounds = *rounds;
}

}  // namespace

std::vector<SaveAbility> read_save_abilities(const JsonContext& context, ObjectReader& object) {
  std::vector<SaveAbility> abilities;
  const nlohmann::json* list = object.array("abilities");
  if (list == nullptr) return abilities;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string pointer = json_pointer_child(object.child("abilities"), i);
    ObjectReader save(context, (*list)[i], pointer, kSaveKeys);
    if (!save.is_object()) continue;
    SaveAbility ability;
    if (save.require("name")) ability.name = save.string("name").value_or("");
    if (save.require("save")) {
      if (auto choice = read_choice(save, "save", kSaveChoices)) {
        const auto at = std::find(std::begin(kSaveChoices), std::end(kSaveChoices), *choice) -
                        std::begin(kSaveChoices);
        ability.save = static_cast<Ability>(at % kAbilities);
      }
    }
    if (const nlohmann::json* damage = save.get("damage")) {
      ability.damage = read_damage(context, *damage, save.child("damage"));
      if (ability.damage && ability.damage->max() == 0) {
        context.error(save.child("damage"),
                      "this damage is always 0: give dice that can hurt, or "
                      "leave \"damage\" out");
      }
    }
    ability.half = save.boolean("half").value_or(false);
    if (ability.half && !save.has("damage"))
      context.error(save.child("half"), "\"half\" halves the damage of a success: give \"damage\"");
    read_on_fail(context, save, ability);
    ability.uses = static_cast<int>(save.integer("uses", 1, kMaxUses).value_or(1));
    if (!save.has("damage") && !save.has("on_fail"))
      context.error(pointer, "a saving-throw ability needs \"damage\", \"on_fail\" or both");
    save.finish();
    abilities.push_back(std::move(ability));
  }
  return abilities;
}

}  // namespace arena::knave
