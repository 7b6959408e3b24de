// Reactions as a chain, after the seed (shared/seeds/001): an action
// produces a tentative outcome; every creature with a reaction that the
// outcome triggers may take it; a reaction is itself an action whose
// outcome can trigger reactions; the chain resolves innermost first, and
// only then is the original outcome confirmed or cancelled.
//
// Here a Tentative is the outcome waiting, answer() offers it to every
// creature that could react, and each reaction rule is the triggers it
// answers (kTriggers) and a pair of plain functions: whether this outcome
// sets it off, and what it does. A reaction that
// attacks goes through make_attack (attack.hpp), whose own outcome is the
// next link of the chain. One reaction per round per creature, regained at
// the start of its turn (FieldState::reacted).
//
// Modelled: the opportunity attack (a hostile creature leaves the
// reactor's reach without disengaging nor flying with Flyby: one melee attack, made before it
// leaves; a mover that drops ends its move where it was), a stat block's
// Parry (+AC against a melee attack that would hit), and a Battle Master's
// Parry and Riposte (superiority dice), and the Shield spell (+5 AC until
// the caster's next turn, from a 1st-level slot), a save forced on an
// enemy that starts its turn nearby (the chain devil's Unnerving Mask),
// Split (split.hpp) and Rock Catching. A new reaction is one more rule
// struct offered in answer().
#pragma once

#include <climits>
#include <initializer_list>

#include "rules/dnd5e/attack.hpp"
#include "rules/dnd5e/field_rules.hpp"
#include "rules/dnd5e/split.hpp"

