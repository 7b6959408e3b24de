// What a library stat block has beyond attacks and a multiattack, turned
// into the creature's full rules (encounter.hpp): save actions and their
// recharges or daily uses, attack riders, spells and slots, legendary
// actions and resistance, saving throws, condition immunities and traits;
// and a warning for everything the stat block has that arena does not model.
#pragma once

#include <string>
#include <string_view>

#include "rules/dnd5e/creature.hpp"
#include "rules/dnd5e/library.hpp"

namespace arena::dnd5e {

// The enemies an area effect catches when creatures have no positions
// (the DMG's "Targets in Areas of Effect"): a cone its length / 10, a
// sphere, cylinder or emanation its radius / 5, a cube its side / 5, a
// line its length / 30, rounded up; at least 1. One target without an area.
int area_targets(const AreaInfo& area);

// The warning of a hit's rider that arena does not play reads "not
// modelled: ATTACK on a hit: RIDER" (MonsterAttackInfo::riders_not_modelled).
inline constexpr std::string_view kOnAHit = " on a hit: ";

// Appends the attacks' riders, the save actions, spells and legendary
// actions, and sets saves, immunities and traits. Call after the attacks
// and before the multiattack (which may name save actions).
void add_stat_block_rules(const MonsterInfo& info, Creature& creature);

// Adds the at-will and limited actions that come after the multiattack:
// save actions, spells; then legendary options and warnings; puts at-will
// actions first. Call after the multiattack.
void finish_stat_block_rules(const MonsterInfo& info, Creature& creature);

// How arena treats one of a stat block's traits (Battlefield: modelled on
// a battlefield only, where creatures move: Charge, Pounce, Flyby, Nimble Escape).
enum class TraitStatus { Modelled, NoEffect, NotModelled, Battlefield };
TraitStatus trait_status(const MonsterInfo& info, const std::string& trait);

}  // namespace arena::dnd5e
