// End-to-end tests of `arena library` through the real binary: listing and
// filtering the SRD bestiary, one monster as arena resolves it, the coverage
// of the whole bestiary, the weapon and armor tables, and bad input.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using nlohmann::json;

struct Result {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs `arena ARGS` (ARGS as the shell reads them) from the source directory:
// stdout through a pipe, stderr through a file of this test's own (ctest runs
// tests in parallel processes).
Result arena(const std::string& args) {
  const std::string err_path = ::testing::TempDir() + "arena_library_" +
                               ::testing::UnitTest::GetInstance()->current_test_info()->name() +
                               "_" + std::to_string(::getpid()) + ".err";
  const std::string command = std::string("cd ") + ARENA_SOURCE_DIR + " && " + ARENA_BINARY + " " +
                              args + " 2> " + err_path;
  Result run;
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
      run.out.append(buffer, n);
    const int status = ::pclose(pipe);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  std::ifstream err(err_path);
  run.err.assign(std::istreambuf_iterator<char>(err), std::istreambuf_iterator<char>());
  std::remove(err_path.c_str());
  return run;
}

// `arena ARGS` that must succeed with nothing on stderr; returns its stdout.
std::string arena_text(const std::string& args) {
  const Result run = arena(args);
  EXPECT_EQ(run.exit_code, 0) << args << "\n" << run.err;
  EXPECT_EQ(run.err, "") << args;
  return run.out;
}

// `arena ARGS` that must succeed with JSON on stdout and nothing on stderr.
json arena_json(const std::string& args) {
  return json::parse(arena_text(args), nullptr, false);
}

// `arena ARGS` that must fail as bad input: exit code 2 and nothing on
// stdout. Returns what it printed on stderr.
std::string arena_error(const std::string& args) {
  const Result run = arena(args);
  EXPECT_EQ(run.exit_code, 2) << args;
  EXPECT_EQ(run.out, "") << args;
  return run.err;
}

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return text;
}

bool has_name(const json& list, const std::string& name) {
  return std::any_of(list.begin(), list.end(),
                     [&](const json& entry) { return entry["name"] == name; });
}

// The entry of `list` called `name`; null (and a failure) when there is none.
const json& named(const json& list, const std::string& name) {
  static const json kNone;
  const auto found = std::find_if(list.begin(), list.end(),
                                  [&](const json& entry) { return entry["name"] == name; });
  EXPECT_NE(found, list.end()) << name << " in " << list;
  return found == list.end() ? kNone : *found;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(LibraryCliTest, MonstersJsonListsTheWholeBestiaryByCrThenName) {
  const json monsters = arena_json("library monsters --format json");
  ASSERT_TRUE(monsters.is_array());
  EXPECT_EQ(monsters.size(), 334u);
  for (std::size_t i = 1; i < monsters.size(); ++i) {
    const json& a = monsters[i - 1];
    const json& b = monsters[i];
    ASSERT_LE(a["cr_value"].get<double>(), b["cr_value"].get<double>()) << b["name"];
    if (a["cr_value"] == b["cr_value"]) {
      EXPECT_LT(lowercase(a["name"]), lowercase(b["name"]));
    }
  }
  for (const char* key :
       {"name", "size", "type", "cr", "ac", "hp", "attacks", "multiattack", "not_modelled"}) {
    EXPECT_TRUE(monsters[0].contains(key)) << key;
  }
  const Result table = arena("library monsters");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("334 of 334 monsters"), std::string::npos);
}

TEST(LibraryCliTest, MonstersSearchDragonReturnsOnlyDragons) {
  const json dragons = arena_json("library monsters --search dragon --format json");
  ASSERT_FALSE(dragons.empty());
  for (const json& monster : dragons) {
    const bool named = lowercase(monster["name"]).find("dragon") != std::string::npos;
    const bool typed = lowercase(monster["type"]).find("dragon") != std::string::npos;
    EXPECT_TRUE(named || typed) << monster["name"];
  }
  EXPECT_TRUE(has_name(dragons, "Adult Red Dragon"));
  EXPECT_FALSE(has_name(dragons, "Goblin"));
  EXPECT_EQ(arena_json("library monsters --search DRAGON --format json"), dragons)
      << "case-insensitive";
}

