// The "order" of an encounter for the rulesets whose creatures take turns
// one after another (oldschool, knave): "listed", the order of the file,
// faction by faction; "initiative", side initiative (side_initiative.hpp);
// or a list of member names, a listed order across factions, so that a
// roster such as Alice (Reds), Bob (Blues), Eve (Reds) plays as written:
// "order": ["Alice", "Bob", "Eve"]. A member's copies ("count") act one
// after another at its place in the list.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "arena/encounter.hpp"
#include "json_reader.hpp"
#include "rules/common/side_initiative.hpp"

namespace arena {

struct TurnOrderGiven {
  TurnOrder kind = TurnOrder::Listed;
  std::vector<int> members;  // given as a list: the members (roster indices) in its order
};

// Reads "order" from the encounter object, once the members are read
// (`names`: theirs, in roster order): nullopt when absent or wrong (wrong is
// reported). A list's names are resolved only when the file has no problem
// so far: a member or faction not read would make them look unknown.
std::optional<TurnOrderGiven> read_turn_order(ObjectReader& encounter,
                                              const std::vector<std::string>& names);

// The same for a roster's members, each with a `name`.
template <class Member>
std::optional<TurnOrderGiven> read_turn_order(ObjectReader& encounter,
                                              const std::vector<Member>& members) {
  std::vector<std::string> names;
  for (const Member& member : members) names.push_back(member.name);
  return read_turn_order(encounter, names);
}

// The combatants in listed turn order: each member of `members` (roster
// indices) in turn with its copies, or, with none given, every combatant
// in encounter order.
std::vector<int> listed_turns(const Encounter& encounter, std::span<const int> members);

// "listed (each round in the order of the file)", or with a list
// "listed (each round: Alice, Bob 1, Bob 2, Eve)", or the initiative's line.
std::string describe_turn_order(const Encounter& encounter, const TurnOrderGiven& order);
// The same for `validate --format json`: "initiative", "listed", or the
// combatants' names in turn (as the line lists them).
nlohmann::json turn_order_json(const Encounter& encounter, const TurnOrderGiven& order);

}  // namespace arena
