// play_battle: one 5e battle from initiative to the last faction standing.
//
// Initiative is d20 + modifier for every creature, higher first; ties go to
// the higher modifier, then to a fair coin (a random order of the tied). In
// each round every creature that can act takes a turn: it picks a target by
// its tactics (tactics_rules.hpp) and takes the action with the highest
// expected damage against that target; if the target drops during a
// multiattack, the rest of the attacks go to a new target. A PC at 0 HP rolls
// a death save instead. A faction is out when none of its members can act;
// the battle ends when at most one faction is left (none: a draw) or when
// max_rounds rounds have passed (a draw).
//
// Templated on the dice source and the event sink so that simulation
// inlines Rng and NoEvents, while tests script the dice and replay logs.
#pragma once

#include <algorithm>
#include <vector>

#include "arena/battle_events.hpp"
#include "arena/battle_rules.hpp"
#include "arena/battle_plan.hpp"
#include "arena/battle_state.hpp"
#include "arena/encounter.hpp"
#include "arena/tactics_rules.hpp"

namespace arena {


namespace detail {

template <class Dice, class Events>
void roll_initiative(const Encounter& encounter, BattleState& state, Dice& dice, Events& events) {
  const int n = static_cast<int>(encounter.creatures.size());
  for (int c = 0; c < n; ++c) {
    const int d20 = dice.die(20);
    state.initiative[c] = d20 + encounter.creatures[c].initiative;
    events.initiative(c, d20, state.initiative[c]);
  }
  for (int c = 0; c < n; ++c) state.order[c] = c;
  auto before = [&](int a, int b) {
    if (state.initiative[a] != state.initiative[b]) return state.initiative[a] > state.initiative[b];
    return encounter.creatures[a].initiative > encounter.creatures[b].initiative;
  };
  std::sort(state.order.begin(), state.order.end(), [&](int a, int b) {
    return before(a, b) || (!before(b, a) && a < b);
  });
  // Fair coin among full ties: shuffle each run of tied creatures (Fisher-Yates).
  for (int start = 0; start < n;) {
    int end = start + 1;
    while (end < n && !before(state.order[start], state.order[end])) ++end;
    for (int i = end - 1; i > start; --i) {
      const int j = start + dice.die(i - start + 1) - 1;
      std::swap(state.order[i], state.order[j]);
    }
    start = end;
  }
}

inline int factions_standing(const BattleState& state) {
  int standing = 0;
  for (int members : state.standing) standing += members > 0;
  return standing;
}

inline int last_faction_standing(const BattleState& state) {
  for (std::size_t f = 0; f < state.standing.size(); ++f) {
    if (state.standing[f] > 0) return static_cast<int>(f);
  }
  return -1;
}

// One attack of `attacker` against `target`; returns whether the target dropped.
template <class Dice, class Events>
bool resolve_attack(const Encounter& encounter, BattleState& state, int attacker, int target,
                    int attack_index, Dice& dice, Events& events) {
  const Creature& self = encounter.creatures[attacker];
  const Creature& victim = encounter.creatures[target];
  const Attack& attack = self.attacks[attack_index];
  const AttackRoll roll = roll_attack(attack.to_hit, victim.ac, attack.disadvantage, dice);
  int damage = 0;
  DamageEffect effect;
  if (roll.hit) {
    damage = roll_damage(attack, roll.critical, victim, dice);
    effect = apply_damage(state.combatants[target], victim, damage, roll.critical);
  }
  events.attack(attacker, target, attack_index, roll, damage, state.combatants[target].hp);
  state.combatants[attacker].damage_dealt += effect.hp_lost;
  state.combatants[target].damage_taken += effect.hp_lost;
  if (effect.killed) ++state.combatants[attacker].kills;
  if (effect.dropped) {
    --state.standing[victim.faction];
    events.falls(target, state.combatants[target].dead);
  }
  return effect.dropped;
}

template <class Dice, class Events>
void take_turn(const Encounter& encounter, const BattlePlan& plan, BattleState& state, int self,
               Dice& dice, Events& events) {
  CombatantState& me = state.combatants[self];
  if (me.dead) return;
  if (me.hp == 0) {
    if (me.stable) return;
    int d20 = 0;
    const DeathSaveResult result = roll_death_save(me, dice, d20);
    events.death_save(self, d20, result);
    if (result != DeathSaveResult::RegainedHp) return;
    ++state.standing[encounter.creatures[self].faction];  // back up, and acts this turn
  }
  int target = choose_target(plan, state, self, dice);
  if (target < 0) return;
  const Action& action = encounter.creatures[self].actions[plan.action_against(self, target)];
  for (int attack : action.attacks) {
    if (!state.combatants[target].can_act()) {
      target = choose_target(plan, state, self, dice);
      if (target < 0) return;
    }
    resolve_attack(encounter, state, self, target, attack, dice, events);
  }
}

}  // namespace detail

// Plays one battle into `state` (reset here) and returns how it ended.
template <class Dice, class Events = NoEvents>
BattleOutcome play_battle(const Encounter& encounter, const BattlePlan& plan, BattleState& state,
                          Dice& dice, Events&& events = Events{}) {
  state.reset(encounter);
  for (std::size_t c = 0; c < encounter.creatures.size(); ++c) {
    const int hp = encounter.creatures[c].hp.roll(dice);
    state.combatants[c].hp = hp;
    state.combatants[c].max_hp = hp;
  }
  detail::roll_initiative(encounter, state, dice, events);
  BattleOutcome outcome;
  while (detail::factions_standing(state) > 1) {
    if (state.round == encounter.max_rounds) {
      outcome.rounds = state.round;
      events.ends(-1, outcome.rounds);
      return outcome;
    }
    events.round_begins(++state.round);
    for (int self : state.order) {
      detail::take_turn(encounter, plan, state, self, dice, events);
      if (detail::factions_standing(state) <= 1) break;
    }
  }
  outcome.winner = detail::last_faction_standing(state);
  outcome.rounds = state.round;
  events.ends(outcome.winner, outcome.rounds);
  return outcome;
}

}  // namespace arena