namespace arena::dnd5e::detail {

enum class Trigger : std::uint8_t {
  LeavesSquare,  // `actor` steps from `from` to `to`
  MeleeHit,      // `actor`'s melee attack on `target` would hit (`roll`)
  MeleeMiss,     // `actor`'s melee attack on `target` misses
  RangedHit,     // `actor`'s ranged attack (or automatic hit) on `target` would hit
  StartsTurn,    // `actor` starts its turn (conscious and not incapacitated)
  Damaged,       // `actor` subjected `target` to damage of `types` (and it did not drop)
};

// A set of triggers, as the bits of a rule's kTriggers.
constexpr unsigned triggers(std::initializer_list<Trigger> list) {
  unsigned bits = 0;
  for (Trigger t : list) bits |= 1u << static_cast<unsigned>(t);
  return bits;
}

struct Tentative {
  Trigger trigger = Trigger::LeavesSquare;
  int actor = 0;
  int target = -1;
  space::Footprint from;
  space::Footprint to;
  AttackRoll* roll = nullptr;
  const PlanAttack* attack = nullptr;  // the attack of `roll`
  int ac = 0;                          // the target's AC against `roll`
  DamageTypeSet types;                 // of the damage (Damaged)
  bool cancelled = false;              // set by the chain: the outcome does not happen
};

// Whether `reactor` has its reaction and is conscious and not incapacitated.
template <bool Full>
bool can_react(const BattleState& state, int reactor) {
  if (state.field.reacted[reactor] != 0 || state.combatants[reactor].hp <= 0) return false;
  if constexpr (Full) return !state.rules[reactor].conditions.any_of(kIncapacitating);
  return true;
}

// The one melee attack `self` makes against `target` as a reaction (an
// opportunity attack, a riposte): of the melee attacks of its actions that
// use no limited resource, the one of highest value alone against `target`
// that reaches it where it stands (the first on ties); -1 when none
// reaches. One attack, not the action: a bear strikes with its claws, the
// better half of its multiattack, and a dragon's bite does not reach a
// creature leaving its tail's reach: the tail strikes.
inline int reaction_attack_index(const BattlePlan& plan, const BattleState& state, int self,
                                 int target) {
  // A charmed creature does not attack its charmer (without the full rules
  // no one is charmed: BattleState::rules is empty).
  if (!state.rules.empty() && charmed_by(state, self, target)) return -1;
  int best = -1;
  double best_value = -1;
  for (const PlanAction& action : plan.actions_of(self)) {
    if (action.resource >= 0) continue;
    for (int a : plan.parts_of(action.attacks)) {
      if (!plan.attack(self, a).melee) continue;
      const double value = plan.single_attack_value(self, a, target);
      if (value > best_value && attack_reaches(plan, state, self, target, a)) {
        best_value = value;
        best = a;
      }
    }
  }
  return best;
}

// Whether `reactor` can see: a reaction that needs the reactor to see its
// trigger (an opportunity attack, a stat block's parry) is not taken blinded.
// (Without the full rules no one is: BattleState::rules is empty.)
inline bool can_see(const BattleState& state, int reactor) {
  return state.rules.empty() || !state.rules[reactor].conditions.contains(Condition::Blinded);
}

// The reaction rules, each a trigger and what it does.

// Opportunity attack: a mover the reactor can see leaves its reach (that
// of its longest melee attack); one melee attack that reaches the mover
// where it still stands.
struct OpportunityAttack {
  static constexpr const char* kName = "opportunity attack";
  static constexpr unsigned kTriggers = triggers({Trigger::LeavesSquare});
  static bool triggered(const BattlePlan& plan, const BattleState& state, int reactor,
                        const Tentative& t) {
    const int reach = plan.field.creatures[reactor].reach;
    // Flyby: a flying mover provokes nothing; a creature swallowed strikes
    // its swallower only. (A move after Disengage asks for no reaction:
    // field_move.hpp.)
    if (reach == 0 || plan.field.creatures[t.actor].flyby) return false;
    if (inside_a_swallower(plan, state, reactor)) return false;
    const space::Footprint& here = state.field.at[reactor];
    return space::within(here, t.from, reach, plan.field.diagonals) &&
           !space::within(here, t.to, reach, plan.field.diagonals) && can_see(state, reactor) &&
           reaction_attack_index(plan, state, reactor, t.actor) >= 0;
  }
  template <bool Full, class Dice, class Events>
  static void take(const BattlePlan& plan, BattleState& state, int reactor, Tentative& t,
                   Dice& dice, Events& events) {
    make_attack<Full, true>(plan, state, reactor, t.actor,
                            reaction_attack_index(plan, state, reactor, t.actor), false, dice,
                            events);
    // A mover that dropped, or was paralyzed or grappled, stays where it was.
    if (!can_keep_moving<Full>(state, t.actor)) t.cancelled = true;
  }
};

// Parry (a stat block's): + its bonus to AC against one melee attack that
// would hit, from an attacker it can see; taken only when that turns the
// hit into a miss.
struct MonsterParry {
  static constexpr const char* kName = "parry";
  static constexpr unsigned kTriggers = triggers({Trigger::MeleeHit});
  static bool triggered(const BattlePlan& plan, const BattleState& state, int reactor,
                        const Tentative& t) {
    const int bonus = plan.field.creatures[reactor].parry;
    return t.target == reactor && bonus > 0 && plan.field.creatures[reactor].reach > 0 &&
           !t.roll->critical && t.roll->total < t.ac + bonus && can_see(state, reactor);
  }
  template <bool Full, class Dice, class Events>
  static void take(const BattlePlan& plan, BattleState&, int reactor, Tentative& t, Dice&,
                   Events&) {
    t.roll->hit = false;
    t.roll->ac_raised = plan.field.creatures[reactor].parry;  // the replay shows the AC it met
  }
};

// Shield (the spell, from a 1st-level slot): +5 AC until the start of the
// caster's next turn, against the attack that would hit it and every one
// after; cast only when that turns the hit into a miss. Not against an
// automatic hit (no d20: a magic missile's darts, each its own attack,
// which the spell would stop all of): that part is not modelled.
struct Shield {
  static constexpr const char* kName = "Shield";
  static constexpr unsigned kTriggers = triggers({Trigger::MeleeHit, Trigger::RangedHit});
  static bool triggered(const BattlePlan& plan, const BattleState& state, int reactor,
                        const Tentative& t) {
    return t.target == reactor && plan.field.creatures[reactor].shield &&
           state.field.slots_left[reactor] > 0 && t.roll->natural > 0 && !t.roll->critical &&
           t.roll->total < t.ac + kShieldAc;
  }
  template <bool Full, class Dice, class Events>
  static void take(const BattlePlan&, BattleState& state, int reactor, Tentative& t, Dice&,
                   Events&) {
    --state.field.slots_left[reactor];
    state.field.ac_bonus[reactor] = kShieldAc;
    t.roll->hit = false;
  }
};

// A save forced on an enemy that starts its turn within the stat block's
// distance (Unnerving Mask: DC 14 Wisdom or frightened until the end of that
// turn). Needs each to see the other: not on a blinded creature, nor by a
// blinded reactor. Taken on the first enemy it can affect (one not immune
// to the condition nor already under it from the reactor), which spends
// the reaction an opportunity attack might have wanted.
struct TurnStartSave {
  static constexpr const char* kName = "Unnerving Mask";
  static constexpr unsigned kTriggers = triggers({Trigger::StartsTurn});
  static bool triggered(const BattlePlan& plan, const BattleState& state, int reactor,
                        const Tentative& t) {
    const PlanTraits& traits = plan.rules[reactor].traits;
    if (traits.turn_start_save < 0 ||
        feet_between(plan, state, reactor, t.actor) > traits.turn_start_feet)
      return false;
    const ConditionSet blinded = ConditionSet::of({Condition::Blinded});
    if (state.rules[reactor].conditions.any_of(blinded) ||
        state.rules[t.actor].conditions.any_of(blinded))
      return false;
    for (const ConditionEffect& c :
         plan.conditions_of(plan.save_effect(reactor, traits.turn_start_save).conditions)) {
      if (!plan.rules[t.actor].condition_immunities.contains(c.condition) &&
          !has_condition_from(state, t.actor, c.condition, reactor))
        return true;
    }
    return false;
  }
  template <bool Full, class Dice, class Events>
  static void take(const BattlePlan& plan, BattleState& state, int reactor, Tentative& t,
                   Dice& dice, Events& events) {
    force_save(plan, state, reactor, t.actor,
               plan.save_effect(reactor, plan.rules[reactor].traits.turn_start_save), dice, events);
  }
};

// Split (split.hpp): damage of a type that splits it, with the hit points
// and the size left to split and a slot for the new half.
struct SplitRule {
  static constexpr const char* kName = "split";
  static constexpr unsigned kTriggers = triggers({Trigger::Damaged});
  static bool triggered(const BattlePlan& plan, const BattleState& state, int reactor,
                        const Tentative& t) {
    const FieldCreature& me = plan.field.creatures[reactor];
    return t.target == reactor && me.split_first >= 0 && t.types.any_of(me.split_types) &&
           state.combatants[reactor].hp >= me.split_min_hp &&
           state.field.size[reactor] >= me.split_min_size && split_slot(plan, state, reactor) >= 0;
  }
  template <bool Full, class Dice, class Events>
  static void take(const BattlePlan& plan, BattleState& state, int reactor, Tentative&, Dice&,
                   Events& events) {
    split(plan, state, reactor, split_slot(plan, state, reactor), events);
  }
};

// Rock Catching (stone giant): a rock hurled at it that would hit is
// caught, taking no damage, on a made save (DC 10 Dex).
struct RockCatching {
  static constexpr const char* kName = "Rock Catching";
  static constexpr unsigned kTriggers = triggers({Trigger::RangedHit});
  static bool triggered(const BattlePlan& plan, const BattleState&, int reactor,
                        const Tentative& t) {
    return t.target == reactor && plan.field.creatures[reactor].rock_catching_dc > 0 &&
           field_attack(plan, *t.attack).hurled_rock;
  }
  template <bool Full, class Dice, class Events>
  static void take(const BattlePlan& plan, BattleState& state, int reactor, Tentative& t,
                   Dice& dice, Events& events) {
    const FieldCreature& me = plan.field.creatures[reactor];
    const SaveRoll roll = saving_throw(plan, state, reactor, me.rock_catching_ability,
                                       me.rock_catching_dc, false, dice);
    events.save(reactor, kName, me.rock_catching_ability, roll);
    if (roll.success) t.roll->hit = false;
  }
};

// A Battle Master's maneuver: its bit, and a superiority die left.
inline bool has_maneuver(const BattlePlan& plan, const BattleState& state, int reactor,
                         std::uint8_t maneuver) {
  return (plan.field.creatures[reactor].maneuvers & maneuver) != 0 &&
         state.field.superiority_left[reactor] > 0;
}

// Parry (Battle Master): a melee hit on the reactor deals a superiority die
// + its DEX modifier less. Used on every melee hit it can; the die is rolled
// as the hit is declared.
struct BattleMasterParry {
  static constexpr const char* kName = "parry (Battle Master)";
  static constexpr unsigned kTriggers = triggers({Trigger::MeleeHit});
  static bool triggered(const BattlePlan& plan, const BattleState& state, int reactor,
                        const Tentative& t) {
    return t.target == reactor && has_maneuver(plan, state, reactor, kManeuverParry);
  }
  template <bool Full, class Dice, class Events>
  static void take(const BattlePlan& plan, BattleState& state, int reactor, Tentative& t,
                   Dice& dice, Events&) {
    const FieldCreature& me = plan.field.creatures[reactor];
    --state.field.superiority_left[reactor];
    t.roll->parry_die = dice.roll(me.superiority_die);
    t.roll->reduced += std::max(0, t.roll->parry_die + me.dex);
  }
};

// Riposte (Battle Master): a melee attack that misses the reactor gets a
// melee attack back, a superiority die added to its damage (of its first
// part's type, through the target's defences, twice on a critical).
struct Riposte {
  static constexpr const char* kName = "riposte";
  static constexpr unsigned kTriggers = triggers({Trigger::MeleeMiss});
  static bool triggered(const BattlePlan& plan, const BattleState& state, int reactor,
                        const Tentative& t) {
    return t.target == reactor && has_maneuver(plan, state, reactor, kManeuverRiposte) &&
           reaction_attack_index(plan, state, reactor, t.actor) >= 0;
  }
  template <bool Full, class Dice, class Events>
  static void take(const BattlePlan& plan, BattleState& state, int reactor, Tentative& t,
                   Dice& dice, Events& events) {
    --state.field.superiority_left[reactor];
    const int attack = reaction_attack_index(plan, state, reactor, t.actor);
    // Rolled with its hit's damage, if it hits (damage.hpp's roll_hit).
    state.field.riposte_die = plan.field.creatures[reactor].superiority_die;
    make_attack<Full, true>(plan, state, reactor, t.actor, attack, false, dice, events);
    state.field.riposte_die = 0;
    state.field.riposte_rolled = 0;
  }
};

// Offers `t` to every creature it could trigger a reaction of (the actor's
// enemies, in creature order; damage only to the creature subjected to it,
// the actor's ally too: a pudding splits in its ally's breath), each rule
// in turn; a reaction taken is resolved whole, its own outcomes answered
// first, before the next creature is asked. Stops when one cancels the outcome. `before()` runs
// once, before the first reaction (the replay reports a move so far).
template <bool Full, class Dice, class Events, class Before>
void answer(const BattlePlan& plan, BattleState& state, Tentative& t, Dice& dice, Events& events,
            Before&& before) {
  bool first = true;
  const unsigned trigger = 1u << static_cast<unsigned>(t.trigger);
  const auto offer = [&]<class Rule>(int reactor, Rule) {
    if ((Rule::kTriggers & trigger) == 0 || !Rule::triggered(plan, state, reactor, t)) return false;
    state.field.reacted[reactor] = 1;
    if (first) before();
    first = false;
    events.reaction(reactor, t.actor, Rule::kName, t.trigger == Trigger::LeavesSquare);
    Rule::template take<Full>(plan, state, reactor, t, dice, events);
    return true;
  };
  const std::span<const int> reactors = t.trigger == Trigger::Damaged
                                            ? std::span<const int>(&t.target, 1)
                                            : plan.enemies_of(plan.creatures[t.actor].faction);
  for (int reactor : reactors) {
    if (!can_react<Full>(state, reactor)) continue;
    // The first rule that the outcome triggers for this creature.
    // Shield before a Battle Master's parry: it stops the whole hit.
    (void)(offer(reactor, OpportunityAttack{}) || offer(reactor, MonsterParry{}) ||
           offer(reactor, Shield{}) || offer(reactor, BattleMasterParry{}) ||
           offer(reactor, Riposte{}) || offer(reactor, TurnStartSave{}) ||
           offer(reactor, SplitRule{}) || offer(reactor, RockCatching{}));
    if (t.cancelled) {
      events.cancelled(t.actor, t.trigger == Trigger::LeavesSquare ? "the move is cancelled"
                                                                   : "the attack is cancelled");
      return;
    }
  }
}

// Step 2 of an attack on a battlefield (attack.hpp): a melee attack, or a
// ranged one that would hit, is offered to the chain (a ranged miss
// triggers nothing modelled).
template <bool Full, class Dice, class Events>
void answer_attack(const BattlePlan& plan, BattleState& state, int attacker, int target,
                   const PlanAttack& attack, AttackRoll& roll, Dice& dice, Events& events) {
  if (!attack.melee && !roll.hit) return;
  if (!plan.field.attacks_answered[static_cast<std::size_t>(plan.creatures[attacker].faction)])
    return;
  Tentative t;
  t.trigger = !attack.melee ? Trigger::RangedHit
              : roll.hit    ? Trigger::MeleeHit
                            : Trigger::MeleeMiss;
  t.actor = attacker;
  t.target = target;
  t.roll = &roll;
  t.attack = &attack;
  t.ac = plan.creatures[target].ac + state.field.ac_bonus[target];
  answer<Full>(plan, state, t, dice, events, [] {});
}

// Damage of `types` that `source` subjected `target` to (dealt or not: an
// immunity stops the damage, not the split), offered to the chain when some
// creature splits (FieldPlan::any_split) and `target` still stands.
template <bool Full, class Dice, class Events>
void answer_damage(const BattlePlan& plan, BattleState& state, int source, int target,
                   DamageTypeSet types, Dice& dice, Events& events) {
  if constexpr (Full) {
    if (!plan.field.any_split || state.combatants[target].hp <= 0) return;
    Tentative t;
    t.trigger = Trigger::Damaged;
    t.actor = source;
    t.target = target;
    t.types = types;
    answer<Full>(plan, state, t, dice, events, [] {});
  }
}

// The start of `self`'s turn on a battlefield, offered to the chain (the
// turn asks only when some creature reacts to it: FieldPlan::turn_starts_answered).
template <bool Full, class Dice, class Events>
void answer_turn_start(const BattlePlan& plan, BattleState& state, int self, Dice& dice,
                       Events& events) {
  if constexpr (Full) {
    Tentative t;
    t.trigger = Trigger::StartsTurn;
    t.actor = self;
    answer<Full>(plan, state, t, dice, events, [] {});
  }
}

}  // namespace arena::dnd5e::detail
