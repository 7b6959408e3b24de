// One 5e attack and one forced saving throw, over the plan and the state.
//
// An attack goes through three steps, in one place for every attack a
// creature makes (its action, a multiattack, a rampage, a legendary
// option):
//   1. declared: the attack roll under the creature's and the target's
//      conditions and traits, a tentative outcome (hit, miss, critical);
//   2. answered: the reactions the declared attack triggers (on a
//      battlefield: reactions.hpp), which may change the outcome before it
//      lands;
//   3. landed: damage, hit points, a fall, and what a hit also does
//      (conditions, a forced save).
// A saving throw effect (a breath weapon, a spell, a rider) rolls its
// damage once for all its targets, each of whom saves. Damage that lands is
// offered to the chain as well (a split). The battlefield's steps are
// defined further on (reactions.hpp, field_charge.hpp): code that plays
// attacks includes battle.hpp.
#pragma once

#include <algorithm>
#include <span>
#include <vector>

#include "rules/dnd5e/damage.hpp"
#include "rules/dnd5e/field_area.hpp"
#include "rules/dnd5e/field_rules.hpp"

namespace arena::dnd5e::detail {

// The creatures `effect` of `source` catches, aimed at `target`, into
// `targets`: gridless, `target` and, for an area, more enemies drawn at
// random (the DMG table's count); on a battlefield, those inside the area
// (field_area.hpp).
template <class Dice, class Events>
void save_targets(const BattlePlan& plan, const BattleState& state, int source, int target,
                  const PlanSaveEffect& effect, std::vector<int>& targets, Dice& dice,
                  Events& events) {
  if (plan.field.enabled) {
    field_area_targets(plan, state, source, target, effect, targets);
    if (field_area_of(plan, effect).shape != AreaShape::None)
      events.area(source, effect.name, std::span<const int>(targets));
    return;
  }
  targets.clear();
  targets.push_back(target);
  if (effect.targets > 1) {
    for (int c : plan.enemies_of(plan.creatures[source].faction)) {
      if (c != target && state.combatants[c].can_act() && swallower_of(state, c) < 0)
        targets.push_back(c);
    }
    // Draw the others (a partial Fisher-Yates) unless all are caught.
    const int candidates = static_cast<int>(targets.size());
    const int wanted = std::min(effect.targets, candidates);
    for (int i = 1; i < wanted && wanted < candidates; ++i) {
      const int j = i + dice.roll(static_cast<int>(targets.size()) - i) - 1;
      std::swap(targets[static_cast<std::size_t>(i)], targets[static_cast<std::size_t>(j)]);
    }
    targets.resize(static_cast<std::size_t>(wanted));
  }
}

// On a battlefield: damage that `source` subjected `target` to, offered to
// the reaction chain (a split, reactions.hpp).
template <bool Full, class Dice, class Events>
void answer_damage(const BattlePlan& plan, BattleState& state, int source, int target,
                   DamageTypeSet types, Dice& dice, Events& events);

// `source` forces `effect` on the creatures it catches (save_targets()).
// The damage is rolled once for all.
template <class Dice, class Events>
[[gnu::noinline]] void force_save(const BattlePlan& plan, BattleState& state, int source,
                                  int target, const PlanSaveEffect& effect, Dice& dice,
                                  Events& events) {
  std::vector<int>& targets = state.scratch;
  save_targets(plan, state, source, target, effect, targets, dice, events);
  const auto parts = plan.damage_of(effect.damage);
  int rolled[8] = {};  // per damage part (a save effect has few parts)
  const std::size_t part_count = std::min<std::size_t>(parts.size(), 8);
  for (std::size_t p = 0; p < part_count; ++p) rolled[p] = roll(plan, parts[p].dice, dice);
  // What `victim` takes of the rolled damage: all of it, half or none.
  const auto damage_for = [&](int victim, bool saved) {
    DealtDamage dealt;
    for (std::size_t p = 0; p < part_count; ++p) {
      int amount = rolled[p];
      if (saved) amount = effect.half_on_success ? amount / 2 : 0;
      if (amount > 0 && plan.field.any_split) dealt.subjected.insert(parts[p].type);
      // Not an attack: resistance to nonmagical attacks does not apply.
      amount = apply_defence(amount, defence_under_conditions(
                                         state, victim, plan.defence(victim, parts[p].type, true)));
      dealt.total += amount;
      if (amount > 0) dealt.types.insert(parts[p].type);
    }
    return dealt;
  };
  for (int victim : targets) {
    // A PC down is caught only in an area on a battlefield (field_area.hpp):
    // the damage costs it death saves (apply_damage).
    if (!state.combatants[victim].can_act() && !is_down(state.combatants[victim])) continue;
    if (effect.spares_some && plan.spares(effect, victim)) {
      events.note(victim, "is unaffected (its creature type)");
      continue;
    }
    if (effect.immunity_after_success && immune_to_source(state, victim, source)) {
      events.note(victim, "is immune (it shook off this effect before)");
      continue;
    }
    SaveRoll roll =
        saving_throw(plan, state, victim, effect.ability, effect.dc, effect.magical, dice);
    DealtDamage dealt = damage_for(victim, roll.success);
    CombatantState& them = state.combatants[victim];
    std::int8_t& resistance_left = state.rules[victim].legendary_resistance_left;
    if (!roll.success && resistance_left > 0 &&
        (effect.conditions.count > 0 || dealt.total * 4 >= them.hp)) {
      --resistance_left;
      roll.success = true;
      roll.legendary_resistance = true;
      dealt = damage_for(victim, true);
    }
    events.save(victim, effect.name, effect.ability, roll);
    const int hp_before = them.hp;
    const bool was_down = is_down(them);
    TraitsAtWork at_work;
    const DamageEffect fell = deal_damage<true>(plan, state, victim, dealt, dice, at_work);
    // A PC down takes it all as death saves failed (apply_damage).
    if (dealt.total > 0)
      events.damaged(victim, was_down ? dealt.total : hp_before - them.hp, them.hp);
    report_traits(victim, at_work, events);
    record_damage<true>(plan, state, source, victim, fell, events);
    if (was_down && dealt.total > 0) {
      if (them.dead) {
        events.falls(victim, true);
      } else {
        events.note(victim, "fails a death save (damage at 0 HP)");
      }
    }
    if (!dealt.subjected.empty())  // only with a splitter on the field
      answer_damage<true>(plan, state, source, victim, dealt.subjected, dice, events);
    if (fell.hp_lost > 0 && state.rules[victim].conditions.any_of(kEndedByDamage))
      conditions_after_damage(plan, state, victim, dice, events);
    if (roll.success) {
      if (effect.immunity_after_success) grant_immunity(state, victim, source);
      continue;
    }
    for (const ConditionEffect& condition : plan.conditions_of(effect.conditions)) {
      impose_condition(plan, state, source, victim, condition, effect.ability, effect.dc, events,
                       effect.immunity_after_success);
    }
  }
}

// An attack that hits without a roll (magic missile).
inline AttackRoll automatic_hit() {
  AttackRoll roll;
  roll.hit = true;
  return roll;
}

// Step 1: the attack roll of `attacker` against `target`. Within 5 feet of
// a paralyzed or unconscious creature every hit is a critical. `Field`: on
// a battlefield, where range can impose disadvantage (field_rules.hpp).
template <bool Full, bool Field = false, class Dice>
[[gnu::always_inline]] inline AttackRoll declare_attack(const BattlePlan& plan,
                                                        const BattleState& state, int attacker,
                                                        int target, const PlanAttack& attack,
                                                        bool own_turn, Dice& dice) {
  if (attack.auto_hit) return automatic_hit();
  const RollMode mode = attack_mode<Full, Field>(plan, state, attacker, target, attack, own_turn);
  int ac = plan.creatures[target].ac;
  if constexpr (Field) ac += state.field.ac_bonus[target];  // a Shield cast this round
  AttackRoll roll = roll_attack(attack.to_hit, ac, mode, dice);
  if constexpr (Full) {
    // "A hit from within 5 feet": on a battlefield by the distance (a shot
    // from beside it too, not a glaive from 10 ft); gridless, a melee hit.
    if constexpr (Field) {
      if (roll.hit && state.rules[target].conditions.any_of(kMeleeCriticals) &&
          feet_between(plan, state, attacker, target) <= space::kFeetPerSquare)
        roll.critical = true;
    } else {
      if (roll.hit && attack.melee && state.rules[target].conditions.any_of(kMeleeCriticals))
        roll.critical = true;
    }
  }
  return roll;
}

// On a battlefield, what follows a charge's hit (field_charge.hpp).
template <bool Full, class Dice, class Events>
void charge_lands(const BattlePlan& plan, BattleState& state, int attacker, int target, Dice& dice,
                  Events& events);

// Step 3: the declared (and answered) attack lands; returns whether the
// target dropped. `Field`: reactions can change a hit's damage (reactions.hpp).
template <bool Full, bool Field = false, class Dice, class Events>
[[gnu::always_inline]] inline bool land_attack(const BattlePlan& plan, BattleState& state,
                                               int attacker, int target, int attack_index,
                                               const AttackRoll& roll, Dice& dice, Events& events) {
  const PlanAttack& attack = plan.attack(attacker, attack_index);
  CombatantState& them = state.combatants[target];
  if (!roll.hit) {
    events.attack(attacker, target, attack_index, roll, 0, them.hp);
    return false;
  }
  if constexpr (Full) ++state.rules[attacker].action_hits;
  bool charged = false;
  if constexpr (Field) charged = charging<Full>(plan, state, attacker, target, attack_index);
  DealtDamage dealt = roll_hit<Full, Field>(plan, state, attacker, attack, target, roll.critical,
                                            roll.mode, roll.reduced, charged, dice);
  if constexpr (Field) state.field.riposte_die = 0;
  TraitsAtWork at_work;
  const DamageEffect effect = deal_damage<Full>(plan, state, target, dealt, dice, at_work);
  events.attack(attacker, target, attack_index, roll, dealt.total, them.hp);
  report_traits(target, at_work, events);
  record_damage<Full>(plan, state, attacker, target, effect, events);
  if constexpr (Field) {
    if (plan.field.any_split)
      answer_damage<Full>(plan, state, attacker, target, dealt.subjected, dice, events);
    if (charged) charge_lands<Full>(plan, state, attacker, target, dice, events);
  }
  if constexpr (Full) {
    if (plan.imposable.any_of(kAfterDamage)) {  // rare: a charm, a sleep, a swallow
      if (effect.hp_lost > 0 && state.rules[target].conditions.any_of(kEndedByDamage))
        conditions_after_damage(plan, state, target, dice, events);
      if (state.rules[attacker].conditions.contains(Condition::Swallowed))
        state.rules[attacker].inside_damage += dealt.total;  // at its swallower (targets.hpp)
    }
    if (them.hp > 0) {
      for (const ConditionEffect& condition : plan.conditions_of(attack.on_hit_conditions)) {
        impose_condition(plan, state, attacker, target, condition, Ability::Str, 0, events);
      }
      for (const PlanSaveEffect& save : plan.saves_of(attack.on_hit_saves)) {
        force_save(plan, state, attacker, target, save, dice, events);
      }
    }
  }
  return effect.dropped;
}

// On a battlefield, step 2: the reactions the declared attack triggers,
// which may change its roll (reactions.hpp).
template <bool Full, class Dice, class Events>
void answer_attack(const BattlePlan& plan, BattleState& state, int attacker, int target,
                   const PlanAttack& attack, AttackRoll& roll, Dice& dice, Events& events);

// One attack of `attacker` (its attack `attack_index`) against `target`:
// declared, answered, landed. Returns whether the target dropped.
template <bool Full, bool Field = false, class Dice, class Events>
[[gnu::always_inline]] inline bool make_attack(const BattlePlan& plan, BattleState& state,
                                               int attacker, int target, int attack_index,
                                               bool own_turn, Dice& dice, Events& events) {
  const PlanAttack& attack = plan.attack(attacker, attack_index);
  AttackRoll roll =
      declare_attack<Full, Field>(plan, state, attacker, target, attack, own_turn, dice);
  if constexpr (Field) {
    // Step 2, the answer (reactions are modelled on a battlefield only). A
    // hit is tentative: a parry may change it before it lands. A miss is
    // final: it is reported, then answered (a riposte), in causal order.
    const bool would_hit = roll.hit;
    if (would_hit) answer_attack<Full>(plan, state, attacker, target, attack, roll, dice, events);
    const bool dropped =
        land_attack<Full, Field>(plan, state, attacker, target, attack_index, roll, dice, events);
    if (!would_hit) answer_attack<Full>(plan, state, attacker, target, attack, roll, dice, events);
    return dropped;
  }
  return land_attack<Full, Field>(plan, state, attacker, target, attack_index, roll, dice, events);
}

}  // namespace arena::dnd5e::detail
