// The engine's plain 5e path against a skirmish written by hand
// (tests/reference/skirmish.hpp), which shares none of its code: with the
// same dice, every battle must end the same way, to the last hit point and
// the last death save.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "arena/battle_dice.hpp"
#include "arena/load.hpp"
#include "reference/skirmish.hpp"
#include "rules/dnd5e/ruleset.hpp"
#include "rules/dnd5e/shared_engines.hpp"
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
void expect_same_battles(const Encounter& encounter, std::span<const Skirmisher> creatures,
                         std::int64_t battles, bool all_decided = true) {
  ASSERT_EQ(encounter.combatants.size(), creatures.size());
  const dnd5e::BattlePlan plan(encounter);
  dnd5e::BattleState state;
  std::vector<CombatantResult> results(creatures.size());
  int decided = 0;
  for (std::int64_t i = 0; i < battles; ++i) {
    BattleDice engine_dice(encounter.seed, static_cast<std::uint64_t>(i));
    const BattleOutcome outcome = dnd5e::Engine::play(plan, state, engine_dice);
    dnd5e::Engine::results(plan, state, results);
    BattleDice hand_dice(encounter.seed, static_cast<std::uint64_t>(i));
    const reference::SkirmishOutcome by_hand =
        reference::play_skirmish(creatures, encounter.max_rounds, hand_dice);
    ASSERT_EQ(outcome.winner, by_hand.winner) << "battle " << i;
    ASSERT_EQ(outcome.rounds, by_hand.rounds) << "battle " << i;
    ASSERT_EQ(outcome.stalemate, by_hand.stalemate) << "battle " << i;
    for (std::size_t c = 0; c < creatures.size(); ++c) {
      ASSERT_EQ(results[c], by_hand.results[c])
          << "battle " << i << ", " << encounter.combatants[c].name;
    }
    // Both have drawn the same dice, and no more.
    ASSERT_EQ(engine_dice.check(1 << 30), hand_dice.check(1 << 30)) << "battle " << i;
    ASSERT_EQ(engine_dice.roll(1 << 30), hand_dice.roll(1 << 30)) << "battle " << i;
    decided += outcome.winner >= 0;
  }
  // max_rounds never came: every battle was played out.
  if (all_decided) {
    EXPECT_EQ(decided, battles);
  }
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

// Encounters drawn at random within what the skirmish plays: two to four
// sides of up to four creatures, monsters and PCs, hit points fixed or
// rolled, one attack or two as a multiattack (both, or the one that can
// hurt the target), damage of three types that creatures may resist, be
// immune or vulnerable to (immunities make stalemates), every target
// policy and tie rule, finishers of the downed, modifiers that tie often,
// damage that can come to 0 or kill a PC outright, and a round limit that
// often ends the battle in a draw, with the fate of the PCs down still to
// play.
struct DrawnEncounter {
  std::string json;
  std::vector<Skirmisher> sides;
};

// The tactics' names of reference::Aim, and the names of
// reference::SkirmishType, in their order.
constexpr const char* kAims[] = {"random", "weakest", "strongest", "lowest_ac", "focus"};
constexpr const char* kTypes[] = {"slashing", "piercing", "fire"};

DrawnEncounter draw_encounter(std::mt19937& draw) {
  const auto between = [&](int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(draw);
  };
  DrawnEncounter drawn;
  std::string factions;
  const int side_count = between(2, reference::kMaxSides);
  for (int faction = 0; faction < side_count; ++faction) {
    std::string members;
    for (int m = 0, count = between(1, 4); m < count; ++m) {
      const bool hp_dice = between(0, 2) == 0;
      const int hp_sides[] = {4, 6, 8};
      Skirmisher who{.faction = faction,
                     .hp = hp_dice ? between(0, 5) : between(1, 30),
                     .hp_count = hp_dice ? between(1, 3) : 0,
                     .hp_sides = hp_sides[between(0, 2)],
                     .ac = between(8, 18),
                     .initiative = between(0, 2),
                     .pc = between(0, 2) == 0,
                     .aim = static_cast<reference::Aim>(between(0, 4)),
                     .ties_first = between(0, 3) == 0,
                     .finishes = between(0, 3) == 0,
                     .attack_count = between(1, 2)};
      std::string attacks;
      for (int a = 0; a < who.attack_count; ++a) {
        const int sides[] = {4, 6, 8, 10, 12};
        const reference::SkirmishAttack attack{
            .to_hit = between(-2, 9),
            .damage_count = between(1, 3),
            .damage_sides = sides[between(0, 4)],
            .damage_bonus = between(-3, 5),
            .type = static_cast<reference::SkirmishType>(between(0, 2))};
        who.attacks[static_cast<std::size_t>(a)] = attack;
        attacks += fmt::format(R"({}{{ "name": "A{}", "to_hit": {}, "damage": "{}d{}{:+} {}" }})",
                               a > 0 ? ", " : "", a, attack.to_hit, attack.damage_count,
                               attack.damage_sides, attack.damage_bonus,
                               kTypes[static_cast<int>(attack.type)]);
      }
      // How it takes each type: mostly in full.
      std::string takes[4];  // the types of each reference::Takes
      for (int type = 0; type < reference::kSkirmishTypes; ++type) {
        const int way = std::max(between(-4, 3), 0);
        who.takes[static_cast<std::size_t>(type)] = static_cast<reference::Takes>(way);
        takes[way] += fmt::format(R"({}"{}")", takes[way].empty() ? "" : ", ", kTypes[type]);
      }
      members += fmt::format(
          R"({}{{ "name": "C{}{}", "pc": {}, "hp": {}, "ac": {}, "initiative": {},
              "attacks": [ {} ]{}, "tactics": {{ "target": "{}", "ties": "{}", "downed": "{}" }},
              "resistances": [ {} ], "immunities": [ {} ], "vulnerabilities": [ {} ] }})",
          m > 0 ? ", " : "", faction, m, who.pc,
          who.hp_count > 0 ? fmt::format(R"("{}d{}+{}")", who.hp_count, who.hp_sides, who.hp)
                           : std::to_string(who.hp),
          who.ac, who.initiative, attacks,
          who.attack_count == 2 ? R"(, "multiattack": ["A0", "A1"])" : "",
          kAims[static_cast<int>(who.aim)], who.ties_first ? "first" : "random",
          who.finishes ? "finish" : "ignore", takes[1], takes[2], takes[3]);
      drawn.sides.push_back(who);
    }
    factions += fmt::format(R"({}{{ "name": "F{}", "members": [ {} ] }})", faction > 0 ? ", " : "",
                            faction, members);
  }
  drawn.json =
      fmt::format(R"({{ "rules": "5e", "seed": {}, "max_rounds": {}, "factions": [ {} ] }})",
                  between(0, 1000000), between(1, 12), factions);
  return drawn;
}

TEST(SkirmishReference, DrawnEncountersPlayAsByHand) {
  std::mt19937 draw(2026);
  for (int e = 0; e < 300; ++e) {
    const DrawnEncounter drawn = draw_encounter(draw);
    SCOPED_TRACE(drawn.json);
    const Encounter encounter = load(drawn.json);
    expect_same_battles(encounter, drawn.sides, 200, /*all_decided=*/false);
    if (HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace arena::testing
