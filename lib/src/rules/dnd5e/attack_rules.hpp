// The 5e combat rules as plain functions over plain state, with the dice
// passed in (Rng in simulation, ScriptedDice in tests).
//
// Attack: d20 + to_hit >= AC hits; a natural 20 always hits and is a
// critical (damage dice rolled twice, flat modifiers once); a natural 1
// always misses. Disadvantage rolls two d20 and keeps the lower.
// Damage: each typed part is at least 0; immunity zeroes it, resistance
// halves it (rounding down), vulnerability doubles it.
// Dropping to 0 HP: a monster dies; a player character falls unconscious,
// unless the damage beyond 0 is at least their HP maximum (killed outright).
// Death saves (a PC at 0 HP, at the start of their turn): 10 or more is a
// success, a natural 20 regains 1 HP, a natural 1 counts two failures; three
// successes stabilise, three failures kill. Damage at 0 HP is a failure, two
// for a critical, and kills outright when it reaches the HP maximum.
#pragma once

#include <algorithm>
#include <span>

#include "rules/dnd5e/creature.hpp"
#include "rules/dnd5e/events.hpp"
#include "rules/dnd5e/state.hpp"

namespace arena::dnd5e {

// A d20 rolled by `mode`: the die kept; `first` and `second` get the dice
// (second 0 when one was rolled).
template <class Dice>
[[gnu::always_inline]] inline int roll_d20(RollMode mode, Dice& dice, int& first, int& second) {
  first = dice.check(20);
  second = 0;
  if (mode == RollMode::Normal) return first;
  second = dice.check(20);
  return mode == RollMode::Advantage ? std::max(first, second) : std::min(first, second);
}

template <class Dice>
[[gnu::always_inline]] inline AttackRoll roll_attack(int to_hit, int ac, RollMode mode,
                                                     Dice& dice) {
  AttackRoll roll;
  roll.mode = mode;
  roll.natural = roll_d20(mode, dice, roll.first_d20, roll.second_d20);
  roll.total = roll.natural + to_hit;
  roll.critical = roll.natural == 20;
  roll.hit = roll.natural != 1 && (roll.critical || roll.total >= ac);
  return roll;
}

template <class Dice>
AttackRoll roll_attack(int to_hit, int ac, bool disadvantage, Dice& dice) {
  return roll_attack(to_hit, ac, disadvantage ? RollMode::Disadvantage : RollMode::Normal, dice);
}

// A saving throw: d20 + bonus >= DC succeeds (no automatic success or
// failure on a 20 or a 1). `automatic_failure` rolls nothing.
template <class Dice>
SaveRoll roll_save(int bonus, int dc, RollMode mode, bool automatic_failure, Dice& dice) {
  SaveRoll roll;
  roll.mode = mode;
  roll.dc = dc;
  roll.automatic_failure = automatic_failure;
  if (automatic_failure) return roll;
  roll.natural = roll_d20(mode, dice, roll.first_d20, roll.second_d20);
  roll.total = roll.natural + bonus;
  roll.success = roll.total >= dc;
  return roll;
}

// The chance that d20 + bonus >= dc (one d20).
inline double save_chance(int bonus, int dc) {
  return std::clamp((21.0 + bonus - dc) / 20.0, 0.0, 1.0);
}

// How a target's defences treat one damage type (from an attack that is
// magical or not). A creature's defences do not change during a battle, so
// the plan works them out once per encounter and the battle loop reads them
// (plan.hpp's BattlePlan::defence).
struct Defence {
  bool immune = false;
  bool resistant = false;
  bool vulnerable = false;
};

// A silvered attack overcomes those "from nonmagical attacks that aren't
// silvered" only (arena's attacks are never silvered unless they say so).
inline Defence defence_against(DamageType type, bool magical, const Creature& target,
                               bool silvered = false) {
  const bool unsilvered = !magical && !silvered;
  Defence defence;
  defence.immune = target.immunities.contains(type) ||
                   (!magical && target.nonmagical_immunities.contains(type)) ||
                   (unsilvered && target.unsilvered_immunities.contains(type));
  defence.resistant = target.resistances.contains(type) ||
                      (!magical && target.nonmagical_resistances.contains(type)) ||
                      (unsilvered && target.unsilvered_resistances.contains(type));
  defence.vulnerable = target.vulnerabilities.contains(type);
  return defence;
}

// One typed part of damage after a defence: at least 0, immunity zeroes it,
// resistance halves it (rounding down), vulnerability doubles it.
[[gnu::always_inline]] inline int apply_defence(int amount, Defence defence) {
  if (defence.immune) return 0;
  amount = std::max(amount, 0);
  if (defence.resistant) amount /= 2;
  if (defence.vulnerable) amount *= 2;
  return amount;
}

// One typed part of a hit: `constant` plus the dice of `terms`, the dice
// rolled twice on a critical (the constant counted once), after `defence`.
template <class Dice>
[[gnu::always_inline]] inline int roll_damage_part(int constant, std::span<const DiceTerm> terms,
                                                   bool critical, Defence defence, Dice& dice) {
  int amount = constant + roll_terms(terms, dice);
  if (critical) amount += roll_terms(terms, dice);
  return apply_defence(amount, defence);
}

// The damage of a hit: roll_hit (damage.hpp), over the plan.

// What damage did to its target.
struct DamageEffect {
  int hp_lost = 0;
  bool dropped = false;  // went from conscious to 0 HP (dead or unconscious)
  bool killed = false;   // is dead now and was not before
};

// Applies `damage` to a creature (`pc`: a player character), following the
// 0-HP rules above.
[[gnu::always_inline]] inline DamageEffect apply_damage(CombatantState& target, bool pc, int damage,
                                                        bool critical) {
  DamageEffect effect;
  if (damage <= 0 || target.dead) return effect;
  if (target.hp > 0) {
    const int before = target.hp;
    target.hp = std::max(before - damage, 0);
    effect.hp_lost = before - target.hp;  // the damage, less any beyond 0
    if (target.hp > 0) return effect;
    const int beyond_zero = damage - before;
    effect.dropped = true;
    if (!pc || beyond_zero >= target.max_hp) {
      target.dead = true;
      effect.killed = true;
    } else {
      target.death_successes = 0;
      target.death_failures = 0;
      target.stable = false;
    }
    return effect;
  }
  // A PC at 0 HP.
  target.stable = false;
  target.death_failures = static_cast<std::int8_t>(target.death_failures + (critical ? 2 : 1));
  if (damage >= target.max_hp || target.death_failures >= 3) {
    target.dead = true;
    effect.killed = true;
  }
  return effect;
}

inline DamageEffect apply_damage(CombatantState& target, const Creature& info, int damage,
                                 bool critical) {
  return apply_damage(target, info.pc, damage, critical);
}

// A PC at 0 HP becomes stable (three successes, or an ally's help): both
// counts go back to zero, so a hit that ends its stability starts them
// afresh (SRD: "reset to zero when you ... become stable").
inline void become_stable(CombatantState& pc) {
  pc.stable = true;
  pc.death_successes = 0;
  pc.death_failures = 0;
}

// Rolls a death save for a PC at 0 HP who is neither dead nor stable.
// Success or failure is a coin flip (11 in 20), so it is counted rather
// than branched on: the branch mispredicted about every other save.
template <class Dice>
DeathSaveResult roll_death_save(CombatantState& pc, Dice& dice, int& d20) {
  d20 = dice.check(20);
  if (d20 == 20) [[unlikely]] {
    pc.hp = 1;
    pc.death_successes = 0;
    pc.death_failures = 0;
    return DeathSaveResult::RegainedHp;
  }
  const bool success = d20 >= 10;
  const bool double_failure = d20 == 1;
  pc.death_successes = static_cast<std::int8_t>(pc.death_successes + success);
  pc.death_failures = static_cast<std::int8_t>(pc.death_failures + !success + double_failure);
  pc.stable = pc.death_successes >= 3;
  pc.dead = pc.death_failures >= 3;
  if (pc.stable || pc.dead) [[unlikely]] {
    if (pc.dead) return DeathSaveResult::Died;
    become_stable(pc);
    return DeathSaveResult::Stable;
  }
  if (success) return DeathSaveResult::Success;
  return double_failure ? DeathSaveResult::DoubleFailure : DeathSaveResult::Failure;
}

// expected_damage(attack, target): action_value.hpp.

}  // namespace arena::dnd5e
