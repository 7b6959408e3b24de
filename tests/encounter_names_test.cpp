// The names of an encounter's combatants: given, or numbered copies.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arena/load.hpp"

namespace arena {
namespace {

std::vector<std::string> names_of(const std::string& text) {
  const auto encounter = load_encounter(text, "names.json");
  EXPECT_TRUE(encounter.has_value()) << (encounter ? "" : encounter.error().front());
  std::vector<std::string> names;
  if (encounter) {
    for (const Combatant& c : encounter->combatants) names.push_back(c.name);
  }
  return names;
}

TEST(EncounterNamesTest, RepeatedNamesAreNumberedAcrossTheEncounter) {
  EXPECT_EQ(names_of(R"({"rules": "oldschool", "factions": [
      {"name": "A", "members": [{"name": "Bob", "level": 1, "count": 2}, {"name": "Al", "level": 1}]},
      {"name": "B", "members": [{"name": "Bob", "level": 1}]}]})"),
            (std::vector<std::string>{"Bob 1", "Bob 2", "Al", "Bob 3"}));
}

// A copy is never given a name a member has of its own: the report's rows
// and the replay's lines each name one combatant.
TEST(EncounterNamesTest, ANumberThatWouldRepeatAGivenNameIsSkipped) {
  EXPECT_EQ(names_of(R"({"rules": "oldschool", "factions": [
      {"name": "A", "members": [{"name": "Bob", "level": 1, "count": 2}, {"name": "Bob 1", "level": 1}]},
      {"name": "B", "members": [{"name": "Bob", "level": 1}]}]})"),
            (std::vector<std::string>{"Bob 2", "Bob 3", "Bob 1", "Bob 4"}));
}

}  // namespace
}  // namespace arena
