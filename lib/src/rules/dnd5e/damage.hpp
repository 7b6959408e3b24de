// Rolling and dealing damage in a 5e battle, over the plan and the state:
// the dice of a hit (with a once-a-turn extra), the traits that act on a
// dropping blow, hit points lost, and the counts and figures that follow.
// Plain functions; the dice source is a template parameter.
#pragma once

#include <algorithm>
#include <array>

#include "arena/check.hpp"
#include "rules/dnd5e/attack_rules.hpp"
#include "rules/dnd5e/condition_rules.hpp"
#include "rules/dnd5e/events.hpp"
#include "rules/dnd5e/plan.hpp"
#include "rules/dnd5e/state.hpp"

namespace arena::dnd5e::detail {

template <class Dice>
int roll(const BattlePlan& plan, const FlatDice& expr, Dice& dice) {
  return roll_flat(plan.terms, expr, dice);
}

// What a hit or a failed save deals, after the target's defences, part by part.
struct DealtDamage {
  int total = 0;
  DamageTypeSet types;      // the types of the parts that dealt some
  DamageTypeSet subjected;  // on a battlefield, the types rolled before defences (Split)
  bool critical = false;
};

// The once-a-turn extra damage of a hit (Martial Advantage, Sneak Attack),
// rolled (dice twice on a critical), when the attacker's traits allow it
// (an ally's help: ally_helps); 0 when they do not. It is of the first
// part's type and joins that part before the target's defence. Full rules
// only.
template <bool Field, class Dice>
int roll_extra_damage(const BattlePlan& plan, BattleState& state, int attacker, int target,
                      RollMode mode, bool critical, Dice& dice) {
  RulesState& self = state.rules[attacker];
  const PlanTraits& traits = plan.rules[attacker].traits;
  const bool ally_up = ally_helps<Field>(plan, state, attacker, target);
  const FlatDice* extra = nullptr;
  if (traits.martial_advantage.has_dice() && ally_up) extra = &traits.martial_advantage;
  // Sneak Attack: with advantage, or an ally beside the target, and never
  // with disadvantage.
  if (traits.sneak_attack.has_dice() && (ally_up || mode == RollMode::Advantage) &&
      mode != RollMode::Disadvantage)
    extra = &traits.sneak_attack;
  if (extra == nullptr || self.extra_damage_turn == state.full_turns) return 0;
  self.extra_damage_turn = state.full_turns;
  return roll_flat_critical(plan.terms, *extra, critical, dice);
}

// On a battlefield, a charge's extra damage, rolled (field_charge.hpp).
template <class Dice>
int charge_rolled(const BattlePlan& plan, int attacker, bool critical, Dice& dice);

// The damage of a hit: the attack's parts (dice twice on a critical; one
// part per damage type, BattlePlan::damage_parts), the first part last,
// with what joins it before the target's defence (as the SRD applies
// resistance after every other modifier): on a battlefield a riposte's
// superiority die, then the once-a-turn extra of the full rules, then a
// charge's extra (`charged`; it joins the part of its type). `reduced` (a
// Battle Master's parry) comes off before the defences too: off the first
// part, then what that cannot absorb off the others in the attack's order,
// so that resistance halves only what is left of each.
template <bool Full, bool Field = false, class Dice>
[[gnu::always_inline]] inline DealtDamage roll_hit(const BattlePlan& plan, BattleState& state,
                                                   int attacker, const PlanAttack& attack,
                                                   int target, bool critical, RollMode mode,
                                                   int reduced, bool charged, Dice& dice) {
  DealtDamage dealt;
  dealt.critical = critical;
  bool petrified = false;  // resists all damage
  if constexpr (Full) {
    petrified = plan.imposable.contains(Condition::Petrified) &&
                state.rules[target].conditions.contains(Condition::Petrified);
  }
  const auto deal = [&](DamageType type, int rolled) {
    Defence defence = plan.defence(target, type, attack.magical, attack.silvered);
    defence.resistant = defence.resistant || petrified;
    const int amount = apply_defence(rolled, defence);
    dealt.total += amount;
    if constexpr (Full) {  // the types matter to regeneration and Undead Fortitude only
      if (amount > 0) dealt.types.insert(type);
    }
    if constexpr (Full && Field) dealt.subjected.insert(type);  // and to Split
  };
  const auto parts = plan.damage_of(attack.parts);
  if (parts.empty()) return dealt;
  // A charge's extra joins the part of its type, whichever it is: that
  // part, when not the first, waits for it (one part per type).
  DamageType charge_type = DamageType::Untyped;
  if constexpr (Field) {
    if (charged) charge_type = plan.field.creatures[attacker].charge.extra_type;
  }
  // On a battlefield the other parts wait, rolled, for what joins the
  // first and for the parry's reduction; elsewhere there is neither.
  struct RolledPart {
    DamageType type;
    int rolled;
  };
  if constexpr (Field)  // one part per type, and a charge's of a type of its own
    ARENA_CHECK(parts.size() <= static_cast<std::size_t>(kDamageTypeCount));
  std::array<RolledPart, kDamageTypeCount> rest;
  std::size_t rest_count = 0;
  std::size_t charge_part = rest.size();  // none
  int first_rolled = roll_flat_critical(plan.terms, parts[0].dice, critical, dice);
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const int rolled = roll_flat_critical(plan.terms, parts[i].dice, critical, dice);
    if constexpr (Field) {
      if (charged && parts[i].type == charge_type) charge_part = rest_count;
      rest[rest_count++] = {parts[i].type, rolled};
    } else {
      deal(parts[i].type, rolled);
    }
  }
  if constexpr (Field) {
    // A riposte's superiority die (reactions.hpp): more of the first
    // part's damage, its dice twice on a critical.
    if (const int sides = state.field.riposte_die; sides > 0) {
      state.field.riposte_rolled = dice.roll(sides) + (critical ? dice.roll(sides) : 0);
      first_rolled += state.field.riposte_rolled;
    }
  }
  if constexpr (Full)
    first_rolled += roll_extra_damage<Field>(plan, state, attacker, target, mode, critical, dice);
  if constexpr (Field) {
    if (charged) {
      const int extra = charge_rolled(plan, attacker, critical, dice);
      if (charge_type == parts.front().type) {
        first_rolled += extra;
      } else if (charge_part < rest_count) {
        rest[charge_part].rolled += extra;
      } else {
        rest[rest_count++] = {charge_type, extra};
      }
    }
  } else {
    (void)charged;
  }
  int reduction = reduced;
  const auto deal_reduced = [&](DamageType type, int rolled) {
    if constexpr (Field) {
      const int taken = std::min(rolled, reduction);
      reduction -= taken;
      rolled -= taken;
    }
    deal(type, rolled);
  };
  deal_reduced(parts.front().type, first_rolled);
  for (std::size_t i = 0; i < rest_count; ++i) deal_reduced(rest[i].type, rest[i].rolled);
  return dealt;
}

