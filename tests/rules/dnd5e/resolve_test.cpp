// Resolution of encounter files: library look-ups and the PHB derivation
// of AC and attacks from abilities and equipment.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "arena/load.hpp"
#include "rules/dnd5e/dnd5e_test_util.hpp"

namespace arena::dnd5e {
namespace {

using testing::attack;
using testing::creature;
using testing::duel_json;
using testing::load;

// The seed article's goblin: STR 8, DEX 14, leather armor and shield,
// scimitar and shortbow, hit dice 2. The SRD lists the scimitar as martial,
// so the Monster Manual's +4 needs proficiency with it.
const std::string kGoblin = R"({ "name": "Goblin", "size": "small", "level": 2, "hp": "2d6",
  "abilities": { "str": 8, "dex": 14, "con": 10, "int": 10, "wis": 8, "cha": 8 },
  "armor": "leather armor", "shield": true, "weapons": ["scimitar", "shortbow"],
  "proficiency": ["simple", "scimitar"] })";

// The Monster Manual's goblin boss: chain shirt and shield, scimitar and
// javelin, proficiency +2 (its CR), not +3 (its 6 hit dice).
const std::string kGoblinBoss = R"({ "name": "Goblin Boss", "size": "small", "level": 6,
  "proficiency_bonus": 2, "hp": 21,
  "abilities": { "str": 10, "dex": 14, "con": 10, "int": 10, "wis": 8, "cha": 10 },
  "armor": "chain shirt", "shield": true, "weapons": ["scimitar", "javelin"],
  "proficiency": "martial" })";

const std::string kWolf = R"({ "monster": "wolf" })";

TEST(ResolveTest, SeedGoblinMatchesTheStatBlock) {
  const Encounter e = load(duel_json(kGoblin, kWolf));
  const Creature& goblin = creature(e, "Goblin");
  EXPECT_EQ(goblin.ac, 15);
  EXPECT_EQ(goblin.hp.to_string(), "2d6");
  const Attack& scimitar = attack(goblin, "Scimitar");
  EXPECT_EQ(scimitar.to_hit, 4);
  EXPECT_EQ(to_string(scimitar.damage), "1d6+2 slashing");
  const Attack& off_hand = attack(goblin, "Scimitar (off-hand)");
  EXPECT_EQ(off_hand.to_hit, 4);
  EXPECT_EQ(to_string(off_hand.damage), "1d6 slashing");
  const Attack& shortbow = attack(goblin, "Shortbow");
  EXPECT_EQ(shortbow.to_hit, 4);
  EXPECT_EQ(to_string(shortbow.damage), "1d6+2 piercing");
  EXPECT_EQ(shortbow.range_normal, 80);
  EXPECT_EQ(shortbow.range_long, 320);
}

TEST(ResolveTest, GoblinBossMatchesTheMonsterManual) {
  const Encounter e = load(duel_json(kGoblinBoss, kWolf));
  const Creature& boss = creature(e, "Goblin Boss");
  EXPECT_EQ(boss.ac, 17);
  EXPECT_EQ(attack(boss, "Scimitar").to_hit, 4);
  EXPECT_EQ(to_string(attack(boss, "Scimitar").damage), "1d6+2 slashing");
  EXPECT_EQ(attack(boss, "Javelin (thrown)").to_hit, 2);  // thrown uses STR, not DEX
  EXPECT_EQ(to_string(attack(boss, "Javelin (thrown)").damage), "1d6 piercing");
}

// "Melee or Ranged Weapon Attack: reach 5 ft. or range 30/120 ft.": two
// attacks, the melee one and a thrown one, each its own action.
TEST(ResolveTest, AStatBlocksMeleeOrRangedAttackIsAlsoThrown) {
  const Encounter e = load(duel_json(R"({ "monster": "ogre" })", kWolf));
  const Creature& ogre = creature(e, "Ogre");
  const Attack& melee = attack(ogre, "Javelin");
  EXPECT_EQ(melee.kind, AttackKind::Melee);
  EXPECT_EQ(melee.reach, 5);
  EXPECT_EQ(melee.range_normal, 0);
  const Attack& thrown = attack(ogre, "Javelin (thrown)");
  EXPECT_EQ(thrown.kind, AttackKind::Ranged);
  EXPECT_EQ(thrown.reach, 0);
  EXPECT_EQ(thrown.range_normal, 30);
  EXPECT_EQ(thrown.range_long, 120);
  EXPECT_EQ(thrown.to_hit, melee.to_hit);
  EXPECT_EQ(thrown.damage, melee.damage);
  std::vector<std::string> actions;
  for (const Action& action : ogre.actions) actions.push_back(action.name);
  EXPECT_EQ(actions, (std::vector<std::string>{"Greatclub", "Javelin", "Javelin (thrown)"}));
}

