#include "rules/common/readers.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "arena/suggest.hpp"

namespace arena {

namespace {

constexpr std::string_view kTacticsKeys[] = {"target", "ties", "downed"};

// The index of `text` in `names` (read_choice has checked it is there).
std::size_t index_of(std::string_view text, std::span<const std::string_view> names) {
  return static_cast<std::size_t>(std::find(names.begin(), names.end(), text) - names.begin());
}

}  // namespace

std::string unknown_library_name(std::string_view what, std::string_view name,
                                 std::span<const std::string> names, std::string_view view,
                                 std::string_view rules) {
  std::string help = did_you_mean(library_key(name), names);
  if (help.empty()) help = fmt::format(" (the list: arena library {} --rules {})", view, rules);
  return fmt::format("unknown {} \"{}\"{}", what, name, help);
}

std::optional<std::string> read_choice(ObjectReader& object, std::string_view key,
                                       std::span<const std::string_view> choices) {
  auto text = object.string(key);
  if (!text) return std::nullopt;
  for (std::string_view choice : choices) {
    if (same_word(*text, choice)) return std::string(choice);
  }
  std::string list;
  for (std::string_view choice : choices) list += (list.empty() ? "" : ", ") + std::string(choice);
  object.context().error(object.child(key),
                         fmt::format("unknown {} \"{}\"{}; expected one of: {}", key, *text,
                                     did_you_mean(*text, choices), list));
  return std::nullopt;
}

void report_dice_error(const JsonContext& context, const std::string& pointer,
                       const std::string& text, const DiceError& error) {
  context.error_in_string(pointer, error.column,
                          fmt::format("bad dice expression \"{}\": {}", text, error.message));
}

std::optional<DiceExpr> read_hit_points(const JsonContext& context, const nlohmann::json& value,
                                        const std::string& pointer) {
  if (value.is_number()) {  // read_integer says what is wrong with 2.5 or 10^29
    auto hp = read_integer(context, value, pointer, 1, kMaxHp);
    if (!hp) return std::nullopt;
    return DiceExpr::constant(static_cast<int>(*hp));
  }
  if (!value.is_string()) {
    context.error(pointer,
                  fmt::format("expected hit points as a number or dice (\"2d8+2\"), found {}",
                              describe_json_type(value)));
    return std::nullopt;
  }
  auto dice = DiceExpr::parse(value.get<std::string>());
  if (!dice) {
    report_dice_error(context, pointer, value.get<std::string>(), dice.error());
    return std::nullopt;
  }
  if (dice->min() < 1) {
    context.error(pointer, fmt::format("hit point dice {} can roll {}: they must roll at least 1",
                                       dice->to_string(), dice->min()));
    return std::nullopt;
  }
  if (dice->max() > kMaxHp) {
    context.error(
        pointer, fmt::format("hit point dice can roll up to {} (at most {})", dice->max(), kMaxHp));
    return std::nullopt;
  }
  return *dice;
}

std::optional<Tactics> read_tactics(const JsonContext& context, const nlohmann::json& value,
                                    const std::string& pointer, const Tactics& base,
                                    std::string_view no_positions, std::string_view no_downed) {
  ObjectReader object(context, value, pointer, kTacticsKeys);
  const TacticsGiven given = read_tactics_given(object);
  // What this object gives: a value it takes from `base` was checked there.
  if (given.target == TargetPolicy::Nearest && !no_positions.empty())
    report_nearest_without_positions(context, object.child("target"), no_positions);
  if (given.downed == DownedPolicy::Finish && !no_downed.empty())
    context.error(object.child("downed"),
                  fmt::format("\"finish\" cannot be played: {}", no_downed));
  object.finish();
  return given.over(base);
}

Tactics TacticsGiven::over(Tactics base) const {
  if (target) base.target = *target;
  if (ties) base.ties = *ties;
  if (downed) base.downed = *downed;
  return base;
}

TacticsGiven read_tactics_given(ObjectReader& object) {
  TacticsGiven given;
  if (auto target = read_choice(object, "target", target_policy_names()))
    given.target = *parse_target_policy(*target);
  if (auto ties = read_choice(object, "ties", tie_policy_names()))
    given.ties = static_cast<TiePolicy>(index_of(*ties, tie_policy_names()));
  if (auto downed = read_choice(object, "downed", downed_policy_names()))
    given.downed = static_cast<DownedPolicy>(index_of(*downed, downed_policy_names()));
  return given;
}

void report_nearest_without_positions(const JsonContext& context, const std::string& pointer,
                                      std::string_view no_positions) {
  context.error(pointer,
                fmt::format("\"nearest\" needs creatures with positions, and {}", no_positions));
}

void note_ability_keys(ObjectReader& member, std::string where) {
  member.set_key_note([where = std::move(where)](std::string_view key) {
    static constexpr std::string_view kAbilityWords[] = {
        "str",      "dex",       "con",          "int",          "wis",    "cha",
        "strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"};
    for (std::string_view word : kAbilityWords) {
      if (same_word(key, word)) return where;
    }
    return std::string();
  });
}

std::span<const std::string_view> tactics_keys() {
  return kTacticsKeys;
}

Tactics read_faction_tactics(const JsonContext& context, const FactionJson& faction,
                             std::string_view no_positions, std::string_view no_downed) {
  const nlohmann::json* value = faction.object->get("tactics");
  if (value == nullptr) return Tactics{};
  return read_tactics(context, *value, faction.object->child("tactics"), Tactics{}, no_positions,
                      no_downed)
      .value_or(Tactics{});
}

}  // namespace arena
