// The steps of a battle that both the plain loop (battle.hpp) and the full
// rules (full_turn.hpp) take: rolling the plan's dice, recording damage,
// death saves. Plain functions over the plan and the state.
#pragma once

#include "rules/dnd5e/events.hpp"
#include "rules/dnd5e/plan.hpp"
#include "rules/dnd5e/attack_rules.hpp"
#include "rules/dnd5e/state.hpp"
#include "rules/dnd5e/condition_rules.hpp"

namespace arena::dnd5e::detail {

template <class Dice>
int roll(const BattlePlan& plan, const FlatDice& expr, Dice& dice) {
  return expr.constant + roll_terms(plan.terms_of(expr), dice);
}

// roll_damage (battle_rules.hpp) over the plan's flat attack data.
template <class Dice>
int roll_damage(const BattlePlan& plan, const PlanAttack& attack, bool critical, int target, Dice& dice) {
  int total = 0;
  for (const PlanDamagePart& part : plan.parts_of(attack)) {
    total += roll_damage_part(part.dice.constant, plan.terms_of(part.dice), critical,
                              plan.defence(target, part.type, attack.magical), dice);
  }
  return total;
}

// The figures and counts after `source` did `effect` to `target`.
template <class Events>
void record_damage(const BattlePlan& plan, BattleState& state, int source, int target, const DamageEffect& effect,
                   Events& events) {
  state.combatants[source].damage_dealt += effect.hp_lost;
  state.combatants[target].damage_taken += effect.hp_lost;
  if (effect.killed) {
    ++state.combatants[source].kills;
    state.turns_stale = true;
  }
  if (effect.dropped) {
    state.member_drops(plan.creatures[target].faction);
    events.falls(target, state.combatants[target].dead);
    if (plan.full_rules) release_conditions(state, target, events);
  }
}

// A PC at 0 HP rolls a death save instead of acting; returns whether it
// got back up (a natural 20) and acts this turn.
template <class Dice, class Events>
bool death_save_turn(const BattlePlan& plan, BattleState& state, int self, Dice& dice, Events& events) {
  CombatantState& me = state.combatants[self];
  if (me.stable) return false;
  int d20 = 0;
  const DeathSaveResult result = roll_death_save(me, dice, d20);
  events.death_save(self, d20, result);
  if (result == DeathSaveResult::Died) state.turns_stale = true;
  if (result != DeathSaveResult::RegainedHp) return false;
  state.member_rises(plan.creatures[self].faction);  // back up, and acts this turn
  return true;
}

}  // namespace arena::dnd5e::detail
