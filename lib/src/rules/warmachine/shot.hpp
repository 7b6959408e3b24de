// One ranged attack, exactly as seed 003's shot(): engagement, range and
// stealth, the boosted hit roll, the deviation of a missed area-of-effect
// shot, critical knockdown and devastation, and the boosted damage roll.
//
// Distances are between bases, as the seed's (and the game's): the
// attacker's base edge is at (0, 0), the target's at (distance, 0) and its
// centre one base radius further on.
//  - No shot while either model's melee range covers the distance, unless
//    the target is knocked down (knocked-down models engage no one), or the
//    weapon or the attacker has gunfighter and the distance is 0.5" or less
//    (the seed meant this, but its `$ranged` typo never applied it).
//  - Beyond RNG, or beyond 5" of a stealthy target: a miss without a hit roll.
//  - Hit roll: 2d6 (+1 die boosted, for a focus) + RAT >= DEF; all ones
//    miss, all sixes hit.
//  - A miss with an area of effect deviates: a d6 of inches, at most half
//    of min(RNG, distance), in a d6 direction (1 straight away from the
//    attacker, 60 degrees a step), from the target's centre or, beyond RNG,
//    from the point at RNG on the line to it. It hits when it lands within
//    AOE/2 + the base's radius of the target's centre: a blast, POW halved
//    rounding up. A weapon without an AOE just misses. (The seed put the
//    target's centre at the distance, a base radius too close, which let a
//    shot past RNG blast a target its template could not reach.)
//  - A hit rolls POW + 2d6 (+1 die boosted, for a focus) - ARM, never below
//    0. The seed's critical: any double in this shot's hit roll, once the
//    target is hit (directly or by the blast). Critical knockdown knocks it
//    down; critical devastation, against a base under 120 mm, pushes it a
//    d6 further away and knocks it down (a die before the damage dice).
//
// The dice: hit dice are check(6), all others roll(6), in the order above,
// so scripted tests give the seed's dice in the seed's order. One
// difference: on a miss without an AOE the seed's R code still takes two
// scatter dice (pos + 2) and finds no hit; shoot() draws none. The damage
// is the same (0); only the positions of later dice differ.
//
// The target's DEF is the caller's (the seed: "DEF should include effect of
// being knocked down"): the battle and `arena shoot` pass a knocked-down
// target through as_knocked_down() (DEF 5, model.hpp). The stages are
// separate functions so that the exact distribution (shot_distribution.hpp)
// applies the very same rules.
#pragma once

#include <algorithm>
#include <span>

#include "rules/warmachine/boost.hpp"
#include "rules/warmachine/model.hpp"
#include "rules/warmachine/roll.hpp"
#include "space/geometry.hpp"

