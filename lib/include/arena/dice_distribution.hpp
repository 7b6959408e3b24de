// DiceDistribution: the exact probability of every total of a dice expression.
//
// Computed, not sampled: plain dice by repeated convolution with a uniform die
// (a sliding-window sum, linear per die), keep-highest/lowest terms by a
// dynamic program over faces that counts how many dice show each face, and the
// terms of an expression by convolution. It serves `arena roll --stats` and the
// tests that hold sampled rolls against the truth. Immutable value; thread-safe.
#pragma once

#include <string>
#include <vector>

#include "arena/dice.hpp"
#include "arena/expected.hpp"

namespace arena {

class DiceDistribution {
 public:
  // The exact distribution of `expr`; an error message when computing it would
  // take too long (e.g. 1000d10000 + 1000d10000).
  static Expected<DiceDistribution, std::string> of(const DiceExpr& expr);
  // The same for the total of a damage expression (all parts added up).
  static Expected<DiceDistribution, std::string> of(const std::vector<DamageDice>& damage);

  // A distribution concentrated on one value.
  static DiceDistribution constant(int value);

  int min() const { return min_; }
  int max() const { return min_ + static_cast<int>(probabilities_.size()) - 1; }
  double probability(int total) const;  // P(X = total); 0 outside [min, max]
  double at_least(int total) const;     // P(X >= total)
  double at_most(int total) const;      // P(X <= total)
  double mean() const;
  double stddev() const;

  // How many equally likely outcomes the dice have (product of sides^count):
  // with it, probability(t) * outcomes() is the number of ways to roll t,
  // a whole number up to kExactOutcomes outcomes.
  double outcomes() const { return outcomes_; }
  static constexpr double kExactOutcomes = 1e15;

  // Probabilities of min() .. max(), in order.
  const std::vector<double>& probabilities() const { return probabilities_; }

  // The distribution of X + Y for independent X (this) and Y.
  DiceDistribution plus(const DiceDistribution& other) const;
  // The distribution of -X.
  DiceDistribution negated() const;

 private:
  friend DiceDistribution term_distribution(const DiceTerm& term);
  int min_ = 0;
  std::vector<double> probabilities_{1.0};
  double outcomes_ = 1;
};

// The distribution of one term, ignoring its sign. Used by DiceExpr::mean.
DiceDistribution term_distribution(const DiceTerm& term);

}  // namespace arena
