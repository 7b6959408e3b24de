// libFuzzer target: the whole encounter load (JSON parse, the neutral frame,
// the ruleset's members resolved against its built-in library) on arbitrary
// bytes.
//
// Beyond "no crash, no leak, no sanitizer report" it checks the contracts of
// DESIGN.md that hold for every input:
//   - on failure, at least one error line, and every line is either
//     "FILE:LINE:COL: /pointer: message" (LINE and COL positive, LINE within
//     the text, the pointer "/" or a JSON pointer, a non-empty message) or the
//     final "FILE: N more problems not shown";
//   - on success, the encounter is usable: factions and combatants index
//     each other consistently, every combatant has a roster entry; for 5e,
//     hit points roll at least 1 and each action names existing attacks or
//     save effects, and does something (a stat block with nothing arena can
//     model has no action at all and is a target only); for oldschool, hit
//     points and damage roll at least 1 and levels are within 1 to 20; for
//     warmachine, two factions a distance of 0 or more apart, models with
//     boxes, a base, and weapons of positive range; for
//     knave, hit points roll at least 1, damage at least 0, abilities lie
//     within -10 to 20 (a monster's are its hit dice), armor is at least 1
//     and every creature can attack.
// A violated invariant prints what broke and aborts, which libFuzzer reports as
// a crash with the input saved.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "arena/encounter.hpp"
#include "arena/load.hpp"
#include "rules/dnd5e/roster.hpp"
#include "rules/knave/roster.hpp"
#include "rules/oldschool/roster.hpp"
#include "rules/registry.hpp"
#include "rules/warmachine/roster.hpp"

