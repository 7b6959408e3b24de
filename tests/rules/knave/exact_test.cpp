// Simulated Knave battles against exact values (issue 12, "what it must
// show"):
//   - one-against-one duels solved by dynamic programming over both hit
//     points, with the morale roll of a lone monster at half its hit
//     points (a side that flees loses): the chance that each side wins, and for a character on the
//     death table the chance that it ends dead and that it ends down (with
//     "death_table": "down"), or, getting up from it (the default), the
//     chance that it wins and the ability it lost (over its STR as well);
//   - the morale case small enough to derive by hand: two monsters of 1 HP,
//     morale 7, against one character.
// Every estimate from 500,000 battles must lie within 4.5 standard errors of
// the exact value.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "arena/dice_distribution.hpp"
#include "arena/load.hpp"
#include "arena/runner.hpp"
#include "rules/knave/roster.hpp"
#include "test_util.hpp"

namespace arena::knave {
namespace {

constexpr std::int64_t kBattles = 500'000;

// One side of a duel as the solver sees it: fixed hit points, the chance
// that one attack hits, the damage of a hit, and the chance that its
// morale roll fails.
struct Duelist {
  int hp = 0;
  double hit = 0;
  std::vector<double> damage;  // P(damage == v); damage is at least 1
  double flee = 0;             // P(2d6 > morale); 0 without a morale
};

// P(2d6 > morale): the 2d6 totals above it, of the 36 rolls.
double flee_probability(int morale) {
  if (morale == 0) return 0;
  int above = 0;
  for (int first = 1; first <= 6; ++first) {
    for (int second = 1; second <= 6; ++second) above += first + second > morale;
  }
  return above / 36.0;
}

// The chance that `who`, a blow taking it from `before` to `after` HP
// (after > 0), stays in the fight: alone on its side, it rolls morale when
// the blow takes it from above half its HP to half or below (HP only
// drops in these duels, so that is once).
double stays(const Duelist& who, int before, int after) {
  return 2 * after <= who.hp && 2 * before > who.hp ? 1 - who.flee : 1.0;
}

// P(d20 + bonus > defense) for one d20, or the better / worse of two.
double hit_probability(int bonus, int defense, int mode) {
  const double one = std::clamp(20 - (defense - bonus), 0, 20) / 20.0;
  if (mode > 0) return 1 - (1 - one) * (1 - one);
  if (mode < 0) return one * one;
  return one;
}

std::vector<double> distribution(const DiceExpr& expr) {
  const DiceDistribution d = *DiceDistribution::of(expr);
  std::vector<double> p(static_cast<std::size_t>(d.max()) + 1, 0.0);
  for (int v = d.min(); v <= d.max(); ++v) p[static_cast<std::size_t>(v)] = d.probability(v);
  return p;
}

// The chance that `a`, who strikes first every round, wins. win[x][y] is
// P(a wins | a to strike, a has x HP, b has y). A round in which both miss
// returns to the same state, so
//   win[x][y] = (pa * S_a + (1 - pa) * pb * S_b) / (1 - (1 - pa)(1 - pb)),
// where S_a sums over a's damage d the chance after it (b to strike), and
// S_b over b's damage after a missed; both only reach states with less HP.
// A side that flees loses.
double solve_duel(const Duelist& a, const Duelist& b) {
  std::vector<std::vector<double>> win(a.hp + 1, std::vector<double>(b.hp + 1, 0.0));
  // P(a wins | a was hit from x to x - d, b at y, a to strike).
  const auto a_hit = [&](int x, int d, int y) {
    return x - d <= 0 ? 0.0 : stays(a, x, x - d) * win[x - d][y];
  };
  // P(a wins | b to strike, x, y).
  const auto b_to_strike = [&](int x, int y) {
    double after_hit = 0;
    for (int d = 1; d < static_cast<int>(b.damage.size()); ++d)
      after_hit += b.damage[d] * a_hit(x, d, y);
    return b.hit * after_hit + (1 - b.hit) * win[x][y];
  };
  for (int x = 1; x <= a.hp; ++x) {
    for (int y = 1; y <= b.hp; ++y) {
      double s_a = 0;
      for (int d = 1; d < static_cast<int>(a.damage.size()); ++d) {
        if (y - d <= 0) {
          s_a += a.damage[d];
          continue;
        }
        const double held = stays(b, y, y - d);
        s_a += a.damage[d] * ((1 - held) + held * b_to_strike(x, y - d));
      }
      double s_b = 0;
      for (int d = 1; d < static_cast<int>(b.damage.size()); ++d)
        s_b += b.damage[d] * a_hit(x, d, y);
      win[x][y] = (a.hit * s_a + (1 - a.hit) * b.hit * s_b) / (1 - (1 - a.hit) * (1 - b.hit));
    }
  }
  return win[a.hp][b.hp];
}

// A creature of a one-against-one encounter as the solver sees it: fixed
// HP, one attack that never wears (a monster's, or a character's fists),
// numeric armor (which never wears either).
Duelist duelist(const Encounter& e, int self, int other) {
  const Creature& me = creature_of(e, self);
  const Creature& them = creature_of(e, other);
  EXPECT_TRUE(me.hp.is_constant() && me.armor_pieces.empty() && me.attacks.size() == 1 &&
              me.attacks[0].quality == 0);
  const int mode = static_cast<int>(me.advantage) - static_cast<int>(me.disadvantage);
  return {me.hp.flat(), hit_probability(me.bonus(Ability::Str), them.armor + 10, mode),
          distribution(me.attacks[0].damage), flee_probability(me.morale)};
}

void expect_within(double estimate, double exact, const std::string& what) {
  const double standard_error = std::sqrt(exact * (1 - exact) / static_cast<double>(kBattles));
  EXPECT_LE(std::abs(estimate - exact), 4.5 * standard_error)
      << what << ": " << estimate << ", exactly " << exact << " ("
      << std::abs(estimate - exact) / standard_error << " standard errors)";
}

struct Simulated {
  Encounter encounter;
  RunResult run;
  double share(std::int64_t count) const {
    return static_cast<double>(count) / static_cast<double>(run.tally.battles);
  }
};

Simulated simulate(const std::string& a, const std::string& b, const std::string& top_level = "") {
  Simulated s;
  s.encounter = testing::load(testing::duel_json(
      a, b,
      R"("rules": "knave", "order": "listed", "max_rounds": 1000, "seed": 12, )" + top_level));
  RunOptions options;
  options.battles = kBattles;
  s.run = run_battles(s.encounter, options);
  return s;
}

// A monster duel: HD 2, 12 HP, armor 3, 1d8 against HD 1, 16 HP, armor 1, 1d6+1.
TEST(KnaveExactTest, AMonsterDuel) {
  const Simulated s =
      simulate(R"({ "name": "A", "hd": 2, "hp": 12, "armor": 3, "attacks": ["1d8"] })",
               R"({ "name": "B", "hd": 1, "hp": 16, "armor": 1, "attacks": ["1d6+1"] })");
  const double exact = solve_duel(duelist(s.encounter, 0, 1), duelist(s.encounter, 1, 0));
  EXPECT_GT(exact, 0.05);
  EXPECT_LT(exact, 0.95);
  expect_within(s.share(s.run.tally.factions[0].wins), exact, "A wins");
  expect_within(s.share(s.run.tally.factions[1].wins), 1 - exact, "B wins");
}

// Advantage on one side: HD 1 with advantage against HD 3 with armor 4.
TEST(KnaveExactTest, ADuelWithAdvantageOnOneSide) {
  const Simulated s = simulate(
      R"({ "name": "A", "hd": 1, "hp": 10, "armor": 2, "attacks": ["1d6"], "advantage": true })",
      R"({ "name": "B", "hd": 3, "hp": 14, "armor": 4, "attacks": ["1d4"] })");
  const Duelist a = duelist(s.encounter, 0, 1);
  EXPECT_DOUBLE_EQ(a.hit, 1 - 0.65 * 0.65);  // one d20 + 1 beats defense 14 on 14 or more
  const double exact = solve_duel(a, duelist(s.encounter, 1, 0));
  expect_within(s.share(s.run.tally.factions[0].wins), exact, "A wins");
  // Without advantage A wins clearly less often: the rule changed something.
  Duelist plain = a;
  plain.hit = 0.35;
  EXPECT_LT(solve_duel(plain, duelist(s.encounter, 1, 0)), exact - 0.05);
}

// A level-2 character (16 HP) with its fists against a monster; at 0 HP it
// rolls on the death table, and a survivor is down. Given it falls, it dies on a d8 of 1 or 2, or
// when the 1d4 it loses takes the ability of its row below -10.
TEST(KnaveExactTest, ADuelOnTheDeathTableMatchesDeadAndDown) {
  const Simulated s = simulate(
      R"({ "name": "Knave", "level": 2, "armor": 2,
           "abilities": { "str": 3, "dex": 0, "con": -8, "int": -9, "wis": -10, "cha": -7 } })",
      R"({ "name": "Wolf", "hd": 2, "hp": 12, "armor": 1, "attacks": ["1d6"] })",
      R"("death_table": "down", )");
  const Creature& knave = creature_of(s.encounter, 0);
  const double wins = solve_duel(duelist(s.encounter, 0, 1), duelist(s.encounter, 1, 0));
  double dies_if_falls = 2.0 / 8;
  for (int row = 3; row <= 8; ++row) {
    const int ability = knave.abilities[static_cast<std::size_t>(row - 3)];
    for (int loss = 1; loss <= 4; ++loss) dies_if_falls += (ability - loss < -10) / 8.0 / 4.0;
  }
  // By hand: rows CON (loss 3-4), INT (2-4), WIS (1-4), CHA (4): (2 + 3 + 4 + 1) / 32.
  EXPECT_DOUBLE_EQ(dies_if_falls, 0.25 + 10.0 / 32);
  const CombatantTally& tally = s.run.tally.combatants[0];
  expect_within(s.share(s.run.tally.factions[0].wins), wins, "the Knave wins");
  expect_within(s.share(tally.dead), (1 - wins) * dies_if_falls, "the Knave dead");
  expect_within(s.share(tally.down), (1 - wins) * (1 - dies_if_falls), "the Knave down");
  EXPECT_EQ(tally.figures[0], 0);  // no morale: never fled
  // Standing exactly when it won.
  EXPECT_EQ(s.run.tally.battles - tally.down - tally.dead, s.run.tally.factions[0].wins);
  // The ability a survivor lost: each row, each loss that leaves the ability at -10 or more.
  double lost_if_falls = 0;
  for (int row = 3; row <= 8; ++row) {
    const int ability = knave.abilities[static_cast<std::size_t>(row - 3)];
    for (int loss = 1; loss <= 4; ++loss) lost_if_falls += (ability - loss >= -10) * loss / 32.0;
  }
  const Histogram& lost = tally.measures[0];
  const double exact_lost = (1 - wins) * lost_if_falls;
  EXPECT_LE(std::abs(lost.mean() - exact_lost), 4.5 * lost.standard_error())
      << "ability lost: " << lost.mean() << ", exactly " << exact_lost;
  EXPECT_EQ(lost.max(), 4);
  EXPECT_EQ(s.run.tally.factions[0].measures[0], lost);  // one member: the faction's sum is its
}

