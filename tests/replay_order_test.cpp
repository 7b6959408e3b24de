// `arena replay` in causal order, for every ruleset: over whole transcripts
// of hundreds of seeded battles of every shipped scenario, no creature is
// reported down or dead before the blow that dropped it, a trait's answer to
// a blow follows the blow, and the dead and the down do not act.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "arena/load.hpp"
#include "arena/replay.hpp"

namespace arena {
namespace {

constexpr int kBattles = 300;

// What a line of a transcript says about one creature.
enum class Kind {
  Other,
  Blow,         // it is named, not as the subject: someone strikes, shoots or uses something on it
  Consequence,  // its answer to a blow: a death-table roll, Undead Fortitude, Relentless
  Down,         // it drops, alive
  Dead,         // it dies or is destroyed
  Acts,         // it attacks, moves or uses something
  Rises,        // a natural 20 death save
};

struct Line {
  int creature = -1;
  Kind kind = Kind::Other;
};

// Reads transcript lines as the rulesets write them. Faction names are
// blanked out first (a faction may be called "Ogre and wolves").
class Reader {
 public:
  explicit Reader(const Encounter& encounter) {
    for (const Combatant& combatant : encounter.combatants) names_.push_back(combatant.name);
    for (const Faction& faction : encounter.factions) {
      // A faction called as its one creature is read as that creature.
      if (std::find(names_.begin(), names_.end(), faction.name) == names_.end())
        factions_.push_back(faction.name);
    }
    std::sort(factions_.begin(), factions_.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  }

  // Every creature the line names, each with what the line says about it.
  std::vector<Line> read(const std::string& original) const {
    // Names are looked for with the factions blanked out, what is said of
    // them in the original words ("Undead Fortitude" of the faction "Undead").
    std::string text = original;
    for (const std::string& faction : factions_) {
      for (std::size_t at = text.find(faction); at != std::string::npos; at = text.find(faction))
        text.replace(at, faction.size(), std::string(faction.size(), '#'));
    }
    const std::size_t start = text.find_first_not_of(' ');
    if (start == 0 || start == std::string::npos) return {};  // headers, rounds, the winner
    const std::string body = text.substr(start);
    const std::string said = original.substr(start);
    std::vector<Line> lines;
    for (int c = 0; c < static_cast<int>(names_.size()); ++c) {
      const std::string& name = names_[static_cast<std::size_t>(c)];
      if (body.starts_with(name + ": ")) {  // a battlefield's reaction chain
        lines.push_back({c, chain_kind(said.substr(name.size() + 2))});
      } else if (body.starts_with(name + " ")) {
        lines.push_back({c, subject_kind(said.substr(name.size() + 1))});
      } else if (names(body, name)) {
        lines.push_back({c, Kind::Blow});
      }
    }
    return lines;
  }

 private:
  // Whether `body` names `name` as a whole word ("Wolf 1" is not in "Wolf 10").
  static bool names(const std::string& body, const std::string& name) {
    for (std::size_t at = body.find(name); at != std::string::npos; at = body.find(name, at + 1)) {
      const std::size_t end = at + name.size();
      const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
      if ((at == 0 || !word(body[at - 1])) && (end == body.size() || !word(body[end]))) return true;
    }
    return false;
  }

  // "Fighter: riposte on Knight" is a reaction taken, an act; "Goblin 3: the
  // move is cancelled" says what became of a move, which a mover that died
  // during it is told after its death.
  static Kind chain_kind(const std::string& rest) {
    return rest.find(" is cancelled") != std::string::npos ? Kind::Other : Kind::Acts;
  }

  static Kind subject_kind(const std::string& rest) {
    static const std::regex dead("(dies!?|is destroyed!?)");
    static const std::regex down("(falls unconscious|is down)");
    static const std::regex consequence(
        "(rolls \\d+ on the death table.*|con save against Undead Fortitude.*|is relentless|"
        "drops to 0 HP and may regenerate)");
    static const std::regex acts(
        "(attacks|swings|strikes|shoots|aims|hits|uses|advances|charges|legendary action) .*");
    static const std::regex blow("takes \\d+ damage.*");  // a failed save's damage
    if (std::regex_match(rest, dead)) return Kind::Dead;
    if (std::regex_match(rest, blow)) return Kind::Blow;
    if (std::regex_match(rest, down)) return Kind::Down;
    if (std::regex_match(rest, consequence)) return Kind::Consequence;
    if (rest.find("natural 20, regains") != std::string::npos) return Kind::Rises;
    if (std::regex_match(rest, acts)) return Kind::Acts;
    return Kind::Other;
  }

  std::vector<std::string> factions_;
  std::vector<std::string> names_;
};

// The first line of `transcript` out of causal order, with the reason.
std::optional<std::string> first_out_of_order(const Reader& reader, const std::string& transcript,
                                              std::size_t creatures) {
  // Per creature: the kind of the last line that named it, and whether it is down or dead.
  std::vector<Kind> last(creatures, Kind::Other);
  std::vector<bool> down(creatures, false), dead(creatures, false);
  std::size_t begin = 0;
  while (begin < transcript.size()) {
    std::size_t end = transcript.find('\n', begin);
    if (end == std::string::npos) end = transcript.size();
    const std::string text = transcript.substr(begin, end - begin);
    begin = end + 1;
    for (const Line& line : reader.read(text)) {
      const auto c = static_cast<std::size_t>(line.creature);
      const auto fail = [&](const char* why) { return std::optional(text + ": " + why); };
      if (dead[c] && line.kind != Kind::Other)
        return fail("a creature reported dead is struck, acts or falls again");
      const bool after_blow = last[c] == Kind::Blow || last[c] == Kind::Consequence;
      switch (line.kind) {
        case Kind::Consequence:
          if (!after_blow) return fail("answers a blow that has not been reported");
          break;
        case Kind::Down:
          if (!after_blow) return fail("reports a fall before the blow that caused it");
          down[c] = true;
          break;
        case Kind::Dead:
          // A death at a creature's own turn (a third failed death save, a
          // troll that cannot regenerate) follows no blow.
          if (!after_blow && !down[c])
            return fail("reports a death before the blow that caused it");
          dead[c] = true;
          break;
        case Kind::Acts:
          if (down[c]) return fail("a creature acts while down");
          break;
        case Kind::Rises:
          down[c] = false;
          break;
        case Kind::Blow:
        case Kind::Other:
          break;
      }
      last[c] = line.kind;
    }
  }
  return std::nullopt;
}

std::vector<std::string> shipped_scenarios() {
  std::vector<std::string> paths;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(ARENA_SOURCE_DIR) + "/scenarios")) {
    if (entry.path().extension() == ".json" && entry.path().filename() != "schema.json")
      paths.push_back(entry.path().string());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

TEST(ReplayOrderTest, EveryLineFollowsTheBlowThatCausedIt) {
  const std::vector<std::string> paths = shipped_scenarios();
  ASSERT_GE(paths.size(), 10u);
  std::vector<bool> ruleset_seen(4, false);
  for (const std::string& path : paths) {
    auto encounter = load_encounter_file(path);
    ASSERT_TRUE(encounter.has_value()) << path;
    ruleset_seen[static_cast<std::size_t>(encounter->rules)] = true;
    const Reader reader(*encounter);
    int deaths = 0;
    for (std::int64_t battle = 0; battle < kBattles; ++battle) {
      const Replay replay = replay_battle(*encounter, battle);
      const auto problem = first_out_of_order(reader, replay.text, encounter->combatants.size());
      ASSERT_FALSE(problem.has_value()) << path << " battle " << battle << ": " << *problem << "\n"
                                        << replay.text;
      for (const CombatantResult& result : replay.results)
        deaths += result.fate == Fate::Dead ? 1 : 0;
    }
    EXPECT_GT(deaths, 0) << path << ": the check saw no death to check";
  }
  for (bool seen : ruleset_seen) EXPECT_TRUE(seen) << "a ruleset without a shipped scenario";
}

// The reader itself: the order the issue reported is caught.
TEST(ReplayOrderTest, TheCheckCatchesADeathBeforeItsBlow) {
  Encounter encounter;
  encounter.factions = {{"Ogre and wolves", {0, 1}}};
  encounter.combatants = {{"Ogre", 0, 0}, {"Wolf 1", 0, 0}};
  const Reader reader(encounter);
  EXPECT_TRUE(first_out_of_order(reader,
                                 "Round 1\n  Wolf 1 dies\n  Ogre attacks Wolf 1 with club: hit, 9 "
                                 "damage, Wolf 1 has 0 HP\n",
                                 2)
                  .has_value());
  EXPECT_FALSE(first_out_of_order(reader,
                                  "Round 1\n  Ogre attacks Wolf 1 with club: hit, 9 damage, Wolf "
                                  "1 has 0 HP\n  Wolf 1 dies\nOgre and wolves wins\n",
                                  2)
                   .has_value());
  EXPECT_TRUE(first_out_of_order(reader,
                                 "  Wolf 1 con save against Undead Fortitude: failure\n  Ogre "
                                 "attacks Wolf 1 with club: hit, 9 damage, Wolf 1 has 0 HP\n",
                                 2)
                  .has_value());
  EXPECT_TRUE(first_out_of_order(reader,
                                 "  Ogre attacks Wolf 1: hit\n  Wolf 1 falls unconscious\n  Wolf 1 "
                                 "attacks Ogre: miss\n",
                                 2)
                  .has_value());
}

}  // namespace
}  // namespace arena
