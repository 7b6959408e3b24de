// Who is on which side, as flat lists for a battle plan: each faction's
// members and each faction's enemies (every other faction's members), both
// in creature order (Encounter::combatants). Built once per run from the
// encounter and read by every worker; plain values, thread-safe to read.
#pragma once

#include <span>
#include <vector>

#include "arena/encounter.hpp"
#include "rules/common/flat_dice.hpp"

namespace arena {

struct FactionLists {
  std::vector<int> sizes;  // members per faction
  std::vector<Slice> members, enemies;
  std::vector<int> member_lists, enemy_lists;

  explicit FactionLists(const Encounter& encounter) {
    for (const Faction& faction : encounter.factions) {
      sizes.push_back(static_cast<int>(faction.members.size()));
      const std::size_t first = member_lists.size();
      member_lists.insert(member_lists.end(), faction.members.begin(), faction.members.end());
      members.push_back(slice_from(member_lists, first));
    }
    for (int f = 0; f < count(); ++f) {
      const std::size_t first = enemy_lists.size();
      for (const Combatant& c : encounter.combatants) {
        if (c.faction != f)
          enemy_lists.push_back(static_cast<int>(&c - encounter.combatants.data()));
      }
      enemies.push_back(slice_from(enemy_lists, first));
    }
  }

  int count() const { return static_cast<int>(sizes.size()); }
  std::span<const int> members_of(int f) const { return slice_of(member_lists, members[f]); }
  std::span<const int> enemies_of(int f) const { return slice_of(enemy_lists, enemies[f]); }
};

}  // namespace arena
