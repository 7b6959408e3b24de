// play_battle: one 5e battle from initiative to the last faction standing.
//
// Initiative is d20 + modifier for every creature, higher first; ties go to
// the higher modifier, then to a fair coin (a random order of the tied). In
// each round every creature that can act takes a turn: it picks a target by
// its tactics (targets.hpp) and takes the action with the highest
// expected damage against that target; if the target drops during a
// multiattack, the rest of the attacks go to a new target. A PC at 0 HP rolls
// a death save instead. A faction is out when none of its members can act;
// the battle ends when at most one faction is left (none: a draw), when
// max_rounds rounds have passed or when no one left can hurt an enemy left,
// or on a battlefield ever reach one (a draw, a stalemate). Then the PCs at
// 0 HP meet their fate (aftermath.hpp).
//
// Templated on the dice source and the event sink so that simulation
// inlines Rng and NoEvents, while tests script the dice and replay logs.
//
// The loop reads only the BattlePlan (compact arrays built once per
// encounter) and the BattleState, never the big Creature records. Where an
// outcome is random (initiative places, who is dead, whom to target) it
// computes rather than branches when it can: mispredicted branches are
// about half the cost of a battle.
#pragma once

#include <bit>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "rules/common/rounds.hpp"
#include "rules/dnd5e/aftermath.hpp"
#include "rules/dnd5e/events.hpp"
#include "rules/dnd5e/field_stalemate.hpp"
#include "rules/dnd5e/field_turn.hpp"
#include "rules/dnd5e/plan.hpp"
#include "rules/dnd5e/state.hpp"
#include "rules/dnd5e/turn.hpp"

