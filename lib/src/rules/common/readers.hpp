// Reading values that several rulesets' members share: one of a fixed set
// of names, hit points as a number or dice, a "tactics" object. Problems are
// reported with their position (json_reader.hpp). Thread-safe.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "arena/dice.hpp"
#include "json_reader.hpp"
#include "rules/common/tactics.hpp"
#include "rules/registry.hpp"

namespace arena {

// Hit points, as a number or as dice rolled anew for every battle.
inline constexpr int kMaxHp = 1'000'000;

// The value of `key`, one of `choices` (exactly); else reports it with a
// "did you mean" and the list.
std::optional<std::string> read_choice(ObjectReader& object, std::string_view key,
                                       std::span<const std::string_view> choices);

// `unknown WHAT "NAME"`, then a did-you-mean among `names` (compared as
// library keys) or, when none is close, where the list is: " (the list:
// arena library VIEW --rules RULES)".
std::string unknown_library_name(std::string_view what, std::string_view name,
                                 std::span<const std::string> names, std::string_view view,
                                 std::string_view rules);

// A dice error, pointing at the character inside the string.
void report_dice_error(const JsonContext& context, const std::string& pointer,
                       const std::string& text, const DiceError& error);

// Hit points: a number 1 to kMaxHp, or dice that always roll within it.
std::optional<DiceExpr> read_hit_points(const JsonContext& context, const nlohmann::json& value,
                                        const std::string& pointer);

// Why "target": "nearest" cannot be played where creatures have no
// positions (the default: rulesets without any); empty where they have.
inline constexpr std::string_view kNoPositions = "battles of these rules have no positions";

// Why "downed": "finish" cannot be played (the default: rulesets in which
// no one lies down at 0 HP); empty where it can (5e's PCs).
inline constexpr std::string_view kNoDowned =
    "in these rules no one lies at 0 HP to be finished off";

// A "tactics" object of a faction or a member: {"target": POLICY, "ties":
// "random" | "first", "downed": "ignore" | "finish"}, each key not given
// taken from `base` (a member's faction's tactics); "nearest" is an error
// unless `no_positions` is empty, "finish" unless `no_downed` is.
std::optional<Tactics> read_tactics(const JsonContext& context, const nlohmann::json& value,
                                    const std::string& pointer, const Tactics& base = Tactics{},
                                    std::string_view no_positions = kNoPositions,
                                    std::string_view no_downed = kNoDowned);
// Its keys (checked against scenarios/schema.json by a test).
std::span<const std::string_view> tactics_keys();
// The keys of a tactics object being read that it gives (for a ruleset
// whose members' tactics take more keys than tactics_keys(), and fall back
// to their faction's key by key).
struct TacticsGiven {
  std::optional<TargetPolicy> target;
  std::optional<TiePolicy> ties;
  std::optional<DownedPolicy> downed;
  Tactics over(Tactics base) const;  // `base` with the given keys replaced
};
TacticsGiven read_tactics_given(ObjectReader& object);
// Reports a "target": "nearest" at `pointer` (the "target" key) that cannot be played.
void report_nearest_without_positions(const JsonContext& context, const std::string& pointer,
                                      std::string_view no_positions);

// Sets `member` to answer an ability's key given beside its other keys
// ("str": 2, "Strength": 16) with `where` (what this form does with
// abilities) instead of a guess at a spelling.
void note_ability_keys(ObjectReader& member, std::string where);

// A faction's "tactics", for every member without its own. Default: random targets.
Tactics read_faction_tactics(const JsonContext& context, const FactionJson& faction,
                             std::string_view no_positions = kNoPositions,
                             std::string_view no_downed = kNoDowned);

}  // namespace arena
