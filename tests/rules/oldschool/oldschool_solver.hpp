// Exact solver for "old-school" d20 fighter battles, used as a reference by the tests of arena's
// Monte Carlo simulator.
//
// The rules being solved:
//   - A fighter has a level, an armor class (AC, descending: lower is better), a weapon damage
//     distribution and a starting HP drawn once per battle. HP < 1 means dead.
//   - An attack hits when d20 >= 22 - attacker.level - target.AC (no natural 1/20, no criticals).
//     A hit subtracts one damage roll from the target's HP.
//   - Each round the living fighters act one after another, either in list order ("listed") or
//     by faction initiative: every faction rolls a d6, highest first, ties broken by a fair coin;
//     within a faction, members act in list order. A fighter killed earlier in the round does not
//     act.
//   - An action attacks a target chosen uniformly among the living fighters of other factions.
//   - The battle ends as soon as one faction alone has living fighters (checked after every
//     action); after max_rounds rounds with two or more factions standing it is a draw.
//
// Method: a forward Markov chain over the vector of current HPs. Each fighter's HP (clamped at 0,
// which means dead) is one digit of a mixed-radix state number, so a distribution over states is a
// dense std::vector<double>. Actions are applied one at a time to the whole distribution; mass
// that reaches a state with a single faction standing is moved into that faction's win total at
// once. Whatever mass is left after max_rounds rounds is the draw probability.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace arena::testing {

struct ExactFighter {
  int faction = 0;             // any id >= 0; fighters with equal ids are allies
  std::vector<double> hp;      // hp[h] = P(starting HP == h); hp[0] must be 0
  int level = 1;               // enters the to-hit roll only
  int armor_class = 10;        // descending AC, e.g. 10 - armor value
  std::vector<double> damage;  // damage[d] = P(a hit deals d), d >= 0
};

struct ExactOutcome {
  std::vector<double> wins;  // wins[f] = P(faction f wins); sized (largest faction id + 1)
  double draw = 0;           // P(max_rounds were played and two or more factions still stand)
  // Mass left undecided when the solver stopped early (see stop_below in solve_oldschool): it is
  // neither a win nor a draw, so wins + draw + unresolved == 1. Zero unless it stopped early.
  double unresolved = 0;
  int rounds_solved = 0;  // rounds actually computed (<= max_rounds)
};

// Exact distribution of the sum of two independent non-negative integer variables.
inline std::vector<double> convolve(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.empty() || b.empty()) return {};
  std::vector<double> sum(a.size() + b.size() - 1, 0.0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = 0; j < b.size(); ++j) sum[i + j] += a[i] * b[j];
  }
  return sum;
}

// Distribution of a constant: result[value] == 1.
inline std::vector<double> fixed_value(int value) {
  if (value < 0) throw std::invalid_argument("fixed_value: value must be >= 0");
  std::vector<double> dist(static_cast<std::size_t>(value) + 1, 0.0);
  dist[value] = 1.0;
  return dist;
}

// Exact distribution of `count`d`sides` + constant, e.g. sum_of_dice(1, 6, 1) for 1d6+1.
// The total must not be able to go negative (count + constant >= 0).
inline std::vector<double> sum_of_dice(int count, int sides, int constant = 0) {
  if (count < 0 || sides < 1) throw std::invalid_argument("sum_of_dice: bad dice");
  if (count + constant < 0) throw std::invalid_argument("sum_of_dice: total could be negative");
  // Sum the dice by repeated convolution, then shift by the constant (index == value).
  std::vector<double> die(static_cast<std::size_t>(sides) + 1, 1.0 / sides);
  die[0] = 0.0;
  std::vector<double> dist{1.0};  // the empty sum: 0 with probability 1
  for (int i = 0; i < count; ++i) dist = convolve(dist, die);
  if (constant >= 0) {
    dist.insert(dist.begin(), static_cast<std::size_t>(constant), 0.0);
  } else {
    dist.erase(dist.begin(), dist.begin() + (-constant));  // only zeros: count >= -constant
  }
  return dist;
}

// Starting hit points of a fighter of the given level: the sum of `level` d10.
inline std::vector<double> level_d10_hp(int level) {
  return sum_of_dice(level, 10);
}

