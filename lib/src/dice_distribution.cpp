#include "arena/dice_distribution.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace arena {

namespace {

// Refuse expressions whose exact distribution would take more than about this
// many multiply-adds; `arena roll --stats` should answer in a second or so.
constexpr double kMaxWork = 2e9;

double binomial(int n, int k) {
  double result = 1;
  for (int i = 1; i <= k; ++i) result = result * (n - k + i) / i;
  return result;
}

// Sum of `count` dice: convolve with one uniform die at a time. Each step is a
// sliding-window sum, so the cost is count * support, not count * support * sides.
std::vector<double> sum_of_dice(int count, int sides) {
  std::vector<double> p{1.0};  // distribution of the sum minus the number of dice
  for (int die = 0; die < count; ++die) {
    std::vector<double> next(p.size() + sides - 1, 0.0);
    double window = 0;
    for (std::size_t t = 0; t < next.size(); ++t) {
      if (t < p.size()) window += p[t];
      if (t >= static_cast<std::size_t>(sides)) window -= p[t - sides];
      // The running sum loses precision in the far tails; a probability
      // is never negative.
      next[t] = std::max(window / sides, 0.0);
    }
    p = std::move(next);
  }
  return p;
}

// Sum of the `keep` highest (or lowest) of `count` dice. Walk the faces from
// the best to the worst; state (dice placed, kept sum). Placing j of the
// remaining dice on face v has C(remaining, j) / sides^j weight, and the kept
// count is min(placed, keep) because better faces were placed first.
std::vector<double> sum_of_kept_dice(const DiceTerm& term) {
  const int n = term.count;
  const int max_sum = term.keep * term.sides;
  std::vector<std::vector<double>> dp(n + 1, std::vector<double>(max_sum + 1, 0.0));
  dp[0][0] = 1.0;
  for (int step = 0; step < term.sides; ++step) {
    const int face = term.keep_lowest ? step + 1 : term.sides - step;
    std::vector<std::vector<double>> next(n + 1, std::vector<double>(max_sum + 1, 0.0));
    for (int placed = 0; placed <= n; ++placed) {
      for (int sum = 0; sum <= max_sum; ++sum) {
        const double weight = dp[placed][sum];
        if (weight == 0) continue;
        double power = 1;  // (1/sides)^j
        for (int j = 0; placed + j <= n; ++j) {
          const int kept = std::min(placed + j, term.keep) - std::min(placed, term.keep);
          next[placed + j][sum + kept * face] += weight * binomial(n - placed, j) * power;
          power /= term.sides;
        }
      }
    }
    dp = std::move(next);
  }
  // Shift so that index 0 is the minimum total, `keep`.
  return std::vector<double>(dp[n].begin() + term.keep, dp[n].end());
}

double term_work(const DiceTerm& term) {
  const double support = static_cast<double>(term.keep) * term.sides;
  if (term.keep == term.count) return term.count * support;
  return static_cast<double>(term.sides) * (term.count + 1) * (term.count + 1) * support;
}

}  // namespace

DiceDistribution term_distribution(const DiceTerm& term) {
  DiceDistribution result;
  result.min_ = term.keep;
  result.probabilities_ =
      term.keep == term.count ? sum_of_dice(term.count, term.sides) : sum_of_kept_dice(term);
  result.outcomes_ = std::pow(static_cast<double>(term.sides), term.count);
  return result;
}

DiceDistribution DiceDistribution::constant(int value) {
  DiceDistribution result;
  result.min_ = value;
  return result;
}

Expected<DiceDistribution, std::string> DiceDistribution::of(const DiceExpr& expr) {
  double work = 0;
  double support = 1;
  for (const DiceTerm& term : expr.terms()) {
    const double term_support = static_cast<double>(term.keep) * term.sides;
    work += term_work(term) + support * term_support;
    support += term_support;
  }
  if (work > kMaxWork) {
    return unexpected(
        fmt::format("the exact distribution of {} is too large to compute (about {:.0e} steps)",
                    expr.to_string(), work));
  }
  DiceDistribution result = constant(expr.flat());
  for (const DiceTerm& term : expr.terms()) {
    const DiceDistribution part = term_distribution(term);
    result = result.plus(term.negative ? part.negated() : part);
  }
  return result;
}

Expected<DiceDistribution, std::string> DiceDistribution::of(
    const std::vector<DamageDice>& damage) {
  DiceDistribution result = constant(0);
  for (const DamageDice& part : damage) {
    auto distribution = of(part.dice);
    if (!distribution) return distribution;
    if (static_cast<double>(result.probabilities_.size()) *
            static_cast<double>(distribution->probabilities_.size()) >
        kMaxWork) {
      return unexpected(std::string("the exact distribution is too large to compute"));
    }
    result = result.plus(*distribution);
  }
  return result;
}

DiceDistribution DiceDistribution::plus(const DiceDistribution& other) const {
  DiceDistribution result;
  result.min_ = min_ + other.min_;
  result.outcomes_ = outcomes_ * other.outcomes_;
  result.probabilities_.assign(probabilities_.size() + other.probabilities_.size() - 1, 0.0);
  for (std::size_t i = 0; i < probabilities_.size(); ++i) {
    if (probabilities_[i] == 0) continue;
    for (std::size_t j = 0; j < other.probabilities_.size(); ++j) {
      result.probabilities_[i + j] += probabilities_[i] * other.probabilities_[j];
    }
  }
  return result;
}

DiceDistribution DiceDistribution::negated() const {
  DiceDistribution result = *this;
  result.min_ = -max();
  std::reverse(result.probabilities_.begin(), result.probabilities_.end());
  return result;
}

double DiceDistribution::probability(int total) const {
  if (total < min() || total > max()) return 0;
  return probabilities_[static_cast<std::size_t>(total - min_)];
}

double DiceDistribution::at_least(int total) const {
  double sum = 0;
  for (int t = std::max(total, min()); t <= max(); ++t) sum += probability(t);
  return std::min(sum, 1.0);
}

double DiceDistribution::at_most(int total) const {
  double sum = 0;
  for (int t = min(); t <= std::min(total, max()); ++t) sum += probability(t);
  return std::min(sum, 1.0);
}

// Sums of totals times ways: up to 2^53 ways of totals up to 2^31 (GCC and
// Clang; __extension__ keeps -Wpedantic quiet).
__extension__ using Int128 = __int128;

double DiceDistribution::mean() const {
  // With whole numbers of ways (outcomes below 2^53), the mean is their sum
  // of totals over the outcomes, summed exactly: 1d6-1d6 has mean 0, where
  // a sum of probabilities left -1.7e-16.
  if (outcomes_ <= kExactOutcomes) {
    Int128 sum = 0;
    for (int t = min(); t <= max(); ++t)
      sum += static_cast<Int128>(t) * std::llround(probability(t) * outcomes_);
    return static_cast<double>(sum) / outcomes_;
  }
  double sum = 0;
  for (int t = min(); t <= max(); ++t) sum += t * probability(t);
  return sum;
}

double DiceDistribution::stddev() const {
  const double mu = mean();
  double sum = 0;
  for (int t = min(); t <= max(); ++t) sum += (t - mu) * (t - mu) * probability(t);
  return std::sqrt(sum);
}

}  // namespace arena