// The bugbear's javelin, 2d6+2 in melee and 1d6+2 at range, is one printed
// attack that arena plays as two ("Javelin", "Javelin (thrown)"): the list
// and the coverage count what the stat block prints.
TEST(LibraryCliTest, AnAttackSplitInTwoCountsOnce) {
  const json bugbear = arena_json("library monsters --search bugbear --format json");
  ASSERT_EQ(bugbear.size(), 1u) << bugbear;
  EXPECT_EQ(bugbear[0]["attacks"], 2);  // Morningstar, Javelin
  EXPECT_TRUE(contains(arena_text("library show bugbear"), "Javelin (thrown)"));
}

TEST(LibraryCliTest, MonstersCrQuarterIsExactlyTheQuarterMonsters) {
  const json quarter = arena_json("library monsters --cr 1/4-1/4 --format json");
  ASSERT_FALSE(quarter.empty());
  EXPECT_TRUE(has_name(quarter, "Goblin"));
  EXPECT_TRUE(has_name(quarter, "Wolf"));
  for (const json& monster : quarter) {
    EXPECT_EQ(monster["cr_value"], 0.25) << monster["name"];
    EXPECT_EQ(monster["cr"], "1/4") << monster["name"];
  }
  EXPECT_EQ(arena_json("library monsters --cr 0.25 --format json"), quarter);
}

TEST(LibraryCliTest, MonstersCrRangesAreInclusive) {
  const json one_to_five = arena_json("library monsters --cr 1-5 --format json");
  std::size_t per_cr = 0;
  for (int cr = 1; cr <= 5; ++cr) {
    const json exact = arena_json("library monsters --cr " + std::to_string(cr) + " --format json");
    for (const json& monster : exact) EXPECT_EQ(monster["cr_value"], cr) << monster["name"];
    per_cr += exact.size();
  }
  EXPECT_EQ(one_to_five.size(), per_cr);
  const json mixed = arena_json("library monsters --cr 1/4-2 --search goblin --format json");
  EXPECT_TRUE(has_name(mixed, "Goblin"));
  EXPECT_TRUE(has_name(mixed, "Hobgoblin"));
  EXPECT_EQ(mixed.size(), 2u);
}

TEST(LibraryCliTest, MonstersBadCrExitsTwoWithNothingOnStdout) {
  for (const char* range : {"x", "5-1", "1-", "-1", "1/0", "1--2", "''", "1-2-3"}) {
    const std::string err = arena_error(std::string("library monsters --cr ") + range);
    EXPECT_TRUE(err.starts_with("error: --cr: ")) << range << ": " << err;
  }
  EXPECT_EQ(arena_error("library monsters --cr 5-1"),
            "error: --cr: \"5-1\": the minimum 5 is above the maximum 1\n");
}

