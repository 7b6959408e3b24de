// The battlefield's rules of reach and range, as plain functions over the
// plan and the state (no dice):
//   - a melee attack reaches a target within its reach (5 ft, 10 for reach
//     weapons and stat blocks that list it);
//   - a ranged attack reaches a target within its long range, with
//     disadvantage beyond its normal range, and with disadvantage while a
//     hostile creature that can act is within 5 ft of the attacker; nothing
//     beyond the long range (a ranged attack without a range reaches any
//     distance);
//   - an action can be taken against a target when all its attacks reach it
//     and its areas can be aimed to catch it (field_area.hpp's area_limit();
//     a save effect without an area, or a sphere, reaches any distance, but
//     an Engulf only a target beside the cube).
// Only battle code compiled for a battlefield (Field, turn.hpp) calls these.
#pragma once

#include <algorithm>
#include <climits>
#include <optional>

#include "rules/dnd5e/field_area.hpp"
#include "rules/dnd5e/plan.hpp"
#include "rules/dnd5e/state.hpp"

namespace arena::dnd5e::detail {

// Feet between creatures `a` and `b`. A swallowed creature is inside its
// swallower (it has no squares of its own: swallow()): 0 ft from it, and
// as far from the others as its swallower is.
inline int feet_between(const BattlePlan& plan, const BattleState& state, int a, int b) {
  if (plan.any_swallower) [[unlikely]] {
    const int inside_a = swallower_of(state, a), inside_b = swallower_of(state, b);
    if (inside_a == b || inside_b == a) return 0;
    if (inside_a >= 0) a = inside_a;
    if (inside_b >= 0) b = inside_b;
  }
  return space::distance_feet(state.field.at[a], state.field.at[b], plan.field.diagonals);
}

// Whether `foot` is on the field and clear of every living creature but `self`.
inline bool free_for(const BattlePlan& plan, const BattleState& state, int self,
                     const space::Footprint& foot) {
  if (!space::on_field(foot, plan.field.width, plan.field.height)) return false;
  const auto clear = [&](int x, int y) {
    const int c = state.field.occupant[FieldState::square_index(plan.field, {x, y})];
    return c < 0 || c == self || state.combatants[c].dead;
  };
  if (foot.side == 1) return clear(foot.at.x, foot.at.y);  // most creatures: one square
  for (int y = foot.at.y; y < foot.at.y + foot.side; ++y) {
    for (int x = foot.at.x; x < foot.at.x + foot.side; ++x) {
      if (!clear(x, y)) return false;
    }
  }
  return true;
}

// The footprint of side `side` nearest to `near` (ring by ring, row by row
// within a ring) that is free for `self`, or nullopt when the field has none.
inline std::optional<space::Footprint> nearest_free(const BattlePlan& plan,
                                                    const BattleState& state, int self,
                                                    const space::Footprint& near, int side) {
  const int rings = std::max(plan.field.width, plan.field.height);
  for (int r = 1; r <= rings; ++r) {
    for (int y = near.at.y - r; y <= near.at.y + near.side - 1 + r; ++y) {
      for (int x = near.at.x - r; x <= near.at.x + near.side - 1 + r; ++x) {
        const space::Footprint foot{{x, y}, side};
        if (space::distance_feet(foot, near, space::Diagonals::Phb) != r * space::kFeetPerSquare)
          continue;  // inside the ring: looked at before
        if (free_for(plan, state, self, foot)) return foot;
      }
    }
  }
  return std::nullopt;
}

// On a battlefield, a creature swallowed leaves its squares for its
// swallower's insides (feet_between measures from there).
inline void enter_swallower(const BattlePlan& plan, BattleState& state, int creature) {
  if (plan.field.enabled) state.field.unmark(plan.field, creature);
}

// On a battlefield, a creature out of its swallower (escaped, regurgitated,
// or the swallower dropped) stands on the free squares nearest it. On a
// field with none free it stays where it was swallowed, holding no square
// (marking them would take another's).
inline void leave_swallower(const BattlePlan& plan, BattleState& state, int creature,
                            int swallower) {
  if (!plan.field.enabled) return;
  space::Footprint& at = state.field.at[creature];
  if (const auto out = nearest_free(plan, state, creature, state.field.at[swallower], at.side)) {
    at = *out;
    state.field.mark(plan.field, at, creature);
  }
}

inline const FieldAttack& field_attack(const BattlePlan& plan, const PlanAttack& attack) {
  return plan.field.attacks[static_cast<std::size_t>(&attack - plan.attacks.data())];
}

// The farthest a target can be for `attack` to reach it at all.
inline int attack_limit(const FieldAttack& attack) {
  if (attack.melee) return attack.reach;
  return attack.longest > 0 ? attack.longest : INT_MAX;
}

// The farthest a target can be for `attack` without disadvantage from range.
inline int attack_comfort(const FieldAttack& attack) {
  if (attack.melee) return attack.reach;
  return attack.normal > 0 ? attack.normal : attack_limit(attack);
}

// The farthest a target can be for every attack of `action` to reach it
// (`comfort`: without disadvantage from range) and every area to catch it.
// INT_MAX without either. Measured once per encounter (BattlePlan's
// constructor keeps it in FieldPlan::action_limits): the turn asks it
// several times per action.
inline int measure_action_limit(const BattlePlan& plan, int self, const PlanAction& action,
                                bool comfort) {
  int limit = INT_MAX;
  for (int a : plan.parts_of(action.attacks)) {
    const FieldAttack& attack =
        plan.field.attacks[plan.creatures[self].first_attack + static_cast<std::uint32_t>(a)];
    limit = std::min(limit, comfort ? attack_comfort(attack) : attack_limit(attack));
  }
  for (int s : plan.parts_of(action.saves)) {
    const PlanSaveEffect& effect = plan.save_effect(self, s);
    limit = std::min(limit, area_limit(field_area_of(plan, effect)));
    // An Engulf moves the cube into its target's space: from beside it.
    if (effect.imposes.contains(Condition::Swallowed))
      limit = std::min(limit, space::kFeetPerSquare);
  }
  return limit;
}

// measure_action_limit(), as the plan keeps it.
inline int action_limit(const BattlePlan& plan, int /*self*/, const PlanAction& action,
                        bool comfort) {
  return plan.field
      .action_limits[static_cast<std::size_t>(&action - plan.actions.data())][comfort ? 1 : 0];
}

// Whether attack `index` of `self` reaches `target` from where they stand.
inline bool attack_reaches(const BattlePlan& plan, const BattleState& state, int self, int target,
                           int index) {
  const FieldAttack& attack =
      plan.field.attacks[plan.creatures[self].first_attack + static_cast<std::uint32_t>(index)];
  return feet_between(plan, state, self, target) <= attack_limit(attack);
}

// The conditions under which a hostile beside a shooter does not hamper
// it: "a hostile creature who can see you and who isn't incapacitated" (SRD).
inline constexpr ConditionSet kNoThreatBeside =
    kIncapacitating | ConditionSet::of({Condition::Blinded});

// Whether a hostile creature that can act, sees and is not incapacitated
// stands within 5 ft of `self`: on a square around its own (both diagonal
// rules count a first diagonal as 5 ft). The squares are looked up on the
// field (FieldState::occupant) rather than every enemy's distance
// measured: eight look-ups for a creature of one square.
inline bool hostile_adjacent(const BattlePlan& plan, const BattleState& state, int self) {
  const space::Footprint& me = state.field.at[self];
  const int faction = plan.creatures[self].faction;
  const int x0 = std::max(me.at.x - 1, 0), x1 = std::min(me.at.x + me.side, plan.field.width - 1);
  const int y0 = std::max(me.at.y - 1, 0), y1 = std::min(me.at.y + me.side, plan.field.height - 1);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      const int c = state.field.occupant[FieldState::square_index(plan.field, {x, y})];
      if (c >= 0 && plan.creatures[c].faction != faction && state.combatants[c].can_act() &&
          (!plan.full_rules || !state.rules[c].conditions.any_of(kNoThreatBeside)))
        return true;
    }
  }
  return false;
}

