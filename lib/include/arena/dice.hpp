// Dice expressions: parsed once, rolled millions of times.
//
// Grammar (whitespace allowed between tokens):
//   damage := dice [TYPE] { ('+' | ',') dice TYPE }   e.g. "1d8+3 slashing + 2d6 fire"
//   dice   := ['-'] term { ('+' | '-') term }
//   term   := [COUNT] 'd' SIDES [('kh' | 'kl') KEEP] | NUMBER
// "d20" means "1d20"; "4d6kh3" keeps the three highest of four d6.
//
// Limits (errors past them): kMaxDice dice per term, kMaxSides sides, kMaxTerms
// terms per expression, constants within +-kMaxConstant. Together they keep
// an expression's total inside an int. A damage list's parts add up to at
// most kMaxDamage, so that a hit's total stays inside an int too when a
// ruleset doubles it (a 5e critical doubles the dice, a vulnerability the
// damage) and adds its extra damage.
//
// A DiceExpr is an immutable value; rolling it does not allocate and takes the
// dice source as a template parameter (Rng in production, ScriptedDice in
// tests). Thread-safe for concurrent rolls with separate dice sources.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arena/check.hpp"
#include "arena/damage_type.hpp"
#include "arena/expected.hpp"

namespace arena {

inline constexpr int kMaxDice = 1000;
inline constexpr int kMaxSides = 10000;
inline constexpr int kMaxTerms = 16;
inline constexpr int kMaxConstant = 1000000;
inline constexpr int kMaxDamage = 100'000'000;

// A problem in a dice expression, at a 1-based column of the text.
struct DiceError {
  int column = 1;
  std::string message;
  bool operator==(const DiceError&) const = default;
};

// COUNTdSIDES, keeping the `keep` highest (or lowest) dice, added or subtracted.
struct DiceTerm {
  int count = 1;
  int sides = 6;
  int keep = 1;              // == count when every die counts
  bool keep_lowest = false;  // kl instead of kh
  bool negative = false;     // subtracted from the total
  bool operator==(const DiceTerm&) const = default;
};

// Rolls one term (its kept dice added up, before its sign).
template <class Dice>
int roll_term(const DiceTerm& term, Dice& dice);

// Rolls a sequence of terms, signs applied, in order: the dice of a DiceExpr
// without its constant. Takes a span so that the battle loop can roll terms
// kept in one flat array (rules/common/flat_dice.hpp's FlatDice).
template <class Dice>
[[gnu::always_inline]] inline int roll_terms(std::span<const DiceTerm> terms, Dice& dice) {
  int total = 0;
  for (const DiceTerm& term : terms) {
    const int value = roll_term(term, dice);
    total += term.negative ? -value : value;
  }
  return total;
}

class DiceExpr {
 public:
  DiceExpr() = default;  // the constant 0
  static DiceExpr constant(int value);

  // Parses an expression without a damage type.
  static Expected<DiceExpr, DiceError> parse(std::string_view text);

  const std::vector<DiceTerm>& terms() const { return terms_; }
  int flat() const { return constant_; }
  bool is_constant() const { return terms_.empty(); }

  // This expression with `delta` added to its constant (an ability modifier).
  DiceExpr plus(int delta) const {
    DiceExpr copy = *this;
    copy.constant_ += delta;
    return copy;
  }

  int min() const;
  int max() const;
  double mean() const;  // exact, keep terms included

  // Canonical text: "2d6+3", "4d6kh3", "1d4-1", "7".
  std::string to_string() const;

  // Rolls the whole expression.
  template <class Dice>
  int roll(Dice& dice) const {
    return constant_ + roll_dice(dice);
  }

  // Rolls only the dice, without the constant: a 5e critical adds this once more.
  template <class Dice>
  int roll_dice(Dice& dice) const {
    return roll_terms(terms_, dice);
  }

  bool operator==(const DiceExpr&) const = default;

 private:
  friend class DiceParser;

  std::vector<DiceTerm> terms_;
  int constant_ = 0;
};

// A term that keeps some of its dice (kh/kl).
template <class Dice>
int roll_kept_term(const DiceTerm& term, Dice& dice);

template <class Dice>
[[gnu::always_inline]] inline int roll_term(const DiceTerm& term, Dice& dice) {
  if (term.keep != term.count) return roll_kept_term(term, dice);
  // Every die counts: the common case, small enough to inline into the battle loop.
  int sum = 0;
  for (int i = 0; i < term.count; ++i) sum += dice.roll(term.sides);
  return sum;
}

template <class Dice>
[[gnu::noinline]] int roll_kept_term(const DiceTerm& term, Dice& dice) {
  if (term.keep == 1) {  // advantage and disadvantage: no buffer needed
    int best = dice.roll(term.sides);
    for (int i = 1; i < term.count; ++i) {
      const int value = dice.roll(term.sides);
      best = term.keep_lowest ? std::min(best, value) : std::max(best, value);
    }
    return best;
  }
  if (term.keep == term.count - 1) {  // 4d6kh3: drop one die, no buffer needed
    int sum = 0;
    int dropped = term.keep_lowest ? 0 : term.sides + 1;
    for (int i = 0; i < term.count; ++i) {
      const int value = dice.roll(term.sides);
      sum += value;
      dropped = term.keep_lowest ? std::max(dropped, value) : std::min(dropped, value);
    }
    return sum - dropped;
  }
  int rolled[kMaxDice];
  for (int i = 0; i < term.count; ++i) rolled[i] = dice.roll(term.sides);
  // Move the kept dice to the front, then add them up.
  if (term.keep_lowest) {
    std::nth_element(rolled, rolled + term.keep - 1, rolled + term.count);
  } else {
    std::nth_element(rolled, rolled + term.keep - 1, rolled + term.count, std::greater<>());
  }
  int sum = 0;
  for (int i = 0; i < term.keep; ++i) sum += rolled[i];
  return sum;
}

// One typed part of a damage roll: "2d6 fire".
struct DamageDice {
  DiceExpr dice;
  DamageType type = DamageType::Untyped;
  bool operator==(const DamageDice&) const = default;
};

// Parses a damage expression: one or more dice expressions, each with a
// damage type ("1d8+3 slashing + 2d6 fire"); a single untyped one is allowed.
// Its parts add up to at most kMaxDamage (damage_reach).
Expected<std::vector<DamageDice>, DiceError> parse_damage(std::string_view text);

// The most that `parts` can add up to: each part's largest total, or its
// lowest by size when that is larger (a total below zero).
std::int64_t damage_reach(std::span<const DamageDice> parts);

// "1d8+3 slashing + 2d6 fire": the canonical text of a damage expression.
std::string to_string(const std::vector<DamageDice>& damage);

}  // namespace arena
