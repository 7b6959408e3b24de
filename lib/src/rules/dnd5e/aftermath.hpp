// After a 5e battle: what becomes of the PCs at 0 HP.
//
// A battle ends when at most one faction stands (or at max_rounds, or in a
// stalemate), but its PCs at 0 HP are neither dead nor safe yet. Rounds go
// on in initiative order, from the turn after the one that ended the
// battle (BattleState::ended_on), until each is dead or stable:
//  - a PC at 0 HP who is not stable rolls its death save (a natural 20
//    wakes it with 1 HP: it ends the battle standing);
//  - a standing member of the winning faction stabilises a dying ally, the
//    first in creature order: one action, as a healer's kit would (no
//    check to fail once the fight is over);
//  - a standing creature with "downed": "finish" and no standing enemy at
//    all (on a battlefield too, as if it walked up) attacks an enemy at 0 HP it
//    can hurt, one drawn at random: with advantage, a melee hit (within
//    5 feet) is a critical, and each hit is one failed death save, a
//    critical two (apply_damage, attack_rules.hpp).
// Nobody gets back into the fight: the battle's outcome stands. Only PCs
// go down (a monster at 0 HP dies), so an encounter without PCs skips this.
#pragma once

#include <algorithm>

#include "rules/dnd5e/attack.hpp"
#include "rules/dnd5e/turn.hpp"