// What the traits of a creature did to a blow that was to drop it. The
// battle reports them after the blow itself (report_traits), so that every
// line of a replay follows the one that caused it.
struct TraitsAtWork {
  bool fortitude = false;  // Undead Fortitude was rolled: `fortitude_roll`
  SaveRoll fortitude_roll;
  bool relentless = false;
  bool may_regenerate = false;  // at 0 HP, a troll until its next turn
};

template <class Events>
void report_traits(int target, const TraitsAtWork& at_work, Events& events) {
  if (at_work.fortitude)
    events.save(target, "Undead Fortitude", Ability::Con, at_work.fortitude_roll);
  if (at_work.relentless) events.note(target, "is relentless");
  if (at_work.may_regenerate) events.note(target, "drops to 0 HP and may regenerate");
}

// Traits that act on damage about to drop `target` (Undead Fortitude,
// Relentless): the damage it takes instead.
template <class Dice>
int soften_dropping_blow(const BattlePlan& plan, BattleState& state, int target,
                         const DealtDamage& dealt, Dice& dice, TraitsAtWork& at_work) {
  CombatantState& them = state.combatants[target];
  RulesState& rules = state.rules[target];
  const PlanTraits& traits = plan.rules[target].traits;
  if (them.hp <= 0 || dealt.total < them.hp) return dealt.total;
  if (traits.undead_fortitude && !dealt.critical && !dealt.types.contains(DamageType::Radiant)) {
    at_work.fortitude = true;
    at_work.fortitude_roll =
        saving_throw(plan, state, target, Ability::Con, 5 + dealt.total, false, dice);
    if (at_work.fortitude_roll.success) return them.hp - 1;
  }
  if (traits.relentless > 0 && !rules.relentless_used && dealt.total <= traits.relentless) {
    rules.relentless_used = true;
    at_work.relentless = true;
    return them.hp - 1;
  }
  return dealt.total;
}

