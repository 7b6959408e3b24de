// One Knave battle (seed 004): characters and monsters in factions. Each
// round the factions act in the order of side initiative (a d6 each, higher
// first, ties in a fair random order; rules/common/side_initiative.hpp),
// each faction's creatures still in the fight in the order of the file; or
// with "order": "listed" every creature in the order of the file, or of an
// "order" list of member names (rules/common/turn_order.hpp).
//
// An attack is an opposed save: a d20 (2d20 keeping the higher with
// advantage, the lower with disadvantage; both cancel) + STR (melee) or
// WIS (ranged) must be strictly higher than the target's armor defense,
// armor bonus + 10. A hit deals the attack's damage. A natural 1 costs the
// attacker's weapon a point of quality (at 0 it breaks: the next weapon not
// broken, or the fists, 1d4; a character in melee, in_melee(), uses no
// ranged weapon: its first melee weapon not broken); a natural 20 costs the
// target's armor a point (at 0 a piece gives no bonus) and, with
// "critical": "max_damage", a hit deals the most its dice can roll, with
// "extra_die" another die of its damage. A monster's saving-throw ability
// (used on its turn instead of its attacks while it has uses left) asks
// d20 + the target's bonus > 15: a failure takes the damage and the
// condition, a success half the damage (when the ability says so) or
// nothing.
//
// At 0 HP a monster dies and a character rolls on the death table (1d8:
// 1-2 dead; 3-8 the loss of 1d4 from STR, DEX, CON, INT, WIS or CHA, dead
// below -10, else it gets up with 1d4 HP and fights on with the ability
// lowered; with "death_table": "down" it is down: out of the fight). When
// a faction loses its first member for good, and again when one more
// leaves the fight and half of the faction has fallen or fled (one roll
// when both come at once), each of its members with a morale rolls 2d6:
// above its morale it flees (out of the fight, not dead). A lone creature
// (the only member of its faction still fighting) rolls once, when a blow
// leaves it at half its HP or below (or it gets up from the death table at
// half or below). A faction with no member left in the fight has lost; the
// winner "routs" its enemies when the last of them fled. A battle in which no one left can hurt an
// enemy left any more (can_harm: saves used up and broken weapons count) ends at once as a draw, a
// stalemate.
//
// Plain functions over the plan (read-only, shared) and the state (one per
// worker), templated on the dice (BattleDice or ScriptedDice: attack rolls,
// saves and morale are checks; damage, hit points, the death table,
// durations and target picks are rolls) and on the event sink (NoEvents
// compiles away; replay.cpp writes lines).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>

#include "arena/tally.hpp"
#include "rules/common/rounds.hpp"
#include "rules/common/side_initiative.hpp"
#include "rules/common/targeting.hpp"
#include "rules/knave/events.hpp"
#include "rules/knave/plan.hpp"

namespace arena::knave {

namespace detail {

// The battle as the shared targeting sees it.
struct TargetView {
  const BattlePlan& plan;
  BattleState& state;