// A multiattack's ranged option names the thrown attacks (the bandit
// captain's "two ranged attacks with its daggers"), and a javelin that deals
// less at range (the bugbear's: 2d6+2 in melee, 1d6+2 at range) throws
// for the printed damage.
TEST(ResolveTest, AStatBlocksRangedUsesAreThrown) {
  const Encounter captains = load(duel_json(R"({ "monster": "bandit captain" })", kWolf));
  const Creature& captain = creature(captains, "Bandit Captain");
  std::vector<std::string> multiattacks;
  for (const Action& action : captain.actions) {
    if (action.name.starts_with("Multiattack")) multiattacks.push_back(action.name);
  }
  EXPECT_EQ(multiattacks,
            (std::vector<std::string>{"Multiattack (Scimitar, Scimitar, Dagger)",
                                      "Multiattack (Dagger (thrown), Dagger (thrown))"}));
  const Encounter bugbears = load(duel_json(R"({ "monster": "bugbear" })", kWolf));
  const Creature& bugbear = creature(bugbears, "Bugbear");
  creature(load(duel_json(R"({ "monster": "bugbear" })", kWolf)), "Bugbear");
  const Attack& melee = attack(bugbear, "Javelin");
  EXPECT_EQ(to_string(melee.damage), "2d6+2 piercing");
  EXPECT_EQ(melee.range_normal, 0);
  const Attack& thrown = attack(bugbear, "Javelin (thrown)");
  EXPECT_EQ(to_string(thrown.damage), "1d6+2 piercing");
  EXPECT_EQ(thrown.kind, AttackKind::Ranged);
  EXPECT_EQ(thrown.range_normal, 30);
  EXPECT_EQ(thrown.range_long, 120);
}

// A monster whose attacks the file replaces has no warning of the riders of
// the attacks it no longer has (a stirge's blood drain).
TEST(ResolveTest, ReplacedAttacksTakeTheirRidersWarningsAlong) {
  const auto riders = [](const Creature& c) {
    return std::count_if(c.warnings.begin(), c.warnings.end(), [](const std::string& w) {
      return w.find(" on a hit: ") != std::string::npos;
    });
  };
  EXPECT_EQ(riders(creature(load(duel_json(R"({ "monster": "stirge" })", kWolf)), "Stirge")), 2);
  const Encounter replaced = load(duel_json(
      R"({ "monster": "stirge", "attacks": [{"name": "Peck", "to_hit": 5, "damage": "1d4"}] })",
      kWolf));
  EXPECT_EQ(riders(creature(replaced, "Stirge")), 0);
}

TEST(ResolveTest, ProficiencyBonusFollowsLevel) {
  for (auto [level, bonus] : {std::pair{1, 2}, {4, 2}, {5, 3}, {9, 4}, {13, 5}, {17, 6}, {20, 6}}) {
    const Encounter e = load(duel_json(R"({ "name": "F", "hp": 10, "level": )" +
                                           std::to_string(level) + R"(, "weapons": ["club"] })",
                                       kWolf));
    EXPECT_EQ(attack(creature(e, "F"), "Club").to_hit, bonus) << "level " << level;
  }
}

// The PHB's hit points from a class's hit die: its most at 1st level, then
// half + 1 a level, CON's modifier added to each level, at least 1 a level.
TEST(ResolveTest, HitDieGivesHitPointsFromLevelAndCon) {
  struct Case {
    int level;
    const char* die;
    int con;
    int hp;
  };
  for (const Case c : {Case{1, "d10", 14, 12}, Case{3, "d10", 14, 28}, Case{1, "d6", 8, 5},
                       Case{5, "d12", 10, 12 + 4 * 7}, Case{4, "d6", 1, 1 + 3 * 1},
                       Case{20, "d8", 20, 13 + 19 * 10}}) {
    const Encounter e = load(duel_json(
        fmt::format(R"({{ "name": "F", "level": {}, "hit_die": "{}", "abilities": {{"con": {}}},
                         "weapons": ["club"] }})",
                    c.level, c.die, c.con),
        kWolf));
    EXPECT_EQ(creature(e, "F").hp, DiceExpr::constant(c.hp)) << c.level << " " << c.die;
    if (c.level == 3) {
      EXPECT_EQ(creature(e, "F").hp_source, "d10 at level 3, CON +2: 12 + 2 x 8");
    }
  }
  const auto both = testing::problems(duel_json(
      R"({ "name": "F", "hp": 9, "level": 2, "hit_die": "d8", "weapons": ["club"] })", kWolf));
  ASSERT_EQ(both.size(), 1u);
  EXPECT_NE(both[0].find("/factions/0/members/0/hit_die: give \"hp\" or \"hit_die\", not both"),
            std::string::npos)
      << both[0];
}

