// A 5e creature's turn: the one path every creature of every encounter
// takes, from the plainest inline stat block to a legendary dragon.
//
// At its start the creature regenerates, a PC at 0 HP rolls a death save
// instead of acting, spent recharge resources roll a d6 to come back, a
// prone creature stands up and a reckless one becomes so; an incapacitated
// creature then loses its action. Otherwise it picks a target by its
// tactics (targets.hpp) and the available action with the highest expected
// value against it (a limited action must beat the at-will ones), forces
// that action's saves and makes its attacks (attack.hpp), moving on to a
// new target when one drops. At the end of its turn it repeats the saves its
// conditions allow and their durations run down. After every other
// creature's turn, a legendary creature spends one legendary option (the
// best value per action cost it can afford); it regains them at the start
// of its turn.
//
// What only stat blocks with more than attacks and defences have (saves,
// conditions, resources, traits, legendary actions) matters only when the
// encounter has such a creature (BattlePlan::full_rules). The functions
// of the turn take that as a template parameter, `Full`, chosen once per
// battle (battle.hpp): the same source compiles to a turn that plain
// encounters run without a single test of the full rules, and one with
// them. The full rules' own steps are out of line, so that the attack
// path of either inlines whole.
#pragma once

#include <algorithm>
#include <cstdint>

#include "rules/dnd5e/attack.hpp"
#include "rules/dnd5e/swallow.hpp"
#include "rules/dnd5e/targets.hpp"