  int faction(int c) const { return plan.creatures[c].faction; }
  std::span<const int> enemies_standing(int self) const {
    return state.standing.enemies_of(faction(self));
  }
  bool can_act(int c) const { return state.creatures[c].status == Status::Fighting; }
  int hp(int c) const { return state.creatures[c].hp; }
  int ac(int c) const { return state.creatures[c].armor_bonus; }
  int& focus(int self) const { return state.focus[faction(self)]; }
};

template <class Dice>
int two_d6(Dice& dice) {
  const int first = dice.check(6);
  return first + dice.check(6);
}

// `c` leaves the fight: one creature fewer standing in its faction.
inline void leave_fight(const BattlePlan& plan, BattleState& state, int c, Status status) {
  state.creatures[c].status = status;
  state.standing.drops(c);
  if (state.standing.members(plan.creatures[c].faction) == 0)
    state.last_out_fled = status == Status::Fled;
}

// `c`, in the fight, rolls 2d6 against its morale (if it has one): above
// it, it flees.
template <class Dice, class Events>
void roll_morale(const BattlePlan& plan, BattleState& state, int c, Dice& dice, Events& events) {
  const int morale = plan.creatures[c].morale;
  if (morale == 0) return;
  const int roll = two_d6(dice);
  events.morale(c, roll, morale);
  if (roll <= morale) return;
  leave_fight(plan, state, c, Status::Fled);
  events.flees(c);
}

// Morale of faction `f` after one of its members fell: at its first loss
// and when half of it is lost, fallen or fled, as a referee counts (one roll
// when both come at once).
template <class Dice, class Events>
void check_morale(const BattlePlan& plan, BattleState& state, int f, Dice& dice, Events& events) {
  const int size = plan.standing.faction_sizes[f];
  const bool first = state.fallen[f] == 1;
  const bool half = 2 * (size - state.standing.members(f)) >= size;
  const std::uint8_t due =
      static_cast<std::uint8_t>((first ? kFirstLoss : 0) | (half ? kHalfLost : 0)) &
      static_cast<std::uint8_t>(~state.morale_rolled[f]);
  if (due == 0) return;
  state.morale_rolled[f] |= due;
  for (int c : plan.sides.members_of(f)) {
    if (state.creatures[c].status == Status::Fighting) roll_morale(plan, state, c, dice, events);
  }
}

// A lone creature (the only member of its faction still fighting: one on
// its own, or the last of a group) that a blow leaves at half its hit
// points or below, or that gets up from the death table so, rolls morale,
// once a battle: Knave 1e's "reducing a lone enemy to half HP".
template <class Dice, class Events>
void check_lone_morale(const BattlePlan& plan, BattleState& state, int c, Dice& dice,
                       Events& events) {
  const int f = plan.creatures[c].faction;
  const CreatureState& them = state.creatures[c];
  if (state.standing.members(f) != 1 || 2 * them.hp > them.max_hp ||
      (state.morale_rolled[f] & kLoneAtHalf) != 0)
    return;
  state.morale_rolled[f] |= kLoneAtHalf;
  roll_morale(plan, state, c, dice, events);
}

// A way for `c` to hurt ran out or weakened (a damaging save's last use, a
// broken weapon, an ability the death table lowered): the battle's own
// table of who can still hurt whom takes over from the plan's, with c's
// row anew, so that a battle no one can win any more ends as a stalemate.
inline void way_to_hurt_lost(const BattlePlan& plan, BattleState& state, int c) {
  if (!state.harms_changed) state.harms = plan.harms;  // a copy into the storage it has
  state.harms.update_attacker(plan.standing, c,
                              [&](int a, int b) { return can_harm(plan, &state, a, b); });
  state.harms_changed = true;
}

// `c` has reached 0 HP: a monster dies, a character rolls on the death
// table; a survivor gets up (and the fall is no loss for morale) unless
// survivors are down.
template <class Dice, class Events>
void fall(const BattlePlan& plan, BattleState& state, int c, int by, Dice& dice, Events& events) {
  CreatureState& them = state.creatures[c];
  ++state.creatures[by].knockouts;
  bool dead = true;
  if (plan.creatures[c].character) {
    const int d8 = dice.roll(8);
    if (d8 >= 3) {
      const int ability = d8 - 3;
      const int loss = dice.roll(4);
      them.abilities[ability] -= loss;
      them.ability_lost += loss;
      dead = them.abilities[ability] < -10;
      events.death_table(c, d8, ability, loss, them.abilities[ability]);
    } else {
      events.death_table(c, d8, -1, 0, 0);
    }
    if (!dead && plan.survivors == Survivors::FightOn) {
      them.hp = std::min(dice.roll(4), them.max_hp);
      events.gets_up(c, them.hp);
      way_to_hurt_lost(plan, state, c);                 // its attack may no longer beat a defense
      check_lone_morale(plan, state, c, dice, events);  // the blow took it below half
      return;
    }
  }
  const Status status = dead ? Status::Dead : Status::Down;
  leave_fight(plan, state, c, status);
  state.creatures[by].kills += dead;
  events.falls(c, status);
  const int f = plan.creatures[c].faction;
  ++state.fallen[f];
  if (state.standing.members(f) > 0) check_morale(plan, state, f, dice, events);
}

// `damage` to `target` from `self`: hit points removed, a fall at 0.
template <class Dice, class Events>
void deal_damage(const BattlePlan& plan, BattleState& state, int self, int target, int damage,
                 Dice& dice, Events& events) {
  CreatureState& them = state.creatures[target];
  const int lost = std::min(damage, them.hp);
  them.hp -= lost;
  state.creatures[self].damage_dealt += lost;
  them.damage_taken += lost;
  if (them.hp == 0) {
    fall(plan, state, target, self, dice, events);
  } else {
    check_lone_morale(plan, state, target, dice, events);
  }
}

// A natural 20 against `target`: its outermost piece with quality left loses a point.
template <class Events>
void wear_armor(const BattlePlan& plan, BattleState& state, int target, Events& events) {
  const Slice pieces = plan.creatures[target].armor_pieces;
  for (std::uint32_t i = pieces.first; i < pieces.first + pieces.count; ++i) {
    if (state.armor_quality[i] == 0) continue;
    events.armor_wears(target, static_cast<int>(i), --state.armor_quality[i]);
    if (state.armor_quality[i] == 0)
      state.creatures[target].armor_bonus = armor_bonus(plan, target, state.armor_quality);
    return;
  }
}

// Advantage (+1), disadvantage (-1), both or neither (0) on `self`'s attack on `target`.
inline int attack_mode(const BattlePlan& plan, const BattleState& state, int self, int target) {
  const auto& mine = state.creatures[self].conditions;
  const auto& theirs = state.creatures[target].conditions;
  const bool advantage = plan.creatures[self].advantage ||
                         theirs[static_cast<int>(Condition::Paralysed)] > 0 ||
                         theirs[static_cast<int>(Condition::Blinded)] > 0;
  const bool disadvantage = plan.creatures[self].disadvantage ||
                            mine[static_cast<int>(Condition::Blinded)] > 0 ||
                            mine[static_cast<int>(Condition::Poisoned)] > 0;
  return static_cast<int>(advantage) - static_cast<int>(disadvantage);
}

// Whether `c` is in melee: its last attack struck an enemy still fighting
// in melee, or an enemy's last attack struck it so. Gridless, this is who
// Knave 1e's "engaged in melee" is: a pair stays in melee until one leaves
// the fight or attacks another (or shoots).
inline bool in_melee(const BattlePlan& plan, const BattleState& state, int c) {
  const int mine = state.creatures[c].melee_target;
  if (mine >= 0 && state.creatures[mine].status == Status::Fighting) return true;
  for (int e : state.standing.enemies_of(plan.creatures[c].faction)) {
    if (state.creatures[e].melee_target == c) return true;
  }
  return false;
}

// The plan attack character `self` makes: its weapon (the first not
// broken), or, in melee, where Knave 1e allows no ranged weapon,
// the first melee weapon not broken (the fists at the latest).
inline int character_attack(const BattlePlan& plan, const BattleState& state, int self) {
  auto a = static_cast<std::size_t>(plan.creatures[self].attacks.first) +
           static_cast<std::size_t>(state.creatures[self].weapon);
  if (!in_melee(plan, state, self)) return static_cast<int>(a);
  while (plan.attacks[a].ability != Ability::Str || !usable(plan, state, a)) ++a;
  return static_cast<int>(a);
}

// `self` attacks the enemy its tactics pick with plan attack `a`.
template <class Dice, class Events>
void strike(const BattlePlan& plan, BattleState& state, int self, int a, Dice& dice,
            Events& events) {
  TargetView view{plan, state};
  const int target = choose_target(view, plan.creatures[self].tactics, self, dice);
  if (target < 0) return;
  const PlanAttack& attack = plan.attacks[a];
  state.creatures[self].melee_target = attack.ability == Ability::Str ? target : -1;
  AttackRoll roll{self, target, a};
  roll.mode = attack_mode(plan, state, self, target);
  roll.d20 = dice.check(20);
  if (roll.mode != 0) {
    roll.other = dice.check(20);
    if ((roll.mode > 0) == (roll.other > roll.d20)) std::swap(roll.d20, roll.other);
  }
  roll.bonus = state.creatures[self].abilities[static_cast<int>(attack.ability)];
  roll.defense = state.creatures[target].armor_bonus + 10;
  roll.hit = roll.d20 + roll.bonus > roll.defense;
  if (roll.hit) {
    const bool critical = roll.d20 == 20;
    roll.damage = critical && plan.critical == Critical::MaxDamage
                      ? attack.max_damage
                      : roll_flat(plan.terms, attack.damage, dice);
    if (critical && plan.critical == Critical::ExtraDie && attack.critical_die > 0)
      roll.damage += dice.roll(attack.critical_die);
  }
  events.attack(roll);
  if (roll.d20 == 1 && attack.quality > 0) {
    events.weapon_wears(self, a, --state.attack_quality[a]);
    if (state.attack_quality[a] == 0) {
      int& weapon = state.creatures[self].weapon;  // the next not broken, or the fists
      while (!usable(plan, state, plan.creatures[self].attacks.first + weapon)) ++weapon;
      way_to_hurt_lost(plan, state, self);
    }
  }
  if (roll.d20 == 20) wear_armor(plan, state, target, events);
  if (roll.hit) deal_damage(plan, state, self, target, roll.damage, dice, events);
}

// `self` forces saving-throw ability `s` on the enemy its tactics pick.
template <class Dice, class Events>
void use_save(const BattlePlan& plan, BattleState& state, int self, int s, Dice& dice,
              Events& events) {
  TargetView view{plan, state};
  const int target = choose_target(view, plan.creatures[self].tactics, self, dice);
  if (target < 0) return;
  const PlanSave& save = plan.saves[s];
  if (--state.uses[s] == 0 && save.has_damage) way_to_hurt_lost(plan, state, self);
  const int d20 = dice.check(20);
  const int bonus = state.creatures[target].abilities[static_cast<int>(save.save)];
  const bool success = d20 + bonus > 15;
  int damage = save.has_damage ? roll_flat(plan.terms, save.damage, dice) : 0;
  if (success) damage = save.half ? damage / 2 : 0;
  events.save(self, target, s, d20, bonus, success, damage);
  if (!success && save.condition >= 0) {
    const int rounds = roll_flat(plan.terms, save.rounds, dice);
    int& left = state.creatures[target].conditions[save.condition];
    const int before = left;
    left = std::max(left, rounds);
    events.condition(target, save.condition, rounds, before);
  }
  if (damage > 0) deal_damage(plan, state, self, target, damage, dice, events);
}

template <class Dice, class Events>
void take_turn(const BattlePlan& plan, BattleState& state, int self, Dice& dice, Events& events) {
  const PlanCreature& me = plan.creatures[self];
  auto& conditions = state.creatures[self].conditions;
  if (conditions[static_cast<int>(Condition::Paralysed)] > 0) {
    events.loses_turn(self);
  } else if (auto s = std::find_if(state.uses.begin() + me.saves.first,
                                   state.uses.begin() + me.saves.first + me.saves.count,
                                   [](int uses) { return uses > 0; });
             s != state.uses.begin() + me.saves.first + me.saves.count) {
    use_save(plan, state, self, static_cast<int>(s - state.uses.begin()), dice, events);
  } else if (me.character) {
    strike(plan, state, self, character_attack(plan, state, self), dice, events);
  } else {
    for (std::uint32_t a = me.attacks.first; a < me.attacks.first + me.attacks.count; ++a) {
      if (state.standing.factions() <= 1) break;
      strike(plan, state, self, static_cast<int>(a), dice, events);
    }
  }
  for (int& rounds : conditions) rounds -= rounds > 0;
}

// One round, until at most one faction is left: the factions in the order
// of side initiative, each faction's creatures in the order of the file; or,
// listed, every creature in the order of the file or of its "order" list.
template <class Dice, class Events>
void play_round(const BattlePlan& plan, BattleState& state, Dice& dice, Events& events) {
  if (plan.order == TurnOrder::Listed) {
    for (int c : plan.turns) {
      if (state.creatures[c].status != Status::Fighting) continue;
      take_turn(plan, state, c, dice, events);
      if (state.standing.factions() <= 1) return;
    }
    return;
  }
  roll_side_initiative(state.standing, state.side_rolls, state.side_order, dice, events);
  for (int f : state.side_order) {
    for (int c : plan.sides.members_of(f)) {
      if (state.creatures[c].status != Status::Fighting) continue;
      take_turn(plan, state, c, dice, events);
      if (state.standing.factions() <= 1) return;
    }
  }
}

}  // namespace detail

// Plays one battle into `state` (reset here) and returns how it ended.
template <class Dice, class Events = NoEvents>
BattleOutcome play_battle(const BattlePlan& plan, BattleState& state, Dice& dice,
                          Events&& events = Events{}) {
  state.reset(plan);
  roll_hit_points(plan.terms, plan.creatures, state.creatures, dice);
  BattleOutcome outcome = play_rounds(
      plan.max_rounds, state, events, [&] { detail::play_round(plan, state, dice, events); },
      [&] {
        return (state.harms_changed ? state.harms : plan.harms)
            .stalled(plan.standing, state.standing);
      });
  // The winner routed its enemies when the last of them fled (faction figure 0).
  if (outcome.winner >= 0 && state.last_out_fled)
    outcome.faction_figures = std::uint64_t{1} << (outcome.winner * kMaxFactionFigures);
  return outcome;
}

}  // namespace arena::knave
