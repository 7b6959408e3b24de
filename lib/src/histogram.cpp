#include "arena/histogram.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace arena {

namespace {
__extension__ using Int128 = __int128;  // exact sums of value * count
}  // namespace

void Histogram::add_beyond(int value) {
  ARENA_CHECK(value >= 0);
  if (value >= kDenseValues) {
    ++above_[value];
    return;
  }
  counts_.resize(static_cast<std::size_t>(value) + 1, 0);
  size_ = counts_.size();
  ++counts_[static_cast<std::size_t>(value)];
}

void Histogram::add(int value, std::int64_t count) {
  ARENA_CHECK(value >= 0 && count >= 0);
  if (count == 0) return;
  if (value >= kDenseValues) {
    above_[value] += count;
    return;
  }
  if (static_cast<std::size_t>(value) >= counts_.size()) {
    counts_.resize(static_cast<std::size_t>(value) + 1, 0);
    size_ = counts_.size();
  }
  counts_[static_cast<std::size_t>(value)] += count;
}

void Histogram::merge(const Histogram& other) {
  if (other.counts_.size() > counts_.size()) {
    counts_.resize(other.counts_.size(), 0);
    size_ = counts_.size();
  }
  for (std::size_t v = 0; v < other.counts_.size(); ++v) counts_[v] += other.counts_[v];
  for (const auto& [value, count] : other.above_) above_[value] += count;
}

std::int64_t Histogram::count() const {
  std::int64_t n = std::accumulate(counts_.begin(), counts_.end(), std::int64_t{0});
  for (const auto& [value, count] : above_) n += count;
  return n;
}

int Histogram::min() const {
  ARENA_CHECK(count() > 0);
  int lowest = -1;
  for_each([&](int value, std::int64_t) { lowest = lowest < 0 ? value : lowest; });
  return lowest;
}

int Histogram::max() const {
  ARENA_CHECK(count() > 0);
  int highest = 0;
  for_each([&](int value, std::int64_t) { highest = value; });
  return highest;
}

double Histogram::mean() const {
  const std::int64_t n = count();
  ARENA_CHECK(n > 0);
  // Exact integer sum first: the mean is then the same however counts merged.
  Int128 sum = 0;
  for_each([&](int value, std::int64_t count) { sum += static_cast<Int128>(value) * count; });
  return static_cast<double>(sum) / static_cast<double>(n);
}

double Histogram::stddev() const {
  const std::int64_t n = count();
  if (n < 2) return 0;
  const double mu = mean();
  double squares = 0;
  for_each([&](int value, std::int64_t count) {
    const double d = static_cast<double>(value) - mu;
    squares += d * d * static_cast<double>(count);
  });
  return std::sqrt(squares / static_cast<double>(n - 1));
}

double Histogram::standard_error() const {
  return stddev() / std::sqrt(static_cast<double>(count()));
}

int Histogram::quantile(double q) const {
  const std::int64_t n = count();
  ARENA_CHECK(n > 0);
  // Smallest v with count(<= v) >= q * n: the rank is ceil(q * n), at least
  // 1. A level is a decimal the user wrote (0.95 is stored a hair off it),
  // so q * n within a relative 1e-15 of a whole number is read as that
  // number: the two roundings (of 0.95, of the product) stay well inside
  // it, and only a level of 16 or more significant digits is read otherwise
  // than written.
  const double product = q * static_cast<double>(n);
  const auto rank =
      std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(product - product * 1e-15)));
  std::int64_t seen = 0;
  int found = -1;
  for_each([&](int value, std::int64_t count) {
    seen += count;
    if (found < 0 && seen >= rank) found = value;
  });
  return found >= 0 ? found : max();
}

Histogram Histogram::from_counts(const std::vector<std::int64_t>& counts) {
  Histogram histogram;
  for (std::size_t v = counts.size(); v-- > 0;)  // the highest first: one allocation
    histogram.add(static_cast<int>(v), counts[v]);
  return histogram;
}

bool Histogram::operator==(const Histogram& other) const {
  const std::size_t n = std::max(counts_.size(), other.counts_.size());
  for (std::size_t v = 0; v < n; ++v) {
    const std::int64_t a = v < counts_.size() ? counts_[v] : 0;
    const std::int64_t b = v < other.counts_.size() ? other.counts_[v] : 0;
    if (a != b) return false;
  }
  return above_ == other.above_;  // (it holds no count of 0: add and merge add none)
}

}  // namespace arena
