#include "rules/common/turn_order.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "arena/suggest.hpp"
#include "rules/common/readers.hpp"

namespace arena {

namespace {

// The members a list of names gives, in its order, after reporting every
// name that is not a string, names no member, names two, or comes twice,
// and every member it leaves out; nullopt when any was reported.
std::optional<std::vector<int>> read_member_list(const JsonContext& context,
                                                 const nlohmann::json& list,
                                                 const std::string& pointer,
                                                 const std::vector<std::string>& names) {
  const std::size_t problems_before = context.problems();
  std::vector<int> members;
  std::vector<bool> listed(names.size(), false);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string at = json_pointer_child(pointer, i);
    const auto name = read_string(context, list[i], at);
    if (!name) continue;
    const auto count = std::count(names.begin(), names.end(), *name);
    if (count == 0) {
      context.error(at,
                    fmt::format("no member is named \"{}\"{}", *name, did_you_mean(*name, names)));
    } else if (count > 1) {
      context.error(at, fmt::format("{} members are named \"{}\": give each its own name to place "
                                    "it in the turn order",
                                    count, *name));
    } else {
      const auto m =
          static_cast<std::size_t>(std::find(names.begin(), names.end(), *name) - names.begin());
      if (listed[m]) {
        context.error(at, fmt::format("\"{}\" is listed twice: each member has one place", *name));
      }
      listed[m] = true;
      members.push_back(static_cast<int>(m));
    }
  }
  if (context.problems() != problems_before) return std::nullopt;
  for (std::size_t m = 0; m < names.size(); ++m) {
    if (!listed[m]) {
      context.error(pointer, fmt::format("\"{}\" is not in the turn order: list every member once",
                                         names[m]));
    }
  }
  if (context.problems() != problems_before) return std::nullopt;
  return members;
}

}  // namespace

std::optional<TurnOrderGiven> read_turn_order(ObjectReader& encounter,
                                              const std::vector<std::string>& names) {
  const bool right_so_far = encounter.context().problems() == 0;
  const nlohmann::json* value = encounter.get("order");
  if (value == nullptr) return std::nullopt;
  const std::string pointer = encounter.child("order");
  if (!value->is_array() && !value->is_string()) {
    encounter.context().error(pointer,
                              fmt::format("expected \"listed\", \"initiative\" or a list of "
                                          "member names, found {}",
                                          describe_json_type(*value)));
    return std::nullopt;
  }
  if (!value->is_array()) {
    auto order = read_choice(encounter, "order", kTurnOrders);
    if (!order) return std::nullopt;
    return TurnOrderGiven{*order == "initiative" ? TurnOrder::Initiative : TurnOrder::Listed, {}};
  }
  if (value->empty()) {
    encounter.context().error(pointer,
                              "must not be empty: list every member once, or give "
                              "\"listed\" or \"initiative\"");
    return std::nullopt;
  }
  if (!right_so_far) return std::nullopt;
  auto members = read_member_list(encounter.context(), *value, pointer, names);
  if (!members) return std::nullopt;
  return TurnOrderGiven{TurnOrder::Listed, std::move(*members)};
}

std::vector<int> listed_turns(const Encounter& encounter, std::span<const int> members) {
  std::vector<int> turns;
  if (members.empty()) {
    for (int c = 0; c < encounter.combatant_count(); ++c) turns.push_back(c);
    return turns;
  }
  for (const int member : members) {
    for (int c = 0; c < encounter.combatant_count(); ++c) {
      if (encounter.combatants[static_cast<std::size_t>(c)].member == member) turns.push_back(c);
    }
  }
  return turns;
}

namespace {

// The combatants' names in a listed order given as a list.
std::vector<std::string_view> turn_names(const Encounter& encounter, const TurnOrderGiven& order) {
  std::vector<std::string_view> names;
  for (const int c : listed_turns(encounter, order.members))
    names.push_back(encounter.combatants[static_cast<std::size_t>(c)].name);
  return names;
}

}  // namespace

std::string describe_turn_order(const Encounter& encounter, const TurnOrderGiven& order) {
  if (order.kind == TurnOrder::Initiative)
    return "initiative (a d6 per faction each round, ties at random)";
  if (order.members.empty()) return "listed (each round in the order of the file)";
  return fmt::format("listed (each round: {})", fmt::join(turn_names(encounter, order), ", "));
}

nlohmann::json turn_order_json(const Encounter& encounter, const TurnOrderGiven& order) {
  if (order.kind == TurnOrder::Initiative) return "initiative";
  if (order.members.empty()) return "listed";
  return turn_names(encounter, order);
}

}  // namespace arena