TEST(ResolveTest, MartialWeaponWithoutProficiencyGetsNoBonus) {
  const Encounter e = load(duel_json(
      R"({ "name": "F", "hp": 10, "level": 5, "abilities": { "str": 16 },
           "weapons": ["longsword", "mace"], "proficiency": "simple" })",
      kWolf));
  EXPECT_EQ(attack(creature(e, "F"), "Longsword").to_hit, 3);  // STR only
  EXPECT_EQ(attack(creature(e, "F"), "Mace").to_hit, 6);       // STR + 3
}

TEST(ResolveTest, FinesseUsesTheBetterOfStrAndDex) {
  const Encounter e = load(duel_json(
      R"({ "name": "F", "hp": 10, "abilities": { "str": 8, "dex": 18 }, "weapons": ["rapier", "mace"] })",
      kWolf));
  EXPECT_EQ(attack(creature(e, "F"), "Rapier").to_hit, 6);
  EXPECT_EQ(to_string(attack(creature(e, "F"), "Rapier").damage), "1d8+4 piercing");
  EXPECT_EQ(attack(creature(e, "F"), "Mace").to_hit, 1);
}

TEST(ResolveTest, RangedWeaponsUseDex) {
  const Encounter e = load(duel_json(
      R"({ "name": "F", "hp": 10, "abilities": { "str": 16, "dex": 12 }, "weapons": ["longbow"] })",
      kWolf));
  const Attack& bow = attack(creature(e, "F"), "Longbow");
  EXPECT_EQ(bow.to_hit, 3);
  EXPECT_EQ(bow.kind, AttackKind::Ranged);
  EXPECT_EQ(bow.range_normal, 150);
}

TEST(ResolveTest, VersatileWeaponsGetATwoHandedAttackWithoutAShield) {
  const Encounter free_hand = load(duel_json(
      R"({ "name": "F", "hp": 10, "abilities": { "str": 16 }, "weapons": ["longsword"] })", kWolf));
  EXPECT_EQ(to_string(attack(creature(free_hand, "F"), "Longsword (two-handed)").damage),
            "1d10+3 slashing");
  const Encounter shield = load(duel_json(
      R"({ "name": "F", "hp": 10, "abilities": { "str": 16 }, "weapons": ["longsword"], "shield": true })",
      kWolf));
  for (const Attack& a : creature(shield, "F").attacks) EXPECT_NE(a.name, "Longsword (two-handed)");
}

TEST(ResolveTest, OffHandAttackAddsNoPositiveModifierButKeepsANegativeOne) {
  const Encounter strong = load(duel_json(
      R"({ "name": "F", "hp": 10, "abilities": { "str": 16 }, "weapons": ["handaxe", "handaxe"] })",
      kWolf));
  EXPECT_EQ(to_string(attack(creature(strong, "F"), "Handaxe (off-hand)").damage), "1d6 slashing");
  const Encounter weak = load(duel_json(
      R"({ "name": "F", "hp": 10, "abilities": { "str": 6 }, "weapons": ["handaxe", "handaxe"] })",
      kWolf));
  EXPECT_EQ(to_string(attack(creature(weak, "F"), "Handaxe (off-hand)").damage), "1d6-2 slashing");
}

TEST(ResolveTest, TwoWeaponFightingIsAnActionOnlyWithTwoLightWeaponsAndNoShield) {
  auto has_action = [](const Creature& c, const std::string& name) {
    for (const Action& a : c.actions) {
      if (a.name == name) return true;
    }
    return false;
  };
  const Encounter two = load(
      duel_json(R"({ "name": "F", "hp": 10, "weapons": ["shortsword", "shortsword"] })", kWolf));
  EXPECT_TRUE(has_action(creature(two, "F"), "Shortsword + Shortsword (off-hand)"));
  const Encounter one =
      load(duel_json(R"({ "name": "F", "hp": 10, "weapons": ["shortsword"] })", kWolf));
  EXPECT_FALSE(has_action(creature(one, "F"), "Shortsword + Shortsword (off-hand)"));
  const Encounter shield = load(duel_json(
      R"({ "name": "F", "hp": 10, "weapons": ["shortsword", "shortsword"], "shield": true })",
      kWolf));
  EXPECT_FALSE(has_action(creature(shield, "F"), "Shortsword + Shortsword (off-hand)"));
}

