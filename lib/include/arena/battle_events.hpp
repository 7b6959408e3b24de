// Battle events: what the battle loop reports as it plays, for `arena replay`.
//
// The loop takes an event sink as a template parameter. Simulation passes
// NoEvents, whose empty inline members compile away, so the hot loop pays
// nothing for the replay's detail. Plain values.
#pragma once

namespace arena {

// One attack roll: the d20s (second only with advantage or disadvantage),
// the one kept, the total and the verdict.
struct AttackRoll {
  int first_d20 = 0;
  int second_d20 = 0;  // 0 when a single d20 was rolled
  int natural = 0;
  int total = 0;
  bool hit = false;
  bool critical = false;
};

enum class DeathSaveResult { Success, Failure, DoubleFailure, RegainedHp, Stable, Died };

// The sink used by simulation: every event is ignored at no cost.
struct NoEvents {
  void initiative(int /*creature*/, int /*d20*/, int /*total*/) {}
  void round_begins(int /*round*/) {}
  void attack(int /*attacker*/, int /*target*/, int /*attack*/, const AttackRoll& /*roll*/,
              int /*damage*/, int /*hp_left*/) {}
  void falls(int /*creature*/, bool /*dead*/) {}
  void death_save(int /*creature*/, int /*d20*/, DeathSaveResult /*result*/) {}
  void ends(int /*winner*/, int /*rounds*/) {}
};

}  // namespace arena
