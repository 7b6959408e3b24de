// The ruleset registry: what the ruleset-neutral core (the reader, the
// runner, replay, validate and library views, fingerprints) asks of each
// ruleset, and the table of rulesets. Every entry is a plain function of
// the ruleset's folder (rules/<name>/ruleset.hpp); the core looks a ruleset
// up once per load or run, never per battle. Private to libarena. Outside
// the rulesets' folders, code names them in two places only: their ids
// below and the table of registry.cpp, in the same order.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arena/encounter.hpp"
#include "arena/replay.hpp"
#include "arena/rulesets.hpp"
#include "arena/runner.hpp"
#include "arena/shot_table.hpp"
#include "digest.hpp"
#include "json_reader.hpp"

namespace arena {

// One member entry of a faction as the file has it, for the ruleset to read.
struct MemberJson {
  const nlohmann::json* value = nullptr;
  std::string pointer;  // "/factions/0/members/2"
};

// One faction: its name and members read by the core, its other keys
// (the ruleset's faction keys, such as "tactics") left to the ruleset.
struct FactionJson {
  std::string name;
  std::string pointer;
  ObjectReader* object = nullptr;  // finish()ed by the core after the ruleset has read it
  std::vector<MemberJson> members;
};

// The file for the ruleset's reader: the top-level object (for the
// ruleset's own encounter keys, such as "order") and the factions.
struct EncounterJson {
  const JsonContext& context;
  ObjectReader& object;
  std::vector<FactionJson> factions;
};

// A member as the ruleset resolved it: its name before copies are
// numbered, its copies, and its entry in the ruleset's roster.
struct ResolvedMember {
  std::string name;
  int count = 1;
  int entry = 0;
  // Per copy, the combatants that may join the battle from it (the halves
  // a split ooze can become): each follows its copy, "<copy> split <k>".
  int joining = 0;
};

// Each ruleset's id (the public Ruleset): its place in all_rulesets(). The
// first is the default (Encounter::rules).
namespace rulesets {
inline constexpr Ruleset kDnd5e{0};
inline constexpr Ruleset kOldSchool{1};
inline constexpr Ruleset kWarmachine{2};
inline constexpr Ruleset kKnave{3};
}  // namespace rulesets

struct RulesetHooks {
  Ruleset id;
  std::string_view name;                             // as in "rules"
  std::span<const std::string_view> encounter_keys;  // top-level keys it owns
  std::span<const std::string_view> faction_keys;    // faction keys beyond name and members
  std::span<const std::string_view> member_keys;     // for messages about another ruleset's keys
  std::span<const std::string_view> figures;  // extra per-combatant figures (Encounter::figures)
  std::span<const std::string_view> faction_figures =
      {};                                           // per faction (Encounter::faction_figures)
  std::span<const std::string_view> measures = {};  // per combatant (Encounter::measures)
  // The views `arena library` may show of it; library_view refuses any
  // other, listing these in this order.
  std::span<const std::string_view> library_views;

  // Reads and resolves the ruleset's part of a file: its encounter and
  // faction keys and every member. Problems go to input.context. Sets
  // `members[f]` to faction f's resolved members (one that did not resolve
  // is left out) and returns the roster they index.
  std::shared_ptr<const Roster> (*read)(const EncounterJson& input,
                                        std::vector<std::vector<ResolvedMember>>& members);
  RunResult (*run)(const Encounter& encounter, const RunOptions& options);
  Replay (*replay)(const Encounter& encounter, std::int64_t battle);
  // The same replay with options: explaining each choice (`arena replay
  // --why`), maps of the positions (`--map`); nullptr for a ruleset whose
  // creatures neither choose between actions nor have positions.
  Replay (*replay_options)(const Encounter& encounter, std::int64_t battle,
                           const ReplayOptions& options) = nullptr;
  std::string (*describe)(const Encounter& encounter);
  nlohmann::json (*describe_json)(const Encounter& encounter);
  // Its encounter keys as `validate --format json` shows them: an object
  // merged into the top level ({"distance": 20}); nullptr for none.
  nlohmann::json (*describe_encounter_json)(const Encounter& encounter) = nullptr;
  // Adds everything of the roster that decides how battles play.
  void (*digest)(const Encounter& encounter, Digest& digest);
  Expected<std::string, std::string> (*library)(const LibraryRequest& request);
  // `arena shoot`, for rulesets with ranged attacks by distance; nullptr for others.
  Expected<ShotTable, std::string> (*shot_table)(const Encounter& encounter,
                                                 const ShotRequest& request) = nullptr;
};

// The rulesets arena plays, in the order of their ids.
std::span<const RulesetHooks> all_rulesets();
const RulesetHooks& ruleset_hooks(Ruleset rules);

// Makes `object`, an ObjectReader over a member (or the top level) of a
// `rules` encounter, report another ruleset's member (or encounter) key as
// such: "unknown key "weapon" (a key of oldschool members; this
// encounter's rules are 5e)".
void report_foreign_member_keys(ObjectReader& member, Ruleset rules);
void report_foreign_encounter_keys(ObjectReader& encounter, Ruleset rules);

}  // namespace arena