// P(d20 >= 22 - attacker_level - target_armor_class). The needed roll may be <= 1 (always hits)
// or > 20 (never hits); there is no special rule for natural 1 or 20.
inline double hit_probability(int attacker_level, int target_armor_class) {
  const int needed = 22 - attacker_level - target_armor_class;
  const int hitting_faces = std::clamp(21 - needed, 0, 20);  // faces `needed`..20
  return hitting_faces / 20.0;
}

namespace oldschool_detail {

// Refuse problems whose dense arrays would not fit comfortably in memory: at most 2^25 doubles
// (256 MiB) held at once, counted by Solver::arrays_needed().
inline constexpr std::size_t kMaxDoubles = std::size_t{1} << 25;

inline void check_distribution(const std::vector<double>& dist, const char* what) {
  double total = 0;
  for (double p : dist) {
    if (!(p >= 0)) throw std::invalid_argument(std::string(what) + ": negative probability");
    total += p;
  }
  if (std::abs(total - 1.0) > 1e-9) throw std::invalid_argument(std::string(what) + ": sum != 1");
}

// Neumaier-compensated sum. Win totals collect millions of tiny contributions, many below half
// an ulp of the running total; a plain `+=` silently drops them and loses ~1e-12 overall.
class CompensatedSum {
 public:
  void add(double x) {
    const double sum = sum_ + x;
    compensation_ += std::abs(sum_) >= std::abs(x) ? (sum_ - sum) + x : (x - sum) + sum_;
    sum_ = sum;
  }
  double value() const { return sum_ + compensation_; }

 private:
  double sum_ = 0;
  double compensation_ = 0;
};

inline double total(const std::vector<double>& dist) {
  CompensatedSum sum;
  for (double p : dist) sum.add(p);
  return sum.value();
}

// A distribution over HP states, or an empty vector standing for "no mass at all".
using Distribution = std::vector<double>;

class Solver {
 public:
  explicit Solver(const std::vector<ExactFighter>& fighters) : fighters_(fighters) {
    if (fighters_.empty()) throw std::invalid_argument("solve_oldschool: no fighters");
    int largest_faction = 0;
    size_ = 1;
    for (const ExactFighter& f : fighters_) {
      if (f.faction < 0) throw std::invalid_argument("solve_oldschool: faction id < 0");
      if (f.hp.empty() || f.hp[0] != 0) throw std::invalid_argument("hp: hp[0] must be 0");
      check_distribution(f.hp, "hp");
      check_distribution(f.damage, "damage");
      largest_faction = std::max(largest_faction, f.faction);
      radix_.push_back(static_cast<int>(f.hp.size()));  // digits 0..max_hp
      stride_.push_back(size_);
      size_ *= f.hp.size();
      if (size_ > kMaxDoubles) throw std::invalid_argument("solve_oldschool: too many states");
    }
    wins_.resize(static_cast<std::size_t>(largest_faction) + 1);
    for (const ExactFighter& attacker : fighters_) {
      hit_.emplace_back();
      for (const ExactFighter& target : fighters_) {
        hit_.back().push_back(hit_probability(attacker.level, target.armor_class));
      }
      damage_terms_.emplace_back();
      for (std::size_t d = 0; d < attacker.damage.size(); ++d) {
        if (attacker.damage[d] != 0) damage_terms_.back().push_back({d, attacker.damage[d]});
      }
    }
    group_by_faction();
    classify_states();
  }

  ExactOutcome run(int max_rounds, bool initiative_order, double stop_below) {
    if (max_rounds < 0) throw std::invalid_argument("solve_oldschool: max_rounds < 0");
    if (factions_.size() > 16 || arrays_needed(initiative_order) > kMaxDoubles / size_) {
      throw std::invalid_argument("solve_oldschool: state space too large");
    }
    Distribution current = initial_distribution();
    ExactOutcome outcome;
    for (int round = 0; round < max_rounds; ++round) {
      current = initiative_order ? initiative_round(current) : listed_round(current);
      outcome.rounds_solved = round + 1;
      const double remaining = total(current);
      // Early stop: the undecided mass is negligible. It is reported as `unresolved`, not as a
      // draw, because the rounds did not run out.
      if (round + 1 < max_rounds && (remaining == 0 || remaining < stop_below)) {
        outcome.unresolved = remaining;
        outcome.wins = win_probabilities();
        return outcome;
      }
    }
    outcome.draw = total(current);
    outcome.wins = win_probabilities();
    return outcome;
  }

