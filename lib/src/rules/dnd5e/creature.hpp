// The 5e stat block of a combatant as battles play it: attacks, actions,
// save effects, resources, legendary actions, traits and defences. Built
// by the resolver (resolver.cpp) from a library monster, an inline stat
// block, or abilities plus equipment; one per member of an encounter, its
// copies ("Goblin 1", "Goblin 2") share it. Plain values; thread-safe to read.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "arena/damage_type.hpp"
#include "arena/dice.hpp"
#include "rules/common/tactics.hpp"
#include "rules/dnd5e/abilities.hpp"
#include "rules/dnd5e/conditions.hpp"

namespace arena::dnd5e {

enum class AttackKind : std::uint8_t { Melee, Ranged };

// A saving throw forced on one or more targets: damage and conditions on a
// failure, half the damage (or none) on a success. Breath weapons, gazes,
// spells, and the riders of attacks that hit ("or be paralyzed").
struct SaveEffect {
  std::string name;
  Ability ability = Ability::Dex;
  int dc = 10;
  std::vector<DamageDice> damage;  // rolled once for all its targets
  bool half_on_success = false;
  std::vector<ConditionEffect> conditions;  // on a failure
  bool magical = false;  // a spell or other magic: Magic Resistance gives advantage
  int targets = 1;       // enemies caught; an area effect catches several (area_targets)
  std::string area;      // "60-foot cone", for show; empty for one target
  // The area for a battlefield (field_area.hpp): its shape ("cone", "line",
  // "sphere", "cylinder", "cube", "emanation"; empty: one target), its size
  // in feet, and whether its source picks who it catches ("each creature of
  // the dragon's choice"): then it spares the source's allies.
  std::string area_shape;
  int area_size = 0;
  bool chosen_targets = false;
  // Creature types and subtypes it spares ("other than an elf or undead"):
  // such a target is simply unaffected (spares()).
  std::vector<std::string> excludes;
  // A target that saves, or whose condition from it ends, is immune to it
  // from this source for the rest of the battle (Frightful Presence).
  bool immunity_after_success = false;
  bool operator==(const SaveEffect&) const = default;
};

struct Attack {
  std::string name;  // "Scimitar", "Scimitar (off-hand)", "Longsword (two-handed)"
  AttackKind kind = AttackKind::Melee;
  int to_hit = 0;
  std::vector<DamageDice> damage;
  int reach = 5;         // feet, melee
  int range_normal = 0;  // feet, ranged and thrown; 0 when none
  int range_long = 0;
  bool disadvantage = false;  // always rolled with disadvantage (Small creature, heavy weapon)
  bool magical = false;       // overcomes resistance to nonmagical attacks
  bool silvered = false;      // overcomes resistance to nonmagical attacks that aren't silvered
  bool auto_hit = false;      // no attack roll (magic missile)
  std::vector<SaveEffect> on_hit_saves;            // a hit also forces this save (0 or 1)
  std::vector<ConditionEffect> on_hit_conditions;  // a hit imposes these, no save (grapples)
  std::string derivation;  // how to_hit and damage were derived, for `arena validate`
  bool operator==(const Attack&) const = default;
};

// A limited resource that actions spend: a recharge ("Recharge 5-6": one
// use, back on a d6 of 5 or more at the start of the creature's turn), uses
// per day, or the spell slots of one level. Several actions can share one
// (a dragon's breath weapons, every spell of a slot level).
struct Resource {
  std::string name;  // "Fire Breath (recharge 5-6)", "3rd-level slots"
  int uses = 1;      // at the start of a battle
  int recharge = 0;  // the least d6 that restores a use; 0: never restored
  bool operator==(const Resource&) const = default;
};

// What one turn does: saves forced, then attacks (by index into
// Creature::save_effects and Creature::attacks): a multiattack, an attack
// plus an off-hand attack, a breath weapon, a spell.
struct Action {
  std::string name;
  std::vector<int> attacks;
  std::vector<int> saves;
  int resource = -1;  // index into Creature::resources, spent when taken; -1: at will
  int cost = 1;       // legendary actions: the legendary actions it costs
  // How many times its attacks are made, rolled each time it is taken when
  // dice: the violet fungus makes "1d4 Rotting Touch attacks".
  DiceExpr times = DiceExpr::constant(1);
  bool operator==(const Action&) const = default;
};

// Traits that change a fight without positions. The gridless assumptions
// ("an ally is next to the target while one stands") are documented in
// README.md.
struct Traits {
  bool pack_tactics = false;              // advantage while an ally can act
  bool magic_resistance = false;          // advantage on saves against magic
  bool undead_fortitude = false;          // Con save (DC 5 + damage) to stay at 1 HP
  bool blood_frenzy = false;              // melee advantage against the wounded
  bool reckless = false;                  // melee advantage; attacks against it too
  int rampage_attack = -1;                // attack made after dropping a foe in melee
  DiceExpr martial_advantage;             // once a turn on a hit, while an ally can act
  DiceExpr sneak_attack;                  // once a turn on a hit with advantage or an ally up
  int regeneration = 0;                   // HP regained at the start of its turn
  DamageTypeSet regeneration_stopped_by;  // ... unless it took this damage since
  bool regenerates_from_zero = false;     // dies only if it starts a turn at 0 unregenerated
  int relentless = 0;                     // once: damage up to this that would drop it leaves 1 HP
  int death_burst = -1;                   // save effect its death forces around it; -1: none
  // A reaction on a battlefield (reactions.hpp): the save effect it forces on
  // an enemy that starts its turn within `turn_start_feet`; -1: none.
  int turn_start_save = -1;
  int turn_start_feet = 0;
  // Swallow (and Engulf): the damage a swallowed creature takes at the
  // start of its turns (unless it makes the save, when there is one); it
  // regurgitates them on a failed Con save (escape DC) at the end of a turn
  // in which one of them dealt it escape damage or more. An engulfed
  // creature instead escapes with its action and a Strength check (escape
  // check DC); in a gelatinous cube it is not blinded. The swallower holds
  // `swallow_holds` at most (0: no limit). A shambling mound engulfs the
  // target that all the attacks of its multiattack hit.
  DamageDice swallow_damage;
  int swallow_escape_damage = 0;  // 0: none
  int swallow_escape_dc = 0;
  int swallow_escape_check = 0;  // 0: none
  bool swallow_blinds = true;
  bool swallow_exits_prone = false;  // freed by its death, one inside is prone
  int swallow_holds = 0;
  Ability swallow_save_ability = Ability::Con;
  int swallow_save_dc = 0;  // 0: no save
  bool swallow_after_multiattack = false;
  bool any() const { return *this != Traits{}; }
  bool operator==(const Traits&) const = default;
};
struct Creature {
  std::string name;                   // the member's name, before copies are numbered
  std::string type;                   // creature type, lowercase ("undead"); empty when not given
  std::vector<std::string> subtypes;  // lowercase ("elf", "goblinoid")
  DiceExpr hp;                        // a constant, or dice rolled anew for every battle
  std::string hp_source;              // how "hit_die" gave it; empty otherwise
  int ac = 10;
  std::string ac_source;  // "leather armor + shield (11 + DEX 2 + 2)"
  int initiative = 0;     // modifier added to the d20
  AbilityScores abilities;
  std::vector<Attack> attacks;
  std::vector<Action> actions;  // never empty for a creature that can fight
  std::vector<SaveEffect> save_effects;
  std::vector<Resource> resources;
  std::vector<Action> legendary_actions;  // options; each costs Action::cost
  int legendary_per_round = 0;
  int legendary_resistance = 0;  // uses per battle
  std::array<int, 6> saves{};    // saving throw bonus per ability
  ConditionSet condition_immunities;
  Traits traits;
  DamageTypeSet resistances;
  DamageTypeSet immunities;
  DamageTypeSet vulnerabilities;
  DamageTypeSet nonmagical_resistances;  // "... from nonmagical attacks"
  DamageTypeSet nonmagical_immunities;
  DamageTypeSet unsilvered_resistances;  // "... from nonmagical attacks that aren't silvered"
  DamageTypeSet unsilvered_immunities;
  bool pc = false;  // falls unconscious and makes death saves at 0 HP
  Tactics tactics;
  // Tactics "actions" (a fixed action policy, for experiments): `actions`
  // holds only those named, in the order named, and the creature takes the
  // first available one instead of the one of highest value.
  bool fixed_actions = false;
  std::vector<std::string> warnings;  // what the stat block has that arena does not model
  // What the stat block has that only a battlefield plays ("Reaction: Parry", "Charge").
  std::vector<std::string> battlefield_only;
  bool operator==(const Creature&) const = default;
};

// Whether `effect` spares `target` by its creature type or one of its subtypes.
inline bool spares(const SaveEffect& effect, const Creature& target) {
  for (const std::string& excluded : effect.excludes) {
    if (excluded == target.type || std::find(target.subtypes.begin(), target.subtypes.end(),
                                             excluded) != target.subtypes.end()) {
      return true;
    }
  }
  return false;
}

}  // namespace arena::dnd5e
