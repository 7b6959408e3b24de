// The damage of one ranged attack against distance (`arena shoot`): for
// each distance, the exact distribution of the damage one model's ranged
// weapon deals another, computed by enumerating the dice, summarised as the
// probability of a direct hit, of a blast hit, of no damage, the mean and
// quantiles. Rulesets with ranged attacks by distance provide it (through
// the ruleset registry); others answer with an error. Pure; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "arena/encounter.hpp"
#include "arena/expected.hpp"

namespace arena {

struct ShotRequest {
  std::string attacker;      // a combatant's name; default: the first faction's first
  std::string target;        // default: the second faction's first
  std::string weapon;        // a ranged weapon's name or 1-based number; default: the first
  std::optional<int> focus;  // resources to spend, 0 to kMaxShotFocus; default: the attacker's
  std::optional<std::string>
      boost;                      // what they buy, in the ruleset's words; default: the attacker's
  bool aim = false;               // the attacker aims (the ruleset's bonus for standing still)
  bool knocked_down = false;      // the target is knocked down (as the ruleset plays it)
  std::vector<double> distances;  // inches, each in [0, kMaxShotDistance]
};

// The longest distance (inches) a table answers, as encounter files allow.
inline constexpr double kMaxShotDistance = 1000;
// The most focus a shot may spend, as encounter files allow.
inline constexpr int kMaxShotFocus = 10;

// The quantile levels every row has.
inline constexpr double kShotQuantiles[] = {0.1, 0.25, 0.4, 0.6, 0.75, 0.9, 1.0};

struct ShotRow {
  double distance = 0;
  bool aimed = false;   // the request's aim held at this distance (the rules may forbid it there)
  double p_direct = 0;  // the hit roll hits
  double p_blast = 0;   // a deviating area-of-effect shot lands on the target
  double p_zero = 0;    // no damage
  double mean = 0;
  std::vector<int> quantiles;        // at kShotQuantiles: the least d with P(damage <= d) >= q
  std::vector<double> distribution;  // P(damage = d), d = 0, 1, ...
};

struct ShotTable {
  std::string attacker, weapon, target;
  int focus = 0;
  std::string boost;
  bool aim = false, knocked_down = false;
  std::vector<ShotRow> rows;
};

// The table, or a message (an unknown name, a model without ranged
// weapons, rules without ranged attacks by distance).
Expected<ShotTable, std::string> shot_table(const Encounter& encounter, const ShotRequest& request);

}  // namespace arena
