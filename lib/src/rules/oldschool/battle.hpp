// One old-school battle (seed 002): fighters with a level, a weapon and an
// armor class attack random enemies until one faction is left.
//
// Hit points are rolled per battle (level d10, or the file's "hp"). Each
// round the living fighters act in the order the file lists them (or its
// "order" list of names gives: turn_order.hpp), or, with
// "order": "initiative", faction by faction in the order of a d6 each
// (ties in a fair random order), each faction's fighters in listed order; a fighter
// killed earlier in the round does not act. A fighter attacks an enemy
// picked by its tactics (a uniformly random living one by default): a d20
// of at least 22 - its level - the target's AC hits (no natural 1 or 20, no
// critical), and the target loses the weapon's damage roll. A fighter below
// 1 HP dies. The battle ends when one faction is left, or at max_rounds or
// when no fighter left can hit an enemy left (a draw).
//
// Plain functions over the plan (read-only, shared) and the state (one per
// worker), templated on the dice (BattleDice or ScriptedDice: the attack
// d20 and the side initiative are checks, every other die a roll) and on
// the event sink (NoEvents compiles away; replay.cpp writes lines).
#pragma once

#include <algorithm>
#include <span>
#include <utility>
#include <vector>

#include "arena/tally.hpp"
#include "rules/common/faction_lists.hpp"
#include "rules/common/flat_dice.hpp"
#include "rules/common/rounds.hpp"
#include "rules/common/side_initiative.hpp"
#include "rules/common/stalemate.hpp"
#include "rules/common/standing.hpp"
#include "rules/common/targeting.hpp"
#include "rules/oldschool/roster.hpp"

namespace arena::oldschool {

// What a battle reads of a fighter.
struct PlanFighter {
  int faction = 0;
  int level = 1;
  int ac = 10;
  int armor_value = 0;
  Tactics tactics;
  FlatDice hp;
  FlatDice damage;
};

// An oldschool encounter compiled for battles; built once per run and
// shared read-only by all workers.
struct BattlePlan {
  std::vector<PlanFighter> fighters;  // indexed like Encounter::combatants
  FactionLists sides;                 // each faction's fighters, in listed order (side initiative)
  StandingStart standing;             // factions, their sizes and enemy lists
  HarmTable harms;                    // who can hit whom for damage: 22 - level - AC at most 20
  std::vector<DiceTerm> terms;
  std::vector<int> turns;  // listed order: every fighter, in turn (turn_order.hpp)
  TurnOrder order = TurnOrder::Listed;
  int max_rounds = 0;

  explicit BattlePlan(const Encounter& encounter);

  int fighter_count() const { return static_cast<int>(fighters.size()); }
  int faction_count() const { return standing.faction_count(); }
};

struct FighterState {
  int hp = 0;
  int max_hp = 0;
  bool dead = false;
  // This battle's figures, for the tally.
  int damage_dealt = 0;  // hit points removed from enemies (overkill not counted)
  int damage_taken = 0;
  int kills = 0;  // each a knock-out too: a fighter below 1 HP dies
};

struct BattleState {
  std::vector<FighterState> fighters;
  Standing standing;            // who is alive, per faction and as targets
  std::vector<int> focus;       // per faction: the focus target, -1 when none
  std::vector<int> side_order;  // this round's factions, in initiative order
  std::vector<int> side_rolls;  // this round's d6 per faction
  int round = 0;

