// The whole SRD bestiary in battle: every one of the 334 built-in monsters
// resolves through the encounter loader, plays 1,000 battles against its
// neighbour by challenge rating without breaking an invariant of the runner's
// tally, and a monster fighting its own mirror image wins as often as it loses.
//
// Everything goes through the public path of `arena simulate`: encounter JSON
// text -> load_encounter -> run_battles (fixed seeds, 2 threads) -> Tally and
// make_report. Deterministic; CI runs it under ASan+UBSan and TSan too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "arena/load.hpp"
#include "arena/report.hpp"
#include "arena/runner.hpp"
#include "rules/dnd5e/library.hpp"
#include "rules/dnd5e/roster.hpp"

namespace arena::dnd5e {
namespace {

constexpr std::size_t kSrdMonsters = 334;
constexpr std::int64_t kPairBattles = 1000;
constexpr std::int64_t kMirrorBattles = 2000;
constexpr std::int64_t kEveryMirrorBattles = 1000;
constexpr int kThreads = 2;

// A JSON string literal of `text`.
std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// Two factions, "A" and "B", of one library monster each.
std::string duel_of_monsters(const std::string& first, const std::string& second,
                             std::int64_t battles, std::uint64_t seed) {
  return R"({ "name": )" + json_string(first + " vs " + second) + R"(, "battles": )" +
         std::to_string(battles) + R"(, "seed": )" + std::to_string(seed) +
         R"(, "factions": [ { "name": "A", "members": [ { "monster": )" + json_string(first) +
         R"( } ] }, { "name": "B", "members": [ { "monster": )" + json_string(second) +
         R"( } ] } ] })";
}

// The encounter, or an empty one (no factions) with every problem in `problems`.
Encounter load_duel(const std::string& first, const std::string& second, std::int64_t battles,
                    std::uint64_t seed, std::string& problems) {
  auto loaded = load_encounter(duel_of_monsters(first, second, battles, seed), "bestiary.json");
  if (loaded) return *loaded;
  for (const std::string& line : loaded.error()) problems += "\n  " + line;
  return Encounter{};
}

// The monsters by challenge rating, ties by name.
std::vector<const MonsterInfo*> by_challenge() {
  std::vector<const MonsterInfo*> monsters;
  for (const MonsterInfo& m : Library::builtin().monsters()) monsters.push_back(&m);
  std::sort(monsters.begin(), monsters.end(), [](const MonsterInfo* a, const MonsterInfo* b) {
    return a->cr != b->cr ? a->cr < b->cr : a->name < b->name;
  });
  return monsters;
}

// A name gtest accepts in a test name: letters, digits and '_'.
std::string identifier(const std::string& name) {
  std::string out;
  for (char c : name) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    out += alnum ? c : '_';
  }
  return out;
}

std::string cr_text(double cr) {
  if (cr == 0.125) return "1/8";
  if (cr == 0.25) return "1/4";
  if (cr == 0.5) return "1/2";
  return std::to_string(static_cast<int>(cr));
}

// The sum of the values of a histogram (exact: the per-battle figures are integers).
std::int64_t total(const Histogram& h) {
  std::int64_t sum = 0;
  h.for_each([&](int value, std::int64_t count) { sum += value * count; });
  return sum;
}

bool finite_stat(const Stat& s) {
  return std::isfinite(s.mean) && std::isfinite(s.standard_error) && s.standard_error >= 0 &&
         s.min >= 0 && s.min <= s.max && s.mean >= s.min && s.mean <= s.max;
}

// Every invariant of a tally of `battles` battles of a one-against-one duel;
// failures name the encounter (`what`).
void expect_consistent_duel(const Encounter& e, const Tally& t, std::int64_t battles,
                            const std::string& what) {
  SCOPED_TRACE(what);
  ASSERT_EQ(t.battles, battles);
  ASSERT_EQ(t.factions.size(), 2u);
  ASSERT_EQ(t.combatants.size(), 2u);
  EXPECT_EQ(t.factions[0].wins + t.factions[1].wins + t.draws, t.battles)
      << "wins and draws do not add up";
  EXPECT_GE(t.draws, 0);
  EXPECT_EQ(t.rounds.count(), battles);
  if (t.rounds.count() > 0) {
    // Only a stalemate (no one can hurt anyone) ends before its first round.
    EXPECT_LE(t.rounds.dense_counts()[0], t.stalemates) << "a battle ended before its first round";
    EXPECT_LE(t.stalemates, t.draws);
    EXPECT_LE(t.rounds.max(), e.max_rounds) << "a battle went past max_rounds";
  }
  for (std::size_t f = 0; f < 2; ++f) {
    const FactionTally& faction = t.factions[f];
    const CombatantTally& member = t.combatants[f];
    EXPECT_EQ(faction.damage_dealt.count(), battles);
    EXPECT_EQ(faction.damage_taken.count(), battles);
    EXPECT_EQ(member.damage_dealt.count(), battles);
    EXPECT_EQ(member.kills.count(), battles);
    const std::int64_t survived = battles - member.dead;
    EXPECT_GE(member.dead, 0);
    EXPECT_GE(member.down, 0);
    EXPECT_LE(member.down + member.dead, battles);
    // One member per faction: its figures are the faction's.
    EXPECT_EQ(total(faction.damage_dealt), total(member.damage_dealt));
    EXPECT_EQ(total(faction.damage_taken), total(member.damage_taken));
    EXPECT_EQ(total(faction.survivors), survived);
    EXPECT_EQ(faction.losses, member.dead);
    // What one side removed is what the other side lost.
    EXPECT_EQ(total(faction.damage_dealt), total(t.factions[1 - f].damage_taken))
        << "faction " << f << " dealt damage that faction " << 1 - f << " did not take";
    // Only the enemy can kill, and at most once a battle.
    if (member.kills.count() > 0) {
      EXPECT_LE(member.kills.max(), 1);
    }
    EXPECT_LE(total(member.kills), t.combatants[1 - f].dead) << "more kills than deaths";
    // A winner's member is alive at the end.
    EXPECT_GE(survived, faction.wins) << "a faction won with its only member dead";
  }
  const Report report = make_report(e, t, ReportOptions{});
  EXPECT_EQ(report.battles, battles);
  EXPECT_NEAR(report.factions[0].win_probability + report.factions[1].win_probability +
                  report.draw_probability,
              1.0, 1e-12);
  for (const FactionReport& f : report.factions) {
    EXPECT_TRUE(std::isfinite(f.win_probability) && f.win_probability >= 0 &&
                f.win_probability <= 1)
        << f.name;
    // (Up to rounding: at 0 or n wins the Wilson bound is 0 or 1 only within a few ulps.)
    EXPECT_TRUE(f.win_ci95.low <= f.win_probability + 1e-12 &&
                f.win_probability <= f.win_ci95.high + 1e-12)
        << f.name << ": " << f.win_probability << " outside its interval [" << f.win_ci95.low
        << ", " << f.win_ci95.high << "]";
    EXPECT_TRUE(finite_stat(f.damage_dealt)) << f.name << " damage dealt";
    EXPECT_TRUE(finite_stat(f.damage_taken)) << f.name << " damage taken";
    EXPECT_TRUE(finite_stat(f.survivors)) << f.name << " survivors";
  }
  for (const CombatantReport& c : report.combatants) {
    EXPECT_TRUE(std::isfinite(c.survival_probability)) << c.name;
    EXPECT_TRUE(finite_stat(c.damage_dealt)) << c.name << " damage dealt";
    EXPECT_TRUE(finite_stat(c.damage_taken)) << c.name << " damage taken";
    EXPECT_TRUE(finite_stat(c.kills)) << c.name << " kills";
  }
  EXPECT_TRUE(finite_stat(report.rounds)) << "rounds";
}

Tally run(const Encounter& e, std::int64_t battles) {
  RunOptions options;
  options.battles = battles;
  options.threads = kThreads;
  const RunResult result = run_battles(e, options);
  EXPECT_FALSE(result.partial);
  return result.tally;
}

// A and B are the same monster, so the game is symmetric: initiative ties
// between equal modifiers go to a fair coin (battle.hpp), targets are chosen
// among the enemies only, and every rule treats both factions alike. Their
// win counts differ only by chance: |wA - wB| within `sigmas` standard
// errors of the difference of two multinomial counts, sqrt(wA + wB - (wA - wB)^2 / n).
void expect_fair_mirror(const Tally& t, double sigmas, const std::string& what) {
  const double a = static_cast<double>(t.factions[0].wins);
  const double b = static_cast<double>(t.factions[1].wins);
  const double n = static_cast<double>(t.battles);
  const double standard_error = std::sqrt(std::max(a + b - (a - b) * (a - b) / n, 1.0));
  EXPECT_LE(std::abs(a - b), sigmas * standard_error)
      << what << ": mirror match won " << a << " to " << b << " (" << t.draws << " draws) in " << n
      << " battles, " << std::abs(a - b) / standard_error << " standard errors apart";
}

// --- every monster resolves ---------------------------------------------------

TEST(BestiaryTest, HasEverySrdMonster) {
  const Library& library = Library::builtin();
  EXPECT_EQ(library.monsters().size(), kSrdMonsters);
  EXPECT_EQ(library.monster_names().size(), library.monsters().size());
  // Each monster is found by its own name, and by no other monster's.
  for (const MonsterInfo& m : library.monsters()) {
    EXPECT_EQ(library.monster(m.name), &m) << m.name << " is not found by its name";
  }
}

TEST(BestiaryTest, ChargePounceFlybyAndNimbleEscapeAreReadFromTheSrdText) {
  const Library& library = Library::builtin();
  const auto charge_of = [&](const char* name) {
    return library.monster(name)->trait_rules.charge;
  };
  // "moves at least 10 ft. straight ... gore ... extra 9 (2d8) piercing ...
  // DC 14 Strength saving throw or be pushed up to 10 ft. away and knocked prone"
  ChargeInfo minotaur{10,   "Gore", DiceTerm{2, 8, 2}, DamageType::Piercing, 14, Ability::Str, 10,
                      true, ""};
  EXPECT_EQ(charge_of("minotaur"), minotaur);
  // Pounce: no extra damage, a bite as a bonus action.
  ChargeInfo lion{20, "Claw", DiceTerm{0, 0, 0}, std::nullopt, 13, Ability::Str, 0, true, "Bite"};
  EXPECT_EQ(charge_of("lion"), lion);
  // The elk's extra 2d6 has no type (its ram's own); the centaur's pike charge has no save.
  EXPECT_EQ(charge_of("elk")->extra, (DiceTerm{2, 6, 2}));
  EXPECT_FALSE(charge_of("elk")->extra_type.has_value());
  EXPECT_EQ(charge_of("centaur")->dc, 0);
  EXPECT_EQ(charge_of("warhorse")->bonus_attack, "Hooves");  // Trampling Charge
  EXPECT_FALSE(charge_of("ogre").has_value());
  EXPECT_TRUE(library.monster("giant owl")->trait_rules.flyby);
  EXPECT_TRUE(library.monster("goblin")->trait_rules.nimble_escape);
}

// Where 5e-database's fields and the printed stat block disagree, the
// printed one is taken (found by comparing all 334 monsters with the text).
TEST(BestiaryTest, StatBlocksAreAsPrinted) {
  const Library& library = Library::builtin();
  const auto attack = [&](const char* monster, const char* name) -> const MonsterAttackInfo& {
    const MonsterInfo* m = library.monster(monster);
    const auto it = std::find_if(m->attacks.begin(), m->attacks.end(),
                                 [&](const MonsterAttackInfo& a) { return a.name == name; });
    EXPECT_NE(it, m->attacks.end()) << monster << " " << name;
    return *it;
  };
  const auto damage = [](const char* text) { return parse_damage(text).value(); };
  // "17 (natural armor, shield)", "15 (natural armor, shield)": the shield was lost.
  EXPECT_EQ(library.monster("azer")->ac, 17);
  EXPECT_EQ(library.monster("lizardfolk")->ac, 15);
  EXPECT_EQ(library.monster("lizardfolk")->ac_source, "natural armor, shield");
  // "Hit: 15 (2d6 + 8) bludgeoning damage plus 21 (6d6) fire damage": the data lacks the fire.
  EXPECT_EQ(attack("pit fiend", "Mace").damage, damage("2d6+8 bludgeoning + 6d6 fire"));
  // The aboleth's disease (1d12 acid every 10 minutes) is no part of its tentacle's hit.
  EXPECT_EQ(attack("aboleth", "Tentacle").damage, damage("2d6+5 bludgeoning"));
  // "... saving throw or take 10 (3d6) poison damage": the rider lost its damage.
  const auto& centipede = attack("giant centipede", "Bite").save;
  ASSERT_TRUE(centipede.has_value());
  EXPECT_EQ(centipede->damage, damage("3d6 poison"));
  EXPECT_FALSE(centipede->half_on_success);
  ASSERT_TRUE(attack("spider", "Bite").save.has_value());
  EXPECT_EQ(attack("spider", "Bite").save->damage, damage("1d4 poison"));
  ASSERT_TRUE(attack("quasit", "Claw (Bite in Beast Form)").save.has_value());
  EXPECT_EQ(attack("quasit", "Claw (Bite in Beast Form)").save->damage, damage("2d4 poison"));
}

TEST(BestiaryTest, EveryMonsterResolvesThroughTheEncounterLoader) {
  const Library& library = Library::builtin();
  std::vector<std::string> unresolved;
  for (const MonsterInfo& m : library.monsters()) {
    std::string problems;
    const Encounter e = load_duel(m.name, m.name, 10, 1, problems);
    if (!problems.empty()) {
      unresolved.push_back(m.name + ":" + problems);
      continue;
    }
    ASSERT_EQ(e.combatants.size(), 2u) << m.name;
    for (int i = 0; i < e.combatant_count(); ++i) {
      const Creature& c = creature_of(e, i);
      EXPECT_EQ(c.ac, m.ac) << m.name;
      EXPECT_EQ(c.abilities, m.abilities) << m.name;
    }
    // Repeated names are numbered.
    EXPECT_EQ(e.combatants[0].name, m.name + " 1");
    EXPECT_EQ(e.combatants[1].name, m.name + " 2");
  }
  std::string list;
  for (const std::string& u : unresolved) list += "\n" + u;
  EXPECT_TRUE(unresolved.empty()) << unresolved.size() << " of " << library.monsters().size()
                                  << " monsters do not resolve:" << list;
}

// --- each monster against its neighbour by challenge rating ----------------------

struct Pairing {
  int rank = 0;  // of `first`, in challenge order
  const MonsterInfo* first = nullptr;
  const MonsterInfo* second = nullptr;
};

// Each monster with the next one in challenge order (the last with the one before).
std::vector<Pairing> neighbour_pairings() {
  const std::vector<const MonsterInfo*> monsters = by_challenge();
  std::vector<Pairing> pairings;
  for (std::size_t i = 0; i < monsters.size() && monsters.size() > 1; ++i) {
    const std::size_t j = i + 1 < monsters.size() ? i + 1 : i - 1;
    pairings.push_back(Pairing{static_cast<int>(i), monsters[i], monsters[j]});
  }
  return pairings;
}

// Names the pairing in gtest's messages (instead of its bytes).
void PrintTo(const Pairing& p, std::ostream* os) {
  *os << p.first->name << " vs " << p.second->name;
}

class NeighbourDuel : public ::testing::TestWithParam<Pairing> {};

TEST_P(NeighbourDuel, PlaysAThousandBattles) {
  const Pairing& p = GetParam();
  const std::string what = p.first->name + " (CR " + cr_text(p.first->cr) + ") vs " +
                           p.second->name + " (CR " + cr_text(p.second->cr) + ")";
  std::string problems;
  const Encounter e =
      load_duel(p.first->name, p.second->name, kPairBattles, 1000 + p.rank, problems);
  ASSERT_TRUE(problems.empty()) << what << " does not load:" << problems;
  const Tally t = run(e, kPairBattles);
  expect_consistent_duel(e, t, kPairBattles, what);
}

INSTANTIATE_TEST_SUITE_P(Srd, NeighbourDuel, ::testing::ValuesIn(neighbour_pairings()),
                         [](const ::testing::TestParamInfo<Pairing>& param_info) {
                           // Each monster is `first` of exactly one pairing.
                           return identifier(param_info.param.first->name);
                         });

TEST(BestiaryTest, ChallengeOrderPairsEveryMonster) {
  const std::vector<Pairing> pairings = neighbour_pairings();
  ASSERT_EQ(pairings.size(), Library::builtin().monsters().size());
  std::vector<std::string> names;
  for (std::size_t i = 0; i < pairings.size(); ++i) {
    const Pairing& p = pairings[i];
    EXPECT_NE(p.first, p.second);
    EXPECT_LE(std::abs(p.first->cr - p.second->cr), 6.0)
        << p.first->name << " vs " << p.second->name;
    if (i > 0) {
      const MonsterInfo* previous = pairings[i - 1].first;
      EXPECT_TRUE(previous->cr < p.first->cr ||
                  (previous->cr == p.first->cr && previous->name < p.first->name));
    }
    names.push_back(identifier(p.first->name));
  }
  std::sort(names.begin(), names.end());
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end())
      << "two monsters share a test name";
}

