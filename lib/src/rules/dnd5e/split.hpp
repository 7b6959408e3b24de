// Split (the black pudding's and the ochre jelly's reaction, reactions.hpp
// offers it): a creature of at least Medium size that is subjected to
// lightning or slashing damage (dealt or not: an immunity stops the damage,
// not the split) and still has 10 hit points or more splits into two new
// creatures, each with half its hit points (rounded down) and one size
// smaller. Here it keeps one half itself, on the corner square of its old
// footprint, and the other half is one of its group's absent combatants
// (FieldCreature::split_first), which joins the battle on the nearest free
// square: fresh, its reaction spent like the splitter's, acting on its own
// initiative from the next round. Only on a battlefield, where the encounter
// has the slots (Combatant::joins_later).
#pragma once

#include "rules/dnd5e/field_rules.hpp"

namespace arena::dnd5e::detail {

// The first absent slot of `self`'s group, or -1 when every one has joined.
inline int split_slot(const BattlePlan& plan, const BattleState& state, int self) {
  const FieldCreature& me = plan.field.creatures[self];
  for (int c = me.split_first; c < me.split_first + me.split_slots; ++c) {
    if (state.combatants[c].absent) return c;
  }
  return -1;
}

// `self` splits: it keeps half its hit points, one size smaller, and
// `slot` joins with the other half beside it. Returns false (nothing
// changes) when no square is free for the new half.
template <class Events>
bool split(const BattlePlan& plan, BattleState& state, int self, int slot, Events& events) {
  const int size = state.field.size[self] - 1;
  const int side = space::squares_for_size(kSizeNames[size]);
  const space::Footprint smaller{state.field.at[self].at, side};
  // Its own squares beyond `smaller` count as free: it is leaving them.
  const std::optional<space::Footprint> beside = nearest_free(plan, state, self, smaller, side);
  if (!beside) return false;
  state.field.move(plan.field, self, smaller);
  CombatantState& me = state.combatants[self];
  const int half = me.hp / 2;
  me.hp = me.max_hp = half;
  state.field.size[self] = static_cast<std::int8_t>(size);
  CombatantState& other = state.combatants[slot];
  other = CombatantState{};
  other.hp = other.max_hp = half;
  state.rules[slot] = plan.rules_start[slot];
  state.field.size[slot] = static_cast<std::int8_t>(size);
  state.field.reacted[slot] = 1;
  state.field.at[slot] = *beside;
  state.field.mark(plan.field, *beside, slot);
  state.standing.rises(slot);
  state.turns_stale = true;
  events.joins(slot, self);
  return true;
}

}  // namespace arena::dnd5e::detail
