// BattlePlan: a 5e Encounter compiled for the battle loop, built once per
// run and shared read-only by all workers (thread-safe to read).
//
// Creature records are big (names, strings, vectors of attacks each with
// their own vectors of dice), so reading them every turn spreads a battle
// over many cache lines and pointer hops. The plan holds what the turn
// reads, in flat arrays addressed by small integers, and nothing else:
//   - per combatant (PlanCreature): faction, AC, tactics, HP dice, and
//     where its stat block's attacks, actions, save effects and resources
//     start in the arrays below; the full rules' data (saves, traits,
//     legendary actions) in a parallel array (PlanRules);
//   - per stat block, its "kind" (the member of the file; copies share it):
//     attacks with their damage parts, save effects, actions and legendary
//     options, resources, with every dice term of the encounter in one
//     array;
//   - each combatant's defence against each damage type, magical or not;
//   - the enemies of each faction;
//   - what tactics need to pick an action: the best action of each
//     creature against each when only attacks are to be chosen between, and
//     the expected value of each action's attacks and of each save effect
//     against each kind (action_value.hpp), so a turn never rebuilds them.
// Attack, action, save and resource indices within a kind are those of the
// stat block (Creature). Names, for events only, point into the encounter's
// roster, which outlives the plan.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "rules/common/flat_dice.hpp"
#include "rules/common/stalemate.hpp"
#include "rules/common/standing.hpp"
#include "rules/common/tactics.hpp"
#include "rules/dnd5e/attack_rules.hpp"
#include "rules/dnd5e/field_plan.hpp"
#include "rules/dnd5e/roster.hpp"
#include "rules/dnd5e/state.hpp"