// deal_damage under the full rules: regeneration stopped by the damage's
// types, a troll at 0 HP, Undead Fortitude and Relentless.
template <class Dice>
DamageEffect deal_full_damage(const BattlePlan& plan, BattleState& state, int target,
                              const DealtDamage& dealt, Dice& dice, TraitsAtWork& at_work) {
  CombatantState& them = state.combatants[target];
  const PlanTraits& traits = plan.rules[target].traits;
  if (dealt.types.any_of(traits.regeneration_stopped_by))
    state.rules[target].regeneration_blocked = true;
  if (dealt.total <= 0 || them.dead) return {};
  if (them.regenerating_at_zero) return {};  // only its regeneration matters now
  const int damage = soften_dropping_blow(plan, state, target, dealt, dice, at_work);
  DamageEffect effect = apply_damage(them, plan.creatures[target].pc, damage, dealt.critical);
  if (effect.killed && traits.death_burst >= 0) {
    state.rules[target].burst_pending = true;  // forced once the action that killed it is over
    state.bursts_pending = true;
  }
  if (effect.killed && traits.regenerates_from_zero) {
    // A troll at 0 HP dies only if it does not regenerate at its next turn.
    them.dead = false;
    them.regenerating_at_zero = true;
    effect.killed = false;
    effect.dropped = false;
    at_work.may_regenerate = true;
  }
  return effect;
}

// `dealt` lands on `target`: hit points lost, and whether it dropped. The
// caller reports the blow, then what traits did (report_traits), then
// records it (record_damage), so that a fall follows the blow that caused it.
template <bool Full, class Dice>
[[gnu::always_inline]] inline DamageEffect deal_damage(const BattlePlan& plan, BattleState& state,
                                                       int target, const DealtDamage& dealt,
                                                       Dice& dice, TraitsAtWork& at_work) {
  if constexpr (Full) return deal_full_damage(plan, state, target, dealt, dice, at_work);
  return apply_damage(state.combatants[target], plan.creatures[target].pc, dealt.total,
                      dealt.critical);
}

// The figures and counts after `source` did `effect` to `target`. A blow
// that takes the target to 0 HP (a troll's too) is `source`'s knock-out,
// and its kill if the target is dead at the end (Engine::results).
template <bool Full, class Events>
[[gnu::always_inline]] inline void record_damage(const BattlePlan& plan, BattleState& state,
                                                 int source, int target, const DamageEffect& effect,
                                                 Events& events) {
  CombatantState& them = state.combatants[target];
  state.combatants[source].damage_dealt += effect.hp_lost;
  them.damage_taken += effect.hp_lost;
  if (effect.hp_lost > 0 && them.hp == 0) {
    ++state.combatants[source].knockouts;
    them.dropped_by = source;
  }
  if (effect.killed) state.turns_stale = true;
  if (effect.dropped) {
    state.standing.drops(target);
    events.falls(target, state.combatants[target].dead);
    if constexpr (Full) release_conditions(plan, state, target, events);
  }
}

}  // namespace arena::dnd5e::detail
