// Dice expressions kept flat for a battle plan: every term of an encounter
// in one array, each expression a constant and a run of it. A plan reads
// them without a pointer hop per expression, and rolls them with the dice
// passed in. Plain values; thread-safe to read.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "arena/dice.hpp"

namespace arena {

// A run of elements of one of a plan's flat arrays.
struct Slice {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};

// The elements of `array` that `s` designates.
template <class T>
std::span<const T> slice_of(const std::vector<T>& array, Slice s) {
  return {array.data() + s.first, s.count};
}

// The slice from `first` to the end of `array`: what was just appended.
template <class T>
Slice slice_from(const std::vector<T>& array, std::size_t first) {
  return {static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(array.size() - first)};
}

// A dice expression whose terms are the `terms` slice of a plan's terms.
struct FlatDice {
  int constant = 0;
  Slice terms;
  // When the dice are one term whose every die counts, added (a weapon's
  // 1d8, a level's 3d10, as most are): its dice, rolled without a walk of
  // the terms. 0 otherwise.
  int plain_count = 0;
  int plain_sides = 0;
  bool has_dice() const { return terms.count > 0; }
};

// Appends the terms of `expr` to `terms` and returns it flat.
inline FlatDice flatten(const DiceExpr& expr, std::vector<DiceTerm>& terms) {
  const std::size_t first = terms.size();
  terms.insert(terms.end(), expr.terms().begin(), expr.terms().end());
  FlatDice flat{expr.flat(), slice_from(terms, first)};
  if (expr.terms().size() == 1) {
    const DiceTerm& term = expr.terms().front();
    if (term.keep == term.count && !term.negative) {
      flat.plain_count = term.count;
      flat.plain_sides = term.sides;
    }
  }
  return flat;
}

// `total` plus `count` dice of `sides`.
template <class Dice>
[[gnu::always_inline]] inline int add_dice(int total, int count, int sides, Dice& dice) {
  for (int i = 0; i < count; ++i) total += dice.roll(sides);
  return total;
}

// Rolls `expr`, whose terms are in `terms`.
template <class Dice>
[[gnu::always_inline]] inline int roll_flat(const std::vector<DiceTerm>& terms,
                                            const FlatDice& expr, Dice& dice) {
  if (expr.plain_count > 0)  // the same dice as roll_terms draws, in the same order
    return add_dice(expr.constant, expr.plain_count, expr.plain_sides, dice);
  return expr.constant + roll_terms(slice_of(terms, expr.terms), dice);
}

// `expr` rolled with its dice twice when `critical` (its constant once), as
// a 5e critical hit rolls them. Plain dice are rolled without the walk of
// the terms, the same dice in the same order. (Rolling twice their count
// instead of branching on the rare critical made the trip count of the
// loop vary, and it counted more instructions and mispredicts.)
template <class Dice>
[[gnu::always_inline]] inline int roll_flat_critical(const std::vector<DiceTerm>& terms,
                                                     const FlatDice& expr, bool critical,
                                                     Dice& dice) {
  if (expr.plain_count > 0) {
    const int once = add_dice(expr.constant, expr.plain_count, expr.plain_sides, dice);
    return critical ? add_dice(once, expr.plain_count, expr.plain_sides, dice) : once;
  }
  const std::span<const DiceTerm> run = slice_of(terms, expr.terms);
  const int once = expr.constant + roll_terms(run, dice);
  return critical ? once + roll_terms(run, dice) : once;
}

// The start of a battle: each creature's hit points rolled from its plan
// entry's `hp` dice into its state's `hp` and `max_hp`, in creature order.
template <class PlanCreatures, class StateCreatures, class Dice>
void roll_hit_points(const std::vector<DiceTerm>& terms, const PlanCreatures& plan,
                     StateCreatures& state, Dice& dice) {
  for (std::size_t c = 0, count = plan.size(); c < count; ++c) {
    const int hp = roll_flat(terms, plan[c].hp, dice);
    state[c].hp = hp;
    state[c].max_hp = hp;
  }
}

}  // namespace arena
