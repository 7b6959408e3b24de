// Simulated old-school battles against their exact win probabilities,
// computed by the Markov chain of oldschool_solver.hpp over the fighters'
// hit points: the seed's battle, its upgrade, a 2-against-2 in which a
// fighter killed before its turn loses it, and the seed's battle with side
// initiative. Each estimate from 1,000,000 battles must lie within 4.5
// standard errors of the exact value.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "arena/dice_distribution.hpp"
#include "arena/load.hpp"
#include "arena/runner.hpp"
#include "rules/oldschool/oldschool_solver.hpp"
#include "rules/oldschool/roster.hpp"
#include "test_util.hpp"

namespace arena::oldschool {
namespace {

// P(expr == v) for v = 0, 1, ..., as the solver takes distributions.
std::vector<double> distribution(const DiceExpr& expr) {
  const DiceDistribution d = *DiceDistribution::of(expr);
  std::vector<double> p(static_cast<std::size_t>(d.max()) + 1, 0.0);
  for (int v = d.min(); v <= d.max(); ++v) p[static_cast<std::size_t>(v)] = d.probability(v);
  return p;
}

// The exact outcome of an encounter's battles, from its resolved fighters
// in listed turn order (the solver's listed round plays them in its order).
testing::ExactOutcome exact_outcome(const Encounter& encounter) {
  std::vector<testing::ExactFighter> fighters;
  for (int c : listed_turns(encounter, roster_of(encounter).order.members)) {
    const Fighter& f = fighter_of(encounter, c);
    fighters.push_back({encounter.combatants[static_cast<std::size_t>(c)].faction,
                        distribution(f.hp), f.level, f.armor_class(), distribution(f.damage)});
  }
  return testing::solve_oldschool(fighters, encounter.max_rounds,
                                  roster_of(encounter).order.kind == TurnOrder::Initiative,
                                  /*stop_below=*/0);
}

void expect_simulation_matches_exact(const std::string& file,
                                     const std::vector<Override>& overrides = {}) {
  auto loaded = load_encounter_file(std::string(ARENA_SOURCE_DIR) + "/" + file, overrides);
  ASSERT_TRUE(loaded.has_value()) << file;
  const testing::ExactOutcome exact = exact_outcome(*loaded);
  RunOptions options;
  options.battles = 1'000'000;
  const RunResult run = run_battles(*loaded, options);
  const double n = static_cast<double>(options.battles);
  for (std::size_t f = 0; f < loaded->factions.size(); ++f) {
    const double p = exact.wins[f];
    const double estimate = static_cast<double>(run.tally.factions[f].wins) / n;
    const double standard_error = std::sqrt(p * (1 - p) / n);
    EXPECT_LE(std::abs(estimate - p), 4.5 * standard_error)
        << file << ": " << loaded->factions[f].name << " won " << estimate << ", exactly " << p
        << " (" << std::abs(estimate - p) / standard_error << " standard errors)";
  }
  // The exact draw probability is below 1e-18: a million battles see none.
  EXPECT_LT(exact.draw, 1e-12);
  EXPECT_EQ(run.tally.draws, 0);
}

TEST(OldschoolExactTest, TheSeedBattle) {
  expect_simulation_matches_exact("scenarios/oldschool-blog.json");
}

TEST(OldschoolExactTest, TheSeedBattleWithEveUpgraded) {
  expect_simulation_matches_exact("scenarios/oldschool-blog-upgrade.json");
}

TEST(OldschoolExactTest, TheSeedBattleWithSideInitiative) {
  expect_simulation_matches_exact("scenarios/oldschool-blog.json",
                                  {*parse_override("order=initiative")});
}

// Two against two, the Reds first in each round (A1, A2, B1, B2): a Blue
// killed in a round loses its turn in it. Then in the seed's roster order,
// the factions mixed (A1, B1, A2, B2): B1 may kill A2 before A2's turn.
TEST(OldschoolExactTest, TwoAgainstTwoWhereTheDeadLoseTheirTurn) {
  const std::string file = "tests/rules/oldschool/two-against-two.json";
  expect_simulation_matches_exact(file);
  expect_simulation_matches_exact(file, {*parse_override("order=initiative")});
  expect_simulation_matches_exact(file, {*parse_override(R"(order=["A1","B1","A2","B2"])")});
}

// The mixed order is the one battles play: the Reds lose the edge of
// acting first (24.67% listed by faction, 22.06% mixed, exactly).
TEST(OldschoolExactTest, AMixedTurnOrderChangesTheOdds) {
  const std::string file =
      std::string(ARENA_SOURCE_DIR) + "/tests/rules/oldschool/two-against-two.json";
  auto by_faction = load_encounter_file(file);
  auto mixed = load_encounter_file(file, {*parse_override(R"(order=["A1","B1","A2","B2"])")});
  ASSERT_TRUE(by_faction && mixed);
  EXPECT_NEAR(exact_outcome(*by_faction).wins[0], 0.2467, 5e-4);
  EXPECT_NEAR(exact_outcome(*mixed).wins[0], 0.2206, 5e-4);
}

// The exact values the note and the README quote.
TEST(OldschoolExactTest, TheSeedValues) {
  auto blog = load_encounter_file(std::string(ARENA_SOURCE_DIR) + "/scenarios/oldschool-blog.json");
  auto upgrade =
      load_encounter_file(std::string(ARENA_SOURCE_DIR) + "/scenarios/oldschool-blog-upgrade.json");
  ASSERT_TRUE(blog && upgrade);
  EXPECT_NEAR(exact_outcome(*blog).wins[0], 0.607469074687, 1e-11);
  EXPECT_NEAR(exact_outcome(*upgrade).wins[1], 0.590400937695, 1e-11);
}

}  // namespace
}  // namespace arena::oldschool
