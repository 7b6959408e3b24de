// The table of rulesets, and the public ruleset functions (rulesets.hpp)
// that hand over to them.
#include "rules/registry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "arena/suggest.hpp"
#include "rules/dnd5e/ruleset.hpp"
#include "rules/knave/ruleset.hpp"
#include "rules/oldschool/ruleset.hpp"
#include "rules/warmachine/ruleset.hpp"

namespace arena {

std::span<const RulesetHooks> all_rulesets() {
  // Indexed by Ruleset: in the order of the ids of registry.hpp.
  static const std::array<RulesetHooks, 4> kRulesets = {dnd5e::hooks(), oldschool::hooks(),
                                                        warmachine::hooks(), knave::hooks()};
  return kRulesets;
}

const RulesetHooks& ruleset_hooks(Ruleset rules) {
  const RulesetHooks& hooks = all_rulesets()[static_cast<std::size_t>(rules)];
  ARENA_CHECK(hooks.id == rules);
  return hooks;
}

namespace {

using KeyList = std::span<const std::string_view> RulesetHooks::*;

// For each ruleset, the keys of `list` that other rulesets have and it has not.
std::vector<std::vector<std::string_view>> foreign_keys(KeyList list) {
  std::vector<std::vector<std::string_view>> foreign;
  for (const RulesetHooks& hooks : all_rulesets()) {
    const auto& own = hooks.*list;
    std::vector<std::string_view> keys;
    for (const RulesetHooks& other : all_rulesets()) {
      for (std::string_view key : other.*list) {
        const bool known = std::find(own.begin(), own.end(), key) != own.end() ||
                           std::find(keys.begin(), keys.end(), key) != keys.end();
        if (!known) keys.push_back(key);
      }
    }
    foreign.push_back(std::move(keys));
  }
  return foreign;
}

// "a key of oldschool members; this encounter's rules are 5e"
std::string foreign_key_note(KeyList list, const char* what, Ruleset rules, std::string_view key) {
  std::vector<std::string_view> owners;
  for (const RulesetHooks& other : all_rulesets()) {
    const auto& keys = other.*list;
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) owners.push_back(other.name);
  }
  return fmt::format("a key of {} {}; this encounter's rules are {}", fmt::join(owners, " and "),
                     what, ruleset_hooks(rules).name);
}

}  // namespace

void report_foreign_member_keys(ObjectReader& member, Ruleset rules) {
  static const auto kForeign = foreign_keys(&RulesetHooks::member_keys);
  member.set_foreign_keys(kForeign[static_cast<std::size_t>(rules)], [rules](std::string_view key) {
    return foreign_key_note(&RulesetHooks::member_keys, "members", rules, key);
  });
}

void report_foreign_encounter_keys(ObjectReader& encounter, Ruleset rules) {
  static const auto kForeign = foreign_keys(&RulesetHooks::encounter_keys);
  encounter.set_foreign_keys(
      kForeign[static_cast<std::size_t>(rules)], [rules](std::string_view key) {
        return foreign_key_note(&RulesetHooks::encounter_keys, "encounters", rules, key);
      });
}

std::string_view name(Ruleset rules) {
  return ruleset_hooks(rules).name;
}

std::optional<Ruleset> parse_ruleset(std::string_view text) {
  for (const RulesetHooks& hooks : all_rulesets()) {
    if (same_word(text, hooks.name)) return hooks.id;  // "Knave" too, as every name is read
  }
  return std::nullopt;
}

std::span<const std::string_view> ruleset_names() {
  static const std::vector<std::string_view> kNames = [] {
    std::vector<std::string_view> names;
    for (const RulesetHooks& hooks : all_rulesets()) names.push_back(hooks.name);
    return names;
  }();
  return kNames;
}

std::string describe_factions(const Encounter& encounter) {
  return ruleset_hooks(encounter.rules).describe(encounter);
}

nlohmann::json describe_factions_json(const Encounter& encounter) {
  return ruleset_hooks(encounter.rules).describe_json(encounter);
}

nlohmann::json describe_encounter_json(const Encounter& encounter) {
  const RulesetHooks& hooks = ruleset_hooks(encounter.rules);
  if (hooks.describe_encounter_json == nullptr) return nlohmann::json::object();
  return hooks.describe_encounter_json(encounter);
}

Expected<ShotTable, std::string> shot_table(const Encounter& encounter,
                                            const ShotRequest& request) {
  const RulesetHooks& hooks = ruleset_hooks(encounter.rules);
  if (hooks.shot_table == nullptr) {
    return unexpected(
        fmt::format("arena shoot needs ranged attacks by distance: the {} rules "
                    "have none",
                    hooks.name));
  }
  return hooks.shot_table(encounter, request);
}

Expected<std::string, std::string> library_view(Ruleset rules, const LibraryRequest& request) {
  const RulesetHooks& hooks = ruleset_hooks(rules);
  for (std::string_view view : hooks.library_views) {
    if (view == request.view) return hooks.library(request);
  }
  return unexpected(fmt::format("the {} rules have no {} in their library (they have: {})",
                                hooks.name, request.view, fmt::join(hooks.library_views, ", ")));
}

}  // namespace arena
