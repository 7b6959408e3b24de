// One Warmachine battle (seed 003's warjacks, played out): two forces start
// `distance` inches apart on a line. A d2 picks the first player; each
// round both players take a turn, the first player's first. In its turn a
// player's models activate in the order the file lists them, each with its
// focus for the turn (the warcaster's allocation; unspent focus is lost):
//  - a knocked-down model stands up instead of moving (it may still attack
//    or shoot, but not aim);
//  - a model within its melee range of its target (the nearest enemy; ties
//    to the earlier) makes one attack with each melee weapon (melee.hpp);
//  - "shoot_then_close": with a ranged weapon whose RNG reaches the target,
//    that could hit it (not a stealthy one beyond 5"), and no enemy
//    engaging it for that weapon (engaged(): a gunfighter shoots at 0.5"
//    and closer), it aims (stands still, +2 RAT; not in melee, where Mk III
//    forbids it: a gunfighter there shoots unaimed) and shoots;
//    it shoots each ranged weapon once (shot.hpp) that could hit: within
//    RNG, or an AOE past RNG whose deviation may still land on the target
//    (could_hit), at DEF 5 if the target is knocked down, at -4 RAT if the
//    target is in melee with another model of its side (Mk III);
//  - otherwise, with a focus to spend on it (Mk III: a warjack's charge
//    costs 1), it charges when the target is within SPD + 3 of its melee
//    range and the charge gains something: a run-up of 3" or more, after
//    which the first attack it makes gets a free damage die, or reach
//    beyond SPD (moving into range); within SPD it walks up and attacks
//    without the die instead, and so does a warjack without focus,
//    or advances up to SPD towards it, stopping at its melee range (a
//    shooter with no melee weapon where its longest shot has a hit roll:
//    at 0" it would be engaged), and
//    then ("shoot_then_close") shoots whatever could now hit, unaimed (so
//    an AOE past RNG fires after the advance, never instead of it; a model
//    standing up, which may not move, shoots so too);
//  - focus boosts hit rolls, damage rolls or both, per "boost".
// A model at 0 boxes is destroyed. The battle ends when one force is left,
// or at max_rounds (a draw), or at once as a draw (a stalemate) when no
// model left has a weapon that can damage an enemy left.
//
// Plain functions over the plan (read-only, shared) and the state (one per
// worker), templated on the dice and on the event sink (NoEvents compiles
// away; replay.cpp writes lines).
#pragma once

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "arena/tally.hpp"
#include "rules/common/rounds.hpp"
#include "rules/common/stalemate.hpp"
#include "rules/common/standing.hpp"
#include "rules/warmachine/melee.hpp"
#include "rules/warmachine/roster.hpp"
#include "rules/warmachine/shot.hpp"

namespace arena::warmachine {

inline constexpr double kChargeBonus = 3;  // inches beyond SPD a charge may move
inline constexpr double kChargeRunUp = 3;  // inches a charge must move for its free damage die
inline constexpr int kChargeFocus = 1;     // what a warjack spends to charge
inline constexpr int kAimBonus = 2;        // RAT, for standing still
inline constexpr int kIntoMelee = 4;       // off RAT, for a shot at a target in melee

// A Warmachine encounter compiled for battles; built once per run and
// shared read-only by all workers.
struct BattlePlan {
  std::vector<Warjack> models;  // indexed like Encounter::combatants
  std::vector<Model> down;      // each model as a knocked-down target (as_knocked_down)
  std::vector<int> faction;     // per model
  StandingStart standing;       // factions and their sizes
  HarmTable harms;              // who can ever damage whom (stalemates)
  double distance = 0;
  int max_rounds = 0;

  explicit BattlePlan(const Encounter& encounter);

  int model_count() const { return static_cast<int>(models.size()); }
};

struct ModelState {
  double x = 0;  // along the line, inches
  int boxes = 0;
  int focus = 0;
  bool down = false;  // knocked down
  bool destroyed = false;
  int damage_dealt = 0;
  int damage_taken = 0;
  int kills = 0;
};

struct BattleState {
  std::vector<ModelState> models;
  Standing standing;  // models not destroyed, per faction
  int round = 0;
  int first = 0;  // the first player's faction