 private:
  static constexpr int kNoWinner = -1;

  struct DamageTerm {
    std::size_t amount;
    double probability;
  };

  // Dense arrays alive at once: the current distribution and the one act() writes; initiative
  // mode adds one per pending set of acted factions, at most 2^(factions - 1) + 1 (processing the
  // sets in numeric order), e.g. 10 arrays in all for 4 factions.
  std::size_t arrays_needed(bool initiative_order) const {
    if (!initiative_order) return 3;
    return (std::size_t{1} << (factions_.size() - 1)) + 3;
  }

  int hp_of(std::size_t state, std::size_t fighter) const {
    return static_cast<int>(state / stride_[fighter] % radix_[fighter]);
  }

  // Steps the HP digits from those of state s to those of state s + 1 (an odometer), so that the
  // hot loops need no divisions.
  void advance(std::vector<int>& hp) const {
    for (std::size_t i = 0; i < hp.size(); ++i) {
      if (++hp[i] < radix_[i]) return;
      hp[i] = 0;
    }
  }

  void group_by_faction() {
    for (std::size_t i = 0; i < fighters_.size(); ++i) {
      auto known = std::find(factions_.begin(), factions_.end(), fighters_[i].faction);
      if (known == factions_.end()) {
        factions_.push_back(fighters_[i].faction);
        members_.emplace_back();
        known = factions_.end() - 1;
      }
      members_[known - factions_.begin()].push_back(i);  // list order within the faction
    }
  }

  // winner_[s] is the faction id if exactly one faction has living fighters in state s, otherwise
  // kNoWinner. (A state with nobody alive is unreachable: only one fighter is hit per action, and
  // the battle stops when a single faction remains.)
  void classify_states() {
    winner_.assign(size_, kNoWinner);
    for (std::size_t s = 0; s < size_; ++s) {
      int standing = kNoWinner;
      bool several = false;
      for (std::size_t i = 0; i < fighters_.size(); ++i) {
        if (hp_of(s, i) == 0) continue;
        if (standing == kNoWinner) standing = fighters_[i].faction;
        if (fighters_[i].faction != standing) several = true;
      }
      if (!several) winner_[s] = standing;
    }
  }

  // Adds mass arriving in `state`, or books it as a win if the battle is over there.
  void deposit(Distribution& dist, std::size_t state, double mass) {
    const int winner = winner_[state];
    if (winner == kNoWinner) {
      dist[state] += mass;
    } else {
      wins_[winner].add(mass);
    }
  }

  std::vector<double> win_probabilities() const {
    std::vector<double> wins;
    for (const CompensatedSum& sum : wins_) wins.push_back(sum.value());
    return wins;
  }

  // Product of the fighters' independent starting-HP distributions.
  Distribution initial_distribution() {
    Distribution dist(size_, 0.0);
    for (std::size_t s = 0; s < size_; ++s) {
      double p = 1.0;
      for (std::size_t i = 0; i < fighters_.size(); ++i) p *= fighters_[i].hp[hp_of(s, i)];
      if (p != 0) deposit(dist, s, p);  // a single-faction battle is won before it starts
    }
    return dist;
  }

  Distribution listed_round(Distribution dist) {
    for (std::size_t actor = 0; actor < fighters_.size(); ++actor) dist = act(actor, dist);
    return dist;
  }

  // Initiative: the d6 rolls and fair-coin tie-breaks are exchangeable across factions, so each
  // round's faction order is a uniformly random permutation. Drawing one is the same as repeatedly
  // picking, uniformly, one of the factions that have not acted yet. What happens afterwards
  // depends only on the HP state and on *which* factions have acted, so mass is kept per set of
  // acted factions (a bitmask) and branches reaching the same set are merged. Sets are processed
  // in increasing numeric order, which handles every subset before its supersets.
  Distribution initiative_round(Distribution start) {
    const std::size_t count = factions_.size();
    const std::size_t everyone = (std::size_t{1} << count) - 1;
    std::vector<Distribution> by_acted(everyone + 1);  // empty: no mass yet
    by_acted[0] = std::move(start);
    for (std::size_t acted = 0; acted < everyone; ++acted) {
      if (by_acted[acted].empty()) continue;
      const Distribution here = std::move(by_acted[acted]);
      by_acted[acted] = Distribution();  // free it: it is not needed any more
      const double share = 1.0 / static_cast<double>(count - std::popcount(acted));
      for (std::size_t f = 0; f < count; ++f) {
        const std::size_t bit = std::size_t{1} << f;
        if (acted & bit) continue;
        Distribution branch(here);
        for (double& p : branch) p *= share;
        for (std::size_t actor : members_[f]) branch = act(actor, branch);
        add_into(by_acted[acted | bit], branch);
      }
    }
    return std::move(by_acted[everyone]);
  }