namespace arena::dnd5e {

// Limits the plan's packed keys rely on (battle.hpp's initiative order);
// the reader keeps far inside both (modifiers within +-100, 1000 creatures).
inline constexpr int kMaxInitiativeModifier = 255;
inline constexpr int kCreatureSpan = 1024;

struct PlanDamagePart {
  FlatDice dice;
  DamageType type = DamageType::Untyped;
};

struct PlanAttack {
  int to_hit = 0;
  bool melee = true;
  bool disadvantage = false;  // always rolled with disadvantage
  bool magical = false;
  bool silvered = false;
  bool auto_hit = false;
  Slice parts;              // of BattlePlan::damage_parts
  Slice on_hit_conditions;  // of BattlePlan::conditions: a hit imposes them, no save
  Slice on_hit_saves;       // of BattlePlan::save_effects: a hit forces them
};

struct PlanSaveEffect {
  Ability ability = Ability::Dex;
  int dc = 10;
  Slice damage;  // of BattlePlan::damage_parts, rolled once for all targets
  bool half_on_success = false;
  Slice conditions;  // of BattlePlan::conditions, on a failure
  bool magical = false;
  int targets = 1;                      // enemies an area catches
  bool spares_some = false;             // some kind of the encounter is spared (BattlePlan::spares)
  bool immunity_after_success = false;  // SaveEffect::immunity_after_success
  ConditionSet imposes;                 // the conditions of `conditions`
  const char* name = "";                // the roster's, for events
};

struct PlanAction {
  Slice attacks;                 // of BattlePlan::action_parts: attack indices within the kind
  Slice saves;                   // of BattlePlan::action_parts: save effect indices within the kind
  int resource = -1;             // index within the creature's resources; -1: at will
  int cost = 1;                  // legendary options: the legendary actions it costs
  bool needs_grapple = false;    // only against a target it grapples (a Swallow)
  bool swallows = false;         // it swallows or engulfs its target: it needs room inside
  bool engulfs_on_hits = false;  // all its attacks hitting one target engulf it (shambling mound)
  ConditionSet imposes;          // the conditions its attacks (riders included) impose
  // Its attacks are made (times_count)d(times_sides) times (Action::times,
  // the violet fungus's 1d4); once when 0. Two bytes, in what was padding.
  std::uint8_t times_count = 0;
  std::uint8_t times_sides = 0;
  const char* name = "";  // the roster's, for events
};

struct PlanResource {
  int uses = 1;
  int recharge = 0;       // the least d6 that restores a use; 0: never
  const char* name = "";  // the roster's, for events
};

// Traits (creature.hpp) with their dice in the plan's terms.
struct PlanTraits {
  bool pack_tactics = false;
  bool magic_resistance = false;
  bool undead_fortitude = false;
  bool blood_frenzy = false;
  bool reckless = false;
  int rampage_attack = -1;
  FlatDice martial_advantage;
  FlatDice sneak_attack;
  int regeneration = 0;
  DamageTypeSet regeneration_stopped_by;
  bool regenerates_from_zero = false;
  int relentless = 0;
  int death_burst = -1;      // index of the save effect within the kind
  int turn_start_save = -1;  // Traits::turn_start_save, likewise
  int turn_start_feet = 0;
  PlanDamagePart swallow_damage;  // Traits::swallow_damage
  int swallow_escape_damage = 0;
  int swallow_escape_dc = 0;
  int swallow_escape_check = 0;
  bool swallow_blinds = true;
  bool swallow_exits_prone = false;
  int swallow_holds = 0;
  Ability swallow_save_ability = Ability::Con;
  int swallow_save_dc = 0;
};

// What the turn reads of a combatant on every attack.
struct PlanCreature {
  int faction = 0;
  int kind = 0;  // its stat block: the member of the file it copies
  int ac = 10;
  bool pc = false;
  Tactics tactics;
  bool only_attacks = true;  // some actions, at-will attacks only: BattlePlan::best_action decides
  bool fixed_actions = false;  // takes its first available action (Creature::fixed_actions)
  FlatDice hp;
  std::uint32_t first_attack = 0;  // its attack i is BattlePlan::attacks[first_attack + i]
  // It is immune, resistant or vulnerable to some damage: without any,
  // BattlePlan::defence needs no look-up (most monsters, every PC).
  bool has_defences = false;
};

// What the full rules read of a combatant, apart so that plain battles do
// not bring it into the cache.
struct PlanRules {
  std::array<int, 6> saves{};  // saving throw bonus per ability
  int strength_check = 0;      // its Strength modifier: an escape from an Engulf
  ConditionSet condition_immunities;
  PlanTraits traits;
  Slice actions;                // of BattlePlan::actions, at-will ones first (or as fixed)
  Slice legendary;              // of BattlePlan::actions: legendary options
  Slice save_effects;           // of BattlePlan::save_effects
  Slice resources;              // of BattlePlan::resources (per kind)
  std::uint32_t first_use = 0;  // its resource r's uses: BattleState::resource_uses[first_use + r]
  int legendary_per_round = 0;
  int legendary_resistance = 0;
};

// What the value of an action depends on in the target's state: the
// conditions it has, and whether it is immune to the attacker's effects
// that grant immunity (Frightful Presence after a success).
struct TargetState {
  ConditionSet conditions;
  bool immune_to_attacker = false;
};

struct BattlePlan {
  std::vector<PlanCreature> creatures;  // indexed like Encounter::combatants
  std::vector<PlanRules> rules;         // likewise
  std::vector<int> initiative;          // per creature: the modifier added to the d20
  StandingStart standing;               // factions, their sizes and enemy lists
  // Per kind, in kind order: a kind's attacks, save effects, actions and
  // resources are contiguous.
  std::vector<PlanAttack> attacks;
  std::vector<PlanSaveEffect> save_effects;
  std::vector<PlanAction> actions;
  std::vector<PlanResource> resources;
  std::vector<int> action_parts;  // attack and save indices of actions
  std::vector<PlanDamagePart> damage_parts;
  std::vector<ConditionEffect> conditions;
  std::vector<DiceTerm> terms;  // every dice term of the encounter
  // defences[(target * kDamageTypeCount + type) * 3 + source], source 0:
  // a nonmagical attack, 1: magical, 2: silvered (defence_against).
  std::vector<Defence> defences;
  int kinds = 0;
  // best_action[attacker * creatures + target]: the action (an index into
  // `actions`) of highest expected value, for creatures that choose
  // between attacks only; one look-up per turn.
  std::vector<std::uint32_t> best_action;
  // creatures.size(), the row length of best_action: kept as an int, since
  // size() divides by the element's size, and the turn looks up every time.
  int creature_total = 0;
  // attack_values[action * kinds + target kind]: the expected value of the
  // action's attacks, their riders included (action: index into `actions`);
  // save_values[effect * kinds + target kind]: the mean value of one save
  // effect for one target (action_value.hpp).
  std::vector<double> attack_values;
  std::vector<double> save_values;
  // single_attack_values[attack * kinds + target kind]: the expected value
  // of one attack alone (attack: index into `attacks`), for the one attack
  // of a reaction (reactions.hpp).
  std::vector<double> single_attack_values;
  // The part of each of those that the conditions imposed are worth
  // (nothing against a target that has them all already).
  std::vector<double> attack_condition_values;
  std::vector<double> save_condition_values;
  // attack_values with every attack rolled with advantage: against a target
  // whose conditions give attacks advantage (kExposed).
  std::vector<double> attack_advantage_values;
  std::vector<double> attack_advantage_condition_values;  // their conditions' part
  // spared[effect * kinds + kind]: the save effect (an index into
  // save_effects) spares the kind by its creature type (SaveEffect::excludes).
  std::vector<std::uint8_t> spared;
  std::vector<int> resource_start;       // per creature resource: uses at the start of a battle
  std::vector<RulesState> rules_start;   // per creature: its full rules' state at the start
  std::vector<int> legendary_creatures;  // creatures with legendary actions
  HarmTable harms;                       // who can change whose hit points (harm.hpp)
  // Whether a battle can stall: some creatures cannot hurt some enemies
  // (harms), or on a battlefield some creature is still (FieldPlan::any_still,
  // field_stalemate.hpp). Without either the round loop looks no further.
  bool may_stall = false;
  bool any_pc = false;         // only PCs go down: no aftermath without one
  bool any_swallower = false;  // some creature can swallow (targets.hpp)
  // Every condition some creature of the encounter can impose: the turn
  // skips the checks of those none can (a petrified target, a sleeper).
  ConditionSet imposable;
  bool any_finisher = false;  // a creature with "downed": "finish"
  int max_rounds = 0;

