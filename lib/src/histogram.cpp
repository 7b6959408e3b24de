#include "arena/histogram.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace arena {

namespace {
__extension__ using Int128 = __int128;  // exact sums of value * count
}  // namespace

void Histogram::grow_to(int value) {
  ARENA_CHECK(value >= 0);
  counts_.resize(static_cast<std::size_t>(value) + 1, 0);
  size_ = counts_.size();
}

void Histogram::merge(const Histogram& other) {
  if (other.counts_.size() > counts_.size()) {
    counts_.resize(other.counts_.size(), 0);
    size_ = counts_.size();
  }
  for (std::size_t v = 0; v < other.counts_.size(); ++v) counts_[v] += other.counts_[v];
}

std::int64_t Histogram::count() const {
  return std::accumulate(counts_.begin(), counts_.end(), std::int64_t{0});
}

int Histogram::min() const {
  ARENA_CHECK(count() > 0);
  std::size_t v = 0;
  while (counts_[v] == 0) ++v;
  return static_cast<int>(v);
}

int Histogram::max() const {
  ARENA_CHECK(count() > 0);
  std::size_t v = counts_.size() - 1;
  while (counts_[v] == 0) --v;
  return static_cast<int>(v);
}

double Histogram::mean() const {
  const std::int64_t n = count();
  ARENA_CHECK(n > 0);
  // Exact integer sum first: the mean is then the same however counts merged.
  Int128 sum = 0;
  for (std::size_t v = 0; v < counts_.size(); ++v) sum += static_cast<Int128>(v) * counts_[v];
  return static_cast<double>(sum) / static_cast<double>(n);
}

double Histogram::stddev() const {
  const std::int64_t n = count();
  if (n < 2) return 0;
  const double mu = mean();
  double squares = 0;
  for (std::size_t v = 0; v < counts_.size(); ++v) {
    const double d = static_cast<double>(v) - mu;
    squares += d * d * static_cast<double>(counts_[v]);
  }
  return std::sqrt(squares / static_cast<double>(n - 1));
}

double Histogram::standard_error() const {
  return stddev() / std::sqrt(static_cast<double>(count()));
}

int Histogram::quantile(double q) const {
  const std::int64_t n = count();
  ARENA_CHECK(n > 0);
  // Smallest v with count(<= v) >= q * n, computed in integers where possible:
  // the rank is ceil(q * n), at least 1.
  const auto rank = std::max<std::int64_t>(
      1, static_cast<std::int64_t>(std::ceil(q * static_cast<double>(n) - 1e-9)));
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
  for (std::int64_t c : counts) ARENA_CHECK(c >= 0);
  histogram.counts_ = std::move(counts);
  histogram.size_ = histogram.counts_.size();
  return histogram;
}

bool Histogram::operator==(const Histogram& other) const {
  const std::size_t n = std::max(counts_.size(), other.counts_.size());
  for (std::size_t v = 0; v < n; ++v) {
    const std::int64_t a = v < counts_.size() ? counts_[v] : 0;
    const std::int64_t b = v < other.counts_.size() ? other.counts_[v] : 0;
    if (a != b) return false;
  }
  return true;
}

}  // namespace arena
