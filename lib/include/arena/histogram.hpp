// Histogram: exact counts of non-negative integer values.
//
// Per-battle figures (damage, rounds, kills, survivors) are integers, so a
// histogram holds a sample exactly: partial histograms merge by adding counts
// (the result does not depend on how battles were split between threads or
// processes) and quantiles are exact for the sample. Not thread-safe; one per
// worker, merged after the join.
//
// Values below kDenseValues are counted in a vector indexed by value (the
// battle loop's one load and increment); the rare higher ones in an ordered
// map, so that memory grows with the distinct high values seen, not with
// the highest (a faction dealing ten million damage needs no 80 MB).
#pragma once

#include <cstdint>
#include <map>
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
    above_ = std::move(other.above_);
    size_ = std::exchange(other.size_, 0);
    other.counts_.clear();
    other.above_.clear();
    return *this;
  }

  // Values from here up are counted in the map.
  static constexpr int kDenseValues = 4096;

  // Precondition: value >= 0. Allocates only when `value` exceeds every value
  // seen so far, or is a new one from kDenseValues up.
  void add(int value) {
    // A negative value converts to an index above any size: one test sends
    // it, a new highest value and a value for the map out of line, where
    // the first fails.
    const auto index = static_cast<std::size_t>(value);
    if (index >= size_) [[unlikely]] {
      add_beyond(value);  // rare after warm-up
      return;
    }
    ++counts_[index];  // no running total: count() sums, out of the battle loop
  }

  // Adds `count` battles of `value` (a tally file's counts). Preconditions:
  // value >= 0, count >= 0.
  void add(int value, std::int64_t count);

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

  // Calls `visit(value, count)` for every value seen, in increasing order.
  template <class Visit>
  void for_each(Visit visit) const {
    for (std::size_t v = 0; v < counts_.size(); ++v) {
      if (counts_[v] != 0) visit(static_cast<int>(v), counts_[v]);
    }
    for (const auto& [value, count] : above_) visit(value, count);
  }
  // The counts of the values below kDenseValues, by value (trailing zeros
  // may follow the highest), and those of the values from it up.
  const std::vector<std::int64_t>& dense_counts() const { return counts_; }
  const std::map<int, std::int64_t>& counts_above() const { return above_; }
  // Counts as given by value (values from kDenseValues up go to the map).
  static Histogram from_counts(const std::vector<std::int64_t>& counts);
  bool operator==(const Histogram& other) const;

 private:
  void add_beyond(int value);  // add() of a value at or past size_; value >= 0

  std::vector<std::int64_t> counts_;   // counts_[v]: how often v was seen, v < kDenseValues
  std::map<int, std::int64_t> above_;  // the same from kDenseValues up
  // counts_.size(), kept beside it: add() compares with one load instead of
  // the vector's two and a subtraction (every battle adds a few dozen values).
  std::size_t size_ = 0;
};

}  // namespace arena
