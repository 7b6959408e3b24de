// Tests of the exact old-school battle solver against values derived by hand.
#include "oldschool_solver.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

namespace {

using arena::testing::ExactFighter;
using arena::testing::ExactOutcome;
using arena::testing::fixed_value;
using arena::testing::hit_probability;
using arena::testing::level_d10_hp;
using arena::testing::solve_oldschool;
using arena::testing::sum_of_dice;

constexpr double kTight = 1e-14;

// To-hit rolls used below (needed = 22 - level - AC):
//   level 20 vs AC 10: needed -8  -> always hits
//   level 1  vs AC 10: needed 11  -> hits on 11..20, p = 1/2
//   level 1  vs AC 0:  needed 21  -> never hits (AC 0 is outside the game's 3..10, on purpose)
ExactFighter fighter(int faction, std::vector<double> hp, int level, int armor_class,
                     std::vector<double> damage) {
  return {faction, std::move(hp), level, armor_class, std::move(damage)};
}

double total(const ExactOutcome& outcome) {
  double sum = outcome.draw + outcome.unresolved;
  for (double p : outcome.wins) sum += p;
  return sum;
}

TEST(OldschoolDice, SumOfDiceIsExact) {
  const std::vector<double> two_d4 = sum_of_dice(2, 4);
  const std::vector<double> expected = {0, 0, 1, 2, 3, 4, 3, 2, 1};  // in 16ths
  ASSERT_EQ(two_d4.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_DOUBLE_EQ(two_d4[i], expected[i] / 16);

  const std::vector<double> d6_plus_1 = sum_of_dice(1, 6, 1);
  ASSERT_EQ(d6_plus_1.size(), 8u);
  EXPECT_EQ(d6_plus_1[0], 0.0);
  EXPECT_EQ(d6_plus_1[1], 0.0);
  for (int v = 2; v <= 7; ++v) EXPECT_DOUBLE_EQ(d6_plus_1[v], 1.0 / 6);

  const std::vector<double> d4_minus_1 = sum_of_dice(1, 4, -1);  // 0..3
  ASSERT_EQ(d4_minus_1.size(), 4u);
  for (int v = 0; v <= 3; ++v) EXPECT_DOUBLE_EQ(d4_minus_1[v], 0.25);

  // 2d10: P(2) = 1/100, P(11) = 10/100, P(20) = 1/100.
  const std::vector<double> hp = level_d10_hp(2);
  ASSERT_EQ(hp.size(), 21u);
  EXPECT_EQ(hp[0], 0.0);
  EXPECT_EQ(hp[1], 0.0);
  EXPECT_DOUBLE_EQ(hp[2], 0.01);
  EXPECT_DOUBLE_EQ(hp[11], 0.10);
  EXPECT_DOUBLE_EQ(hp[20], 0.01);
}

TEST(OldschoolDice, HitProbabilityFollowsTheTable) {
  EXPECT_DOUBLE_EQ(hit_probability(1, 10), 0.5);   // needs 11
  EXPECT_DOUBLE_EQ(hit_probability(2, 8), 0.45);   // needs 12: the blog's Bob vs Alice
  EXPECT_DOUBLE_EQ(hit_probability(1, 5), 0.25);   // needs 16: Alice vs Bob
  EXPECT_DOUBLE_EQ(hit_probability(1, 1), 0.05);   // needs 20
  EXPECT_DOUBLE_EQ(hit_probability(1, 0), 0.0);    // needs 21: never
  EXPECT_DOUBLE_EQ(hit_probability(11, 10), 1.0);  // needs 1: always
  EXPECT_DOUBLE_EQ(hit_probability(20, 10), 1.0);  // needs -8: still always, no natural 1
}

// Both always hit for 2 and have 4 HP: round 1 leaves both at 2, and in round 2 whoever acts
// first kills the other.
TEST(OldschoolSolver, WhoActsFirstDecidesAnAlwaysHitDuel) {
  const ExactFighter a = fighter(0, fixed_value(4), 20, 10, fixed_value(2));
  const ExactFighter b = fighter(1, fixed_value(4), 20, 10, fixed_value(2));

  const ExactOutcome a_first = solve_oldschool({a, b}, 100, false);
  EXPECT_DOUBLE_EQ(a_first.wins[0], 1.0);
  EXPECT_DOUBLE_EQ(a_first.wins[1], 0.0);
  EXPECT_EQ(a_first.draw, 0.0);
  EXPECT_EQ(a_first.rounds_solved, 2);  // nothing is left undecided after round 2

  const ExactOutcome b_first = solve_oldschool({b, a}, 100, false);
  EXPECT_EQ(b_first.wins[0], 0.0);
  EXPECT_DOUBLE_EQ(b_first.wins[1], 1.0);

  // One round is not enough for anybody to die.
  const ExactOutcome one_round = solve_oldschool({a, b}, 1, false);
  EXPECT_EQ(one_round.wins[0], 0.0);
  EXPECT_EQ(one_round.wins[1], 0.0);
  EXPECT_DOUBLE_EQ(one_round.draw, 1.0);

  // Initiative: in round 2 each faction goes first with probability 1/2.
  const ExactOutcome initiative = solve_oldschool({a, b}, 100, true);
  EXPECT_DOUBLE_EQ(initiative.wins[0], 0.5);
  EXPECT_DOUBLE_EQ(initiative.wins[1], 0.5);
  EXPECT_EQ(initiative.draw, 0.0);
}

// A can never hit B; B hits A with p = 1/2 and any hit kills A (1 HP). Each round B wins with
// probability 1/2, so after R rounds: P(B wins) = 1 - 2^-R, P(draw) = 2^-R.
TEST(OldschoolSolver, OneSideNeverHits) {
  const ExactFighter a = fighter(0, fixed_value(1), 1, 10, fixed_value(1));
  const ExactFighter b = fighter(1, fixed_value(5), 1, 0, fixed_value(1));

  const ExactOutcome one_round = solve_oldschool({a, b}, 1, false);
  EXPECT_EQ(one_round.wins[0], 0.0);
  EXPECT_DOUBLE_EQ(one_round.wins[1], 0.5);
  EXPECT_DOUBLE_EQ(one_round.draw, 0.5);

  // All 100 rounds computed: the leftover is exactly 2^-100 (every step halves it exactly).
  const ExactOutcome full = solve_oldschool({a, b}, 100, false, /*stop_below=*/0);
  EXPECT_EQ(full.wins[0], 0.0);
  EXPECT_DOUBLE_EQ(full.wins[1], 1.0);
  EXPECT_EQ(full.draw, std::ldexp(1.0, -100));
  EXPECT_EQ(full.unresolved, 0.0);
  EXPECT_EQ(full.rounds_solved, 100);

  // Default early stop: 2^-49 > 1e-15 > 2^-50, so it stops after round 50 and the leftover is
  // reported as unresolved, not as a draw (rounds did not run out).
  const ExactOutcome early = solve_oldschool({a, b}, 100, false);
  EXPECT_EQ(early.rounds_solved, 50);
  EXPECT_EQ(early.draw, 0.0);
  EXPECT_EQ(early.unresolved, std::ldexp(1.0, -50));
  EXPECT_NEAR(total(early), 1.0, kTight);
}

// P (faction 0, 2 HP) hits Q or R with p = 1/2 and kills with any hit. Q and R (faction 1, 1 HP)
// always hit P for 1. List order P, Q, R.
//   Round 1: P misses (1/2): Q and R both hit, P dies.
//            P kills one of them (1/2): the dead one loses its turn, the other hits, P has 1 HP.
//   Round 2: P hits (1/2): faction 0 wins; P misses: the survivor kills P.
//   P(faction 0) = 1/2 * 1/2 = 1/4, P(faction 1) = 3/4.
// If a fighter killed earlier in the round still acted, P would die in round 1 every time
// (P(faction 0) = 0).
TEST(OldschoolSolver, AFighterKilledBeforeItsTurnDoesNotAct) {
  const ExactFighter p = fighter(0, fixed_value(2), 1, 10, fixed_value(1));
  const ExactFighter q = fighter(1, fixed_value(1), 20, 10, fixed_value(1));
  const ExactFighter r = fighter(1, fixed_value(1), 20, 10, fixed_value(1));

  const ExactOutcome listed = solve_oldschool({p, q, r}, 100, false);
  EXPECT_DOUBLE_EQ(listed.wins[0], 0.25);
  EXPECT_DOUBLE_EQ(listed.wins[1], 0.75);
  EXPECT_EQ(listed.draw, 0.0);

  // Listed order Q, R, P: Q and R kill P before it ever acts.
  const ExactOutcome p_last = solve_oldschool({q, r, p}, 100, false);
  EXPECT_EQ(p_last.wins[0], 0.0);
  EXPECT_DOUBLE_EQ(p_last.wins[1], 1.0);

  // Initiative: each round faction 0 goes first with probability 1/2, else Q and R act first.
  //   Round 1: faction 1 first (1/2): P dies. Faction 0 first (1/2): as above, P survives with
  //            1 HP facing one enemy with probability 1/2. So 1/4 of the mass goes on.
  //   Round 2: P wins only if faction 0 goes first (1/2) and P hits (1/2).
  //   P(faction 0) = 1/4 * 1/4 = 1/16.
  const ExactOutcome initiative = solve_oldschool({p, q, r}, 100, true);
  EXPECT_DOUBLE_EQ(initiative.wins[0], 1.0 / 16);
  EXPECT_DOUBLE_EQ(initiative.wins[1], 15.0 / 16);
}

// Symmetric duel: each hits with p = 1/2 and any hit kills. With a fixed order (X then Y), a round
// ends with X winning 1/2, Y winning 1/4, nobody dead 1/4. With initiative each is first half the
// time: each wins 3/8 per round, 1/4 goes on. Over R rounds each wins (3/8)(1 - 4^-R)/(3/4) =
// (1 - 4^-R)/2 and the draw is 4^-R. Faction ids need not be contiguous.
TEST(OldschoolSolver, InitiativeOnASymmetricDuel) {
  const ExactFighter a = fighter(1, fixed_value(1), 1, 10, fixed_value(1));
  const ExactFighter b = fighter(3, fixed_value(1), 1, 10, fixed_value(1));

  const ExactOutcome one_round = solve_oldschool({a, b}, 1, true);
  ASSERT_EQ(one_round.wins.size(), 4u);
  EXPECT_EQ(one_round.wins[0], 0.0);
  EXPECT_DOUBLE_EQ(one_round.wins[1], 3.0 / 8);
  EXPECT_EQ(one_round.wins[2], 0.0);
  EXPECT_DOUBLE_EQ(one_round.wins[3], 3.0 / 8);
  EXPECT_DOUBLE_EQ(one_round.draw, 1.0 / 4);

  const ExactOutcome three_rounds = solve_oldschool({a, b}, 3, true);
  EXPECT_DOUBLE_EQ(three_rounds.wins[1], 63.0 / 128);
  EXPECT_DOUBLE_EQ(three_rounds.wins[3], 63.0 / 128);
  EXPECT_DOUBLE_EQ(three_rounds.draw, 1.0 / 64);

  const ExactOutcome listed = solve_oldschool({a, b}, 1, false);
  EXPECT_DOUBLE_EQ(listed.wins[1], 1.0 / 2);
  EXPECT_DOUBLE_EQ(listed.wins[3], 1.0 / 4);
  EXPECT_DOUBLE_EQ(listed.draw, 1.0 / 4);
}

// Three single-fighter factions, all always hit and kill. The first actor kills one of the other
// two at random; the battle goes on (two factions stand) and the next living actor kills the first
// actor. So the first actor never wins and the other two win 1/2 each. With initiative every
// fighter is first 1/3 of the time, so each wins 1/3.
TEST(OldschoolSolver, ThreeFactionsTheFirstActorNeverWins) {
  const ExactFighter a = fighter(0, fixed_value(1), 20, 10, fixed_value(1));
  const ExactFighter b = fighter(1, fixed_value(1), 20, 10, fixed_value(1));
  const ExactFighter c = fighter(2, fixed_value(1), 20, 10, fixed_value(1));

  const ExactOutcome listed = solve_oldschool({a, b, c}, 1, false);
  EXPECT_EQ(listed.wins[0], 0.0);
  EXPECT_DOUBLE_EQ(listed.wins[1], 0.5);
  EXPECT_DOUBLE_EQ(listed.wins[2], 0.5);
  EXPECT_EQ(listed.draw, 0.0);

  const ExactOutcome initiative = solve_oldschool({a, b, c}, 1, true);
  for (int f = 0; f < 3; ++f) EXPECT_NEAR(initiative.wins[f], 1.0 / 3, kTight);
  EXPECT_EQ(initiative.draw, 0.0);
}

// A always hits for 1d2; B has 1d2 HP and can never hit A. One hit kills B unless B has 2 HP and
// the hit deals 1: P(A wins in round 1) = 1/2 + 1/2 * 1/2 = 3/4. Round 2 always finishes B.
TEST(OldschoolSolver, HitPointAndDamageDistributions) {
  const ExactFighter a = fighter(0, fixed_value(1), 20, 0, sum_of_dice(1, 2));
  const ExactFighter b = fighter(1, sum_of_dice(1, 2), 1, 10, fixed_value(1));

  const ExactOutcome one_round = solve_oldschool({a, b}, 1, false);
  EXPECT_DOUBLE_EQ(one_round.wins[0], 0.75);
  EXPECT_DOUBLE_EQ(one_round.draw, 0.25);

  const ExactOutcome two_rounds = solve_oldschool({a, b}, 2, false);
  EXPECT_DOUBLE_EQ(two_rounds.wins[0], 1.0);
  EXPECT_EQ(two_rounds.draw, 0.0);
}

// The blog battle: Bob (level 2, AC 5, 1d8) against Alice (level 1, AC 8, 1d6) and Eve (level 1,
// AC 9, 1d6+1). Whatever the order mode, all probabilities sum to 1.
TEST(OldschoolSolver, ProbabilitiesSumToOne) {
  const std::vector<ExactFighter> blog = {
      fighter(0, level_d10_hp(2), 2, 5, sum_of_dice(1, 8)),
      fighter(1, level_d10_hp(1), 1, 8, sum_of_dice(1, 6)),
      fighter(1, level_d10_hp(1), 1, 9, sum_of_dice(1, 6, 1)),
  };
  for (bool initiative : {false, true}) {
    for (int rounds : {1, 3, 100}) {
      const ExactOutcome outcome = solve_oldschool(blog, rounds, initiative, /*stop_below=*/0);
      EXPECT_NEAR(total(outcome), 1.0, 1e-12)
          << "initiative " << initiative << " rounds " << rounds;
      EXPECT_EQ(outcome.unresolved, 0.0);
      EXPECT_EQ(outcome.rounds_solved, rounds);
      // Bob kills at most one foe per round, so he cannot win in round 1.
      if (rounds == 1) {
        EXPECT_EQ(outcome.wins[0], 0.0);
      } else {
        EXPECT_GT(outcome.wins[0], 0.0);
      }
      EXPECT_GT(outcome.wins[1], 0.0);
    }
  }
}

TEST(OldschoolSolver, ASingleFactionHasAlreadyWon) {
  const ExactFighter a = fighter(2, level_d10_hp(1), 1, 10, fixed_value(1));
  const ExactOutcome outcome = solve_oldschool({a, a}, 10, false);
  ASSERT_EQ(outcome.wins.size(), 3u);
  EXPECT_DOUBLE_EQ(outcome.wins[2], 1.0);
  EXPECT_EQ(outcome.draw, 0.0);
}

TEST(OldschoolSolver, RejectsMalformedInput) {
  const ExactFighter ok = fighter(0, fixed_value(1), 1, 10, fixed_value(1));
  ExactFighter born_dead = fighter(1, {0.5, 0.5}, 1, 10, fixed_value(1));
  EXPECT_THROW(solve_oldschool({ok, born_dead}, 1, false), std::invalid_argument);
  ExactFighter bad_damage = fighter(1, fixed_value(1), 1, 10, {0.5, 0.4});
  EXPECT_THROW(solve_oldschool({ok, bad_damage}, 1, false), std::invalid_argument);
  EXPECT_THROW(solve_oldschool({}, 1, false), std::invalid_argument);
  EXPECT_THROW(solve_oldschool({ok, ok}, -1, false), std::invalid_argument);
}

}  // namespace
