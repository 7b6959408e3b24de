// Reading the parts of a knave member that are dice and saving throws:
// damage dice (attacks, save damage) and a monster's saving-throw
// abilities. Problems are reported with their position; thread-safe.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "arena/dice.hpp"
#include "json_reader.hpp"
#include "rules/knave/roster.hpp"

namespace arena::knave {

// Damage dice that never roll below 0.
std::optional<DiceExpr> read_damage(const JsonContext& context, const nlohmann::json& value,
                                    const std::string& pointer);

// The member's "abilities" array of saving-throw abilities.
std::vector<SaveAbility> read_save_abilities(const JsonContext& context, ObjectReader& member);

}  // namespace arena::knave