  void reset(const BattlePlan& plan);
};

// The sink used by simulation: every event is ignored at no cost.
struct NoEvents {
  void round_begins(int /*round*/) {}
  void first_player(int /*faction*/, int /*d2*/) {}
  void turn(int /*faction*/) {}
  void stands_up(int /*model*/) {}
  // A move from `from` to `to` inches of the target (a charge or an advance).
  void moves(int /*model*/, int /*target*/, double /*from*/, double /*to*/, bool /*charge*/) {}
  // `into_melee`: at a target in melee with another model (-4).
  void shot(int /*model*/, int /*target*/, int /*weapon*/, double /*distance*/, bool /*aimed*/,
            bool /*into_melee*/, const ShotResult& /*r*/) {}
  void melee(int /*model*/, int /*target*/, int /*weapon*/, const MeleeResult& /*r*/) {}
  void destroyed(int /*model*/) {}
  void ends(const BattleOutcome& /*outcome*/) {}
};

namespace detail {

template <class Events>
class Activation {
 public:
  Activation(const BattlePlan& plan, BattleState& state, Events& events, int self)
      : plan_(plan),
        state_(state),
        events_(events),
        self_(self),
        me_(plan.models[static_cast<std::size_t>(self)]),
        my_(state.models[self]) {}

  template <class Dice>
  void play(Dice& dice) {
    const int target = nearest_enemy();
    if (target < 0) return;
    my_.focus = me_.model.focus;
    bool may_move = true;
    if (my_.down) {
      my_.down = false;
      may_move = false;
      events_.stands_up(self_);
    }
    const double reach = me_.model.melee_range();
    if (!me_.model.melee.empty() && gap(target) <= reach) {
      fight(target, false, dice);
      return;
    }
    const bool shooter = me_.policy == Policy::ShootThenClose;
    if (shooter && in_range(target)) {
      shoot_all(target, may_move && !in_melee_with_anyone(), dice);
      return;
    }
    if (!may_move) {
      if (shooter) shoot_all(target, false, dice);
      return;
    }
    const double from = gap(target);
    const double to_reach = from - reach;
    if (!me_.model.melee.empty() && to_reach <= me_.model.spd + kChargeBonus) {
      const bool charge =
          my_.focus >= kChargeFocus && (to_reach >= kChargeRunUp || to_reach > me_.model.spd);
      if (charge || to_reach <= me_.model.spd) {
        if (charge) my_.focus -= kChargeFocus;
        move_to(target, reach);
        events_.moves(self_, target, from, reach, charge);
        fight(target, charge && to_reach >= kChargeRunUp, dice);
        return;
      }
    }
    // A shooter with no melee weapon stops where its longest shot has a hit
    // roll: at its reach, 0", the target would engage it for good.
    const double stop = shooter && me_.model.melee.empty() ? shot_reach(target) : reach;
    const double to = std::max(stop, from - me_.model.spd);
    if (to < from) {  // it may already stand there
      move_to(target, to);
      events_.moves(self_, target, from, to, false);
    }
    if (shooter) shoot_all(target, false, dice);
  }

 private:
  double gap(int other) const { return std::abs(state_.models[other].x - my_.x); }

  int nearest_enemy() const {
    int best = -1;
    for (int c : state_.standing.enemies_of(plan_.faction[self_])) {
      if (best < 0 || gap(c) < gap(best)) best = c;
    }
    return best;
  }

  // The target as shots see it: DEF 5 when knocked down.
  const Model& as_target(int target) const {
    const auto index = static_cast<std::size_t>(target);
    return state_.models[target].down ? plan_.down[index] : plan_.models[index].model;
  }

  // Some ranged weapon has a hit roll on the target from here, its RNG
  // reaching it (not a stealthy target beyond 5", which it cannot hit: the
  // model closes in instead, and a blast still goes off after the move),
  // and no enemy engages this model for it: worth standing still to aim.
  bool in_range(int target) const {
    const double distance = gap(target);
    for (const RangedWeapon& w : me_.model.ranged) {
      if (!automatic_miss(w, as_target(target), distance) && !engaged_for(w)) return true;
    }
    return false;
  }

  // Engaged by or engaging a standing enemy, before it moves: in Mk III a
  // model in melee cannot aim (only a gunfighter, within 0.5", shoots there).
  bool in_melee_with_anyone() const {
    for (int c : state_.standing.enemies_of(plan_.faction[self_])) {
      if (in_melee(me_.model, plan_.models[static_cast<std::size_t>(c)].model, gap(c),
                   state_.models[c].down))
        return true;
    }
    return false;
  }

  // Mk III's shot into melee: the target is in melee with a model of the
  // shooter's side other than the shooter (a knocked-down model engages no
  // one and is engaged by no one). A gunfighter in melee with the target
  // shoots it without the penalty.
  bool in_melee_with_another(int target) const {
    const ModelState& t = state_.models[target];
    const Model& them = plan_.models[static_cast<std::size_t>(target)].model;
    if (t.down || in_melee(me_.model, them, gap(target), false)) return false;
    for (int c : state_.standing.enemies_of(plan_.faction[target])) {
      if (c != self_ && !state_.models[c].down &&
          in_melee(plan_.models[static_cast<std::size_t>(c)].model, them,
                   std::abs(state_.models[c].x - t.x), false))
        return true;
    }
    return false;
  }