// --- mirror matches --------------------------------------------------------------

class MirrorMatch : public ::testing::TestWithParam<const char*> {};

TEST_P(MirrorMatch, IsFair) {
  const std::string name = GetParam();
  std::string problems;
  const Encounter e = load_duel(name, name, kMirrorBattles, 77, problems);
  ASSERT_TRUE(problems.empty()) << name << " does not load:" << problems;
  const Tally t = run(e, kMirrorBattles);
  expect_consistent_duel(e, t, kMirrorBattles, name + " vs " + name);
  // Not every mirror match is decided: a troll that regenerates cannot kill
  // a troll without fire or acid, so all its battles may end in draws.
  expect_fair_mirror(t, 5.0, name);
  // The same holds for damage: each side deals on average what the other does.
  const Histogram& a = t.factions[0].damage_dealt;
  const Histogram& b = t.factions[1].damage_dealt;
  const double se =
      std::sqrt(a.standard_error() * a.standard_error() + b.standard_error() * b.standard_error());
  EXPECT_LE(std::abs(a.mean() - b.mean()), 5 * std::max(se, 1e-9))
      << name << ": mean damage dealt " << a.mean() << " vs " << b.mean();
}

INSTANTIATE_TEST_SUITE_P(Srd, MirrorMatch,
                         ::testing::Values("goblin", "ogre", "troll", "young red dragon", "lich"),
                         [](const ::testing::TestParamInfo<const char*>& param_info) {
                           return identifier(param_info.param);
                         });

// Every monster against itself: the same fairness, on fewer battles each.
TEST(BestiaryTest, EveryMirrorMatchIsFair) {
  const Library& library = Library::builtin();
  std::int64_t seed = 5000;
  for (const MonsterInfo& m : library.monsters()) {
    std::string problems;
    const Encounter e = load_duel(m.name, m.name, kEveryMirrorBattles,
                                  static_cast<std::uint64_t>(++seed), problems);
    if (!problems.empty()) continue;  // EveryMonsterResolvesThroughTheEncounterLoader names it
    const Tally t = run(e, kEveryMirrorBattles);
    expect_consistent_duel(e, t, kEveryMirrorBattles, m.name + " vs " + m.name);
    expect_fair_mirror(t, 5.0, m.name);
  }
}

}  // namespace
}  // namespace arena::dnd5e