namespace arena::dnd5e {

namespace detail {

// Initiative order, higher first: the total, then the modifier (packed
// into one int, the rank, that orders like the pair), then the earlier
// creature. With modifiers within +-kMaxInitiativeModifier and at most
// kCreatureSpan creatures (plan.hpp) the fields do not overlap and the key
// stays inside an int.
inline int initiative_key(const BattlePlan& plan, int c, int total) {
  const int rank = total * 512 + (plan.initiative[c] + 256);
  return rank * kCreatureSpan + (kCreatureSpan - 1 - c);
}
// The rank of a key: its bits above the creature's field. A shift, which
// rounds down, is exact for a negative total too (a creature with a low
// modifier rolling low), where a division would round toward zero.
static_assert(std::has_single_bit(static_cast<unsigned>(kCreatureSpan)));
inline int initiative_rank(int key) {
  return key >> std::countr_zero(static_cast<unsigned>(kCreatureSpan));
}

// Sets state.order by the keys of state.initiative, full ties in creature
// order. Each creature's place is counted rather than sorted: a sort of
// random keys mispredicts a branch at about every comparison, while
// counting the keys above each one has no branch (and the compiler
// vectorises it). O(n^2), like one round of targeting.
inline void order_by_initiative(BattleState& state) {
  const std::size_t n = state.initiative.size();
  const int* keys = state.initiative.data();
  for (std::size_t c = 0; c < n; ++c) {
    int place = 0;
    for (std::size_t other = 0; other < n; ++other) place += keys[other] > keys[c];
    state.order[static_cast<std::size_t>(place)] = static_cast<int>(c);
  }
}

// Fair coin among full ties: shuffles each run of tied creatures in
// state.order (Fisher-Yates, a die per step). Runs of one, nearly all of
// them, cost a comparison each.
template <class Dice>
void shuffle_initiative_ties(BattleState& state, Dice& dice) {
  constexpr int kNoRank = std::numeric_limits<int>::min();  // below every rank: ends the last run
  const std::size_t n = state.order.size();
  if (n == 0) return;
  int* order = state.order.data();
  const int* keys = state.initiative.data();
  std::size_t start = 0;
  int run_rank = initiative_rank(keys[order[0]]);
  for (std::size_t place = 1; place <= n; ++place) {
    const int rank = place < n ? initiative_rank(keys[order[place]]) : kNoRank;
    if (rank == run_rank) continue;
    for (std::size_t i = place - 1; i > start; --i) {
      const std::size_t j =
          start + static_cast<std::size_t>(dice.roll(static_cast<int>(i - start) + 1)) - 1;
      std::swap(order[i], order[j]);
    }
    start = place;
    run_rank = rank;
  }
}

template <class Dice, class Events>
void roll_initiative(const BattlePlan& plan, BattleState& state, Dice& dice, Events& events) {
  for (int c = 0, count = plan.creature_count(); c < count; ++c) {
    const int d20 = dice.check(20);
    const int total = d20 + plan.initiative[c];
    state.initiative[c] = initiative_key(plan, c, total);
    events.initiative(c, d20, total);
  }
  order_by_initiative(state);
  shuffle_initiative_ties(state, dice);
}

// The turns of the rounds to come: the initiative order without the dead,
// listed again at the start of a round after someone died. Skipping the
// dead in the loop instead would branch on who happened to die, a branch
// mispredicted often; this copy has none (a creature killed during the
// round is still skipped by take_turn).
inline void list_turns(BattleState& state) {
  int count = 0;
  for (int c : state.order) {
    state.turns[static_cast<std::size_t>(count)] = c;
    count += !state.combatants[c].dead;
  }
  state.turn_count = count;
  state.turns_stale = false;
}

// Sets up a fresh battle: state cleared, hit points rolled.
template <class Dice>
void begin_battle(const BattlePlan& plan, BattleState& state, Dice& dice) {
  state.reset(plan);
  roll_hit_points(plan.terms, plan.creatures, state.combatants, dice);
  state.leave_out_joining(plan);
}

// One round: every creature's turn in initiative order, and the legendary
// actions after each, until at most one faction is left. `Full`: the
// encounter has the full rules (turn.hpp); `Field`: a battlefield.
template <bool Full, bool Field, class Dice, class Events>
void play_round(const BattlePlan& plan, BattleState& state, Dice& dice, Events& events) {
  if (state.turns_stale) list_turns(state);
  // Legendary actions follow every other creature's turn, the dead's
  // included (it passes at once): with legendary creatures, every place of
  // the initiative order is a turn.
  const bool every_place = Full && !plan.legendary_creatures.empty();
  const std::span<const int> turns =
      every_place
          ? std::span<const int>(state.order)
          : std::span<const int>(state.turns.data(), static_cast<std::size_t>(state.turn_count));
  for (int self : turns) {
    take_turn<Full, Field>(plan, state, self, dice, events);
    if (state.standing.factions() <= 1) [[unlikely]] {
      state.ended_on = self;
      return;
    }
    if constexpr (Full) {
      if (!plan.legendary_creatures.empty())
        legendary_actions_after<Field>(plan, state, self, dice, events);
      if (state.standing.factions() <= 1) [[unlikely]] {
        state.ended_on = self;
        return;
      }
    }
  }
}

// Whether no one left can change an enemy's hit points (harm.hpp) while
// nothing else can change one either (pending_change.hpp) or, on a
// battlefield, ever reach an enemy (field_stalemate.hpp). One test a round
// in a plan where neither can happen (BattlePlan::may_stall).
template <bool Full, bool Field>
bool stalled(const BattlePlan& plan, const BattleState& state) {
  if (!plan.may_stall) return false;
  if (no_harm_can_come<Full>(plan, state)) return true;
  if constexpr (Field) return out_of_reach_for_good<Full>(plan, state);
  return false;
}

// The rounds of a battle (to a stalemate at the latest), then the fate of
// its PCs at 0 HP (aftermath.hpp).
template <bool Full, bool Field, class Dice, class Events>
BattleOutcome play_rounds_and_aftermath(const BattlePlan& plan, BattleState& state, Dice& dice,
                                        Events& events) {
  const BattleOutcome outcome = play_rounds(
      plan.max_rounds, state, events, [&] { play_round<Full, Field>(plan, state, dice, events); },
      [&] { return stalled<Full, Field>(plan, state); });
  if (plan.any_pc) play_aftermath<Full>(plan, state, outcome.winner, dice, events);
  return outcome;
}

}  // namespace detail

// Plays one battle of the plan's encounter into `state` (reset here) and
// returns how it ended. The loop reads only the plan.
template <class Dice, class Events = NoEvents>
BattleOutcome play_battle(const BattlePlan& plan, BattleState& state, Dice& dice,
                          Events&& events = Events{}) {
  detail::begin_battle(plan, state, dice);
  detail::roll_initiative(plan, state, dice, events);
  // The full rules and the battlefield cost nothing to encounters without them.
  if (plan.field.enabled) {
    return plan.full_rules
               ? detail::play_rounds_and_aftermath<true, true>(plan, state, dice, events)
               : detail::play_rounds_and_aftermath<false, true>(plan, state, dice, events);
  }
  return plan.full_rules
             ? detail::play_rounds_and_aftermath<true, false>(plan, state, dice, events)
             : detail::play_rounds_and_aftermath<false, false>(plan, state, dice, events);
}

}  // namespace arena::dnd5e
