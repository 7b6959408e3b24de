// Areas of effect on a 5e battlefield, with scripted dice: a cone, a
// sphere, a line, a cube and an emanation from SRD stat blocks catch
// exactly the creatures inside them (field_area.hpp) and make each of them
// save, and not the creatures just outside; the aim avoids the caster's
// allies; gridless, the same breath still draws its DMG-table count.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <climits>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "arena/load.hpp"
#include "arena/replay.hpp"
#include "arena/scripted_dice.hpp"
#include "rules/dnd5e/battle.hpp"
#include "rules/dnd5e/dnd5e_test_util.hpp"
#include "rules/dnd5e/field_describe.hpp"

namespace arena::dnd5e {
namespace {

// A hero of the party: 100 HP (nobody drops), ability scores 10, at (x, y)
// (x < 0: gridless, nowhere).
std::string hero(const std::string& name, int x = -1, int y = 0) {
  const std::string at = x < 0 ? "" : fmt::format(R"("at": [{}, {}],)", x, y);
  return fmt::format(
      R"({{"name": "{}", "hp": 100, "ac": 10, {}
           "attacks": [{{"name": "Club", "to_hit": 2, "damage": "1d4"}}]}})",
      name, at);
}

// The party against `foes`, on a 30 x 12 field (`field` JSON), or gridless.
Encounter load(const std::string& party, const std::string& foes, bool field = true) {
  const std::string text = fmt::format(
      R"({{{} "factions": [{{"name": "party", "members": [{}]}}, {{"name": "foes", "members": [{}]}}]}})",
      field ? R"("battlefield": {"width": 30, "height": 12},)" : "", party, foes);
  auto loaded = load_encounter(text, "test.json");
  if (!loaded) ADD_FAILURE() << loaded.error().front();
  return loaded ? *loaded : Encounter{};
}

// Who the area caught, and who saved, by name.
struct Seen : NoEvents {
  const Encounter* encounter = nullptr;
  std::vector<std::string> caught, saved;
  void area(int, const char*, std::span<const int> who) {
    for (int c : who) caught.push_back(encounter->combatants[static_cast<std::size_t>(c)].name);
  }
  void save(int c, const char*, Ability, const SaveRoll&) {
    saved.push_back(encounter->combatants[static_cast<std::size_t>(c)].name);
  }
};

// `source` uses its save effect `effect` aimed at `target`, with `dice`
// (every one used), those named in `down` (PCs) at 0 HP; what it reported.
Seen cast(const Encounter& e, const std::string& source, const std::string& effect,
          const std::string& target, std::vector<int> dice,
          const std::vector<std::string>& down = {}) {
  BattlePlan plan(e);
  BattleState state;
  testing::start_at_full_hp(e, plan, state);
  const auto index = [&](const std::string& name) {
    for (int c = 0; c < e.combatant_count(); ++c) {
      if (e.combatants[static_cast<std::size_t>(c)].name == name) return c;
    }
    ADD_FAILURE() << "no " << name;
    return 0;
  };
  for (const std::string& name : down) {
    state.combatants[static_cast<std::size_t>(index(name))].hp = 0;
    state.standing.drops(index(name));
  }
  const int self = index(source);
  const std::vector<SaveEffect>& effects = creature_of(e, self).save_effects;
  int which = -1;
  for (std::size_t s = 0; s < effects.size(); ++s) {
    if (effects[s].name == effect) which = static_cast<int>(s);
  }
  EXPECT_GE(which, 0) << effect;
  Seen seen;
  seen.encounter = &e;
  ScriptedDice scripted(std::move(dice));
  detail::force_save(plan, state, self, index(target), plan.save_effect(self, which), scripted,
                     seen);
  EXPECT_EQ(scripted.remaining(), 0u);
  return seen;
}

// Who an area caught on a battlefield, checking each of them saved once.
std::vector<std::string> caught(const Seen& seen) {
  EXPECT_EQ(seen.saved, seen.caught);
  return seen.caught;
}

using Names = std::vector<std::string>;

// n dice all showing `face`.
std::vector<int> dice(int n, int face, std::vector<int> then = {}) {
  std::vector<int> all(static_cast<std::size_t>(n), face);
  all.insert(all.end(), then.begin(), then.end());
  return all;
}

TEST(BattlefieldAreaTest, AConeCatchesTheSquaresItWidensOver) {
  // A red dragon wyrmling at (0, 2) breathes a 15-ft cone east (7d6, then a
  // DEX save each): it covers (1, 2), (2, 2) and (3, 1) to (3, 3)
  // (space/area_test.cpp). (2, 1) is beside it, (4, 2) beyond it.
  const Encounter e =
      load(fmt::format("{}, {}, {}, {}, {}", hero("Front", 1, 2), hero("Top", 3, 1),
                       hero("Bottom", 3, 3), hero("Beside", 2, 1), hero("Beyond", 4, 2)),
           R"({"monster": "red dragon wyrmling", "at": [0, 2]})");
  EXPECT_EQ(caught(cast(e, "Red Dragon Wyrmling", "Fire Breath", "Front", dice(7, 3, {5, 5, 5}))),
            (Names{"Front", "Top", "Bottom"}));
}

