// What a knave battle tells its event sink (battle.hpp): the simulation's
// NoEvents compiles away, replay.cpp writes a line per event, the tests
// record them.
#pragma once

#include <span>

#include "arena/tally.hpp"
#include "rules/knave/plan.hpp"

namespace arena::knave {

// One attack roll, for the events.
struct AttackRoll {
  int attacker = 0, target = 0;
  int attack = 0;   // index into BattlePlan::attacks
  int d20 = 0;      // the die kept
  int other = 0;    // the other d20 with advantage or disadvantage, else 0
  int mode = 0;     // +1 advantage, -1 disadvantage, 0 neither (or both)
  int bonus = 0;    // STR or WIS
  int defense = 0;  // armor bonus + 10
  bool hit = false;
  int damage = 0;
};

// The sink used by simulation: every event is ignored at no cost.
struct NoEvents {
  void round_begins(int /*round*/) {}
  void initiative(int /*faction*/, int /*d6*/) {}
  void initiative_tie(std::span<const int> /*tied*/) {}
  void attack(const AttackRoll& /*roll*/) {}
  void weapon_wears(int /*creature*/, int /*attack*/, int /*quality*/) {}
  void armor_wears(int /*creature*/, int /*piece*/, int /*quality*/) {}
  void save(int /*user*/, int /*target*/, int /*save*/, int /*d20*/, int /*bonus*/,
            bool /*success*/, int /*damage*/) {}
  // `rounds` rolled; `before` left of it already (the longer one stands).
  void condition(int /*creature*/, int /*condition*/, int /*rounds*/, int /*before*/) {}
  void loses_turn(int /*creature*/) {}
  void death_table(int /*creature*/, int /*d8*/, int /*ability*/, int /*loss*/, int /*value*/) {}
  // A survivor of the death table back in the fight with `hp`.
  void gets_up(int /*creature*/, int /*hp*/) {}
  void falls(int /*creature*/, Status /*status*/) {}
  void morale(int /*creature*/, int /*roll*/, int /*morale*/) {}
  void flees(int /*creature*/) {}
  void ends(const BattleOutcome& /*outcome*/) {}
};

}  // namespace arena::knave
