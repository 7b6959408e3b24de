// The oldschool ruleset (seed 002) as the core sees it: its battle engine
// for the runner (run_battles.hpp) and the hooks of the ruleset registry.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "arena/replay.hpp"
#include "arena/tally.hpp"
#include "rules/oldschool/battle.hpp"
#include "rules/registry.hpp"

namespace arena::oldschool {

struct Engine {
  using Plan = BattlePlan;
  using State = BattleState;

  template <class Dice>
  static BattleOutcome play(const Plan& plan, State& state, Dice& dice) {
    return play_battle(plan, state, dice);
  }

  static void results(const Plan& plan, const State& state, std::span<CombatantResult> out) {
    for (int c = 0, count = plan.fighter_count(); c < count; ++c) {
      const FighterState& s = state.fighters[c];
      // A fighter below 1 HP dies: standing or dead, and each kill a knock-out.
      out[c] = {s.dead ? Fate::Dead : Fate::Standing, s.damage_dealt, s.damage_taken, s.kills,
                s.kills};
    }
  }
};

// The keys of an oldschool member (reader.cpp).
std::span<const std::string_view> member_keys();

// Reads and resolves the oldschool part of a file (reader.cpp).
std::shared_ptr<const arena::Roster> read_roster(const EncounterJson& input,
                                                 std::vector<std::vector<ResolvedMember>>& members);

// One battle, line by line (`arena replay`; replay.cpp).
Replay replay(const Encounter& encounter, std::int64_t battle);

// `arena validate` (describe.cpp).
std::string describe_factions(const Encounter& encounter);
nlohmann::json describe_factions_json(const Encounter& encounter);
nlohmann::json describe_encounter_json(const Encounter& encounter);  // its "order"

// `arena library --rules oldschool` (library_views.cpp): weapons, armor.
extern const std::string_view kLibraryViews[2];
Expected<std::string, std::string> library_view(const LibraryRequest& request);

// The registry's entry for oldschool (run.cpp).
RulesetHooks hooks();

}  // namespace arena::oldschool