// The default death table: a survivor gets up with 1d4 HP and fights on
// with the ability lowered. The Knave's abilities but STR are -10, so any
// row but STR's (row 3) kills it; on that row it loses 1d4 STR, dies below
// -10, and else gets up with 1d4 HP and a worse chance to hit. Solved over
// (STR, the Knave's HP, the wolf's HP), the Knave to strike: a fall only
// leads to a lower STR, so STR ascending, then both HP ascending, reach
// every state a state depends on first. `on_win(str)` is what a win at
// that STR is worth: 1 for the chance to win, 3 - str for the STR lost.
// The wolf may flee at half its HP; the Knave, with no morale, never does.
template <class OnWin>
double solve_fight_on(int str, int hp, const Duelist& wolf, const std::vector<double>& fists,
                      int wolf_defense, OnWin on_win) {
  constexpr int kLowest = -10;
  const int strs = str - kLowest + 1;
  // win[s][x][y]: the Knave to strike with STR kLowest + s, x HP, the wolf y.
  std::vector win(strs, std::vector(hp + 1, std::vector<double>(wolf.hp + 1, 0.0)));
  // After a fall at STR `s`, the wolf at y and the Knave to strike next.
  const auto after_fall = [&](int s, int y) {
    double value = 0;
    for (int loss = 1; loss <= 4; ++loss) {
      if (s - loss < 0) continue;  // below -10: dead
      for (int back = 1; back <= 4; ++back) value += win[s - loss][std::min(back, hp)][y] / 128;
    }
    return value;  // 1/8 for row 3, 1/4 each for the loss and the HP back
  };
  for (int s = 0; s < strs; ++s) {
    const double pa = hit_probability(kLowest + s, wolf_defense, 0);
    for (int x = 1; x <= hp; ++x) {
      for (int y = 1; y <= wolf.hp; ++y) {
        // The wolf to strike, the Knave at x' HP and the wolf at y' (y' < y, or x' < x).
        const auto wolf_strikes = [&](int x2, int y2) {
          double after_hit = 0;
          for (int d = 1; d < static_cast<int>(wolf.damage.size()); ++d)
            after_hit += wolf.damage[d] * (x2 - d <= 0 ? after_fall(s, y2) : win[s][x2 - d][y2]);
          return after_hit;
        };
        double s_a = 0;
        for (int d = 1; d < static_cast<int>(fists.size()); ++d) {
          if (y - d <= 0) {
            s_a += fists[d] * on_win(kLowest + s);
            continue;
          }
          const double held = stays(wolf, y, y - d);  // a wolf that flees: a win
          s_a += fists[d] *
                 ((1 - held) * on_win(kLowest + s) +
                  held * (wolf.hit * wolf_strikes(x, y - d) + (1 - wolf.hit) * win[s][x][y - d]));
        }
        win[s][x][y] =
            (pa * s_a + (1 - pa) * wolf.hit * wolf_strikes(x, y)) / (1 - (1 - pa) * (1 - wolf.hit));
      }
    }
  }
  return win[strs - 1][hp][wolf.hp];
}

