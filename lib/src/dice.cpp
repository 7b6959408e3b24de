// DiceExpr's summaries and canonical text; parsing lives in dice_parser.cpp.
#include <fmt/format.h>

#include "arena/dice.hpp"
#include "arena/dice_distribution.hpp"

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

double DiceExpr::mean() const {
  double total = constant_;
  for (const DiceTerm& term : terms_) {
    const double term_mean = term.keep == term.count
                                 ? term.count * (term.sides + 1) / 2.0
                                 : term_distribution(term).mean();
    total += term.negative ? -term_mean : term_mean;
  }
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
    if (term.keep != term.count) text += fmt::format("k{}{}", term.keep_lowest ? 'l' : 'h', term.keep);
  }
  if (constant_ > 0 && !text.empty()) text += '+';
  if (constant_ != 0 || text.empty()) text += fmt::format("{}", constant_);
  return text;
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
