#include "arena/histogram.hpp"

#include <algorithm>
#include <cmath>

namespace arena {

namespace {
__extension__ using Int128 = __int128;  // exact sums of value * count
}  // namespace

void Histogram::grow_to(int value) {
  ARENA_CHECK(value >= 0);
  counts_.resize(static_cast<std::size_t>(value) + 1, 0);
}

void Histogram::merge(const Histogram& other) {
  if (other.counts_.size() > counts_.size()) counts_.resize(other.counts_.size(), 0);
  for (std::size_t v = 0; v < other.counts_.size(); ++v) counts_[v] += other.counts_[v];
  total_ += other.total_;
}

int Histogram::min() const {
  ARENA_CHECK(total_ > 0);
  std::size_t v = 0;
  while (counts_[v] == 0) ++v;
  return static_cast<int>(v);
}

int Histogram::max() const {
  ARENA_CHECK(total_ > 0);
  std::size_t v = counts_.size() - 1;
  while (counts_[v] == 0) --v;
  return static_cast<int>(v);
}

double Histogram::mean() const {
  ARENA_CHECK(total_ > 0);
  // Exact integer sum first: the mean is then the same however counts merged.
  Int128 sum = 0;
  for (std::size_t v = 0; v < counts_.size(); ++v) sum += static_cast<Int128>(v) * counts_[v];
  return static_cast<double>(sum) / static_cast<double>(total_);
}

double Histogram::stddev() const {
  if (total_ < 2) return 0;
  const double mu = mean();
  double squares = 0;
  for (std::size_t v = 0; v < counts_.size(); ++v) {
    const double d = static_cast<double>(v) - mu;
    squares += d * d * static_cast<double>(counts_[v]);
  }
  return std::sqrt(squares / static_cast<double>(total_ - 1));
}

double Histogram::standard_error() const {
  return stddev() / std::sqrt(static_cast<double>(total_));
}

int Histogram::quantile(double q) const {
  ARENA_CHECK(total_ > 0);
  // Smallest v with count(<= v) >= q * n, computed in integers where possible:
  // the rank is ceil(q * n), at least 1.
  const auto rank = std::max<std::int64_t>(
      1, static_cast<std::int64_t>(std::ceil(q * static_cast<double>(total_) - 1e-9)));
  std::int64_t seen = 0;
  for (std::size_t v = 0; v < counts_.size(); ++v) {
    seen += counts_[v];
    if (seen >= rank) return static_cast<int>(v);
  }
  return max();
}

Histogram Histogram::from_counts(std::vector<std::int64_t> counts) {
  Histogram histogram;
  while (!counts.empty() && counts.back() == 0) counts.pop_back();
  for (std::int64_t c : counts) {
    ARENA_CHECK(c >= 0);
    histogram.total_ += c;
  }
  histogram.counts_ = std::move(counts);
  return histogram;
}

bool Histogram::operator==(const Histogram& other) const {
  if (total_ != other.total_) return false;
  const std::size_t n = std::max(counts_.size(), other.counts_.size());
  for (std::size_t v = 0; v < n; ++v) {
    const std::int64_t a = v < counts_.size() ? counts_[v] : 0;
    const std::int64_t b = v < other.counts_.size() ? other.counts_[v] : 0;
    if (a != b) return false;
  }
  return true;
}

}  // namespace arena
