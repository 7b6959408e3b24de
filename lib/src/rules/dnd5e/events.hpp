// Battle events: what the battle loop reports as it plays, for `arena replay`.
//
// The loop takes an event sink as a template parameter. Simulation passes
// NoEvents, whose empty inline members compile away, so the hot loop pays
// nothing for the replay's detail. Plain values.
#pragma once

#include <span>

#include "arena/tally.hpp"
#include "rules/dnd5e/abilities.hpp"
#include "rules/dnd5e/conditions.hpp"
#include "space/grid.hpp"

namespace arena::dnd5e {

// One attack roll: the d20s (second only with advantage or disadvantage),
// the one kept, the total and the verdict.
// How a d20 is rolled: once, or twice keeping the higher or the lower.
enum class RollMode : unsigned char { Normal, Advantage, Disadvantage };

inline RollMode roll_mode(bool advantage, bool disadvantage) {
  if (advantage == disadvantage) return RollMode::Normal;  // both cancel out
  return advantage ? RollMode::Advantage : RollMode::Disadvantage;
}

struct AttackRoll {
  RollMode mode = RollMode::Normal;
  int first_d20 = 0;
  int second_d20 = 0;  // 0 when a single d20 was rolled
  int natural = 0;
  int total = 0;
  bool hit = false;
  bool critical = false;
  int reduced = 0;    // damage taken off a hit by a reaction (a Battle Master's parry)
  int parry_die = 0;  // that parry's superiority die, as rolled (for the replay)
  int ac_raised = 0;  // AC added against it by a reaction (a stat block's parry)
};

// One saving throw. An automatic failure (a paralyzed creature's Dex save)
// rolls no die.
struct SaveRoll {
  RollMode mode = RollMode::Normal;
  int first_d20 = 0;
  int second_d20 = 0;
  int natural = 0;
  int total = 0;
  int dc = 0;
  bool success = false;
  bool automatic_failure = false;
  bool legendary_resistance = false;  // failed, and turned into a success
};

enum class DeathSaveResult { Success, Failure, DoubleFailure, RegainedHp, Stable, Died };

// The sink used by simulation: every event is ignored at no cost.
struct NoEvents {
  void initiative(int /*creature*/, int /*d20*/, int /*total*/) {}
  void round_begins(int /*round*/) {}
  // An attack after it landed: `damage` is the hit's, after the target's
  // defences (overkill included); a fall it caused follows it.
  void attack(int /*attacker*/, int /*target*/, int /*attack*/, const AttackRoll& /*roll*/,
              int /*damage*/, int /*hp_left*/) {}
  void falls(int /*creature*/, bool /*dead*/) {}
  void death_save(int /*creature*/, int /*d20*/, DeathSaveResult /*result*/) {}
  void ends(const BattleOutcome& /*outcome*/) {}
  // After the battle (aftermath.hpp): its rounds begin; an ally stabilised.
  void aftermath() {}
  void stabilises(int /*creature*/, int /*ally*/) {}
  // The action a creature takes (before its saves and attacks).
  void action(int /*creature*/, int /*target*/, const char* /*name*/, bool /*legendary*/) {}
  // The full rules (BattlePlan::full_rules).
  void save(int /*creature*/, const char* /*what*/, Ability /*ability*/, const SaveRoll& /*roll*/) {
  }
  void damaged(int /*creature*/, int /*damage*/, int /*hp_left*/) {}
  void condition(int /*creature*/, Condition /*condition*/, bool /*gained*/) {}
  void recharged(int /*creature*/, const char* /*resource*/) {}
  void note(int /*creature*/, const char* /*what*/) {}  // a trait at work: "regenerates"
  // On a battlefield: a move, a reaction taken (before what it does), an outcome cancelled.
  void moved(int /*creature*/, int /*feet*/, space::Square /*to*/) {}
  // `on_move`: the trigger is leaving a square, and still stands in it.
  void reaction(int /*creature*/, int /*trigger*/, const char* /*what*/, bool /*on_move*/) {}
  void joins(int /*creature*/, int /*from*/) {}  // it joins the battle, split from `from`
  void cancelled(int /*creature*/, const char* /*what*/) {}
  // On a battlefield: the creatures an area effect `what` caught (its saves follow).
  void area(int /*creature*/, const char* /*what*/, std::span<const int> /*caught*/) {}
};

}  // namespace arena::dnd5e
