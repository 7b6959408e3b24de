// How a resolved 5e Creature is shown to a user: the block that `arena validate`
// prints for every creature of an encounter and `arena library show` for one
// library monster. HP, AC and where it comes from, initiative, saving throws,
// every attack with to-hit, damage, reach and range, how they were derived
// and what a hit also does; the saves it forces; the actions it can take and
// the resources they spend; legendary actions and resistance; condition
// immunities, traits, damage defences and what arena does not model of it.
// Pure functions; thread-safe.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "rules/dnd5e/creature.hpp"
#include "rules/dnd5e/roster.hpp"

namespace arena::dnd5e {

// Indented text lines, each ending in '\n': "  NAME\n    HP .. AC .." and so on.
// `no_effect_traits` (a library monster's traits that cannot change a
// gridless fight) are listed as such, before the warnings.
std::string creature_table(std::string_view combatant_name, const Creature& creature,
                           const std::vector<std::string>& no_effect_traits = {});

// The same as a JSON object (name, hp, ac, ac_source, initiative, pc, tactics,
// saves, attacks, save_effects, resources, actions, legendary_per_round,
// legendary_actions, legendary_resistance, condition_immunities, traits,
// resistances, immunities, vulnerabilities, nonmagical_resistances,
// nonmagical_immunities, warnings).
// A save it forces: "DC 21 Dex save, 18d6 fire, half on success, 60-foot
// cone (6 targets)", "DC 10 Con save or paralyzed 10 rounds, save ends".
std::string save_text(const SaveEffect& save);
nlohmann::json creature_json(std::string_view combatant_name, const Creature& creature);

// `arena validate`'s factions (the registry's describe hooks): each
// faction with its tactics, then each of its combatants.
std::string describe_factions(const Encounter& encounter);
nlohmann::json describe_factions_json(const Encounter& encounter);

}  // namespace arena::dnd5e
