// BattlePlan: facts derived once per encounter for the battle loop, shared
// read-only by all workers. Holds compact per-creature arrays (faction, AC,
// tactics) so that the hot loop scans a few bytes per creature instead of
// whole Creature records, and the best action against each target.
#pragma once

#include <vector>

#include "arena/encounter.hpp"

namespace arena {

struct BattlePlan {
  int creatures = 0;
  std::vector<int> faction;        // per creature
  std::vector<int> ac;             // per creature
  std::vector<TargetPolicy> target_policy;  // per creature
  // best_action[attacker * creatures + target]: the action index with the
  // highest expected damage against that target.
  std::vector<int> best_action;

  explicit BattlePlan(const Encounter& encounter);
  int action_against(int attacker, int target) const {
    return best_action[static_cast<std::size_t>(attacker * creatures + target)];
  }
};

}  // namespace arena