TEST(KnaveExactTest, ADuelWhereTheKnaveGetsUpFromTheDeathTable) {
  const Simulated s = simulate(
      R"({ "name": "Knave", "level": 2, "hp": 6, "armor": 2, "abilities": { "str": 3,
           "dex": -10, "con": -10, "int": -10, "wis": -10, "cha": -10 } })",
      R"({ "name": "Wolf", "hd": 2, "hp": 12, "armor": 1, "attacks": ["1d6"] })");
  const Duelist knave = duelist(s.encounter, 0, 1);
  const Duelist wolf = duelist(s.encounter, 1, 0);
  const double wins = solve_fight_on(3, knave.hp, wolf, knave.damage, 11, [](int) { return 1.0; });
  const double lost_if_wins =
      solve_fight_on(3, knave.hp, wolf, knave.damage, 11, [](int str) { return 3.0 - str; });
  // Getting up helps: it wins more often than when its first fall ends it.
  EXPECT_GT(wins, solve_duel(knave, wolf) + 0.02);
  const CombatantTally& tally = s.run.tally.combatants[0];
  expect_within(s.share(s.run.tally.factions[0].wins), wins, "the Knave wins");
  expect_within(s.share(tally.dead), 1 - wins, "the Knave dead");
  EXPECT_EQ(tally.down, 0);  // a survivor gets up: no one ends down
  const Histogram& lost = tally.measures[0];
  EXPECT_LE(std::abs(lost.mean() - lost_if_wins), 4.5 * lost.standard_error())
      << "STR lost: " << lost.mean() << ", exactly " << lost_if_wins;
  EXPECT_GT(lost.max(), 4);  // some won after more than one fall
}

