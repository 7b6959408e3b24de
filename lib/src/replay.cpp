#include "arena/replay.hpp"

#include "rules/registry.hpp"

namespace arena {

Replay replay_battle(const Encounter& encounter, std::int64_t index, const ReplayOptions& options) {
  const RulesetHooks& hooks = ruleset_hooks(encounter.rules);
  if ((options.why || options.map) && hooks.replay_options != nullptr)
    return hooks.replay_options(encounter, index, options);
  return hooks.replay(encounter, index);
}

bool replay_explains(const Encounter& encounter) {
  return ruleset_hooks(encounter.rules).replay_options != nullptr;
}

}  // namespace arena