namespace arena::dnd5e::detail {

inline bool available(const BattlePlan& plan, const BattleState& state, int self,
                      const PlanAction& action) {
  return action.resource < 0 ||
         state.resource_uses[plan.rules[self].first_use +
                             static_cast<std::uint32_t>(action.resource)] > 0;
}

// Whether `self` can take `action` against `target`: a Swallow needs a
// target it grapples, and a swallower room inside.
inline bool available_against(const BattlePlan& plan, const BattleState& state, int self,
                              const PlanAction& action, int target) {
  return available(plan, state, self, action) &&
         (!action.needs_grapple || has_condition_from(state, target, Condition::Grappled, self)) &&
         (!action.swallows || can_swallow_more(plan, state, self));
}

// What the value of `self`'s actions against `target` depends on in its
// state (nothing without the full rules, which track none of it).
inline TargetState target_state(const BattlePlan& plan, const BattleState& state, int self,
                                int target) {
  if (!plan.full_rules) return {};
  const RulesState& them = state.rules[target];
  return {them.conditions, them.immune_count > 0 && immune_to_source(state, target, self)};
}

// The first available action of a fixed action policy among those `keep`
// accepts, or nullptr.
template <class Keep>
const PlanAction* first_available_where(const BattlePlan& plan, const BattleState& state, int self,
                                        int target, Keep keep) {
  for (const PlanAction& action : plan.actions_of(self)) {
    if (available_against(plan, state, self, action, target) && keep(action)) return &action;
  }
  return nullptr;
}

// The available action of `self` of highest expected value against
// `target` in its state (plan.hpp's TargetState), among those `keep`
// accepts (on a battlefield, field_turn.hpp: those that reach it), the
// earliest on ties (at-will actions come first, so a limited one is spent
// only when it does better), or nullptr when it has none.
template <class Keep>
const PlanAction* best_valued_action_where(const BattlePlan& plan, const BattleState& state,
                                           int self, int target, Keep keep) {
  const int enemies = enemies_standing(plan, state, self);
  const TargetState now = target_state(plan, state, self, target);
  const PlanAction* best = nullptr;  // none for a stat block with nothing arena models
  double best_value = -1;
  for (const PlanAction& action : plan.actions_of(self)) {
    if (!available_against(plan, state, self, action, target) || !keep(action)) continue;
    const double value = plan.action_value(self, action, target, enemies, now);
    if (value > best_value) {
      best_value = value;
      best = &action;
    }
  }
  return best;
}

// The same among all its actions (out of line, as best_valued_action below).
[[gnu::noinline]] inline const PlanAction* first_available(const BattlePlan& plan,
                                                           const BattleState& state, int self,
                                                           int target) {
  return first_available_where(plan, state, self, target, [](const PlanAction&) { return true; });
}

// The action `self` takes against `target` among those `keep` accepts (on
// a battlefield, field_turn.hpp: those that reach it): under a fixed action
// policy the first available, otherwise the best valued.
template <class Keep>
const PlanAction* action_where(const BattlePlan& plan, const BattleState& state, int self,
                               int target, Keep keep) {
  if (plan.creatures[self].fixed_actions)
    return first_available_where(plan, state, self, target, keep);
  return best_valued_action_where(plan, state, self, target, keep);
}

// The best valued among all its actions (out of line: the turn's attack path inlines whole).
[[gnu::noinline]] inline const PlanAction* best_valued_action(const BattlePlan& plan,
                                                              const BattleState& state, int self,
                                                              int target) {
  return best_valued_action_where(plan, state, self, target,
                                  [](const PlanAction& /*action*/) { return true; });
}

// The action `self` takes against `target`, or nullptr when it has none:
// with at-will attacks only, the best against it (looked up: it holds for
// a target without conditions, and when there is no other); under a fixed
// action policy, the first available one; otherwise the best valued.
// Inlined: the look-up is most turns' whole choice, and cheaper than a call.
[[gnu::always_inline]] inline const PlanAction* choose_action(const BattlePlan& plan,
                                                              const BattleState& state, int self,
                                                              int target) {
  const PlanCreature& creature = plan.creatures[self];
  if (creature.only_attacks && (!plan.full_rules || state.rules[target].conditions.empty() ||
                                plan.rules[self].actions.count == 1)) {
    return &plan.best_attack_action(self, target);
  }
  if (creature.fixed_actions) return first_available(plan, state, self, target);
  return best_valued_action(plan, state, self, target);
}

// A PC at 0 HP rolls a death save instead of acting; returns whether it
// got back up (a natural 20) and acts this turn.
template <class Dice, class Events>
bool death_save_turn(BattleState& state, int self, Dice& dice, Events& events) {
  CombatantState& me = state.combatants[self];
  if (me.stable) return false;
  int d20 = 0;
  const DeathSaveResult result = roll_death_save(me, dice, d20);
  events.death_save(self, d20, result);
  if (result == DeathSaveResult::Died) state.turns_stale = true;
  if (result != DeathSaveResult::RegainedHp) return false;
  state.standing.rises(self);  // back up, and acts this turn
  return true;
}

// Regeneration at the start of `self`'s turn; returns false when it dies
// instead (a troll at 0 HP that took fire or acid since its last turn).
template <class Events>
[[gnu::noinline]] bool regenerate(const BattlePlan& plan, BattleState& state, int self,
                                  Events& events) {
  CombatantState& me = state.combatants[self];
  RulesState& rules = state.rules[self];
  const PlanTraits& traits = plan.rules[self].traits;
  const bool blocked = rules.regeneration_blocked;
  rules.regeneration_blocked = false;
  if (me.regenerating_at_zero && blocked) {
    me.regenerating_at_zero = false;
    me.dead = true;
    state.standing.drops(self);
    state.turns_stale = true;
    events.falls(self, true);
    release_conditions(plan, state, self, events);
    return false;
  }
  if (!blocked && (me.hp > 0 || me.regenerating_at_zero)) {
    me.hp = std::min(me.hp + traits.regeneration, me.max_hp);
    me.regenerating_at_zero = false;
    events.note(self, "regenerates");
  }
  return true;
}

// Spent recharge resources come back on a d6 of their number or more.
template <class Dice, class Events>
[[gnu::noinline]] void recharge(const BattlePlan& plan, BattleState& state, int self, Dice& dice,
                                Events& events) {
  const PlanRules& rules = plan.rules[self];
  for (std::uint32_t r = 0; r < rules.resources.count; ++r) {
    const PlanResource& resource = plan.resources[rules.resources.first + r];
    int& uses = state.resource_uses[rules.first_use + r];
    if (resource.recharge > 0 && uses == 0 && dice.roll(6) >= resource.recharge) {
      uses = 1;
      events.recharged(self, resource.name);
    }
  }
}

// The full rules at the start of a turn, before the death save: the
// turn's number and flags, legendary actions regained, regeneration. Returns false
// when the creature dies instead.
template <class Dice, class Events>
bool start_full_turn(const BattlePlan& plan, BattleState& state, int self, Dice& dice,
                     Events& events) {
  RulesState& rules = state.rules[self];
  ++state.full_turns;
  rules.reckless = false;
  rules.inside_damage = 0;
  rules.legendary_left = static_cast<std::int8_t>(plan.rules[self].legendary_per_round);
  if (plan.rules[self].traits.swallow_damage.dice.has_dice())
    digest_swallowed(plan, state, self, dice, events);
  return plan.rules[self].traits.regeneration <= 0 || regenerate(plan, state, self, events);
}

// The full rules after the death save: recharges, standing up; returns
// whether the creature can act (not incapacitated), then reckless.
template <class Dice, class Events>
bool ready_full_turn(const BattlePlan& plan, BattleState& state, int self, Dice& dice,
                     Events& events) {
  recharge(plan, state, self, dice, events);
  stand_up(state, self, events);
  RulesState& rules = state.rules[self];
  if (rules.conditions.any_of(kIncapacitating)) return false;
  rules.reckless = plan.rules[self].traits.reckless;
  return true;
}

// The start of `self`'s turn; returns whether it takes an action.
template <bool Full, class Dice, class Events>
bool begin_turn(const BattlePlan& plan, BattleState& state, int self, Dice& dice, Events& events) {
  if constexpr (Full) {
    if (!start_full_turn(plan, state, self, dice, events)) return false;
  }
  if (state.combatants[self].hp == 0 && !death_save_turn(state, self, dice, events)) return false;
  if constexpr (Full) return ready_full_turn(plan, state, self, dice, events);
  return true;
}

// Rampage: a creature that drops a foe in melee on its turn makes its
// rampage attack against a new target, once. `Field`: on a battlefield,
// only a target the attack reaches from where it stands (the half move the
// stat block allows first is not played).
template <bool Field, class Dice, class Events>
[[gnu::noinline]] void rampage(const BattlePlan& plan, BattleState& state, int self, Dice& dice,
                               Events& events) {
  const int next = choose_target(plan, state, self, dice);
  if (next < 0) return;
  const int attack = plan.rules[self].traits.rampage_attack;
  if constexpr (Field) {
    if (!attack_reaches(plan, state, self, next, attack)) return;
  }
  events.note(self, "rampages");
  make_attack<true, Field>(plan, state, self, next, attack, true, dice, events);
}

// The Death Bursts of the creatures that died since: each forces its save
// on its enemies around it (a random one and, for an area, more).
template <class Dice, class Events>
[[gnu::noinline]] void death_bursts(const BattlePlan& plan, BattleState& state, Dice& dice,
                                    Events& events) {
  while (state.bursts_pending) {  // a burst may kill another bursting creature
    state.bursts_pending = false;
    for (int c = 0; c < plan.creature_count(); ++c) {
      if (!state.rules[c].burst_pending) continue;
      state.rules[c].burst_pending = false;
      const int target = choose_target(plan, state, c, dice);
      if (target < 0) continue;
      events.note(c, "bursts as it dies");
      force_save(plan, state, c, target, plan.save_effect(c, plan.rules[c].traits.death_burst),
                 dice, events);
    }
  }
}

// The number of times an action with dice for it (the violet fungus's
// 1d4) makes its attacks this time. Out of line: one stat block in the SRD
// has such dice, and the turn's attack path stays small without them.
template <class Dice>
[[gnu::noinline]] int roll_attack_times(const PlanAction& action, Dice& dice) {
  return add_dice(0, action.times_count, action.times_sides, dice);
}

// How many times the attacks of `action` are made this time: once, or its
// dice rolled. Only the full rules have such dice (plan.cpp's
// needs_full_rules); without them it is once.
template <bool Full, class Dice>
int attack_times(const PlanAction& action, Dice& dice) {
  if constexpr (Full) {
    if (action.times_count > 0) [[unlikely]]
      return roll_attack_times(action, dice);
  }
  return 1;
}

// Takes `action` of `self` against `target`: its saves, then its attacks,
// as many times as attack_times says (moving on to a new target when one
// drops), and a rampage. `Field`: on a battlefield (attacks by range,
// field_rules.hpp).
template <bool Full, bool Field = false, class Dice, class Events>
[[gnu::always_inline]] inline void take_action(const BattlePlan& plan, BattleState& state, int self,
                                               int target, const PlanAction& action, bool own_turn,
                                               Dice& dice, Events& events) {
  events.action(self, target, action.name, !own_turn);
  bool can_rampage = false;
  const int first_target = target;
  if constexpr (Full) {  // only the full rules have resources and saves (BattlePlan::full_rules)
    state.rules[self].action_hits = 0;
    if (action.resource >= 0)
      --state.resource_uses[plan.rules[self].first_use +
                            static_cast<std::uint32_t>(action.resource)];
    for (int save : plan.parts_of(action.saves)) {
      if (!state.combatants[target].can_act()) target = choose_target(plan, state, self, dice);
      if (target < 0) return;
      force_save(plan, state, self, target, plan.save_effect(self, save), dice, events);
    }
    can_rampage = own_turn && plan.rules[self].traits.rampage_attack >= 0;
  }
  const bool swallows = Full && action.swallows;
  // A do-while that tests `Full` first: without the full rules it
  // compiles to the one pass it always was (a for loop cost 2% more
  // instructions there, scripts/bench-counts).
  int times = attack_times<Full>(action, dice);
  do {
    for (int attack : plan.parts_of(action.attacks)) {
      // A target down, or swallowed by this action's bite (total cover from
      // outside: the purple worm's sting), gives way to a new one.
      if (!state.combatants[target].can_act() || (swallows && swallower_of(state, target) >= 0))
        target = choose_target<Full>(plan, state, self, dice);
      if (target < 0) return;
      if constexpr (Field) {
        // A reaction (a riposte) may have dropped or paralyzed the attacker mid-action.
        if (!can_still_act<Full>(state, self)) return;
        if (!attack_reaches(plan, state, self, target, attack)) continue;  // a new target
      }
      const bool dropped =
          make_attack<Full, Field>(plan, state, self, target, attack, own_turn, dice, events);
      if (dropped && can_rampage && plan.attack(self, attack).melee) {
        can_rampage = false;  // once a turn
        rampage<Field>(plan, state, self, dice, events);
      }
    }
  } while (Full && --times > 0);
  if constexpr (Full) {
    if (action.engulfs_on_hits)
      engulf_after_hits(plan, state, self, target, first_target, action, events);
  }
}

// On a battlefield: moves `self` before it acts and returns the action it
// can take against `target` from there, or nullptr (field_turn.hpp); a
// creature hemmed in may take it against another enemy, set in `target`.
template <bool Full, class Dice, class Events>
const PlanAction* approach(const BattlePlan& plan, BattleState& state, int self, int& target,
                           Dice& dice, Events& events);
// On a battlefield: the start of `self`'s turn offered to the reaction chain (reactions.hpp).
template <bool Full, class Dice, class Events>
void answer_turn_start(const BattlePlan& plan, BattleState& state, int self, Dice& dice,
                       Events& events);

// `Field`: the encounter has a battlefield (battle.hpp chooses once per battle).
template <bool Full, bool Field = false, class Dice, class Events>
[[gnu::always_inline]] inline void take_turn(const BattlePlan& plan, BattleState& state, int self,
                                             Dice& dice, Events& events) {
  if (state.combatants[self].dead) return;
  if constexpr (Field) {
    state.field.reacted[self] = 0;   // its reaction comes back
    state.field.ac_bonus[self] = 0;  // and a Shield it cast ends
    state.field.charger = -1;        // it has not charged yet this turn
    // Standing up costs half its speed (field_turn.hpp): from prone, and for
    // a PC down, which lay unconscious (so prone) until a natural 20 on its
    // death save gets it up this turn.
    state.field.standing_up = is_down(state.combatants[self]);
    if constexpr (Full)
      state.field.standing_up |= state.rules[self].conditions.contains(Condition::Prone);
  }
  bool acts = begin_turn<Full>(plan, state, self, dice, events);
  if constexpr (Field) {
    if (acts && plan.field.turn_starts_answered)
      answer_turn_start<Full>(plan, state, self, dice, events);
  }
  if constexpr (Full) {
    if (acts && plan.imposable.contains(Condition::Swallowed) &&
        escapes_by_check(plan, state, self)) {
      try_escape(plan, state, self, dice, events);  // its action
      acts = false;
    }
  }
  if (acts) {
    int target = choose_target<Full>(plan, state, self, dice);
    if (target >= 0) {
      const PlanAction* action = nullptr;
      if constexpr (Field) {
        action = approach<Full>(plan, state, self, target, dice, events);
      } else {
        action = choose_action(plan, state, self, target);
      }
      if (action != nullptr)
        take_action<Full, Field>(plan, state, self, target, *action, true, dice, events);
    }
  }
  if constexpr (Full) {
    if (state.bursts_pending) death_bursts(plan, state, dice, events);
  }
  if constexpr (Full) {
    if (!state.combatants[self].dead) end_of_turn_conditions(plan, state, self, dice, events);
  }
}

// After `just_acted`'s turn, each other legendary creature that can act
// spends one legendary option: the best expected value per action cost
// among those it can afford. `Field`: on a battlefield, among those that
// reach its target from where it stands (legendary actions do not move it).
template <bool Field = false, class Dice, class Events>
[[gnu::noinline]] void legendary_actions_after(const BattlePlan& plan, BattleState& state,
                                               int just_acted, Dice& dice, Events& events) {
  for (int c : plan.legendary_creatures) {
    RulesState& me = state.rules[c];
    if (c == just_acted || me.legendary_left <= 0 || state.combatants[c].hp <= 0 ||
        me.conditions.any_of(kIncapacitating)) {
      continue;
    }
    if (state.standing.factions() <= 1) return;
    const int target = choose_target(plan, state, c, dice);
    if (target < 0) return;
    const int enemies = enemies_standing(plan, state, c);
    const TargetState now = target_state(plan, state, c, target);
    const PlanAction* best = nullptr;
    double best_rate = 0;
    for (const PlanAction& option : plan.legendary_of(c)) {
      if (option.cost > me.legendary_left || !available_against(plan, state, c, option, target))
        continue;
      if constexpr (Field) {
        if (action_limit(plan, c, option, false) < feet_between(plan, state, c, target)) continue;
      }
      const double rate = plan.action_value(c, option, target, enemies, now) / option.cost;
      if (rate > best_rate) {
        best_rate = rate;
        best = &option;
      }
    }
    if (best == nullptr) continue;
    me.legendary_left = static_cast<std::int8_t>(me.legendary_left - best->cost);
    take_action<true, Field>(plan, state, c, target, *best, false, dice, events);
    if (state.bursts_pending) death_bursts(plan, state, dice, events);
  }
}

}  // namespace arena::dnd5e::detail
