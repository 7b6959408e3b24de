// Each faction's members as one flat list for a battle plan, in creature
// order (Encounter::combatants): what a rule that concerns a whole side
// walks (a morale check; a side's turns when sides roll initiative). Built
// once per run from the encounter and read by every worker; plain values,
// thread-safe to read.
#pragma once

#include <span>
#include <vector>

#include "arena/encounter.hpp"
#include "rules/common/flat_dice.hpp"

namespace arena {

struct FactionLists {
  std::vector<Slice> members;  // per faction: its slice of member_lists (count: its size)
  std::vector<int> member_lists;

  explicit FactionLists(const Encounter& encounter) {
    for (const Faction& faction : encounter.factions) {
      const std::size_t first = member_lists.size();
      member_lists.insert(member_lists.end(), faction.members.begin(), faction.members.end());
      members.push_back(slice_from(member_lists, first));
    }
  }

  int count() const { return static_cast<int>(members.size()); }
  std::span<const int> members_of(int f) const { return slice_of(member_lists, members[f]); }
};

}  // namespace arena