namespace arena::dnd5e::detail {

// A safeguard: each aftermath round kills or stabilises with a chance far
// above zero, so it ends long before.
inline constexpr int kMaxAftermathRounds = 1000;

// Whether `self` can finish off `victim` now: its tactics say so, no
// enemy of it stands, it has attacks, and they can hurt `victim`.
inline bool can_finish(const BattlePlan& plan, const BattleState& state, int self, int victim) {
  const PlanCreature& me = plan.creatures[self];
  return me.tactics.downed == DownedPolicy::Finish && state.combatants[self].can_act() &&
         me.faction != plan.creatures[victim].faction &&
         state.standing.enemies_of(me.faction).empty() && plan.rules[self].actions.count > 0 &&
         plan.harms.harms(self, victim) && is_down(state.combatants[victim]);
}

// Whether anyone's fate is still open: a PC dying, or one down that a
// creature will finish off. Only the PCs down at the end of the battle
// (state.down_after) can be down after it.
inline bool aftermath_pending(const BattlePlan& plan, const BattleState& state) {
  for (int victim : state.down_after) {
    const CombatantState& v = state.combatants[victim];
    if (!is_down(v)) continue;
    if (!v.stable) return true;
    for (int c = 0; plan.any_finisher && c < plan.creature_count(); ++c) {
      if (can_finish(plan, state, c, victim)) return true;
    }
  }
  return false;
}

// `self` attacks `victim`, a creature at 0 HP, with its best attack action.
template <bool Full, class Dice, class Events>
void finish_off(const BattlePlan& plan, BattleState& state, int self, int victim, Dice& dice,
                Events& events) {
  events.action(self, victim, "finish off", false);
  const PlanAction& action = plan.best_attack_action(self, victim);
  for (int times = attack_times<Full>(action, dice); times > 0; --times) {
    for (int index : plan.parts_of(action.attacks)) {
      const PlanAttack& attack = plan.attack(self, index);
      AttackRoll roll = attack.auto_hit ? automatic_hit()
                                        : roll_attack(attack.to_hit, plan.creatures[victim].ac,
                                                      roll_mode(true, attack.disadvantage), dice);
      roll.critical = roll.critical || (roll.hit && attack.melee);
      land_attack<Full>(plan, state, self, victim, index, roll, dice, events);
      if (state.combatants[victim].dead) {
        events.falls(victim, true);
        return;
      }
    }
  }
}

// `self`'s turn after the battle: its death save, stabilising an ally, or
// finishing off an enemy.
template <bool Full, class Dice, class Events>
void aftermath_turn(const BattlePlan& plan, BattleState& state, int winner, int self, Dice& dice,
                    Events& events) {
  CombatantState& me = state.combatants[self];
  if (me.dead) return;
  if constexpr (Full) ++state.full_turns;  // a turn: Sneak Attack comes again (damage.hpp)
  if (is_down(me)) {
    if (!me.stable) death_save_turn(state, self, dice, events);
    return;
  }
  if constexpr (Full) {
    if (state.rules[self].conditions.any_of(kIncapacitating)) return;
  }
  const int faction = plan.creatures[self].faction;
  for (int ally : state.down_after) {  // the first in creature order
    CombatantState& them = state.combatants[ally];
    if (faction == winner && plan.creatures[ally].faction == faction && is_down(them) &&
        !them.stable) {
      become_stable(them);
      events.stabilises(self, ally);
      return;
    }
  }
  if (plan.creatures[self].tactics.downed != DownedPolicy::Finish) return;
  std::vector<int>& victims = state.scratch;
  victims.clear();
  for (int c : state.down_after) {
    if (can_finish(plan, state, self, c)) victims.push_back(c);
  }
  if (victims.empty()) return;
  const std::size_t pick =
      victims.size() == 1
          ? 0
          : static_cast<std::size_t>(dice.roll(static_cast<int>(victims.size())) - 1);
  finish_off<Full>(plan, state, self, victims[pick], dice, events);
}

// Plays the rounds after a battle that `winner` won (-1: a draw) until no
// PC's fate is open.
template <bool Full, class Dice, class Events>
void play_aftermath(const BattlePlan& plan, BattleState& state, int winner, Dice& dice,
                    Events& events) {
  // Those down, listed as list_turns lists the living (battle.hpp): each
  // creature written, and the count moved past it when it is down.
  const int creature_count = plan.creature_count();
  std::vector<int>& down = state.down_after;
  down.resize(static_cast<std::size_t>(creature_count));
  int down_count = 0;
  bool winner_down = false;  // the winner has a PC to stabilise
  for (int c = 0; c < creature_count; ++c) {
    const bool is = is_down(state.combatants[c]);
    down[static_cast<std::size_t>(down_count)] = c;
    down_count += is;
    winner_down = winner_down | (is & (plan.creatures[c].faction == winner));
  }
  down.resize(static_cast<std::size_t>(down_count));
  if (!aftermath_pending(plan, state)) return;
  events.aftermath();
  // Only the down, the winner's members when it has a PC down, and
  // finishers do anything after the battle; the others' turns draw no dice,
  // so leaving them out changes nothing and saves a pass over everyone.
  // Listed as those down are, without a branch on who they are, in
  // initiative order from the turn after the one that ended the battle:
  // the rounds go on (the creature that ended it acts last).
  std::vector<int>& acting = state.acting_after;
  const std::vector<int>& order = state.order;
  const std::size_t places = order.size();
  const std::size_t next =
      state.ended_on < 0
          ? 0
          : static_cast<std::size_t>(std::find(order.begin(), order.end(), state.ended_on) -
                                     order.begin() + 1) %
                places;
  acting.resize(places);
  int acting_count = 0;
  for (std::size_t i = 0; i < places; ++i) {
    const int c = order[(next + i) % places];
    const bool down_now = is_down(state.combatants[c]);
    const bool winners = winner_down & (plan.creatures[c].faction == winner);
    const bool finisher = plan.creatures[c].tactics.downed == DownedPolicy::Finish;
    const bool alive = !state.combatants[c].dead;
    acting[static_cast<std::size_t>(acting_count)] = c;
    acting_count += (down_now | winners | finisher) & alive;
  }
  acting.resize(static_cast<std::size_t>(acting_count));
  for (int round = 0; round < kMaxAftermathRounds && aftermath_pending(plan, state); ++round) {
    for (int c : acting) aftermath_turn<Full>(plan, state, winner, c, dice, events);
  }
}

}  // namespace arena::dnd5e::detail
