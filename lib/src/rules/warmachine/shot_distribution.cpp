#include "rules/warmachine/shot_distribution.hpp"

#include <array>

#include "arena/check.hpp"

namespace arena::warmachine {

namespace {

constexpr int kMaxDice = 9;

constexpr std::uint64_t power6(int n) {
  std::uint64_t p = 1;
  for (int i = 0; i < n; ++i) p *= 6;
  return p;
}

// Ways of each total of `n` d6 (index: total).
std::vector<std::uint64_t> sum_counts(int n) {
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(6 * n + 1), 0);
  counts[0] = 1;
  for (int die = 0; die < n; ++die) {
    std::vector<std::uint64_t> next(counts.size(), 0);
    for (std::size_t t = 0; t < counts.size(); ++t) {
      for (int face = 1; face <= 6 && counts[t] > 0; ++face) next[t + face] += counts[t];
    }
    counts = std::move(next);
  }
  return counts;
}

class Enumeration {
 public:
  Enumeration(const ShotSetup& setup, double distance) : s_(setup), distance_(distance) {
    out_.distance = distance;
    out_.ways.assign(static_cast<std::size_t>(s_.weapon->pow + 18 + 1), 0);
  }

  ShotDistribution run() {
    const Model& target = *s_.target;
    const RangedWeapon& weapon = *s_.weapon;
    if (engaged(*s_.attacker, weapon, target, distance_, s_.target_down)) {
      add(0, power6(kMaxDice));
      return finish();
    }
    int focus = s_.focus;
    if (automatic_miss(weapon, target, distance_)) {
      deviate(0, focus, 1);
      return finish();
    }
    int spent = 0;
    const int hit_dice = 2 + boost_die(boosts_hit(s_.boost), focus, spent);
    // Every hit roll that hits leads to the same damage roll, every miss to
    // the same deviation: count them, then follow each branch once.
    std::array<int, 3> roll{};
    const int rolls = static_cast<int>(power6(hit_dice));
    std::uint64_t hits = 0;
    for (int code = 0; code < rolls; ++code) {
      for (int i = 0, c = code; i < hit_dice; ++i, c /= 6) roll[i] = c % 6 + 1;
      const std::span<const int> dice(roll.data(), static_cast<std::size_t>(hit_dice));
      hits += hit_roll_hits(dice, s_.attacker->rat + s_.rat_bonus, target.def);
      ++out_.enumerated;
    }
    // A critical devastation's push die changes no damage: its six outcomes
    // add up to the same weight as not rolling it.
    if (hits > 0) damage(hit_dice, focus, true, hits);
    if (hits < static_cast<std::uint64_t>(rolls))
      deviate(hit_dice, focus, static_cast<std::uint64_t>(rolls) - hits);
    return finish();
  }

 private:
  // `times` outcomes of `used` dice so far that missed: each deviates (or
  // just misses without an AOE).
  void deviate(int used, int focus, std::uint64_t times) {
    if (s_.weapon->aoe <= 0) {
      add(0, times * power6(kMaxDice - used));
      return;
    }
    std::uint64_t landed = 0;
    for (int dev = 1; dev <= 6; ++dev) {
      for (int dir = 1; dir <= 6; ++dir) {
        landed += scatter_hits(*s_.weapon, *s_.target, distance_, dev, dir);
        ++out_.enumerated;
      }
    }
    if (landed > 0) damage(used + 2, focus, false, times * landed);
    add(0, times * (36 - landed) * power6(kMaxDice - used - 2));
  }

  // `times` outcomes of `used` dice so far that hit: the damage roll.
  void damage(int used, int focus, bool direct, std::uint64_t times) {
    int spent = 0;
    const int n = 2 + boost_die(boosts_damage(s_.boost), focus, spent);
    const std::vector<std::uint64_t>& counts = n == 2 ? two_ : three_;
    const std::uint64_t weight = times * power6(kMaxDice - used - n);
    const int pow = hit_pow(*s_.weapon, direct);
    std::uint64_t total = 0;
    for (std::size_t sum = 0; sum < counts.size(); ++sum) {
      if (counts[sum] == 0) continue;
      add(damage_after_armor(pow, static_cast<int>(sum), s_.target->arm), counts[sum] * weight);
      total += counts[sum] * weight;
    }
    (direct ? out_.direct : out_.blast) += total;
  }

  void add(int damage, std::uint64_t ways) {
    out_.ways[static_cast<std::size_t>(damage)] += ways;
    ++out_.enumerated;
  }

  ShotDistribution finish() {
    std::uint64_t total = 0;
    for (std::uint64_t w : out_.ways) total += w;
    ARENA_CHECK(total == ShotDistribution::kOutcomes);
    return std::move(out_);
  }

  const ShotSetup& s_;
  double distance_;
  ShotDistribution out_;
  const std::vector<std::uint64_t> two_ = sum_counts(2), three_ = sum_counts(3);
};

}  // namespace

double ShotDistribution::probability(int damage) const {
  if (damage < 0 || damage >= static_cast<int>(ways.size())) return 0;
  return static_cast<double>(ways[static_cast<std::size_t>(damage)]) / kOutcomes;
}

double ShotDistribution::mean() const {
  double sum = 0;
  for (std::size_t d = 0; d < ways.size(); ++d) sum += static_cast<double>(d * ways[d]);
  return sum / kOutcomes;
}

int ShotDistribution::quantile(double q) const {
  std::uint64_t below = 0;
  for (std::size_t d = 0; d < ways.size(); ++d) {
    below += ways[d];
    if (ways[d] > 0 && static_cast<double>(below) >= q * kOutcomes) return static_cast<int>(d);
  }
  return static_cast<int>(ways.size()) - 1;
}

ShotDistribution shot_distribution(const ShotSetup& setup, double distance) {
  ARENA_CHECK(setup.attacker && setup.weapon && setup.target && distance >= 0);
  return Enumeration(setup, distance).run();
}

}  // namespace arena::warmachine
