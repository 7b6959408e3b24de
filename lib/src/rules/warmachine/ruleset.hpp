// The Warmachine ruleset (seed 003) as the core sees it: its battle engine
// for the runner (run_battles.hpp) and the hooks of the ruleset registry.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "arena/replay.hpp"
#include "arena/tally.hpp"
#include "rules/registry.hpp"
#include "rules/warmachine/battle.hpp"

namespace arena::warmachine {

struct Engine {
  using Plan = BattlePlan;
  using State = BattleState;

  template <class Dice>
  static BattleOutcome play(const Plan& plan, State& state, Dice& dice) {
    return play_battle(plan, state, dice);
  }

  static void results(const Plan& plan, const State& state, std::span<CombatantResult> out) {
    for (int c = 0; c < plan.model_count(); ++c) {
      const ModelState& s = state.models[c];
      // A model is destroyed or not: standing or dead, and each kill a knock-out.
      out[c] = {s.destroyed ? Fate::Dead : Fate::Standing, s.damage_dealt, s.damage_taken, s.kills,
                s.kills};
    }
  }
};

// The keys of a warmachine member (reader.cpp).
std::span<const std::string_view> member_keys();

// Reads and resolves the warmachine part of a file (reader.cpp).
std::shared_ptr<const arena::Roster> read_roster(const EncounterJson& input,
                                                 std::vector<std::vector<ResolvedMember>>& members);

// One battle, roll by roll (`arena replay`; replay.cpp).
Replay replay(const Encounter& encounter, std::int64_t battle);

// `arena validate` (describe.cpp).
std::string describe_factions(const Encounter& encounter);
nlohmann::json describe_factions_json(const Encounter& encounter);
// {"distance": the inches the forces start apart}.
nlohmann::json describe_encounter_json(const Encounter& encounter);
// "Destroyer: SPD 4 STR 10 MAT 6 RAT 4 DEF 10 ARM 20, 50 mm, 26 boxes" and a
// line per weapon, for validate and the library (describe.cpp).
std::string model_text(const Model& model, std::string_view indent);
nlohmann::json model_json(const Model& model);

// `arena library --rules warmachine` (library_views.cpp): models, show.
extern const std::string_view kLibraryViews[2];
Expected<std::string, std::string> library_view(const LibraryRequest& request);

// `arena shoot` (shot_table.cpp).
Expected<ShotTable, std::string> shot_table(const Encounter& encounter, const ShotRequest& request);

// The registry's entry for warmachine (run.cpp).
RulesetHooks hooks();

}  // namespace arena::warmachine
