#include "arena/replay.hpp"

#include "rules/registry.hpp"

namespace arena {

Replay replay_battle(const Encounter& encounter, std::int64_t index) {
  return ruleset_hooks(encounter.rules).replay(encounter, index);
}

}  // namespace arena