  // Set when any creature has more than attacks and defences (saves,
  // conditions, resources, legendary actions, traits): only then does a
  // turn look at conditions, traits and resources at all.
  bool full_rules = false;

  // The battlefield; disabled (and never read) for a gridless encounter.
  FieldPlan field;

  // Precondition: at most 1024 creatures, initiative modifiers within
  // +-255 (the reader keeps far inside both).
  explicit BattlePlan(const Encounter& encounter);

  int creature_count() const { return static_cast<int>(creatures.size()); }
  int faction_count() const { return standing.faction_count(); }

  const PlanAttack& attack(int creature, int index) const {
    return attacks[creatures[creature].first_attack + static_cast<std::uint32_t>(index)];
  }
  double single_attack_value(int attacker, int index, int target) const {
    const std::size_t at = creatures[attacker].first_attack + static_cast<std::uint32_t>(index);
    return single_attack_values[at * static_cast<std::size_t>(kinds) +
                                static_cast<std::size_t>(creatures[target].kind)];
  }
  std::span<const PlanAction> actions_of(int creature) const {
    return slice(actions, rules[creature].actions);
  }
  std::span<const PlanAction> legendary_of(int creature) const {
    return slice(actions, rules[creature].legendary);
  }
  const PlanSaveEffect& save_effect(int creature, int index) const {
    return save_effects[rules[creature].save_effects.first + static_cast<std::uint32_t>(index)];
  }
  std::span<const int> parts_of(Slice s) const { return slice(action_parts, s); }
  std::span<const PlanDamagePart> damage_of(Slice s) const { return slice(damage_parts, s); }
  std::span<const ConditionEffect> conditions_of(Slice s) const { return slice(conditions, s); }
  std::span<const PlanSaveEffect> saves_of(Slice s) const { return slice(save_effects, s); }
  Defence defence(int target, DamageType type, bool magical, bool silvered = false) const {
    if (!creatures[target].has_defences) return {};
    const std::size_t source = magical ? 1 : silvered ? 2 : 0;
    const auto index =
        (static_cast<std::size_t>(target) * kDamageTypeCount + static_cast<std::size_t>(type)) * 3 +
        source;
    return defences[index];
  }
  std::span<const int> enemies_of(int faction) const { return standing.enemies_of(faction); }
  // Whether `effect` (an element of save_effects) leaves `target` unaffected.
  bool spares(const PlanSaveEffect& effect, int target) const {
    const auto index = static_cast<std::size_t>(&effect - save_effects.data());
    return spared[index * static_cast<std::size_t>(kinds) +
                  static_cast<std::size_t>(creatures[target].kind)] != 0;
  }
  // The best action of `attacker` against `target` when only attacks are
  // chosen between (PlanCreature::only_attacks).
  const PlanAction& best_attack_action(int attacker, int target) const {
    return actions[best_action[static_cast<std::size_t>(attacker * creature_total + target)]];
  }
  // The expected value of `action` (an element of actions_of or
  // legendary_of of its creature) against `target` in state `now`, its
  // areas catching up to `enemies` enemies: its attacks, then each save
  // effect it forces. Conditions the target has already are worth nothing
  // more, nor is an effect it is immune to (for it; an area's others count).
  double action_value(int attacker, const PlanAction& action, int target, int enemies,
                      TargetState now = {}) const {
    // Attacks alone, imposing nothing, on a target in no condition: the
    // table's value as it stands (valued() would subtract a zero).
    if (action.saves.count == 0 && action.imposes.empty() && now.conditions.empty())
      return attack_values[static_cast<std::size_t>(&action - actions.data()) *
                               static_cast<std::size_t>(kinds) +
                           static_cast<std::size_t>(creatures[target].kind)];
    return valued(attacker, action, target, enemies, now).total;
  }
  // The same value, with the part of it that its conditions are worth
  // (what `arena replay --why` shows).
  struct Value {
    double total = 0;
    double conditions = 0;
  };
  Value valued(int attacker, const PlanAction& action, int target, int enemies,
               TargetState now = {}) const;

 private:
  template <class T>
  static std::span<const T> slice(const std::vector<T>& array, Slice s) {
    return slice_of(array, s);
  }
};

}  // namespace arena::dnd5e