  static void add_into(Distribution& sum, const Distribution& term) {
    if (sum.empty()) {
      sum = term;
    } else {
      for (std::size_t s = 0; s < sum.size(); ++s) sum[s] += term[s];
    }
  }

  // One action of `actor` applied to every state of `before`.
  Distribution act(std::size_t actor, const Distribution& before) {
    Distribution after(size_, 0.0);
    std::vector<std::size_t> targets;
    std::vector<int> hp(fighters_.size(), 0);  // HP digits of state s
    for (std::size_t s = 0; s < size_; ++s, advance(hp)) {
      const double mass = before[s];
      if (mass == 0) continue;
      if (hp[actor] == 0) {  // killed earlier: loses its turn
        after[s] += mass;
        continue;
      }
      targets.clear();
      for (std::size_t t = 0; t < fighters_.size(); ++t) {
        if (fighters_[t].faction != fighters_[actor].faction && hp[t] > 0) targets.push_back(t);
      }
      // `targets` is non-empty: states with a single faction standing were absorbed into wins_.
      const double per_target = mass / static_cast<double>(targets.size());
      double missed = 0;
      for (std::size_t t : targets) {
        const double p_hit = hit_[actor][t];
        missed += per_target * (1.0 - p_hit);
        if (p_hit != 0) land_hit(actor, t, s, hp[t], per_target * p_hit, after);
      }
      after[s] += missed;
    }
    return after;
  }

  // Spreads `mass`, the probability of `attacker` hitting `target` (who has `target_hp` in state
  // s), over the attacker's damage rolls.
  void land_hit(std::size_t attacker, std::size_t target, std::size_t s, int target_hp, double mass,
                Distribution& after) {
    const std::size_t hp = static_cast<std::size_t>(target_hp);
    for (const DamageTerm& term : damage_terms_[attacker]) {
      if (term.amount < hp) {
        after[s - term.amount * stride_[target]] += mass * term.probability;
      } else {  // the target dies (HP clamps at 0), which may end the battle
        deposit(after, s - hp * stride_[target], mass * term.probability);
      }
    }
  }

  std::vector<ExactFighter> fighters_;
  std::vector<int> radix_;                             // max HP + 1 per fighter
  std::vector<std::size_t> stride_;                    // place value of each fighter's HP digit
  std::size_t size_ = 0;                               // number of states
  std::vector<std::vector<double>> hit_;               // hit_[attacker][target]
  std::vector<std::vector<DamageTerm>> damage_terms_;  // per attacker, non-zero terms only
  std::vector<int> factions_;  // distinct faction ids, in order of first appearance
  std::vector<std::vector<std::size_t>> members_;  // members_[k]: fighters of factions_[k]
  std::vector<int> winner_;
  std::vector<CompensatedSum> wins_;  // indexed by faction id
};

}  // namespace oldschool_detail

// Solves a battle exactly (up to floating-point rounding). `initiative_order` selects the
// per-round faction initiative; otherwise fighters act in list order.
//
// stop_below: after a round, if the mass still undecided is below this value, stop and report it
// as ExactOutcome::unresolved (never as a draw, since rounds did not run out). The default 1e-15
// keeps long battles cheap; pass 0 to compute every round (it then stops early only when the
// undecided mass is exactly 0).
inline ExactOutcome solve_oldschool(const std::vector<ExactFighter>& fighters, int max_rounds,
                                    bool initiative_order, double stop_below = 1e-15) {
  return oldschool_detail::Solver(fighters).run(max_rounds, initiative_order, stop_below);
}

}  // namespace arena::testing
