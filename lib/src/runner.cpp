#include "arena/runner.hpp"

#include <thread>

#include "rules/registry.hpp"

namespace arena {

int resolve_thread_count(int requested) {
  if (requested > 0) return requested;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

RunResult run_battles(const Encounter& encounter, const RunOptions& options) {
  return ruleset_hooks(encounter.rules).run(encounter, options);
}

}  // namespace arena
