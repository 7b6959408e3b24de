// The table of rulesets, and the public ruleset functions (rulesets.hpp)
// that hand over to them.
#include "rules/registry.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "rules/dnd5e/ruleset.hpp"

namespace arena {

std::span<const RulesetHooks> all_rulesets() {
  // Indexed by Ruleset.
  static const std::array<RulesetHooks, 1> kRulesets = {dnd5e::hooks()};
  return kRulesets;
}

const RulesetHooks& ruleset_hooks(Ruleset rules) {
  const RulesetHooks& hooks = all_rulesets()[static_cast<std::size_t>(rules)];
  ARENA_CHECK(hooks.id == rules);
  return hooks;
}

std::span<const std::string_view> planned_rulesets() {
  static constexpr std::string_view kPlanned[] = {"knave", "warmachine"};
  return kPlanned;
}

std::span<const std::string_view> foreign_member_keys(Ruleset rules) {
  static const std::vector<std::vector<std::string_view>> kForeign = [] {
    std::vector<std::vector<std::string_view>> foreign;
    for (const RulesetHooks& hooks : all_rulesets()) {
      const auto& own = hooks.member_keys;
      std::vector<std::string_view> keys;
      for (const RulesetHooks& other : all_rulesets()) {
        for (std::string_view key : other.member_keys) {
          const bool known = std::find(own.begin(), own.end(), key) != own.end() ||
                             std::find(keys.begin(), keys.end(), key) != keys.end();
          if (!known) keys.push_back(key);
        }
      }
      foreign.push_back(std::move(keys));
    }
    return foreign;
  }();
  return kForeign[static_cast<std::size_t>(rules)];
}

std::string foreign_member_note(Ruleset rules) {
  const RulesetHooks& hooks = ruleset_hooks(rules);
  return fmt::format("not a key of {} members, which have: {}", hooks.name, fmt::join(hooks.member_keys, ", "));
}

std::string_view name(Ruleset rules) { return ruleset_hooks(rules).name; }

std::optional<Ruleset> parse_ruleset(std::string_view text) {
  for (const RulesetHooks& hooks : all_rulesets()) {
    if (hooks.name == text) return hooks.id;
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

std::string describe_factions(const Encounter& encounter) { return ruleset_hooks(encounter.rules).describe(encounter); }

nlohmann::json describe_factions_json(const Encounter& encounter) {
  return ruleset_hooks(encounter.rules).describe_json(encounter);
}

std::span<const std::string_view> library_views(Ruleset rules) { return ruleset_hooks(rules).library_views; }

Expected<std::string, std::string> library_view(Ruleset rules, const LibraryRequest& request) {
  const RulesetHooks& hooks = ruleset_hooks(rules);
  for (std::string_view view : hooks.library_views) {
    if (view == request.view) return hooks.library(request);
  }
  return unexpected(fmt::format("the {} rules have no {} in their library (they have: {})", hooks.name,
                                request.view, fmt::join(hooks.library_views, ", ")));
}

}  // namespace arena
