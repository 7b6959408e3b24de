// What tactics expect an action to do, in hit points of damage: the mean
// damage it deals the target (and, for an area, the other enemies it
// catches), plus what the conditions it imposes are worth.
//
// A condition is valued by its effect over its expected duration: the
// target's turns it lasts (its duration, or until a repeated save succeeds,
// at most the rounds the fight against it is expected to last: its HP over
// the side's damage rate), each worth
//   - the damage the target does not deal: a lost turn (incapacitated,
//     paralyzed, petrified, stunned, unconscious) takes away its whole
//     damage per round, and so does charmed (it does not attack its charmer);
//     blinded, frightened, poisoned and restrained give its attacks
//     disadvantage;
// and, for half a round fewer (it ends at the end of the target's turn,
// before the attacker's next one), a round of
//   - the extra damage the attacker's side (the attacker and every other
//     creature of its faction, add_ally) deals it: advantage (blinded, paralyzed,
//     restrained, stunned, unconscious), and every melee hit a critical
//     (paralyzed, unconscious); petrified gives advantage but halves the
//     damage (resistance to all).
// A sleep that damage ends is worth the target's next turn; a charm whose
// save is repeated when the target takes damage counts as one repeated
// each round. A condition
// that a failed repeated save worsens (restrained, then petrified) is worth
// its own turns, then the worse one's for the rest of the fight on a failure.
// Prone ends when the target stands up at the start of its turn: it is
// worth half a round of the side's advantage in melee. Grappled alone
// changes nothing in a fight without positions. Reactions are not modelled,
// so a lost reaction is worth nothing yet. Values are computed per pair of
// stat blocks when an encounter is planned (plan.cpp), never per turn.
// Plain functions; thread-safe.
#pragma once

#include "rules/dnd5e/creature.hpp"
#include "rules/dnd5e/events.hpp"

namespace arena::dnd5e {

// The damage rates a condition changes, per round, between an attacker and
// a target: each one's best at-will action against the other (attacks only,
// riders left out), and the rounds the fight between them is expected to last.
struct Matchup {
  double attacker_rate = 0;        // the attacker's damage per round against the target
  double attacker_advantage = 0;   // ... with advantage
  double attacker_paralyzed = 0;   // ... with advantage, every melee hit a critical
  double attacker_prone = 0;       // ... with advantage in melee, disadvantage at range
  double target_rate = 0;          // the target's damage per round against the attacker
  double target_disadvantage = 0;  // ... with disadvantage
  double swallow_damage = 0;       // the attacker's Swallow damage a turn to the target
  double escape_chance = 0;        // an engulfed target's escape check, each of its turns
  // What the attacker's allies in the encounter (add_ally) gain a round
  // against the target: the sums of their own matchups' gains.
  double allies_rate = 0;            // their damage per round against it
  double allies_advantage_gain = 0;  // ... with advantage, less without
  double allies_paralyzed_gain = 0;  // ... every melee hit a critical too, less without
  double allies_prone_gain = 0;      // ... against it prone, less without
  // The target's HP over the side's rate (the attacker's and its allies'),
  // within [1, kMaxRounds]: how long the fight against it is expected to last.
  double rounds = 1;
  static constexpr double kMaxRounds = 10;
};

// One attacker against one target, without allies.
Matchup matchup(const Creature& attacker, const Creature& target);

// Adds `ally`'s gains against the same target (its own matchup) to `m`,
// and shortens the expected fight by its damage rate.
void add_ally(Matchup& m, const Matchup& ally, double target_hp);

// The mean damage of one attack against `target`, rolled in `mode`; with
// `melee_critical`, every melee hit is a critical (a paralyzed target).
double expected_damage(const Attack& attack, const Creature& target,
                       RollMode mode = RollMode::Normal, bool melee_critical = false);

// The chance that one attack hits `target` (a critical included).
double hit_chance(const Attack& attack, const Creature& target, RollMode mode = RollMode::Normal);

// What `effect` imposed on the target of `m` is worth, the target repeating
// its save (when the effect allows) with success chance `repeat_success`.
double condition_value(const ConditionEffect& effect, const Matchup& m, double repeat_success);

// A value split into the damage dealt and what the conditions imposed are
// worth (for `arena replay --why`).
struct ValueParts {
  double damage = 0;
  double conditions = 0;
  double total() const { return damage + conditions; }
  ValueParts& operator+=(const ValueParts& other) {
    damage += other.damage;
    conditions += other.conditions;
    return *this;
  }
  ValueParts operator*(double factor) const { return {damage * factor, conditions * factor}; }
};

// The value of the attacks of `action`: `per_attack` (a double or
// ValueParts) summed over its attacks, times how often it makes them (the
// mean of a rolled count, as the violet fungus's 1d4 touches). Every
// valuation of an action's attacks goes through here.
template <class PerAttack>
auto action_attacks_value(const Creature& attacker, const Action& action, PerAttack per_attack) {
  decltype(per_attack(attacker.attacks.front())) total{};
  for (int a : action.attacks) total += per_attack(attacker.attacks[static_cast<std::size_t>(a)]);
  return total * action.times.mean();
}

// The mean value of `effect` for one target: its damage and conditions on
// a failed save, half the damage (or none) on a success; 0 for a target it
// spares (its creature type) and for conditions the target is immune to.
double expected_save_value(const SaveEffect& effect, const Creature& target, const Matchup& m);

// The mean value of one attack: its damage, and on a hit its riders (a
// forced save) and the conditions it imposes.
double expected_attack_value(const Attack& attack, const Creature& target, const Matchup& m);

// The same, split into damage and conditions.
ValueParts save_value_parts(const SaveEffect& effect, const Creature& target, const Matchup& m);
// `mode`: the attack roll's (advantage against a target whose conditions give it).
ValueParts attack_value_parts(const Attack& attack, const Creature& target, const Matchup& m,
                              RollMode mode = RollMode::Normal);

// A whole action of `attacker` against `target` (its areas catching up to
// `enemies` enemies), as the plan values it (plan.cpp), split; for replays,
// not for the battle loop (it computes the matchup anew).
ValueParts action_value_parts(const Creature& attacker, const Action& action,
                              const Creature& target, int enemies);

}  // namespace arena::dnd5e
