// Helpers shared by the 5e tests: a combatant's stat block by name, an
// attack by name, a battle state at full hit points, a simulated win rate
// against an exact one.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "arena/runner.hpp"
#include "rules/dnd5e/action_value.hpp"
#include "rules/dnd5e/plan.hpp"
#include "rules/dnd5e/roster.hpp"
#include "rules/dnd5e/state.hpp"
#include "test_util.hpp"

namespace arena::testing {

using dnd5e::Attack;
using dnd5e::Creature;

// The stat block of the combatant of `encounter` named `name` ("Goblin 2").
inline const Creature& creature(const Encounter& encounter, const std::string& name) {
  for (int c = 0; c < encounter.combatant_count(); ++c) {
    if (encounter.combatants[static_cast<std::size_t>(c)].name == name)
      return dnd5e::creature_of(encounter, c);
  }
  ADD_FAILURE() << "no creature named " << name;
  static const Creature none;
  return none;
}

// A battle set up by hand: full HP, nobody has acted.
struct Table {
  Encounter encounter;
  dnd5e::BattlePlan plan;
  dnd5e::BattleState state;
  explicit Table(Encounter e) : encounter(std::move(e)), plan(encounter) {
    state.reset(plan);
    for (int c = 0; c < plan.creature_count(); ++c) {
      const int hp = dnd5e::creature_of(encounter, c).hp.flat();
      state.combatants[static_cast<std::size_t>(c)].hp = hp;
      state.combatants[static_cast<std::size_t>(c)].max_hp = hp;
    }
  }
  dnd5e::CombatantState& operator[](int c) { return state.combatants[static_cast<std::size_t>(c)]; }
  bool has(int c, dnd5e::Condition condition) const {
    return state.rules[static_cast<std::size_t>(c)].conditions.contains(condition);
  }
};

inline const Attack& attack(const Creature& creature, const std::string& name) {
  for (const Attack& a : creature.attacks) {
    if (a.name == name) return a;
  }
  ADD_FAILURE() << creature.name << " has no attack named " << name;
  static const Attack none;
  return none;
}

// Resets `state` for a battle of `plan` with every creature at its (flat) full hit points.
inline void start_at_full_hp(const Encounter& encounter, const dnd5e::BattlePlan& plan,
                             dnd5e::BattleState& state) {
  state.reset(plan);
  for (int c = 0; c < plan.creature_count(); ++c) {
    const int hp = dnd5e::creature_of(encounter, c).hp.flat();
    state.combatants[static_cast<std::size_t>(c)].hp = hp;
    state.combatants[static_cast<std::size_t>(c)].max_hp = hp;
  }
  state.leave_out_joining(plan);
}

// Simulates `battles` battles of `e` and expects the first faction's win
// rate within `standard_errors` of `exact`, with no draws.
inline void expect_win_rate_near(const Encounter& e, double exact, std::int64_t battles,
                                 double standard_errors) {
  RunOptions options;
  options.battles = battles;
  const RunResult run = run_battles(e, options);
  const double estimate =
      static_cast<double>(run.tally.factions[0].wins) / static_cast<double>(battles);
  const double standard_error = std::sqrt(exact * (1 - exact) / static_cast<double>(battles));
  ::testing::Test::RecordProperty("exact", std::to_string(exact));
  ::testing::Test::RecordProperty("simulated", std::to_string(estimate));
  ::testing::Test::RecordProperty("standard_errors_off",
                                  std::to_string((estimate - exact) / standard_error));
  EXPECT_EQ(run.tally.draws, 0);
  EXPECT_LT(std::abs(estimate - exact), standard_errors * standard_error)
      << "exact " << exact << ", simulated " << estimate << ", SE " << standard_error;
}

// A matchup in round numbers, for condition values checked by hand: the
// attacker deals 4 a round (6 with advantage, 9 with advantage and melee
// criticals, 5 against a prone target), the target 8 (5 with
// disadvantage), over 3 rounds.
inline dnd5e::Matchup round_numbers_matchup() {
  dnd5e::Matchup m;
  m.attacker_rate = 4;
  m.attacker_advantage = 6;
  m.attacker_paralyzed = 9;
  m.attacker_prone = 5;
  m.target_rate = 8;
  m.target_disadvantage = 5;
  m.rounds = 3;
  return m;
}

}  // namespace arena::testing