// A PC down at 0 HP in the cone is caught too, though no one aims at it:
// unconscious, it fails its Dex save without a die, and the damage costs it
// a death save (it was skipped, as if it were not there).
TEST(BattlefieldAreaTest, AConeCatchesAPcDownInIt) {
  const std::string down = R"(, {"name": "Down", "pc": true, "hp": 30, "ac": 10, "at": [3, 1],
                                 "attacks": [{"name": "Club", "to_hit": 2, "damage": "1d4"}]})";
  const Encounter e =
      load(hero("Front", 1, 2) + down, R"({"monster": "red dragon wyrmling", "at": [0, 2]})");
  // 21 fire; Front's save fails, Down's fails by itself (unconscious): a
  // failed death save.
  EXPECT_EQ(
      caught(cast(e, "Red Dragon Wyrmling", "Fire Breath", "Front", dice(7, 3, {5}), {"Down"})),
      (Names{"Front", "Down"}));
  // A fear "of its choice" catches no one down: an adult dragon's Frightful
  // Presence (120 ft), a Wis save for Front alone.
  const Encounter fear =
      load(hero("Front", 1, 2) + down, R"({"monster": "adult black dragon", "at": [6, 6]})");
  EXPECT_EQ(caught(cast(fear, "Adult Black Dragon", "Frightful Presence", "Front", {5}, {"Down"})),
            (Names{"Front"}));
}

TEST(BattlefieldAreaTest, ASphereCatchesEveryoneWithinItsRadius) {
  // A mage's Fireball (20 ft): centred on a corner of Near's space it
  // catches Near and Far (centres 15 ft apart); no such corner has Below
  // (25 ft under Near) within 20 ft as well: 22.6 ft at best.
  const Encounter e =
      load(fmt::format("{}, {}, {}", hero("Near", 4, 4), hero("Far", 7, 4), hero("Below", 4, 9)),
           R"({"monster": "mage", "at": [20, 2]})");
  EXPECT_EQ(caught(cast(e, "Mage", "Fireball", "Near", dice(8, 2, {5, 5}))),
            (Names{"Near", "Far"}));
}

TEST(BattlefieldAreaTest, ALineRunsFiveFeetWide) {
  // A blue dragon wyrmling's 30-ft line from its corner, south-east: (2, 2)
  // and (4, 4) are on it; (3, 2) is 3.5 ft aside, (6, 6) 39 ft along.
  const Encounter e = load(fmt::format("{}, {}, {}, {}", hero("One", 2, 2), hero("Two", 4, 4),
                                       hero("Aside", 3, 2), hero("Past", 6, 6)),
                           R"({"monster": "blue dragon wyrmling", "at": [0, 0]})");
  EXPECT_EQ(caught(cast(e, "Blue Dragon Wyrmling", "Lightning Breath", "One", dice(4, 5, {5, 5}))),
            (Names{"One", "Two"}));
}

TEST(BattlefieldAreaTest, ACubeLiesAgainstTheCastersSide) {
  // A druid's Thunderwave (15-ft cube) at (5, 5): against its east side,
  // rows 4 to 6, it holds all three of (6, 4), (7, 5) and (8, 6); (9, 5)
  // is a square too far east, (6, 8) too far south.
  const Encounter e = load(fmt::format("{}, {}, {}, {}, {}", hero("A", 6, 4), hero("B", 7, 5),
                                       hero("C", 8, 6), hero("East", 9, 5), hero("South", 6, 8)),
                           R"({"monster": "druid", "at": [5, 5]})");
  EXPECT_EQ(caught(cast(e, "Druid", "Thunderwave", "East", dice(2, 4, {5, 5, 5}))),
            (Names{"A", "B", "C"}));
}

TEST(BattlefieldAreaTest, AnEmanationCatchesAlliesToo) {
  // A magmin's Death Burst: everyone within 10 ft of it, its fellow magmin
  // included (friendly fire); a hero 15 ft away is spared.
  const Encounter e = load(
      fmt::format("{}, {}", hero("Close", 2, 0), hero("Away", 3, 0)),
      R"({"monster": "magmin", "at": [0, 0]}, {"name": "Other", "monster": "magmin", "at": [0, 1]})");
  EXPECT_EQ(caught(cast(e, "Magmin", "Death Burst", "Close", dice(2, 3, {5, 5}))),
            (Names{"Close", "Other"}));
}

TEST(BattlefieldAreaTest, TheAimSparesTheCastersAllies) {
  // Any Fireball on the target also burns the mage's thug beside it (a
  // score of 1 - 1); the pair of heroes far off scores 2 and is chosen.
  const Encounter e = load(
      fmt::format("{}, {}, {}", hero("Target", 2, 2), hero("Pair 1", 12, 2), hero("Pair 2", 13, 2)),
      R"({"monster": "mage", "at": [20, 8]}, {"monster": "thug", "at": [3, 2]})");
  EXPECT_EQ(caught(cast(e, "Mage", "Fireball", "Target", dice(8, 2, {5, 5}))),
            (Names{"Pair 1", "Pair 2"}));
}

