// One melee attack: MAT + 2d6 (+1 die boosted, for a focus) >= DEF, all ones
// miss and all sixes hit as in shot.hpp; a knocked-down target is hit
// automatically (no roll, so no critical). A hit deals P+S + 2d6 - ARM
// (+1 die boosted for a focus, or free for a charge attack), never below 0;
// a critical (any double) with `critical knockdown` knocks the target down.
// Hit dice are check(6), damage dice roll(6).
#pragma once

#include "rules/warmachine/boost.hpp"
#include "rules/warmachine/model.hpp"
#include "rules/warmachine/roll.hpp"
#include "rules/warmachine/shot.hpp"

namespace arena::warmachine {

struct MeleeResult {
  Roll hit_roll;  // not rolled against a knocked-down target: an automatic hit
  bool hit = false;
  bool critical = false;
  Roll damage_roll;
  bool charge_die = false;  // the free damage die of a charge
  int damage = 0;
  int focus_spent = 0;
  bool was_down = false;      // the target, before the attack
  bool knocked_down = false;  // the target, after the attack
};

template <class Dice>
MeleeResult melee_attack(const Model& attacker, const MeleeWeapon& weapon, const Model& target,
                         bool target_down, int focus, Boost boost, bool charge, Dice& dice) {
  MeleeResult r;
  r.was_down = r.knocked_down = target_down;
  if (target_down) {
    r.hit = true;
  } else {
    r.hit_roll = roll_dice(2 + boost_die(boosts_hit(boost), focus, r.focus_spent),
                           [&] { return dice.check(6); });
    r.hit = hit_roll_hits(r.hit_roll.values(), attacker.mat, target.def);
    r.critical = r.hit && is_critical(r.hit_roll.values());
  }
  if (!r.hit) return r;
  r.charge_die = charge;
  const int extra = charge ? 1 : boost_die(boosts_damage(boost), focus, r.focus_spent);
  if (r.critical && has(weapon.special, Special::CriticalKnockdown)) r.knocked_down = true;
  r.damage_roll = roll_dice(2 + extra, [&] { return dice.roll(6); });
  r.damage = damage_after_armor(weapon.pow + attacker.str, r.damage_roll.sum(), target.arm);
  return r;
}

}  // namespace arena::warmachine
