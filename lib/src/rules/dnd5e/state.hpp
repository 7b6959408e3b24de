// BattleState: the mutable state of one battle in progress, a plain value.
//
// Each worker owns one BattleState and reuses it for every battle it plays
// (reset() does not allocate once the vectors have their size), so the hot
// loop never touches the heap. Creatures are addressed by their index in
// Encounter::creatures. Not thread-safe; one per worker.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "arena/tally.hpp"
#include "rules/common/standing.hpp"
#include "rules/dnd5e/conditions.hpp"
#include "rules/dnd5e/field_plan.hpp"

namespace arena::dnd5e {

struct BattlePlan;

// A condition on a creature, as the full rules track it (conditions.hpp).
struct ActiveCondition {
  Condition condition = Condition::Prone;
  std::int8_t rounds_left = 0;  // 0: no limit
  bool repeat_save = false;
  bool ends_with_source = false;
  Ability ability = Ability::Con;  // of the repeated save
  std::int16_t dc = 0;
  std::int16_t source = -1;      // the creature that imposed it
  bool immunity_on_end = false;  // its end makes the creature immune to its source's effect
  bool ends_on_damage = false;   // ConditionEffect::ends_on_damage
  bool save_on_damage = false;   // ConditionEffect::save_on_damage
  bool worsens = false;          // ConditionEffect::worsens
  Condition worsens_to = Condition::Petrified;
  bool operator==(const ActiveCondition&) const = default;
};
inline constexpr int kMaxActiveConditions = 6;  // more at once are not imposed
inline constexpr int kMaxImmunities = 4;  // sources a creature is immune to; more are not kept

// What the full rules (BattlePlan::full_rules) track per creature, apart
// from CombatantState so that plain battles do not carry it.
struct RulesState {
  ConditionSet conditions;  // those of `active`
  std::int8_t active_count = 0;
  std::array<ActiveCondition, kMaxActiveConditions> active{};
  bool reckless = false;              // attacks against it have advantage until its turn
  bool regeneration_blocked = false;  // took damage that stops its regeneration
  bool relentless_used = false;
  // The turn (BattleState::full_turns) in which it last dealt Martial
  // Advantage or Sneak Attack: once per turn, its own or another's (an
  // opportunity attack), so a number rather than a flag its turn clears.
  int extra_damage_turn = -1;
  std::int8_t legendary_left = 0;
  std::int8_t legendary_resistance_left = 0;
  // The creatures whose effects with SaveEffect::immunity_after_success it
  // is immune to (it saved against one, or its condition ended).
  std::int8_t immune_count = 0;
  std::array<std::int16_t, kMaxImmunities> immune_to{};
  bool burst_pending = false;   // died with a Death Burst not yet forced
  int inside_damage = 0;        // swallowed: damage it dealt its swallower this turn
  std::int8_t action_hits = 0;  // hits of the action it is taking (a shambling mound's Engulf)
  bool operator==(const RulesState&) const = default;
};

struct CombatantState {
  int hp = 0;
  int max_hp = 0;
  bool dead = false;
  bool stable = false;  // a PC at 0 HP who no longer rolls death saves
  std::int8_t death_successes = 0;
  std::int8_t death_failures = 0;
  // This battle's figures, for the tally.
  int damage_dealt = 0;  // hit points removed from enemies (overkill not counted)
  int damage_taken = 0;  // hit points lost
  int knockouts = 0;     // enemies its damage took to 0 HP
  int dropped_by = -1;   // whose damage last took it to 0 HP: the kill's credit

  bool regenerating_at_zero = false;  // at 0 HP and not dead: a troll that may get up
  // Not (yet) in the battle: a combatant that may join (FieldPlan::joining).
  // It is also `dead`, so that every rule passes it by until it joins.
  bool absent = false;

  // In the fight: alive and conscious (or a troll at 0 HP that may get up),
  // so it can be targeted and its faction is not out. Incapacitated
  // creatures are in the fight but lose their turns.
  bool can_act() const { return hp > 0 || regenerating_at_zero; }
  bool operator==(const CombatantState&) const = default;
};

struct BattleState {
  std::vector<CombatantState> combatants;  // indexed like Encounter::creatures
  std::vector<int> order;                  // initiative order of creature indices
  std::vector<int> turns;  // this round's turns, its first turn_count: `order` without the dead
  int turn_count = 0;
  bool turns_stale = false;        // someone died since `turns` was listed
  std::vector<int> initiative;     // per creature: its initiative key, set as it rolls (battle.hpp)
  Standing standing;               // who can act, per faction and as targets
  std::vector<int> focus;          // per faction: the focus target, -1 when none
  std::vector<RulesState> rules;   // per creature, with the full rules only
  std::vector<int> resource_uses;  // per creature resource (BattlePlan::first_resource)
  std::vector<int> scratch;        // area targets being drawn
  // After the battle (aftermath.hpp): the PCs down at its end, in creature
  // order, and the creatures whose turns can still matter, in initiative order.
  std::vector<int> down_after;
  std::vector<int> acting_after;
  FieldState field;             // on a battlefield only
  bool bursts_pending = false;  // some creature's RulesState::burst_pending
  int full_turns = 0;           // turns begun, with the full rules (RulesState::extra_damage_turn)
  int ended_on = -1;  // whose turn ended the battle (-1: a round did): the aftermath's next
  int round = 0;

  // Sizes the vectors for the plan's encounter (allocating only the first
  // time) and clears them: every creature standing, HP still to be set.
  void reset(const BattlePlan& plan);
  // Once the hit points are set: the combatants that may join the battle
  // (FieldPlan::joining) are out of it until they do (split.hpp).
  void leave_out_joining(const BattlePlan& plan);
  bool operator==(const BattleState&) const = default;
};

namespace detail {

// At 0 HP and alive: a PC down, unconscious (a troll at 0 HP is still in
// the fight). Who is down after a battle is chance, so the three tests are
// one (bitwise, not short-circuit: no branch to mispredict).
inline bool is_down(const CombatantState& c) {
  return (c.hp == 0) & !c.dead & !c.regenerating_at_zero;
}

// The creature that gave `creature` `condition` (the first, when several
// did), or -1. Full rules only (BattleState::rules).
inline int source_of(const BattleState& state, int creature, Condition condition) {
  const RulesState& c = state.rules[creature];
  if (!c.conditions.contains(condition)) return -1;
  for (int i = 0; i < c.active_count; ++i) {
    if (c.active[i].condition == condition) return c.active[i].source;
  }
  return -1;
}

// The creature that swallowed `creature`, or -1.
inline int swallower_of(const BattleState& state, int creature) {
  return source_of(state, creature, Condition::Swallowed);
}

}  // namespace detail

}  // namespace arena::dnd5e
