// Histogram: exact counts of non-negative integer values.
//
// Per-battle figures (damage, rounds, kills, survivors) are integers, so a
// histogram holds a sample exactly: partial histograms merge by adding counts
// (the result does not depend on how battles were split between threads or
// processes) and quantiles are exact for the sample. Not thread-safe; one per
// worker, merged after the join.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "arena/check.hpp"

namespace arena {

class Histogram {
 public:
  Histogram() = default;
  Histogram(const Histogram&) = default;
  Histogram& operator=(const Histogram&) = default;
  // A moved-from histogram is empty, its size_ too (add() trusts size_).
  Histogram(Histogram&& other) noexcept { *this = std::move(other); }
  Histogram& operator=(Histogram&& other) noexcept {
    if (this == &other) return *this;
    counts_ = std::move(other.counts_);
    size_ = std::exchange(other.size_, 0);
    other.counts_.clear();
    return *this;
  }

  // Precondition: value >= 0. Allocates only when `value` exceeds every value
  // seen so far.
  void add(int value) {
    // A negative value converts to an index above any size: one test sends
    // both it and a new highest value out of line, where the first fails.
    const auto index = static_cast<std::size_t>(value);
    if (index >= size_) [[unlikely]]
      grow_to(value);  // rare after warm-up
    ++counts_[index];  // no running total: count() sums, out of the battle loop
  }

  void merge(const Histogram& other);

  std::int64_t count() const;  // values added: the sum of the counts
  // Precondition for the statistics below: count() > 0.
  int min() const;
  int max() const;
  double mean() const;
  double stddev() const;          // sample standard deviation (n - 1)
  double standard_error() const;  // of the mean: stddev / sqrt(n)
  // The q-quantile: the smallest value v with F(v) >= q (inverse empirical CDF).
  int quantile(double q) const;

  const std::vector<std::int64_t>& counts() const { return counts_; }
  // Counts as given (for tally files); trailing zeros are dropped.
  static Histogram from_counts(std::vector<std::int64_t> counts);
  bool operator==(const Histogram& other) const;

 private:
  void grow_to(int value);  // makes counts_[value] exist; value >= 0

  std::vector<std::int64_t> counts_;  // counts_[v]: how often v was seen
  // counts_.size(), kept beside it: add() compares with one load instead of
  // the vector's two and a subtraction (every battle adds a few dozen values).
  std::size_t size_ = 0;
};

}  // namespace arena
