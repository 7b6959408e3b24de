// The engine's plain 5e path against a skirmish written by hand
// (tests/reference/skirmish.hpp), which shares none of its code: with the
// same dice, every battle must end the same way, to the last hit point and
// the last death save.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "arena/battle_dice.hpp"
#include "arena/load.hpp"
#include "reference/skirmish.hpp"
#include "rules/dnd5e/ruleset.hpp"
#include "test_util.hpp"

namespace arena::testing {
namespace {

using reference::goblin;
using reference::guard;
using reference::ogre;
using reference::orc;
using reference::Skirmisher;

// Plays `battles` battles of `encounter` with the engine and by hand, and
// compares each.
void expect_same_battles(const Encounter& encounter, std::span<const Skirmisher> monsters,
                         std::int64_t battles) {
  ASSERT_EQ(encounter.combatants.size(), monsters.size());
  const dnd5e::BattlePlan plan(encounter);
  dnd5e::BattleState state;
  std::vector<CombatantResult> results(monsters.size());
  int decided = 0;
  for (std::int64_t i = 0; i < battles; ++i) {
    BattleDice engine_dice(encounter.seed, static_cast<std::uint64_t>(i));
    const BattleOutcome outcome = dnd5e::Engine::play(plan, state, engine_dice);
    dnd5e::Engine::results(plan, state, results);
    BattleDice hand_dice(encounter.seed, static_cast<std::uint64_t>(i));
    const reference::SkirmishOutcome by_hand =
        reference::play_skirmish(monsters, encounter.max_rounds, hand_dice);
    ASSERT_EQ(outcome.winner, by_hand.winner) << "battle " << i;
    ASSERT_EQ(outcome.rounds, by_hand.rounds) << "battle " << i;
    for (std::size_t c = 0; c < monsters.size(); ++c) {
      ASSERT_EQ(results[c], by_hand.results[c])
          << "battle " << i << ", " << encounter.combatants[c].name;
    }
    // Both have drawn the same dice, and no more.
    ASSERT_EQ(engine_dice.check(1 << 30), hand_dice.check(1 << 30)) << "battle " << i;
    ASSERT_EQ(engine_dice.roll(1 << 30), hand_dice.roll(1 << 30)) << "battle " << i;
    decided += outcome.winner >= 0;
  }
  EXPECT_EQ(decided, battles);  // max_rounds never came: every battle was played out
}

std::vector<Skirmisher> sides(std::initializer_list<Skirmisher> who) {
  return who;
}

TEST(SkirmishReference, GuardsAgainstGoblinsPlaysAsByHand) {
  auto encounter =
      load_encounter_file(std::string(ARENA_SOURCE_DIR) + "/scenarios/guards-vs-goblins.json");
  ASSERT_TRUE(encounter.has_value());
  expect_same_battles(
      *encounter, sides({guard(0), guard(0), guard(0), goblin(1), goblin(1), goblin(1), goblin(1)}),
      20000);
}

// Other dice (a d12, a critical's 4d8), a negative initiative and a mixed
// faction, whose members tie with each other's initiative less often.
TEST(SkirmishReference, OrcsAndOgreAgainstGuardsAndGoblinsPlayAsByHand) {
  const Encounter encounter = load(R"({
    "rules": "5e", "seed": 5,
    "factions": [
      { "name": "Raiders", "members": [ { "monster": "orc", "count": 3 }, { "monster": "ogre" } ] },
      { "name": "Town", "members": [ { "monster": "guard", "count": 5 },
                                     { "monster": "goblin", "count": 3 } ] }
    ]
  })");
  expect_same_battles(encounter,
                      sides({orc(0), orc(0), orc(0), ogre(0), guard(1), guard(1), guard(1),
                             guard(1), guard(1), goblin(1), goblin(1), goblin(1)}),
                      20000);
}

// Player characters: death saves in the battle and after it, the weakest
// targeted, a multiattack and an off-hand attack that move on to a new
// target.
TEST(SkirmishReference, GoblinAmbushPlaysAsByHand) {
  auto encounter =
      load_encounter_file(std::string(ARENA_SOURCE_DIR) + "/scenarios/goblin-ambush.json");
  ASSERT_TRUE(encounter.has_value());
  expect_same_battles(*encounter, reference::kGoblinAmbush, 20000);
}

// PCs of 8 HP against an ogre (2d8+4, 4d8+4 on a critical): the damage
// beyond 0 often reaches their maximum, and they die outright; those who
// fall otherwise save, and the ogre's victory leaves no one to stabilise them.
TEST(SkirmishReference, SquiresAgainstAnOgrePlayAsByHand) {
  const Encounter encounter = load(R"({
    "rules": "5e", "seed": 9,
    "factions": [
      { "name": "Squires", "members": [
        { "name": "Squire", "count": 3, "pc": true, "level": 1, "hp": 8,
          "abilities": { "str": 10, "dex": 14, "con": 10, "int": 10, "wis": 10, "cha": 10 },
          "armor": "leather armor", "weapons": ["shortsword"], "proficiency": "martial" } ] },
      { "name": "Ogre", "members": [ { "monster": "ogre" } ] }
    ]
  })");
  // A shortsword by DEX (+2, proficiency +2): +4 and 1d6+2; AC 11 + 2.
  const Skirmisher squire = {
      .faction = 0, .hp = 8, .ac = 13, .initiative = 2, .pc = true, .attacks = {{{4, 1, 6, 2}}}};
  expect_same_battles(encounter, sides({squire, squire, squire, ogre(1)}), 20000);
}

}  // namespace
}  // namespace arena::testing