// Two goblins of 1 HP, morale 7, against a character who hits them on a
// d20 of 2 or more (STR +10 against defense 11, with advantage: all but
// 1 in 400) and has far too many hit points to fall. Whichever goblin
// falls first, its side has lost its first member and half of itself at
// once: the other rolls 2d6 once, and flees on 8 or more, which 15 of the
// 36 rolls give (8: 5, 9: 4, 10: 3, 11: 2, 12: 1). If it holds, no roll is
// left to make and it fights on until it falls. So the second goblin flees
// with probability 15/36 = 5/12, however long the first one lasts, and
// each goblin (picked at random first) flees with probability 5/24.
TEST(KnaveExactTest, TheSecondOfTwoMonstersFleesWithProbabilityFiveTwelfths) {
  const Simulated s = simulate(
      R"({ "name": "Hero", "level": 1, "hp": 100000, "advantage": true, "abilities": { "str": 10 } })",
      R"({ "name": "Goblin", "hd": 1, "hp": 1, "armor": 1, "attacks": ["1d6"], "morale": 7, "count": 2 })");
  const double flees = (5 + 4 + 3 + 2 + 1) / 36.0;
  std::int64_t fled = 0;
  for (int c = 1; c <= 2; ++c) {
    fled += s.run.tally.combatants[static_cast<std::size_t>(c)].figures[0];
    expect_within(s.share(s.run.tally.combatants[static_cast<std::size_t>(c)].figures[0]),
                  flees / 2, "goblin " + std::to_string(c) + " fled");
  }
  // At most one flees in a battle (the first to fall cannot), so the count is of battles.
  expect_within(s.share(fled), flees, "the second goblin fled");
  EXPECT_EQ(s.run.tally.factions[0].wins, kBattles);
  // When the second goblin flees, it is the last of its side to leave: the Hero routs them.
  EXPECT_EQ(s.run.tally.factions[0].figures[0], fled);
  EXPECT_EQ(s.run.tally.factions[1].figures[0], 0);
}

}  // namespace
}  // namespace arena::knave