TEST(ResolveTest, SmallCreaturesHaveDisadvantageWithHeavyWeapons) {
  const Encounter e = load(duel_json(
      R"({ "name": "S", "size": "small", "hp": 10, "weapons": ["greatsword", "shortsword"] })",
      R"({ "name": "M", "hp": 10, "weapons": ["greatsword"] })"));
  EXPECT_TRUE(attack(creature(e, "S"), "Greatsword").disadvantage);
  EXPECT_FALSE(attack(creature(e, "S"), "Shortsword").disadvantage);
  EXPECT_FALSE(attack(creature(e, "M"), "Greatsword").disadvantage);
}

TEST(ResolveTest, ArmorClassCapsDexForMediumAndIgnoresItForHeavy) {
  const std::string abilities = R"("abilities": { "dex": 18 })";
  const Encounter e = load(duel_json(
      R"({ "name": "L", "hp": 9, "weapons": ["club"], "armor": "studded leather armor", )" +
          abilities + "}, " +
          R"({ "name": "M", "hp": 9, "weapons": ["club"], "armor": "half plate armor", )" +
          abilities + "}, " +
          R"({ "name": "H", "hp": 9, "weapons": ["club"], "armor": "plate armor", "shield": true, )" +
          abilities + "}, " + R"({ "name": "N", "hp": 9, "weapons": ["club"], )" + abilities + "}",
      kWolf));
  EXPECT_EQ(creature(e, "L").ac, 16);  // 12 + 4
  EXPECT_EQ(creature(e, "M").ac, 17);  // 15 + 2 (max)
  EXPECT_EQ(creature(e, "H").ac, 20);  // 18 + shield
  EXPECT_EQ(creature(e, "N").ac, 14);  // 10 + 4
}

TEST(ResolveTest, LibraryMonstersFightAsTheirStatBlock) {
  const Encounter e =
      load(duel_json(R"({ "monster": "Adult Red Dragon" })", R"({ "monster": "ogre" })"));
  const Creature& dragon = creature(e, "Adult Red Dragon");
  EXPECT_EQ(dragon.ac, 19);
  EXPECT_EQ(dragon.hp.flat(), 256);
  EXPECT_EQ(to_string(attack(dragon, "Bite").damage), "2d10+8 piercing + 2d6 fire");
  EXPECT_TRUE(dragon.immunities.contains(DamageType::Fire));
  bool multiattack = false;
  for (const Action& action : dragon.actions) multiattack |= action.attacks.size() == 3;
  EXPECT_TRUE(multiattack);
}

TEST(ResolveTest, CountMakesNumberedCopiesAndOverridesApply) {
  const Encounter e =
      load(duel_json(R"({ "monster": "goblin", "count": 3, "hp": "2d6", "ac": 12 })",
                     R"({ "monster": "goblin" })"));
  ASSERT_EQ(e.combatants.size(), 4u);
  EXPECT_EQ(e.combatants[0].name, "Goblin 1");
  EXPECT_EQ(e.combatants[2].name, "Goblin 3");
  EXPECT_EQ(e.combatants[3].name, "Goblin 4");  // names stay unique across factions
  EXPECT_EQ(creature_of(e, 0).ac, 12);
  EXPECT_EQ(creature_of(e, 0).hp.to_string(), "2d6");
  EXPECT_EQ(creature_of(e, 3).ac, 15);
}

TEST(ResolveTest, MonsterNamesAreCaseAndHyphenInsensitive) {
  const Encounter e = load(duel_json(R"({ "monster": "ADULT-red_dragon" })", kWolf));
  EXPECT_EQ(e.combatants[0].name, "Adult Red Dragon");
}

TEST(ResolveTest, UnknownNamesGetSuggestions) {
  const auto lines = testing::problems(
      duel_json(R"({ "monster": "goblinn" })",
                R"({ "name": "F", "hp": 5, "weapons": ["longswrd"], "armor": "lether" })"));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[0].find("unknown monster \"goblinn\" (did you mean 'goblin'?)"),
            std::string::npos);
  EXPECT_NE(lines[1].find("unknown weapon \"longswrd\" (did you mean 'longsword'?)"),
            std::string::npos);
  EXPECT_NE(lines[2].find("unknown armor \"lether\" (did you mean 'leather armor'?)"),
            std::string::npos);
}

}  // namespace
}  // namespace arena::dnd5e