  // The farthest the target may be for a shot with a hit roll on it: the
  // longest RNG, at most 5" against a stealthy target (0" with no gun).
  double shot_reach(int target) const {
    const bool stealthy = has(as_target(target).special, Special::Stealth);
    double farthest = 0;
    for (const RangedWeapon& w : me_.model.ranged)
      farthest = std::max(farthest, stealthy ? std::min(w.rng, kStealthRange) : w.rng);
    return farthest;
  }

  // No enemy engages this model for `weapon` (engaged(): a gunfighter
  // shoots at 0.5" and closer).
  bool engaged_for(const RangedWeapon& weapon) const {
    for (int c : state_.standing.enemies_of(plan_.faction[self_])) {
      if (engaged(me_.model, weapon, plan_.models[static_cast<std::size_t>(c)].model, gap(c),
                  state_.models[c].down))
        return true;
    }
    return false;
  }

  // Moves along the line to `to` inches of the target.
  void move_to(int target, double to) {
    const double toward = state_.models[target].x > my_.x ? 1.0 : -1.0;
    my_.x = state_.models[target].x - toward * to;
  }

  template <class Dice>
  void shoot_all(int target, bool aimed, Dice& dice) {
    for (std::size_t w = 0; w < me_.model.ranged.size(); ++w) {
      ModelState& t = state_.models[target];
      if (t.destroyed) return;
      const Model& them = as_target(target);
      const RangedWeapon& weapon = me_.model.ranged[w];
      const double distance = gap(target);
      if (!could_hit(weapon, them, distance) || engaged_for(weapon)) continue;
      const bool into_melee = in_melee_with_another(target);  // a shot may knock it down
      const ShotResult r = shoot(me_.model, weapon, them, distance, my_.focus, me_.boost, t.down,
                                 dice, (aimed ? kAimBonus : 0) - (into_melee ? kIntoMelee : 0));
      my_.focus -= r.focus_spent;
      t.down = r.knocked_down;
      if (r.pushed > 0) t.x += (t.x >= my_.x ? 1.0 : -1.0) * r.pushed;
      events_.shot(self_, target, static_cast<int>(w), distance, aimed, into_melee, r);
      wound(target, r.damage);
    }
  }

  template <class Dice>
  void fight(int target, bool charge, Dice& dice) {
    const Model& them = plan_.models[static_cast<std::size_t>(target)].model;
    bool charge_die = charge;  // the first attack actually made
    for (std::size_t w = 0; w < me_.model.melee.size(); ++w) {
      ModelState& t = state_.models[target];
      if (t.destroyed) return;
      const MeleeWeapon& weapon = me_.model.melee[w];
      if (gap(target) > weapon.rng) continue;
      const MeleeResult r =
          melee_attack(me_.model, weapon, them, t.down, my_.focus, me_.boost, charge_die, dice);
      charge_die = false;
      my_.focus -= r.focus_spent;
      t.down = r.knocked_down;
      events_.melee(self_, target, static_cast<int>(w), r);
      wound(target, r.damage);
    }
  }

  void wound(int target, int damage) {
    ModelState& t = state_.models[target];
    const int lost = std::min(damage, t.boxes);
    t.boxes -= lost;
    t.damage_taken += lost;
    my_.damage_dealt += lost;
    if (t.boxes > 0 || t.destroyed) return;
    t.destroyed = true;
    ++my_.kills;
    state_.standing.drops(target);
    events_.destroyed(target);
  }

  const BattlePlan& plan_;
  BattleState& state_;
  Events& events_;
  int self_;
  const Warjack& me_;
  ModelState& my_;
};

template <class Dice, class Events>
void play_turn(const BattlePlan& plan, BattleState& state, int faction, Dice& dice,
               Events& events) {
  events.turn(faction);
  for (int c = 0; c < plan.model_count(); ++c) {
    if (plan.faction[c] != faction || state.models[c].destroyed) continue;
    Activation<Events>(plan, state, events, c).play(dice);
    if (state.standing.factions() <= 1) return;
  }
}

}  // namespace detail

// Plays one battle into `state` (reset here) and returns how it ended.
template <class Dice, class Events = NoEvents>
BattleOutcome play_battle(const BattlePlan& plan, BattleState& state, Dice& dice,
                          Events&& events = Events{}) {
  state.reset(plan);
  const int d2 = dice.roll(2);
  state.first = d2 - 1;
  events.first_player(state.first, d2);
  return play_rounds(
      plan.max_rounds, state, events,
      [&] {
        detail::play_turn(plan, state, state.first, dice, events);
        if (state.standing.factions() > 1)
          detail::play_turn(plan, state, 1 - state.first, dice, events);
      },
      [&] { return plan.harms.stalled(plan.standing, state.standing); });
}

}  // namespace arena::warmachine