  // Sizes the vectors for the plan (allocating only the first time) and
  // clears them: every fighter alive, HP still to be rolled.
  void reset(const BattlePlan& plan);
};

// Inline: a battle of a few fighters costs little more than its resets.
inline void BattleState::reset(const BattlePlan& plan) {
  const auto factions = static_cast<std::size_t>(plan.faction_count());
  if (fighters.size() != plan.fighters.size() || focus.size() != factions) {
    fighters.resize(plan.fighters.size());  // the first battle of a worker
    focus.resize(factions);
    side_rolls.resize(factions);
    side_order.reserve(factions);
  }
  std::fill(fighters.begin(), fighters.end(), FighterState{});
  standing.reset(plan.standing);
  std::fill(focus.begin(), focus.end(), -1);
  round = 0;
}

// The sink used by simulation: every event is ignored at no cost.
struct NoEvents {
  void round_begins(int /*round*/) {}
  void initiative(int /*faction*/, int /*d6*/) {}
  void initiative_tie(std::span<const int> /*tied*/) {}
  // An attack: the d20, the least roll that hits, and the damage (0 on a miss).
  void attack(int /*attacker*/, int /*target*/, int /*d20*/, int /*needed*/, int /*damage*/) {}
  void dies(int /*fighter*/) {}
  void ends(const BattleOutcome& /*outcome*/) {}
};

namespace detail {

// The battle as the shared targeting sees it.
struct TargetView {
  const BattlePlan& plan;
  BattleState& state;

  int faction(int c) const { return plan.fighters[c].faction; }
  std::span<const int> enemies_standing(int self) const {
    return state.standing.enemies_of(faction(self));
  }
  bool can_act(int c) const { return !state.fighters[c].dead; }
  int hp(int c) const { return state.fighters[c].hp; }
  // lowest_ac means the easiest to hit: in these rules the least armor.
  int ac(int c) const { return plan.fighters[c].armor_value; }
  int& focus(int self) const { return state.focus[faction(self)]; }
};

// `self` attacks the enemy its tactics pick.
template <class Dice, class Events>
[[gnu::always_inline]] inline void take_turn(const BattlePlan& plan, BattleState& state, int self,
                                             Dice& dice, Events& events) {
  TargetView view{plan, state};
  const int target = choose_target(view, plan.fighters[self].tactics, self, dice);
  if (target < 0) return;
  const PlanFighter& me = plan.fighters[self];
  const int needed = needed_to_hit(me.level, plan.fighters[target].ac);
  const int d20 = dice.check(20);
  // The damage is rolled whether the attack hits or not: a hit is a coin
  // flip for the processor, and rolling costs less than a mispredicted branch.
  const int damage = roll_flat(plan.terms, me.damage, dice) * (d20 >= needed);
  FighterState& them = state.fighters[target];
  const int lost = std::min(damage, them.hp);
  them.hp -= lost;
  state.fighters[self].damage_dealt += lost;
  them.damage_taken += lost;
  events.attack(self, target, d20, needed, damage);
  if (them.hp >= 1) return;
  them.dead = true;
  ++state.fighters[self].kills;
  state.standing.drops(target);
  events.dies(target);
}

// One round, until at most one faction is left.
template <class Dice, class Events>
void play_round(const BattlePlan& plan, BattleState& state, Dice& dice, Events& events) {
  if (plan.order == TurnOrder::Listed) {
    for (int c : plan.turns) {
      if (state.fighters[c].dead) continue;
      take_turn(plan, state, c, dice, events);
      if (state.standing.factions() <= 1) return;
    }
    return;
  }
  roll_side_initiative(state.standing, state.side_rolls, state.side_order, dice, events);
  for (int f : state.side_order) {
    for (int c : plan.sides.members_of(f)) {
      if (state.fighters[c].dead) continue;
      take_turn(plan, state, c, dice, events);
      if (state.standing.factions() <= 1) return;
    }
  }
}

}  // namespace detail

// Plays one battle into `state` (reset here) and returns how it ended.
// Flattened: every die of the battle, hit points included, is then drawn
// with the generators' state in registers rather than in memory.
template <class Dice, class Events = NoEvents>
[[gnu::flatten]] BattleOutcome play_battle(const BattlePlan& plan, BattleState& state, Dice& dice,
                                           Events&& events = Events{}) {
  state.reset(plan);
  roll_hit_points(plan.terms, plan.fighters, state.fighters, dice);
  return play_rounds(
      plan.max_rounds, state, events, [&] { detail::play_round(plan, state, dice, events); },
      [&] { return plan.harms.stalled(plan.standing, state.standing); });
}

}  // namespace arena::oldschool