namespace {

const std::string kFile = "fuzz.json";

[[noreturn]] void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "fuzz_encounter: invariant violated: %s\n  %.*s\n", what,
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

// Reads a positive decimal number at the front of `text` and drops it; 0 when
// there is none (or it is absurdly long).
long long take_number(std::string_view& text) {
  std::size_t digits = 0;
  long long value = 0;
  while (digits < text.size() && digits < 12 && text[digits] >= '0' && text[digits] <= '9') {
    value = value * 10 + (text[digits] - '0');
    ++digits;
  }
  if (digits == 0 || (digits < text.size() && text[digits] >= '0' && text[digits] <= '9')) return 0;
  text.remove_prefix(digits);
  return value;
}

void check_error_line(std::string_view line, bool last, std::string_view input) {
  const std::string_view prefix = kFile;
  if (line.substr(0, prefix.size()) != prefix)
    fail("error line does not start with the file name", line);
  std::string_view rest = line.substr(prefix.size());
  // The one file-level line: how many problems were left out, always last.
  const std::string_view more = " more problems not shown";
  if (rest.size() > 2 && rest.substr(0, 2) == ": ") {
    std::string_view count = rest.substr(2);
    if (take_number(count) <= 0 || count != more) fail("malformed file-level error line", line);
    if (!last) fail("\"more problems\" line is not the last one", line);
    return;
  }
  if (rest.empty() || rest[0] != ':') fail("no ':' after the file name", line);
  rest.remove_prefix(1);
  const long long line_number = take_number(rest);
  if (line_number <= 0 || rest.empty() || rest[0] != ':') fail("no LINE: after FILE:", line);
  rest.remove_prefix(1);
  const long long column = take_number(rest);
  if (column <= 0 || rest.substr(0, 2) != ": ") fail("no COL: after FILE:LINE:", line);
  rest.remove_prefix(2);
  long long lines_in_input = 1;
  for (char c : input) lines_in_input += c == '\n';
  if (line_number > lines_in_input) fail("LINE is past the end of the input", line);
  if (column > static_cast<long long>(input.size()) + 1)
    fail("COL is past the end of the input", line);
  if (rest.empty() || rest[0] != '/') fail("no /pointer after FILE:LINE:COL:", line);
  // The pointer may itself contain ": " (it echoes the input's keys), so only
  // ask that some ": " follows it with a non-empty message.
  const std::size_t colon = rest.find(": ");
  if (colon == std::string_view::npos || colon + 2 >= rest.size()) {
    fail("no ': message' after the pointer", line);
  }
}

void check_5e_roster(const arena::Encounter& encounter) {
  const arena::dnd5e::Roster& roster = arena::dnd5e::roster_of(encounter);
  for (const arena::dnd5e::Creature& creature : roster.members) {
    if (creature.hp.min() < 1) fail("a creature's hit points can roll below 1", creature.name);
    for (const arena::dnd5e::Action& action : creature.actions) {
      if (action.attacks.empty() && action.saves.empty()) {
        fail("an action has neither attacks nor saves", creature.name + ": " + action.name);
      }
      for (int attack : action.attacks) {
        if (attack < 0 || attack >= static_cast<int>(creature.attacks.size())) {
          fail("an action's attack index is out of range", creature.name + ": " + action.name);
        }
      }
      for (int save : action.saves) {
        if (save < 0 || save >= static_cast<int>(creature.save_effects.size())) {
          fail("an action's save index is out of range", creature.name + ": " + action.name);
        }
      }
    }
  }
  for (const arena::Combatant& c : encounter.combatants) {
    if (c.member < 0 || c.member >= static_cast<int>(roster.members.size())) {
      fail("a combatant has no roster entry", c.name);
    }
  }
}

void check_oldschool_roster(const arena::Encounter& encounter) {
  const arena::oldschool::Roster& roster = arena::oldschool::roster_of(encounter);
  for (const arena::oldschool::Fighter& fighter : roster.members) {
    if (fighter.hp.min() < 1) fail("a fighter's hit points can roll below 1", fighter.name);
    if (fighter.level < 1 || fighter.level > 20)
      fail("a fighter's level is out of range", fighter.name);
    if (fighter.damage.min() < 1) fail("a weapon can deal no damage", fighter.name);
  }
  for (const arena::Combatant& c : encounter.combatants) {
    if (c.member < 0 || c.member >= static_cast<int>(roster.members.size())) {
      fail("a combatant has no roster entry", c.name);
    }
  }
}

void check_warmachine_roster(const arena::Encounter& encounter) {
  const arena::warmachine::Roster& roster = arena::warmachine::roster_of(encounter);
  if (encounter.factions.size() != 2)
    fail("a warmachine battle without two forces", encounter.name);
  if (!(roster.distance >= 0)) fail("a negative starting distance", encounter.name);
  for (const arena::warmachine::Warjack& w : roster.members) {
    const arena::warmachine::Model& m = w.model;
    if (m.boxes < 1) fail("a model without damage boxes", m.name);
    if (!(m.base > 0)) fail("a model without a base", m.name);
    for (const auto& r : m.ranged) {
      if (!(r.rng > 0) || r.pow < 0 || r.aoe < 0) fail("a ranged weapon out of range", m.name);
    }
    for (const auto& x : m.melee) {
      if (!(x.rng > 0) || x.pow < 0) fail("a melee weapon out of range", m.name);
    }
  }
  for (const arena::Combatant& c : encounter.combatants) {
    if (c.member < 0 || c.member >= static_cast<int>(roster.members.size())) {
      fail("a combatant has no roster entry", c.name);
    }
  }
}

void check_knave_roster(const arena::Encounter& encounter) {
  const arena::knave::Roster& roster = arena::knave::roster_of(encounter);
  for (const arena::knave::Creature& creature : roster.members) {
    if (creature.hp.min() < 1) fail("a creature's hit points can roll below 1", creature.name);
    if (creature.armor < 1 || creature.full_armor() < 1) fail("armor below 1", creature.name);
    if (creature.attacks.empty()) fail("a creature has no attack", creature.name);
    for (const arena::knave::Attack& attack : creature.attacks) {
      if (attack.damage.min() < 0) fail("an attack can deal negative damage", creature.name);
    }
    for (int bonus : creature.abilities) {
      if (bonus < -10 || bonus > 20) fail("an ability bonus is out of range", creature.name);
    }
  }
  for (const arena::Combatant& c : encounter.combatants) {
    if (c.member < 0 || c.member >= static_cast<int>(roster.members.size())) {
      fail("a combatant has no roster entry", c.name);
    }
  }
}

void check_encounter(const arena::Encounter& encounter) {
  if (encounter.factions.empty()) fail("a loaded encounter has no factions", encounter.name);
  if (encounter.combatants.empty()) fail("a loaded encounter has no combatants", encounter.name);
  if (encounter.combatants.size() > static_cast<std::size_t>(arena::kMaxCreatures)) {
    fail("more creatures than kMaxCreatures", encounter.name);
  }
  if (encounter.battles < 1 || encounter.max_rounds < 1)
    fail("battles or max_rounds below 1", encounter.name);
  if (encounter.roster == nullptr) fail("a loaded encounter has no roster", encounter.name);
  for (const arena::Combatant& c : encounter.combatants) {
    if (c.faction < 0 || c.faction >= static_cast<int>(encounter.factions.size())) {
      fail("a combatant's faction index is out of range", c.name);
    }
  }
  for (std::size_t f = 0; f < encounter.factions.size(); ++f) {
    for (int member : encounter.factions[f].members) {
      if (member < 0 || member >= encounter.combatant_count() ||
          encounter.combatants[static_cast<std::size_t>(member)].faction != static_cast<int>(f)) {
        fail("a faction's member index is wrong", encounter.factions[f].name);
      }
    }
  }
  const arena::Ruleset rules = encounter.rules;
  if (rules == arena::rulesets::kDnd5e) {
    check_5e_roster(encounter);
  } else if (rules == arena::rulesets::kOldSchool) {
    check_oldschool_roster(encounter);
  } else if (rules == arena::rulesets::kWarmachine) {
    check_warmachine_roster(encounter);
  } else if (rules == arena::rulesets::kKnave) {
    check_knave_roster(encounter);
  } else {
    fail("a ruleset this fuzzer does not check", encounter.name);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto result = arena::load_encounter(text, kFile);
  if (result) {
    check_encounter(*result);
    return 0;
  }
  const auto& lines = result.error();
  if (lines.empty()) fail("load failed without an error line", "");
  for (std::size_t i = 0; i < lines.size(); ++i)
    check_error_line(lines[i], i + 1 == lines.size(), text);
  return 0;
}
