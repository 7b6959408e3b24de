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
#include <string>

#include <nlohmann/json.hpp>

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

// `arena ARGS` that must succeed with JSON on stdout and nothing on stderr.
json arena_json(const std::string& args) {
  const Result run = arena(args);
  EXPECT_EQ(run.exit_code, 0) << args << "\n" << run.err;
  EXPECT_EQ(run.err, "") << args;
  return json::parse(run.out, nullptr, false);
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
  EXPECT_NE(run.out.find("warning: not modelled: Fire Breath"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Multiattack (Bite, Claw, Claw)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("STR 27 (+8)"), std::string::npos) << run.out;

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
  const json& warnings = dragon["warnings"];
  EXPECT_TRUE(std::any_of(warnings.begin(), warnings.end(), [](const json& warning) {
    return warning.get<std::string>().starts_with("not modelled: Fire Breath");
  })) << warnings;
  EXPECT_EQ(arena_json("library show adult red dragon --format json"), dragon) << "unquoted words";
}

TEST(LibraryCliTest, ShowDefencesAndAMonsterWithoutAttacks) {
  const json elemental = arena_json("library show air elemental --format json");
  EXPECT_EQ(elemental["nonmagical_resistances"],
            json::array({"bludgeoning", "piercing", "slashing"}));
  EXPECT_EQ(elemental["resistances"], json::array({"lightning", "thunder"}));
  const json werewolf = arena_json("library show \"werewolf, human form\" --format json");
  const std::string silvered =
      "not modelled: immunity to bludgeoning, piercing, and slashing from nonmagical weapons that "
      "aren't silvered";
  EXPECT_TRUE(std::find(werewolf["warnings"].begin(), werewolf["warnings"].end(), silvered) !=
              werewolf["warnings"].end())
      << werewolf["warnings"];
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

TEST(LibraryCliTest, CoverageJsonTotalsAreConsistent) {
  const json coverage = arena_json("library coverage --top 0 --format json");
  EXPECT_EQ(coverage["monsters"], 334);
  EXPECT_LE(coverage["can_fight"].get<int>(), 334);
  int modelled = 0, not_modelled = 0;
  for (const auto& [kind, count] : coverage["entries"].items()) {
    EXPECT_EQ(count["modelled"].get<int>() + count["not_modelled"].get<int>(),
              count["total"].get<int>())
        << kind;
    modelled += count["modelled"].get<int>();
    not_modelled += count["not_modelled"].get<int>();
  }
  EXPECT_EQ(coverage["modelled"], modelled);
  EXPECT_EQ(coverage["not_modelled"], not_modelled);
  EXPECT_EQ(modelled + not_modelled, coverage["total"].get<int>());
  EXPECT_DOUBLE_EQ(coverage["share_modelled"].get<double>(),
                   static_cast<double>(modelled) / (modelled + not_modelled));

  // The same figures as the monster list, monster by monster.
  int attacks = 0, multiattacks = 0, warnings = 0;
  for (const json& monster : arena_json("library monsters --format json")) {
    attacks += monster["attacks"].get<int>();
    multiattacks += monster["multiattack"].get<bool>() ? 1 : 0;
    warnings += monster["not_modelled"].get<int>();
  }
  EXPECT_EQ(coverage["entries"]["attacks"]["modelled"], attacks);
  EXPECT_EQ(coverage["entries"]["multiattacks"]["modelled"], multiattacks);
  EXPECT_EQ(coverage["not_modelled"], warnings);

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
  EXPECT_TRUE(has_name(ranked, "Pack Tactics"));
  EXPECT_EQ(arena_json("library coverage --format json")["most_frequent"].size(), 20u);
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
  EXPECT_NE(arena_error("library").find("A subcommand is required"), std::string::npos);
  EXPECT_NE(arena_error("library monsters --format xml").find("--format"), std::string::npos);
  EXPECT_NE(arena_error("library show").find("name is required"), std::string::npos);
  for (const char* command : {"library", "library monsters", "library show", "library coverage",
                              "library weapons", "library armor"}) {
    const Result help = arena(std::string(command) + " --help");
    EXPECT_EQ(help.exit_code, 0) << command;
    EXPECT_NE(help.out.find("Examples:\n  arena library"), std::string::npos) << command;
  }
  EXPECT_NE(arena("--help").out.find("library"), std::string::npos);
}

}  // namespace
