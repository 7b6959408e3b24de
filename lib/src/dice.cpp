// DiceExpr's summaries and canonical text; parsing lives in dice_parser.cpp.
#include "arena/dice.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace arena {

DiceExpr DiceExpr::constant(int value) {
  ARENA_CHECK(value >= -kMaxConstant && value <= kMaxConstant);
  DiceExpr expr;
  expr.constant_ = value;
  return expr;
}

int DiceExpr::min() const {
  int total = constant_;
  for (const DiceTerm& term : terms_) total += term.negative ? -term.keep * term.sides : term.keep;
  return total;
}

int DiceExpr::max() const {
  int total = constant_;
  for (const DiceTerm& term : terms_) total += term.negative ? -term.keep : term.keep * term.sides;
  return total;
}

namespace {

// E[sum of the k highest of n dice with m sides]. The sum of the top k is
// the sum over faces v of min(k, N_v), where N_v ~ Binomial(n, (m-v+1)/m)
// counts the dice showing v or more; O(n m), no distribution needed.
double mean_of_highest(int n, int m, int k) {
  if (k == 0) return 0;
  double total = k;  // v = 1: every die shows at least 1
  for (int v = 2; v <= m; ++v) {
    const double p = static_cast<double>(m - v + 1) / m;
    const double log_p = std::log(p), log_q = std::log1p(-p);
    for (int i = 1; i <= n; ++i) {
      const double log_pmf = std::lgamma(n + 1.0) - std::lgamma(i + 1.0) -
                             std::lgamma(n - i + 1.0) + i * log_p + (n - i) * log_q;
      total += std::min(i, k) * std::exp(log_pmf);
    }
  }
  return total;
}

double term_mean(const DiceTerm& term) {
  const double all = term.count * (term.sides + 1) / 2.0;
  if (term.keep == term.count) return all;
  if (!term.keep_lowest) return mean_of_highest(term.count, term.sides, term.keep);
  return all - mean_of_highest(term.count, term.sides, term.count - term.keep);
}

}  // namespace

double DiceExpr::mean() const {
  double total = constant_;
  for (const DiceTerm& term : terms_) total += term.negative ? -term_mean(term) : term_mean(term);
  return total;
}

std::string DiceExpr::to_string() const {
  std::string text;
  for (const DiceTerm& term : terms_) {
    if (term.negative) {
      text += '-';
    } else if (!text.empty()) {
      text += '+';
    }
    text += fmt::format("{}d{}", term.count, term.sides);
    if (term.keep != term.count)
      text += fmt::format("k{}{}", term.keep_lowest ? 'l' : 'h', term.keep);
  }
  if (constant_ > 0 && !text.empty()) text += '+';
  if (constant_ != 0 || text.empty()) text += fmt::format("{}", constant_);
  return text;
}

std::int64_t damage_reach(std::span<const DamageDice> parts) {
  std::int64_t reach = 0;
  for (const DamageDice& part : parts) {
    reach += std::max(-std::int64_t{part.dice.min()}, std::int64_t{part.dice.max()});
  }
  return reach;
}

std::string to_string(const std::vector<DamageDice>& damage) {
  std::string text;
  for (const DamageDice& part : damage) {
    if (!text.empty()) text += " + ";
    text += part.dice.to_string();
    if (part.type != DamageType::Untyped) {
      text += ' ';
      text += name(part.type);
    }
  }
  return text;
}

}  // namespace arena
