// The default action policy against every single-action fixed policy
// (tactics "actions"), over SRD monsters whose stat blocks impose
// conditions or have limited-use actions (action_policy_cases.json): the
// default's win probability must be at least each fixed policy's, within
// 4.5 standard errors. A CI-sized count of battles here;
// scripts/action-policy-table.py prints the same table at 100,000.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "arena/battle_dice.hpp"
#include "rules/dnd5e/battle.hpp"
#include "rules/dnd5e/dnd5e_test_util.hpp"
#include "rules/dnd5e/shared_engines.hpp"

namespace arena::dnd5e {
namespace {

constexpr int kBattles = 5000;

struct Cases {
  nlohmann::json spec;
  Cases() {
    std::ifstream file(std::string(ARENA_SOURCE_DIR) +
                       "/tests/rules/dnd5e/action_policy_cases.json");
    spec = nlohmann::json::parse(file);
  }
};

// The case's encounter, the monster under `tactics` (a member key, or "").
std::string encounter_json(const nlohmann::json& spec, const nlohmann::json& c,
                           const std::string& tactics) {
  return fmt::format(
      R"({{"factions": [{{"name": "Monsters", "members": [{{"monster": "{}", "count": {}{}}}]}},
                        {{"name": "Opponents", "members": [{{"monster": "{}", "count": {}}}]}}]}})",
      c["monster"].get<std::string>(), c["count"].get<int>(), tactics,
      spec["opponent"].get<std::string>(), c["opponents"].get<int>());
}

// The share of `battles` battles (seeds as `arena simulate` draws them) the monsters win.
double win_rate(const Encounter& encounter, std::uint64_t seed) {
  const BattlePlan plan(encounter);
  BattleState state;
  int wins = 0;
  for (int i = 0; i < kBattles; ++i) {
    BattleDice dice(seed, static_cast<std::uint64_t>(i));
    wins += play_battle(plan, state, dice).winner == 0 ? 1 : 0;
  }
  return static_cast<double>(wins) / kBattles;
}

TEST(ActionPolicyTest, DefaultWinsAtLeastAsOftenAsEverySingleFixedAction) {
  const Cases cases;
  const auto seed = cases.spec["seed"].get<std::uint64_t>();
  ASSERT_GE(cases.spec["cases"].size(), 20u);
  for (const nlohmann::json& c : cases.spec["cases"]) {
    const Encounter plain = testing::load(encounter_json(cases.spec, c, ""));
    const Creature& monster = creature_of(plain, 0);
    ASSERT_GE(monster.actions.size(), 2u) << monster.name << ": no choice to compare";
    const double p_default = win_rate(plain, seed);
    for (const Action& action : monster.actions) {
      const std::string only = fmt::format(R"(, "tactics": {{"actions": ["{}"]}})", action.name);
      const double p = win_rate(testing::load(encounter_json(cases.spec, c, only)), seed);
      const double se = std::sqrt((p_default * (1 - p_default) + p * (1 - p)) / kBattles);
      EXPECT_GE(p_default, p - 4.5 * se)
          << monster.name << ": default " << p_default << ", only " << action.name << " " << p;
    }
  }
}

}  // namespace
}  // namespace arena::dnd5e