// Whether another creature of `attacker`'s faction that can act (conscious,
// not incapacitated) stands within 5 ft of `target`: the ally of Pack
// Tactics, Sneak Attack and Martial Advantage. Full rules only (conditions).
inline bool ally_beside(const BattlePlan& plan, const BattleState& state, int attacker,
                        int target) {
  const int faction = plan.creatures[attacker].faction;
  for (int c = 0; c < plan.creature_count(); ++c) {
    if (c == attacker || plan.creatures[c].faction != faction || state.combatants[c].hp <= 0 ||
        state.rules[c].conditions.any_of(kIncapacitating))
      continue;
    if (feet_between(plan, state, c, target) <= space::kFeetPerSquare) return true;
  }
  return false;
}

// Whether the battlefield gives `attack` from `attacker` against `target`
// disadvantage: a ranged attack beyond its normal range, or with a hostile
// creature beside the attacker. One source among the others of the roll
// (condition_rules.hpp's attack_mode): advantage and disadvantage cancel
// however many of each there are.
inline bool field_disadvantage(const BattlePlan& plan, const BattleState& state, int attacker,
                               int target, const PlanAttack& attack) {
  if (attack.melee) return false;
  return feet_between(plan, state, attacker, target) > attack_comfort(field_attack(plan, attack)) ||
         hostile_adjacent(plan, state, attacker);
}

// Whether `self`'s charge is ready against `target`.
inline bool charge_ready(const BattlePlan& plan, const BattleState& state, int self, int target) {
  const FieldCharge& charge = plan.field.creatures[self].charge;
  return charge.distance > 0 && state.field.charger == self &&
         state.field.charge_target == target && state.field.charge_feet >= charge.distance;
}

// Whether attack `attack_index` of `attacker` on `target` is its charge
// (the full rules only: a charge makes the encounter play them,
// FieldPlan::needs_full_rules).
template <bool Full>
bool charging(const BattlePlan& plan, const BattleState& state, int attacker, int target,
              int attack_index) {
  if constexpr (!Full) return false;
  return charge_ready(plan, state, attacker, target) &&
         plan.field.creatures[attacker].charge.attack == attack_index;
}

}  // namespace arena::dnd5e::detail
