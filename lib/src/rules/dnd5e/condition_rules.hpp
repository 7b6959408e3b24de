// Conditions on creatures in battle: imposing, ending and their effects on
// rolls (conditions.hpp lists the effects). Plain functions over the battle
// state; part of the full rules (turn.hpp).
#pragma once

#include <utility>

#include "rules/dnd5e/events.hpp"
#include "rules/dnd5e/field_rules.hpp"
#include "rules/dnd5e/plan.hpp"
#include "rules/dnd5e/state.hpp"

namespace arena::dnd5e::detail {

// Whether `self` can still act this turn: in the fight and, under the full
// rules, not incapacitated. A reaction to its move or its attack (an
// opportunity attack, a riposte) may have taken either away mid-turn.
template <bool Full>
bool can_still_act(const BattleState& state, int self) {
  if (!state.combatants[self].can_act()) return false;
  if constexpr (Full) return !state.rules[self].conditions.any_of(kIncapacitating);
  return true;
}

// Whether `self` can go on moving: conscious and, under the full rules,
// nothing that stops a move (kStopsMoving).
template <bool Full>
bool can_keep_moving(const BattleState& state, int self) {
  if (state.combatants[self].hp <= 0) return false;
  if constexpr (Full) return !state.rules[self].conditions.any_of(kStopsMoving);
  return true;
}

inline void recount_conditions(RulesState& c) {
  c.conditions = ConditionSet{};
  for (int i = 0; i < c.active_count; ++i) c.conditions.insert(c.active[i].condition);
}

inline bool immune_to_source(const BattleState& state, int creature, int source) {
  const RulesState& c = state.rules[creature];
  for (int i = 0; i < c.immune_count; ++i) {
    if (c.immune_to[i] == source) return true;
  }
  return false;
}

// Whether `creature` has `condition` from `source`.
inline bool has_condition_from(const BattleState& state, int creature, Condition condition,
                               int source) {
  const RulesState& c = state.rules[creature];
  if (!c.conditions.contains(condition)) return false;
  for (int i = 0; i < c.active_count; ++i) {
    if (c.active[i].condition == condition && c.active[i].source == source) return true;
  }
  return false;
}

// `creature` becomes immune to `source`'s effects that grant immunity.
inline void grant_immunity(BattleState& state, int creature, int source) {
  RulesState& c = state.rules[creature];
  if (immune_to_source(state, creature, source) || c.immune_count == kMaxImmunities) return;
  c.immune_to[c.immune_count++] = static_cast<std::int16_t>(source);
}

template <class Events>
void end_condition(BattleState& state, int creature, int index, Events& events) {
  RulesState& c = state.rules[creature];
  const Condition condition = c.active[index].condition;
  if (c.active[index].immunity_on_end) grant_immunity(state, creature, c.active[index].source);
  c.active[index] = c.active[c.active_count - 1];
  --c.active_count;
  recount_conditions(c);
  if (!c.conditions.contains(condition)) events.condition(creature, condition, false);
}

// `target` gains the condition of `effect` from `source` (a repeated save
// against `ability` and `dc`, when the effect allows one). A creature immune
// to it, out of the fight, or already under kMaxActiveConditions is spared;
// the same condition from the same source is renewed, not stacked. With
// `immunity_on_end`, its end makes the target immune to the source's effect.
template <class Events>
void swallow(const BattlePlan& plan, BattleState& state, int source, int target, Events& events);

template <class Events>
void impose_condition(const BattlePlan& plan, BattleState& state, int source, int target,
                      const ConditionEffect& effect, Ability ability, int dc, Events& events,
                      bool immunity_on_end = false) {
  if (state.combatants[target].hp <= 0 ||
      plan.rules[target].condition_immunities.contains(effect.condition)) {
    return;
  }
  // A swallow as stat blocks give it goes through swallow(), which imposes
  // the condition itself, as lasting while its source can act.
  if (effect.condition == Condition::Swallowed && !effect.ends_with_source) {
    if (!effect.needs_grapple || has_condition_from(state, target, Condition::Grappled, source))
      swallow(plan, state, source, target, events);
    return;
  }
  RulesState& c = state.rules[target];
  ActiveCondition active;
  active.condition = effect.condition;
  active.rounds_left = static_cast<std::int8_t>(std::min(effect.duration, 100));
  active.repeat_save = effect.repeat_save;
  active.ends_with_source = effect.ends_with_source;
  active.ability = ability;
  active.dc = static_cast<std::int16_t>(dc);
  active.source = static_cast<std::int16_t>(source);
  active.immunity_on_end = immunity_on_end;
  active.ends_on_damage = effect.ends_on_damage;
  active.save_on_damage = effect.save_on_damage;
  active.worsens = effect.worsens;
  active.worsens_to = effect.worsens_to;
  // An unconscious creature drops prone, and stays so while it sleeps.
  if (effect.condition == Condition::Unconscious)
    impose_condition(plan, state, source, target, ConditionEffect{}, ability, dc, events);
  for (int i = 0; i < c.active_count; ++i) {
    if (c.active[i].condition == effect.condition && c.active[i].source == source) {
      c.active[i] = active;
      return;
    }
  }
  if (c.active_count == kMaxActiveConditions) return;
  const bool had = c.conditions.contains(effect.condition);
  c.active[c.active_count++] = active;
  c.conditions.insert(effect.condition);
  if (!had) events.condition(target, effect.condition, true);
}

// `source` is out of the fight: the conditions it maintains (grapples) end,
// and a dead creature's own conditions with it. A creature it swallowed
// crawls out of the corpse prone, where its stat block says so.
template <class Events>
[[gnu::noinline]] void release_conditions(const BattlePlan& plan, BattleState& state, int source,
                                          Events& events) {
  for (int c = 0; c < static_cast<int>(state.rules.size()); ++c) {
    const RulesState& other = state.rules[c];
    bool freed = false;  // from inside `source`
    for (int i = other.active_count - 1; i >= 0; --i) {
      if (other.active[i].source == source && other.active[i].ends_with_source) {
        freed = freed || other.active[i].condition == Condition::Swallowed;
        end_condition(state, c, i, events);
      }
    }
    if (freed) leave_swallower(plan, state, c, source);
    if (freed && plan.rules[source].traits.swallow_exits_prone && state.combatants[source].dead)
      impose_condition(plan, state, source, c, ConditionEffect{}, Ability::Con, 0, events);
  }
  RulesState& self = state.rules[source];
  if (state.combatants[source].dead) {
    self.active_count = 0;
    self.conditions = ConditionSet{};
  }
}

// Whether an ally of `attacker` helps it against `target` (Pack Tactics,
// Sneak Attack, Martial Advantage): on a battlefield (`Field`), one that can
// act within 5 ft of the target; gridless, the assumption of README.md: an
// ally stands next to the target while one can act.
template <bool Field>
bool ally_helps(const BattlePlan& plan, const BattleState& state, int attacker, int target) {
  if constexpr (Field) return ally_beside(plan, state, attacker, target);
  return state.standing.members(plan.creatures[attacker].faction) > 1;
}

// The mode of an attack roll from `attacker` against `target` under their
// conditions and the attacker's traits (an ally's help: ally_helps), and
// on a battlefield its range (field_disadvantage): every source of
// advantage and of disadvantage gathered, then cancelled once.
template <bool Field = false>
RollMode full_attack_mode(const BattlePlan& plan, const BattleState& state, int attacker,
                          int target, const PlanAttack& attack, bool own_turn) {
  const RulesState& self = state.rules[attacker];
  const RulesState& them = state.rules[target];
  const CombatantState& target_state = state.combatants[target];
  const PlanTraits& traits = plan.rules[attacker].traits;
  const bool melee = attack.melee;
  // Prone: advantage from within 5 feet, disadvantage from further. On a
  // battlefield by the distance (a glaive from 10 ft has disadvantage, a
  // shot from beside it advantage); gridless, a melee attack is the close one.
  bool close = melee;
  if constexpr (Field) close = feet_between(plan, state, attacker, target) <= space::kFeetPerSquare;
  const bool prone = them.conditions.contains(Condition::Prone);
  const bool advantage =
      them.conditions.any_of(kExposed) || them.reckless || (prone && close) ||
      (traits.pack_tactics && ally_helps<Field>(plan, state, attacker, target)) ||
      (traits.blood_frenzy && melee && target_state.hp < target_state.max_hp) ||
      (traits.reckless && melee && own_turn);
  bool disadvantage =
      attack.disadvantage || self.conditions.any_of(kHamperAttacks) || (prone && !close);
  if constexpr (Field)
    disadvantage = disadvantage || field_disadvantage(plan, state, attacker, target, attack);
  return roll_mode(advantage, disadvantage);
}

// Without the full rules nothing but the attack itself (and on a
// battlefield its range) sets the mode.
template <bool Full, bool Field = false>
RollMode attack_mode(const BattlePlan& plan, const BattleState& state, int attacker, int target,
                     const PlanAttack& attack, bool own_turn) {
  if constexpr (Full)
    return full_attack_mode<Field>(plan, state, attacker, target, attack, own_turn);
  bool disadvantage = attack.disadvantage;
  if constexpr (Field)
    disadvantage = disadvantage || field_disadvantage(plan, state, attacker, target, attack);
  return disadvantage ? RollMode::Disadvantage : RollMode::Normal;
}

// A saving throw of `creature` against `ability` and `dc`: paralysis and
// stuns fail Str and Dex saves, restraint hampers Dex saves, Magic
// Resistance helps against magic.
template <class Dice>
SaveRoll saving_throw(const BattlePlan& plan, const BattleState& state, int creature,
                      Ability ability, int dc, bool magical, Dice& dice) {
  const RulesState& self = state.rules[creature];
  const PlanRules& block = plan.rules[creature];
  const bool str_dex = ability == Ability::Str || ability == Ability::Dex;
  // A PC down is unconscious, though the condition is not tracked on it.
  const bool automatic_failure =
      str_dex && (self.conditions.any_of(kFailsStrDexSaves) || is_down(state.combatants[creature]));
  const bool advantage = magical && block.traits.magic_resistance;
  const bool disadvantage =
      ability == Ability::Dex && self.conditions.contains(Condition::Restrained);
  return roll_save(block.saves[static_cast<int>(ability)], dc, roll_mode(advantage, disadvantage),
                   automatic_failure, dice);
}

// Ends every condition `source` imposed on `creature`.
template <class Events>
void end_conditions_from(BattleState& state, int creature, int source, Events& events) {
  RulesState& c = state.rules[creature];
  for (int i = c.active_count - 1; i >= 0; --i) {
    if (c.active[i].source == source) end_condition(state, creature, i, events);
  }
}

// `source` swallows `target`: a grapple by it ends; the target is
// swallowed and restrained while `source` can act, and blinded unless
// engulfed in a gelatinous cube (Traits::swallow_blinds).
template <class Events>
[[gnu::noinline]] void swallow(const BattlePlan& plan, BattleState& state, int source, int target,
                               Events& events) {
  end_conditions_from(state, target, source, events);
  for (Condition c : {Condition::Swallowed, Condition::Blinded, Condition::Restrained}) {
    if (c == Condition::Blinded && !plan.rules[source].traits.swallow_blinds) continue;
    ConditionEffect inside;
    inside.condition = c;
    inside.ends_with_source = true;
    impose_condition(plan, state, source, target, inside, Ability::Con, 0, events);
  }
  state.rules[target].inside_damage = 0;
  if (swallower_of(state, target) == source) enter_swallower(plan, state, target);
}

// At the end of swallowed `creature`'s turn: if it dealt its swallower the
// escape damage or more this turn, the swallower saves (Con) or
// regurgitates every creature it swallowed, each falling prone.
template <class Dice, class Events>
[[gnu::noinline]] void check_regurgitation(const BattlePlan& plan, BattleState& state, int creature,
                                           Dice& dice, Events& events) {
  const int swallower = swallower_of(state, creature);
  const int dealt = std::exchange(state.rules[creature].inside_damage, 0);
  const PlanTraits& traits = plan.rules[swallower].traits;
  if (traits.swallow_escape_damage <= 0 || dealt < traits.swallow_escape_damage ||
      !state.combatants[swallower].can_act()) {
    return;
  }
  const SaveRoll roll =
      saving_throw(plan, state, swallower, Ability::Con, traits.swallow_escape_dc, false, dice);
  events.save(swallower, "Swallow: regurgitation", Ability::Con, roll);
  if (roll.success) return;
  for (int c = 0; c < plan.creature_count(); ++c) {
    if (swallower_of(state, c) != swallower) continue;
    end_conditions_from(state, c, swallower, events);
    leave_swallower(plan, state, c, swallower);
    events.note(c, "is regurgitated");
    impose_condition(plan, state, swallower, c, ConditionEffect{}, Ability::Con, 0, events);
  }
}

// A failed repeated save against `active` (on `creature`) that worsens it:
// it ends, and its worse condition follows without limit.
template <class Events>
void worsen_condition(const BattlePlan& plan, BattleState& state, int creature, int index,
                      Events& events) {
  const ActiveCondition active = state.rules[creature].active[index];
  end_condition(state, creature, index, events);
  ConditionEffect worse;
  worse.condition = active.worsens_to;
  impose_condition(plan, state, active.source, creature, worse, active.ability, active.dc, events);
}

// At the end of `creature`'s turn: repeated saves, then durations run down.
template <class Dice, class Events>
[[gnu::noinline]] void end_of_turn_conditions(const BattlePlan& plan, BattleState& state,
                                              int creature, Dice& dice, Events& events) {
  RulesState& self = state.rules[creature];
  if (self.conditions.contains(Condition::Swallowed))
    check_regurgitation(plan, state, creature, dice, events);
  for (int i = self.active_count - 1; i >= 0; --i) {
    ActiveCondition& active = self.active[i];
    if (active.repeat_save) {
      const SaveRoll roll =
          saving_throw(plan, state, creature, active.ability, active.dc, false, dice);
      events.save(creature, "repeated save", active.ability, roll);
      if (roll.success) {
        end_condition(state, creature, i, events);
        continue;
      }
      if (active.worsens) {
        worsen_condition(plan, state, creature, i, events);
        continue;
      }
    }
    if (active.rounds_left > 0 && --active.rounds_left == 0)
      end_condition(state, creature, i, events);
  }
}

// `creature` took damage: the conditions that end on damage (a magical
// sleep) end, and it repeats the saves of those that allow one then (a charm).
template <class Dice, class Events>
[[gnu::noinline]] void conditions_after_damage(const BattlePlan& plan, BattleState& state,
                                               int creature, Dice& dice, Events& events) {
  RulesState& self = state.rules[creature];
  for (int i = self.active_count - 1; i >= 0; --i) {
    const ActiveCondition& active = self.active[i];
    if (active.ends_on_damage) {
      end_condition(state, creature, i, events);
    } else if (active.save_on_damage) {
      const SaveRoll roll =
          saving_throw(plan, state, creature, active.ability, active.dc, false, dice);
      events.save(creature, "save on damage", active.ability, roll);
      if (roll.success) end_condition(state, creature, i, events);
    }
  }
}

// The target's defence against one part of the damage, under its
// conditions: a petrified creature resists all damage (once: a resistance
// it has already is not doubled).
inline Defence defence_under_conditions(const BattleState& state, int target, Defence defence) {
  if (state.rules[target].conditions.contains(Condition::Petrified)) defence.resistant = true;
  return defence;
}

// Whether `creature` is charmed by `other` (it does not attack it).
inline bool charmed_by(const BattleState& state, int creature, int other) {
  return has_condition_from(state, creature, Condition::Charmed, other);
}

// At the start of `creature`'s turn: it stands up unless it cannot move.
template <class Events>
void stand_up(BattleState& state, int creature, Events& events) {
  RulesState& self = state.rules[creature];
  if (!self.conditions.contains(Condition::Prone) || self.conditions.any_of(kCannotStand)) return;
  for (int i = self.active_count - 1; i >= 0; --i) {
    if (self.active[i].condition == Condition::Prone) end_condition(state, creature, i, events);
  }
}

}  // namespace arena::dnd5e::detail