namespace arena::warmachine {

// Where no stealth target can be hit from.
inline constexpr double kStealthRange = 5.0;
inline constexpr double kDevastationMaxBase = 120.0;  // mm

// The seed's is.engaged(): either model's melee range covers the distance,
// unless `b` is knocked down. A model without a melee weapon has no melee
// range, so two such models engage nothing even base to base (the seed
// takes the most of an empty list of ranges as 0, which engaged them at
// 0" and kept them from ever shooting). Precondition: distance >= 0, not
// NaN (readers reject others; engagement.hpp's checked_distance reports them).
inline bool in_melee(const Model& a, const Model& b, double distance, bool b_down) {
  const double range = std::max(a.melee_range(), b.melee_range());
  return !b_down && range > 0 && range >= distance;
}

// Where gunfighter lets a model shoot although in melee (inches).
inline constexpr double kGunfighterRange = 0.5;

// Whether `attacker` may not shoot `target` with `weapon` at `distance`:
// in melee, unless the weapon or the model has gunfighter and the distance
// is kGunfighterRange or less.
inline bool engaged(const Model& attacker, const RangedWeapon& weapon, const Model& target,
                    double distance, bool target_down) {
  const bool gunfighter =
      has(weapon.special, Special::Gunfighter) || has(attacker.special, Special::Gunfighter);
  return !(gunfighter && distance <= kGunfighterRange) &&
         in_melee(attacker, target, distance, target_down);
}

// The miss before any die: out of range, or a stealthy target beyond 5".
inline bool automatic_miss(const RangedWeapon& weapon, const Model& target, double distance) {
  return distance > weapon.rng ||
         (has(target.special, Special::Stealth) && distance > kStealthRange);
}

// The hit roll's verdict.
inline bool hit_roll_hits(std::span<const int> dice, int rat, int def) {
  int sum = rat;
  bool all_ones = true, all_sixes = true;
  for (int d : dice) {
    sum += d;
    all_ones = all_ones && d == 1;
    all_sixes = all_sixes && d == 6;
  }
  return (sum >= def && !all_ones) || all_sixes;
}

// Any double among the hit dice.
inline bool is_critical(std::span<const int> dice) {
  for (std::size_t i = 0; i < dice.size(); ++i) {
    for (std::size_t j = i + 1; j < dice.size(); ++j) {
      if (dice[i] == dice[j]) return true;
    }
  }
  return false;
}

// How far a missed shot at `distance` deviates for a distance die `d6`.
inline double deviation_inches(const RangedWeapon& weapon, double distance, int d6) {
  return std::min(static_cast<double>(d6), std::min(weapon.rng, distance) / 2.0);
}

// Where the centre of a target of base `base_mm` stands, `distance` from
// the attacker's base edge to its own.
inline space::Point target_centre(double distance, double base_mm) {
  return {distance + space::base_radius(base_mm), 0};
}

// Where a missed shot lands (the attacker's base edge at the origin).
inline space::Point landing_point(const RangedWeapon& weapon, const Model& target, double distance,
                                  int distance_d6, int direction_d6) {
  const space::Point attacker{0, 0}, centre = target_centre(distance, target.base);
  const space::Point origin =
      distance > weapon.rng ? space::along(attacker, centre, weapon.rng) : centre;
  return space::deviate(origin, attacker, centre, deviation_inches(weapon, distance, distance_d6),
                        direction_d6);
}

// Whether a missed area-of-effect shot lands on the target.
inline bool scatter_hits(const RangedWeapon& weapon, const Model& target, double distance,
                         int distance_d6, int direction_d6) {
  const space::Point landed = landing_point(weapon, target, distance, distance_d6, direction_d6);
  return space::distance(landed, target_centre(distance, target.base)) <=
         weapon.aoe / 2.0 + space::base_radius(target.base);
}

// Whether a shot at `distance` has any chance of hitting: always when not
// an automatic miss (all sixes hit), else when some deviation of an
// area-of-effect shot lands on the target (past RNG, the seed's blast at 15").
inline bool could_hit(const RangedWeapon& weapon, const Model& target, double distance) {
  if (!automatic_miss(weapon, target, distance)) return true;
  if (weapon.aoe <= 0) return false;
  for (int d = 1; d <= 6; ++d) {
    for (int direction = 1; direction <= 6; ++direction) {
      if (scatter_hits(weapon, target, distance, d, direction)) return true;
    }
  }
  return false;
}

// The POW of a hit: halved rounding up for a blast.
inline int hit_pow(const RangedWeapon& weapon, bool direct) {
  return direct ? weapon.pow : (weapon.pow + 1) / 2;
}

inline int damage_after_armor(int pow, int dice_sum, int arm) {
  return std::max(0, pow + dice_sum - arm);
}

// Everything one attack rolled and did, for the battle and the replay.
struct ShotResult {
  bool engaged = false;       // no shot at all
  bool out_of_reach = false;  // beyond RNG or stealth: no hit roll
  Roll hit_roll;              // not rolled when out of reach
  bool scattered = false;     // a missed AOE rolled its deviation
  int deviation_die = 0, direction_die = 0;
  double deviation = 0;  // inches, after the cap
  bool hit = false;
  bool direct = false;  // hit by the hit roll (else by the blast)
  bool critical = false;
  int pushed = 0;  // inches a critical devastation threw the target
  Roll damage_roll;
  int damage = 0;
  int focus_spent = 0;
  bool was_down = false;      // the target, before the shot (shot at DEF 5)
  bool knocked_down = false;  // the target, after the shot
  int dice_used = 0;
};

// One ranged attack with `weapon` of `attacker` at `target`, `distance`
// inches apart, with `focus` to spend as `boost` says.
template <class Dice>
ShotResult shoot(const Model& attacker, const RangedWeapon& weapon, const Model& target,
                 double distance, int focus, Boost boost, bool target_down, Dice& dice,
                 int rat_bonus = 0) {
  ShotResult r;
  r.was_down = r.knocked_down = target_down;
  if (engaged(attacker, weapon, target, distance, target_down)) {
    r.engaged = true;
    return r;
  }
  r.out_of_reach = automatic_miss(weapon, target, distance);
  if (!r.out_of_reach) {
    r.hit_roll = roll_dice(2 + boost_die(boosts_hit(boost), focus, r.focus_spent),
                           [&] { return dice.check(6); });
    r.dice_used += r.hit_roll.count;
    r.hit = r.direct = hit_roll_hits(r.hit_roll.values(), attacker.rat + rat_bonus, target.def);
  }
  if (!r.hit && weapon.aoe > 0) {
    r.scattered = true;
    r.deviation_die = dice.roll(6);
    r.direction_die = dice.roll(6);
    r.dice_used += 2;
    r.deviation = deviation_inches(weapon, distance, r.deviation_die);
    r.hit = scatter_hits(weapon, target, distance, r.deviation_die, r.direction_die);
  }
  if (!r.hit) return r;
  const int damage_dice = 2 + boost_die(boosts_damage(boost), focus, r.focus_spent);
  r.critical = is_critical(r.hit_roll.values());
  if (r.critical && has(weapon.special, Special::CriticalKnockdown)) r.knocked_down = true;
  if (r.critical && has(weapon.special, Special::CriticalDevastation) &&
      target.base < kDevastationMaxBase) {
    r.pushed = dice.roll(6);
    ++r.dice_used;
    r.knocked_down = true;
  }
  r.damage_roll = roll_dice(damage_dice, [&] { return dice.roll(6); });
  r.dice_used += r.damage_roll.count;
  r.damage = damage_after_armor(hit_pow(weapon, r.direct), r.damage_roll.sum(), target.arm);
  return r;
}

}  // namespace arena::warmachine