TEST(BattlefieldAreaTest, OfItsChoiceSparesTheSourcesAllies) {
  // An adult red dragon's Frightful Presence (120 ft, "each creature of the
  // dragon's choice"): the hero 115 ft away saves, the one 130 ft away and
  // the dragon's kobold beside it do not.
  const Encounter e = load(fmt::format("{}, {}", hero("Near", 25, 0), hero("Far", 28, 0)),
                           R"({"monster": "adult red dragon", "at": [0, 0]},
                              {"monster": "kobold", "at": [3, 0]})");
  EXPECT_EQ(caught(cast(e, "Adult Red Dragon", "Frightful Presence", "Near", {15})),
            (Names{"Near"}));
  EXPECT_EQ(field_areas_line(e, 2),
            "    areas by geometry (not the target counts above): Frightful Presence (120-foot "
            "emanation, enemies only), Fire Breath (60-foot cone), Wing Attack (10-foot "
            "emanation)\n");
  EXPECT_EQ(field_areas_line(e, 3), "");  // the kobold has none
}

TEST(BattlefieldAreaTest, ReplayNamesWhoEachAreaCaughtAndEachOfThemSaves) {
  // The shipped young dragon on a battlefield: every "catches" line is
  // followed by the saves of exactly the creatures it names, in order.
  auto e = load_encounter_file(std::string(ARENA_SOURCE_DIR) +
                               "/scenarios/young-dragon-party-battlefield.json");
  ASSERT_TRUE(e) << e.error().front();
  int areas = 0;
  for (int battle = 0; battle < 10; ++battle) {
    std::istringstream lines(replay_battle(*e, battle).text);
    std::vector<std::string> expected, seen;
    const auto settle = [&] {
      EXPECT_EQ(seen, expected);
      expected.clear();
      seen.clear();
    };
    for (std::string line; std::getline(lines, line);) {
      const std::string marker = ") catches ";
      if (const auto at = line.find(marker); at != std::string::npos) {
        settle();
        ++areas;
        std::istringstream names(line.substr(at + marker.size()));
        for (std::string name; std::getline(names >> std::ws, name, ',');) expected.push_back(name);
      } else if (const auto save = line.find(" dex save against Acid Breath");
                 save != std::string::npos) {
        seen.push_back(line.substr(2, save - 2));
      }
    }
    settle();
  }
  EXPECT_GT(areas, 5);
}

// Whether `area` of a creature on `self`, aimed at `target`, catches it.
bool aimed_catches(const FieldArea& area, const space::Footprint& self,
                   const space::Footprint& target) {
  bool caught = false;
  detail::placements_at(area, self, target, [&](const space::Area& drawn) {
    caught = caught || space::footprint_caught(drawn, target);
  });
  return caught;
}

TEST(BattlefieldAreaTest, AreasAreUsedWhereTheyAreSureToCatchTheTarget) {
  // A 30-ft cone or line is sure of its target within 20 ft: the worst case
  // is a diagonal, (4, 4) from (0, 0) is 20 ft away and caught, (5, 5) at
  // 25 ft is not, though (5, 0) at 25 ft is.
  for (AreaShape shape : {AreaShape::Cone, AreaShape::Line}) {
    const FieldArea area{shape, 30, false};
    EXPECT_EQ(detail::area_limit(area), 20);
    EXPECT_TRUE(aimed_catches(area, {{0, 0}, 1}, {{4, 4}, 1}));
    EXPECT_FALSE(aimed_catches(area, {{0, 0}, 1}, {{5, 5}, 1}));
    EXPECT_TRUE(aimed_catches(area, {{0, 0}, 1}, {{5, 0}, 1}));
  }
  EXPECT_EQ(detail::area_limit({AreaShape::Cone, 15, false}), 10);
  EXPECT_EQ(detail::area_limit({AreaShape::Cube, 15, false}), 10);
  EXPECT_EQ(detail::area_limit({AreaShape::Emanation, 10, false}), 10);
  EXPECT_EQ(detail::area_limit({AreaShape::Sphere, 20, false}), INT_MAX);
}

TEST(BattlefieldAreaTest, GridlessTheDmgTableStillCounts) {
  // The same wyrmling without a battlefield: a 15-ft cone catches 2 (15 / 10,
  // rounded up), the target and one drawn at random (a d4 over the 4 others:
  // 2 picks the second, Bottom).
  const Encounter e = load(fmt::format("{}, {}, {}, {}, {}", hero("Front"), hero("Top"),
                                       hero("Bottom"), hero("Beside"), hero("Beyond")),
                           R"({"monster": "red dragon wyrmling"})", false);
  const Seen seen =
      cast(e, "Red Dragon Wyrmling", "Fire Breath", "Front", dice(1, 2, dice(7, 3, {5, 5})));
  EXPECT_TRUE(seen.caught.empty());  // no area event gridless
  EXPECT_EQ(seen.saved, (Names{"Front", "Bottom"}));
}

}  // namespace
}  // namespace arena::dnd5e
