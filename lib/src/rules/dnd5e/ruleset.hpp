// The 5e ruleset as the core sees it: its battle engine for the runner
// (run_battles.hpp) and the hooks of the ruleset registry.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>

#include "arena/replay.hpp"
#include "arena/tally.hpp"
#include "rules/dnd5e/battle.hpp"
#include "rules/registry.hpp"

namespace arena::dnd5e {

struct Engine {
  using Plan = BattlePlan;
  using State = BattleState;

  template <class Dice>
  static BattleOutcome play(const Plan& plan, State& state, Dice& dice) {
    return play_battle(plan, state, dice);
  }

  static void results(const Plan& plan, const State& state, std::span<CombatantResult> out) {
    // Computed, not branched on: who ends how is chance, and a branch on
    // it mispredicts. Absent (an absent one is dead too), else dead, else
    // down at 0 HP, else standing (Fate's order).
    for (int c = 0, count = plan.creature_count(); c < count; ++c) {
      const CombatantState& s = state.combatants[c];
      const int fate = std::max({3 * s.absent, 2 * s.dead, int{s.hp == 0}});
      out[c] = {static_cast<Fate>(fate), s.damage_dealt, s.damage_taken, 0, s.knockouts};
    }
    // A kill: dead, by someone's damage.
    for (int c = 0, count = plan.creature_count(); c < count; ++c) {
      const CombatantState& s = state.combatants[c];
      out[static_cast<std::size_t>(std::max(s.dropped_by, 0))].kills +=
          s.dead & (s.dropped_by >= 0);
    }
  }
};

// One battle, line by line (`arena replay`; replay.cpp).
Replay replay(const Encounter& encounter, std::int64_t battle);
// The same, with why each action was chosen (`arena replay --why`) and
// maps of the battlefield (`--map`; field_map.hpp).
Replay replay_options(const Encounter& encounter, std::int64_t battle,
                      const ReplayOptions& options);

// The roster's part of an encounter fingerprint (digest.cpp).
void digest_roster(const Encounter& encounter, Digest& digest);

// `arena library` (library_views.cpp): the views it has (RulesetHooks::library_views).
extern const std::string_view kLibraryViews[5];
Expected<std::string, std::string> library_view(const LibraryRequest& request);

// The registry's entry for 5e.
RulesetHooks hooks();

}  // namespace arena::dnd5e
