// The knave ruleset (seed 004) as the core sees it: its battle engine for
// the runner (run_battles.hpp) and the hooks of the ruleset registry.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "arena/replay.hpp"
#include "arena/tally.hpp"
#include "rules/knave/battle.hpp"
#include "rules/registry.hpp"

namespace arena::knave {

// The per-combatant figure, as Encounter::figures names it (bit 0 of
// CombatantResult::figures): fled (failed a morale roll). Dead and down
// (at 0 HP after the death table, alive, with "death_table": "down") are
// fates (CombatantResult::fate); a creature that fled is alive and on its
// feet: its fate is "standing".
inline constexpr std::string_view kFigures[] = {"fled"};
// Per faction: it won when its last enemies fled (BattleOutcome::faction_figures).
inline constexpr std::string_view kFactionFigures[] = {"routs"};
// Per combatant: the points of ability a survivor of the death table lost
// (over every roll on it; 0 for the dead).
inline constexpr std::string_view kMeasures[] = {"ability_lost"};

struct Engine {
  using Plan = BattlePlan;
  using State = BattleState;

  template <class Dice>
  static BattleOutcome play(const Plan& plan, State& state, Dice& dice) {
    return play_battle(plan, state, dice);
  }

  static void results(const Plan& plan, const State& state, std::span<CombatantResult> out) {
    for (int c = 0, count = plan.creature_count(); c < count; ++c) {
      const CreatureState& s = state.creatures[c];
      const std::uint32_t fled = s.status == Status::Fled ? 1u : 0u;
      // Fates: dead and down as they are; fled (alive, on its feet) and
      // fighting are standing.
      const Fate fate = s.status == Status::Dead   ? Fate::Dead
                        : s.status == Status::Down ? Fate::Down
                                                   : Fate::Standing;
      out[c] = {fate,
                s.damage_dealt,
                s.damage_taken,
                s.kills,
                s.knockouts,
                fled,
                {s.status == Status::Dead ? 0 : s.ability_lost}};
    }
  }
};

// The keys of a knave member, both forms (reader.cpp).
std::span<const std::string_view> member_keys();

// Reads and resolves the knave part of a file (reader.cpp).
std::shared_ptr<const arena::Roster> read_roster(const EncounterJson& input,
                                                 std::vector<std::vector<ResolvedMember>>& members);

// One battle, line by line (`arena replay`; replay.cpp).
Replay replay(const Encounter& encounter, std::int64_t battle);

// `arena validate` (describe.cpp).
std::string describe_factions(const Encounter& encounter);
nlohmann::json describe_factions_json(const Encounter& encounter);
nlohmann::json describe_encounter_json(const Encounter& encounter);  // its options

// `arena library --rules knave` (library_views.cpp): weapons, armor.
extern const std::string_view kLibraryViews[2];
Expected<std::string, std::string> library_view(const LibraryRequest& request);

// The registry's entry for knave (run.cpp).
RulesetHooks hooks();

}  // namespace arena::knave