TEST(LibraryCliTest, ShowAdultRedDragonAsArenaResolvesIt) {
  const Result run = arena("library show \"adult red dragon\"");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_NE(run.out.find("2d10+8 piercing + 2d6 fire"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("AC 19 (natural armor)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Multiattack (Frightful Presence, Bite, Claw, Claw)"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("STR 27 (+8)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("saves: STR +8  DEX +6  CON +13  INT +3  WIS +7  CHA +11"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("Fire Breath: DC 21 Dex save, 18d6 fire, half on success, 60-foot cone "
                         "(6 targets)"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("Fire Breath [Fire Breath (recharge 5-6)]"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("legendary actions: 3 per round: Tail Attack (1), Wing Attack (2)"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("legendary resistance: 3/day"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("not modelled: Fire Breath"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("warning: not modelled: Legendary: Detect"), std::string::npos) << run.out;

  const json dragon = arena_json("library show adult-red-dragon --format json");
  EXPECT_EQ(dragon["name"], "Adult Red Dragon");
  EXPECT_EQ(dragon["ac"], 19);
  EXPECT_EQ(dragon["hp"], 256);
  EXPECT_EQ(dragon["cr"], "17");
  EXPECT_EQ(dragon["abilities"]["str"], 27);
  EXPECT_EQ(dragon["immunities"], json::array({"fire"}));
  ASSERT_FALSE(dragon["attacks"].empty());
  EXPECT_EQ(dragon["attacks"][0]["name"], "Bite");
  EXPECT_EQ(dragon["attacks"][0]["damage"], "2d10+8 piercing + 2d6 fire");
  EXPECT_EQ(dragon["attacks"][0]["to_hit"], 14);
  EXPECT_EQ(dragon["attacks"][0]["reach"], 10);
  EXPECT_EQ(dragon["saves"]["con"], 13);
  EXPECT_EQ(dragon["saves"]["str"], 8) << "not proficient: the modifier";
  const json& breath = named(dragon["save_effects"], "Fire Breath");
  EXPECT_EQ(breath["ability"], "dex");
  EXPECT_EQ(breath["dc"], 21);
  EXPECT_EQ(breath["damage"], "18d6 fire");
  EXPECT_EQ(breath["half_on_success"], true);
  EXPECT_EQ(breath["area"], "60-foot cone");
  EXPECT_EQ(breath["targets"], 6);
  EXPECT_EQ(named(dragon["actions"], "Fire Breath")["resource"], "Fire Breath (recharge 5-6)");
  EXPECT_EQ(named(dragon["resources"], "Fire Breath (recharge 5-6)")["recharge"], 5);
  EXPECT_EQ(dragon["legendary_per_round"], 3);
  EXPECT_EQ(dragon["legendary_resistance"], 3);
  const json& legendary = dragon["legendary_actions"];
  ASSERT_EQ(legendary.size(), 2u) << legendary;
  EXPECT_EQ(named(legendary, "Tail Attack")["attacks"], json::array({"Tail"}));
  EXPECT_EQ(named(legendary, "Tail Attack")["cost"], 1);
  EXPECT_EQ(named(legendary, "Wing Attack")["saves"], json::array({"Wing Attack"}));
  EXPECT_EQ(named(legendary, "Wing Attack")["cost"], 2);
  const json& warnings = dragon["warnings"];
  EXPECT_EQ(warnings, json::array({"not modelled: Legendary: Detect"}));
  EXPECT_EQ(arena_json("library show adult red dragon --format json"), dragon) << "unquoted words";
}

TEST(LibraryCliTest, ShowMageSpellsWithTheirSlots) {
  const std::string mage_table = arena_text("library show mage");
  EXPECT_TRUE(contains(mage_table,
                       "Fireball: DC 14 Dex save, 8d6 fire, half on success, 20-foot "
                       "sphere (4 targets), magical"))
      << mage_table;
  EXPECT_TRUE(contains(mage_table, "Fireball [3rd-level spell slots: 3]")) << mage_table;
  EXPECT_TRUE(contains(mage_table, "Fireball (4th level) [4th-level spell slots: 3]"))
      << mage_table;
  EXPECT_TRUE(contains(mage_table, "Magic Missile x3 [1st-level spell slots: 4]")) << mage_table;
  EXPECT_TRUE(contains(mage_table, "spell [magical, automatic hit]")) << mage_table;
  EXPECT_TRUE(contains(mage_table, "warning: not modelled: spell Shield")) << mage_table;

  const json mage = arena_json("library show mage --format json");
  EXPECT_EQ(named(mage["actions"], "Fireball (4th level)")["resource"], "4th-level spell slots");
  EXPECT_EQ(named(mage["resources"], "4th-level spell slots")["uses"], 3);
  EXPECT_EQ(named(mage["save_effects"], "Fireball (4th level)")["damage"], "9d6 fire");
  EXPECT_EQ(named(mage["save_effects"], "Fireball")["magical"], true);
  EXPECT_EQ(named(mage["attacks"], "Magic Missile")["auto_hit"], true);
  EXPECT_EQ(named(mage["actions"], "Magic Missile")["attacks"].size(), 3u);
}

TEST(LibraryCliTest, ShowTrollRegenerationAndTraitsWithNoEffect) {
  const std::string troll_table = arena_text("library show troll");
  EXPECT_TRUE(
      contains(troll_table, "traits: Regeneration 10 (stopped by acid, fire; revives at 0 HP)"))
      << troll_table;
  EXPECT_TRUE(contains(troll_table, "no effect in a gridless fight: Keen Smell")) << troll_table;
  EXPECT_FALSE(contains(troll_table, "warning:")) << troll_table;

  const json troll = arena_json("library show troll --format json");
  EXPECT_EQ(troll["traits"]["regeneration"],
            (json{{"hp", 10}, {"stopped_by", {"acid", "fire"}}, {"revives", true}}));
  EXPECT_EQ(troll["no_effect_traits"], json::array({"Keen Smell"}));
  EXPECT_TRUE(troll["warnings"].empty());
}

TEST(LibraryCliTest, ShowAttackRiders) {
  const std::string ghoul = arena_text("library show ghoul");
  EXPECT_TRUE(contains(ghoul, "on hit: DC 10 Con save or paralyzed 10 rounds, save ends")) << ghoul;
  EXPECT_TRUE(contains(ghoul, "condition immunities: poisoned")) << ghoul;
  const std::string snake = arena_text("library show giant constrictor snake");
  EXPECT_TRUE(contains(snake, "on hit: grappled (ends with source)")) << snake;
  const json claws = named(arena_json("library show ghoul --format json")["attacks"], "Claws");
  ASSERT_EQ(claws["on_hit_saves"].size(), 1u);
  EXPECT_EQ(claws["on_hit_saves"][0]["conditions"][0], (json{{"condition", "paralyzed"},
                                                             {"duration", 10},
                                                             {"repeat_save", true},
                                                             {"ends_with_source", false}}));
}

TEST(LibraryCliTest, ShowDefencesAndAMonsterWithoutAttacks) {
  const json elemental = arena_json("library show air elemental --format json");
  EXPECT_EQ(elemental["nonmagical_resistances"],
            json::array({"bludgeoning", "piercing", "slashing"}));
  EXPECT_EQ(elemental["resistances"], json::array({"lightning", "thunder"}));
  const json werewolf = arena_json("library show \"werewolf, human form\" --format json");
  // "from nonmagical weapons that aren't silvered": only silvered or magical attacks hurt it.
  EXPECT_EQ(werewolf["unsilvered_immunities"],
            json::array({"bludgeoning", "piercing", "slashing"}));
  EXPECT_TRUE(werewolf["warnings"].empty()) << werewolf["warnings"];
  EXPECT_TRUE(werewolf["nonmagical_immunities"].empty());
  const json frog = arena_json("library show frog --format json");
  EXPECT_EQ(frog["can_fight"], false);
  EXPECT_TRUE(frog["attacks"].empty());
  EXPECT_TRUE(frog["actions"].empty());
  const Result table = arena("library show frog");
  EXPECT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("no attack arena can make"), std::string::npos) << table.out;
}

TEST(LibraryCliTest, ShowUnknownNameExitsTwoWithDidYouMean) {
  EXPECT_EQ(arena_error("library show \"adult red dragn\""),
            "error: unknown monster \"adult red dragn\" (did you mean 'adult red dragon'?)\n");
  EXPECT_EQ(arena_error("library show zzzzzzzzzz"), "error: unknown monster \"zzzzzzzzzz\"\n");
}

// Each count's total is the sum of its parts, and its share what it says.
void expect_consistent(const json& count, const std::string& what) {
  const int modelled = count["modelled"], no_effect = count["no_effect"],
            not_modelled = count["not_modelled"];
  EXPECT_EQ(modelled + no_effect + not_modelled, count["total"].get<int>()) << what;
  EXPECT_DOUBLE_EQ(count["share_modelled"].get<double>(),
                   modelled + not_modelled == 0
                       ? 0.0
                       : static_cast<double>(modelled) / (modelled + not_modelled))
      << what;
}

// "traits that change a gridless fight: modelled M of M+N", as the table has it.
std::string fmt_traits_line(const json& traits) {
  const int modelled = traits["modelled"], not_modelled = traits["not_modelled"];
  return "traits that change a gridless fight: modelled " + std::to_string(modelled) + " of " +
         std::to_string(modelled + not_modelled);
}

TEST(LibraryCliTest, CoverageCountsWhatABattlefieldPlays) {
  // The six monsters' Parry, the chain devil's Unnerving Mask, the black
  // pudding's and ochre jelly's Split, the stone giant's Rock Catching: every
  // reaction of the SRD that changes a fight. And Charge (14), Pounce (6), Trampling
  // Charge (5), Flyby (3) and Nimble Escape (1): modelled, on a battlefield
  // only. The shrieker's Shriek and the shield guardian's Shield change no fight.
  const json coverage = arena_json("library coverage --top 0 --format json");
  EXPECT_EQ(coverage["entries"]["reactions"]["modelled"], 10);
  EXPECT_EQ(coverage["entries"]["reactions"]["no_effect"], 2);
  EXPECT_EQ(coverage["entries"]["reactions"]["not_modelled"], 0);
  EXPECT_EQ(coverage["entries"]["reactions"]["total"], 12);
  EXPECT_EQ(coverage["battlefield_only"], (json{{"reactions", 10}, {"traits", 29}}));
  EXPECT_FALSE(has_name(coverage["most_frequent"], "Parry"));
  EXPECT_FALSE(has_name(coverage["most_frequent"], "Unnerving Mask"));
  EXPECT_FALSE(has_name(coverage["most_frequent"], "Shriek"));
  EXPECT_FALSE(has_name(coverage["most_frequent"], "Charge"));
  EXPECT_FALSE(has_name(coverage["most_frequent"], "Split"));
  EXPECT_FALSE(has_name(coverage["most_frequent"], "Rock Catching"));
  EXPECT_TRUE(contains(arena_text("library coverage"),
                       "played on a battlefield only:        10 reactions, 29 traits"));
}

// What a hit does that arena does not play: damage or hit points lost on
// later turns (bearded and horned devils, chain devil, fire elemental,
// magmin, pit fiend, stirge), attaching (cloaker, darkmantle, stirge), a
// drained hit point maximum or Strength (vampires, shadow), a failed save's
// other effect (the solar's "or die", life drains, the balor's pull): 20,
// a warning each. A disease or a curse (14: lycanthropy, mummy rot) changes
// no fight. Played: 77 (a save or conditions on a hit).
TEST(LibraryCliTest, CoverageCountsTheRidersOfHitsNotPlayed) {
  const json coverage = arena_json("library coverage --top 0 --format json");
  EXPECT_EQ(coverage["entries"]["riders of hits"]["modelled"], 77);
  EXPECT_EQ(coverage["entries"]["riders of hits"]["no_effect"], 14);
  EXPECT_EQ(coverage["entries"]["riders of hits"]["not_modelled"], 20);
  EXPECT_TRUE(has_name(coverage["most_frequent"], "Touch on a hit"));
  EXPECT_TRUE(contains(arena_text("library show \"pit fiend\""),
                       "warning: not modelled: Bite on a hit: takes 21 (6d6) poison damage at "
                       "the start of each of its turns"));
  EXPECT_TRUE(contains(arena_text("library show solar"),
                       "warning: not modelled: Slaying Longbow on a hit: a failed DC 15 "
                       "Constitution save: die"));
  const std::string stirge = arena_text("library show stirge");
  EXPECT_TRUE(
      contains(stirge, "warning: not modelled: Blood Drain on a hit: attaches to the target"))
      << stirge;
  EXPECT_TRUE(contains(stirge,
                       "warning: not modelled: Blood Drain on a hit: at the start of each of the "
                       "stirge's turns, the target loses 5 (1d4 + 3) hit points"))
      << stirge;
}

TEST(LibraryCliTest, CoverageJsonTotalsAreConsistent) {
  const json coverage = arena_json("library coverage --top 0 --format json");
  EXPECT_EQ(coverage["monsters"], 334);
  EXPECT_LE(coverage["can_fight"].get<int>(), 334);
  json sum = {{"modelled", 0}, {"no_effect", 0}, {"not_modelled", 0}};
  for (const auto& [kind, count] : coverage["entries"].items()) {
    expect_consistent(count, kind);
    for (const char* part : {"modelled", "no_effect", "not_modelled"}) {
      sum[part] = sum[part].get<int>() + count[part].get<int>();
    }
    if (kind != "traits" && kind != "reactions" && kind != "riders of hits") {
      EXPECT_EQ(count["no_effect"], 0) << kind;
    }
  }
  expect_consistent(coverage, "all");
  for (const char* part : {"modelled", "no_effect", "not_modelled"}) {
    EXPECT_EQ(coverage[part], sum[part]) << part;
  }
  for (const char* kind :
       {"attacks", "riders of hits", "multiattacks", "save actions", "other actions",
        "legendary actions", "reactions", "spells", "traits", "damage defences"}) {
    EXPECT_TRUE(coverage["entries"].contains(kind)) << kind;
  }

  // Traits, three ways: every trait of the bestiary once.
  const json& traits = coverage["entries"]["traits"];
  EXPECT_EQ(traits["total"], 551);
  EXPECT_GT(traits["modelled"].get<int>(), 0);
  EXPECT_GT(traits["no_effect"].get<int>(), 0);
  EXPECT_EQ(coverage["gridless_traits"], traits);
  EXPECT_GT(coverage["entries"]["save actions"]["modelled"].get<int>(), 0);
  EXPECT_GT(coverage["entries"]["legendary actions"]["modelled"].get<int>(), 0);
  EXPECT_GT(coverage["entries"]["spells"]["modelled"].get<int>(), 0);

  // Damaging actions: the modelled ones are among the modelled attacks, save
  // actions, legendary actions and spells; the rest is every action left out.
  const json& damaging = coverage["damaging_actions"];
  expect_consistent(damaging, "damaging actions");
  int modelled_actions = 0, actions_left_out = 0;
  for (const char* kind :
       {"attacks", "save actions", "other actions", "legendary actions", "spells"}) {
    modelled_actions += coverage["entries"][kind]["modelled"].get<int>();
    actions_left_out += coverage["entries"][kind]["not_modelled"].get<int>();
  }
  EXPECT_LE(damaging["modelled"].get<int>(), modelled_actions);
  EXPECT_GT(damaging["modelled"].get<int>(), 0);
  EXPECT_EQ(damaging["not_modelled"], actions_left_out);

  // The same figures as the monster list, monster by monster.
  int attacks = 0, multiattacks = 0, warnings = 0;
  for (const json& monster : arena_json("library monsters --format json")) {
    attacks += monster["attacks"].get<int>();
    multiattacks += monster["multiattack"].get<bool>() ? 1 : 0;
    warnings += monster["not_modelled"].get<int>();
  }
  EXPECT_EQ(coverage["entries"]["attacks"]["modelled"], attacks);
  EXPECT_EQ(coverage["entries"]["multiattacks"]["modelled"], multiattacks);
  EXPECT_EQ(coverage["not_modelled"], warnings) << "one warning, one entry not modelled";

  const json& ranked = coverage["most_frequent"];
  ASSERT_EQ(ranked.size(), coverage["not_modelled_names"].get<std::size_t>());
  for (std::size_t i = 1; i < ranked.size(); ++i) {
    EXPECT_GE(ranked[i - 1]["monsters"].get<int>(), ranked[i]["monsters"].get<int>());
  }
  for (const json& entry : ranked) {
    const std::string name = entry["name"];
    EXPECT_FALSE(name.starts_with("Legendary: ")) << name;
    EXPECT_EQ(name.find("(Recharge"), std::string::npos) << name;
    EXPECT_EQ(name.find("(Costs"), std::string::npos) << name;
  }
  EXPECT_FALSE(has_name(ranked, "Pack Tactics")) << "modelled now";
  EXPECT_FALSE(has_name(ranked, "Keen Smell")) << "no effect in a gridless fight";
  EXPECT_TRUE(has_name(ranked, "spell Detect Magic"));
  EXPECT_EQ(arena_json("library coverage --format json")["most_frequent"].size(), 20u);

  const std::string table = arena_text("library coverage");
  EXPECT_TRUE(contains(table, "damaging actions:")) << table;
  EXPECT_TRUE(contains(table, fmt_traits_line(traits))) << table;
}

TEST(LibraryCliTest, WeaponsAndArmorTables) {
  const json weapons = arena_json("library weapons --format json");
  EXPECT_EQ(weapons.size(), 37u);
  const auto longsword = std::find_if(weapons.begin(), weapons.end(), [](const json& weapon) {
    return weapon["name"] == "Longsword";
  });
  ASSERT_NE(longsword, weapons.end());
  EXPECT_EQ((*longsword)["damage"], "1d8 slashing");
  EXPECT_EQ((*longsword)["category"], "martial");
  EXPECT_EQ((*longsword)["properties"], json::array({"versatile (1d10 slashing)"}));
  const json armor = arena_json("library armor --format json");
  EXPECT_EQ(armor.size(), 13u);
  EXPECT_EQ(armor[3]["name"], "Hide Armor");
  EXPECT_EQ(armor[3]["max_dex_bonus"], 2);

  const Result weapon_table = arena("library weapons");
  EXPECT_NE(weapon_table.out.find("Dagger"), std::string::npos);
  EXPECT_NE(weapon_table.out.find("20/60 ft."), std::string::npos);
  const Result armor_table = arena("library armor");
  EXPECT_NE(armor_table.out.find("max +2"), std::string::npos);
}

TEST(LibraryCliTest, UsageAndHelp) {
  EXPECT_NE(arena_error("library").find("error: 'arena library' needs a command: monsters, show"),
            std::string::npos);
  EXPECT_NE(arena_error("library monsters --format xml").find("--format"), std::string::npos);
  EXPECT_NE(arena_error("library show").find("'arena library show' needs NAME"), std::string::npos);
  for (const char* command : {"library", "library monsters", "library show", "library coverage",
                              "library weapons", "library armor"}) {
    const Result help = arena(std::string(command) + " --help");
    EXPECT_EQ(help.exit_code, 0) << command;
    EXPECT_NE(help.out.find("Examples:\n  arena library"), std::string::npos) << command;
  }
  EXPECT_NE(arena("--help").out.find("library"), std::string::npos);
}

}  // namespace
