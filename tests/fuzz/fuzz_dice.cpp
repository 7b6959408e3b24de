// libFuzzer target: the dice parser (DiceExpr::parse and parse_damage) on
// arbitrary text, and what a parsed expression promises:
//   - errors: the column lies within [1, text.size() + 1] and there is a message;
//   - to_string() parses back to the same expression (up to the kh/kl flag of
//     a term that keeps every die, see same_dice) and to the same text;
//   - min() <= max(), and rolls with Rng(1, 0) stay within [min, max];
//   - for small expressions, DiceDistribution::of succeeds, spans exactly
//     [min, max], its probabilities are not negative (beyond rounding) and
//     sum to 1 (1e-9), and its mean equals DiceExpr::mean() (1e-6).
// A violated invariant prints what broke and aborts, which libFuzzer reports as
// a crash with the input saved.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "arena/dice.hpp"
#include "arena/dice_distribution.hpp"
#include "arena/rng.hpp"

namespace {

[[noreturn]] void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "fuzz_dice: invariant violated: %s\n  %.*s\n", what,
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

// Equality up to what no roll can observe: a term that keeps all of its dice
// is the same whether it says kh or kl ("4d6kl4" prints and re-parses as
// "4d6", whose keep_lowest flag is false). DiceTerm's operator== compares the
// flag too, so strict equality fails for "4d6kl4".
bool same_dice(const arena::DiceExpr& a, const arena::DiceExpr& b) {
  if (a.flat() != b.flat() || a.terms().size() != b.terms().size()) return false;
  for (std::size_t i = 0; i < a.terms().size(); ++i) {
    arena::DiceTerm x = a.terms()[i];
    arena::DiceTerm y = b.terms()[i];
    if (x.keep == x.count) x.keep_lowest = false;
    if (y.keep == y.count) y.keep_lowest = false;
    if (!(x == y)) return false;
  }
  return true;
}

void check_error(const arena::DiceError& error, std::string_view text) {
  if (error.column < 1 || static_cast<std::size_t>(error.column) > text.size() + 1) {
    fail("error column outside [1, size + 1]", error.message);
  }
  if (error.message.empty()) fail("error without a message", text);
}

// Estimated multiply-adds of DiceDistribution::of (the same model the library
// uses to refuse huge expressions), so that only quick ones are computed here.
double distribution_work(const arena::DiceExpr& expr) {
  double work = 0;
  double support = 1;
  for (const arena::DiceTerm& term : expr.terms()) {
    const double term_support = static_cast<double>(term.keep) * term.sides;
    work += term.keep == term.count ? term.count * term_support
                                    : static_cast<double>(term.sides) * (term.count + 1) *
                                          (term.count + 1) * term_support;
    work += support * term_support;
    support += term_support;
  }
  return work;
}

void check_dice(const arena::DiceExpr& expr) {
  const std::string text = expr.to_string();
  const auto again = arena::DiceExpr::parse(text);
  if (!again) fail("to_string() does not parse", text + " -> " + again.error().message);
  if (!same_dice(*again, expr)) fail("to_string() parses to a different expression", text);
  if (again->to_string() != text) fail("to_string() is not a fixed point", text);

  const int low = expr.min();
  const int high = expr.max();
  if (low > high) fail("min() > max()", text);
  arena::Rng rng(1, 0);
  for (int i = 0; i < 8; ++i) {
    const int total = expr.roll(rng);
    if (total < low || total > high) fail("a roll is outside [min, max]", text);
    const int dice = expr.roll_dice(rng);
    if (dice + expr.flat() < low || dice + expr.flat() > high)
      fail("roll_dice() + flat() outside [min, max]", text);
  }

  // Small enough for an exact distribution (and for DiceExpr::mean(), which
  // computes one for every keep term: it is not cheap on large keep terms).
  long long dice_faces = 0;
  for (const arena::DiceTerm& term : expr.terms())
    dice_faces += static_cast<long long>(term.count) * term.sides;
  if (dice_faces > 2000 || distribution_work(expr) > 2e6) return;
  const auto distribution = arena::DiceDistribution::of(expr);
  if (!distribution)
    fail("no distribution for a small expression", text + ": " + distribution.error());
  if (distribution->min() != low || distribution->max() != high) {
    fail("distribution's [min, max] differs from the expression's", text);
  }
  double sum = 0;
  for (double p : distribution->probabilities()) {
    // Not `p >= 0`: the sliding-window sum of sum_of_dice() leaves rounding
    // residue of about -1e-17 in the far tails (10d61 gives P(610) = -1.7e-18;
    // the truth is 61^-10 = 1.4e-18). Only NaN or a real error fails here.
    if (!(p >= -1e-12)) fail("negative or NaN probability", text);
    sum += p;
  }
  if (!(std::fabs(sum - 1.0) <= 1e-9)) fail("probabilities do not sum to 1", text);
  if (!(std::fabs(distribution->mean() - expr.mean()) <= 1e-6)) {
    fail("distribution mean differs from DiceExpr::mean()", text);
  }
}

void check_damage(const std::vector<arena::DamageDice>& damage) {
  if (damage.empty()) fail("parse_damage succeeded with no parts", "");
  const std::string text = arena::to_string(damage);
  const auto again = arena::parse_damage(text);
  if (!again) fail("to_string(damage) does not parse", text + " -> " + again.error().message);
  if (again->size() != damage.size()) fail("to_string(damage) parses to a different length", text);
  for (std::size_t i = 0; i < damage.size(); ++i) {
    if ((*again)[i].type != damage[i].type || !same_dice((*again)[i].dice, damage[i].dice)) {
      fail("to_string(damage) parses to a different damage list", text);
    }
  }
  if (arena::to_string(*again) != text) fail("to_string(damage) is not a fixed point", text);
  for (const arena::DamageDice& part : damage) check_dice(part.dice);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  const auto expr = arena::DiceExpr::parse(text);
  if (expr) {
    check_dice(*expr);
  } else {
    check_error(expr.error(), text);
  }

  const auto damage = arena::parse_damage(text);
  if (damage) {
    check_damage(*damage);
    // A plain expression is a damage list of one untyped part.
    if (expr && (damage->size() != 1 || (*damage)[0].type != arena::DamageType::Untyped ||
                 !same_dice((*damage)[0].dice, *expr))) {
      fail("DiceExpr::parse and parse_damage disagree", text);
    }
  } else {
    check_error(damage.error(), text);
    if (expr) fail("DiceExpr::parse accepts what parse_damage rejects", text);
  }
  return 0;
}
