// Who is still in the fight: per faction its members standing and, for
// every faction, the list of its enemies standing, kept up to date as
// creatures drop and get back up. Shared by every ruleset whose battles
// end when one faction is left (5e, oldschool).
//
// Targeting reads the lists (targeting.hpp): a creature picks among the
// enemies who stand, so its choice costs one die and one load instead of a
// scan over every enemy, dead or alive. Creatures drop a few times a
// battle but choose a target every turn, so the lists are worth keeping.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "arena/check.hpp"

namespace arena {

// Who stands when a battle begins: built once per plan from each
// creature's faction, and shared read-only by every worker.
struct StandingStart {
  std::vector<int> faction_of;     // per creature
  std::vector<int> faction_sizes;  // per faction
  std::vector<int> enemy_first;    // per faction: where its list starts in `enemies`
  std::vector<int> enemies;        // per faction, the other factions' members in creature order

  StandingStart() = default;
  StandingStart(std::span<const int> creature_factions, int faction_count)
      : faction_of(creature_factions.begin(), creature_factions.end()),
        faction_sizes(static_cast<std::size_t>(faction_count), 0) {
    for (int f : faction_of) ++faction_sizes[static_cast<std::size_t>(f)];
    for (int f = 0; f < faction_count; ++f) {
      enemy_first.push_back(static_cast<int>(enemies.size()));
      for (std::size_t c = 0; c < faction_of.size(); ++c) {
        if (faction_of[c] != f) enemies.push_back(static_cast<int>(c));
      }
    }
  }

  int faction_count() const { return static_cast<int>(faction_sizes.size()); }
  // Every enemy of `faction`, standing or not, in creature order.
  std::span<const int> enemies_of(int faction) const {
    const auto f = static_cast<std::size_t>(faction);
    return {enemies.data() + enemy_first[f], static_cast<std::size_t>(list_size(f))};
  }
  // How many enemies faction `f` has.
  int list_size(std::size_t f) const {
    return static_cast<int>(faction_of.size()) - faction_sizes[f];
  }
};

// The standing creatures of one battle in progress; one per worker, reset
// per battle without allocating once it has its size.
class Standing {
 public:
  void reset(const StandingStart& start) {
    start_ = &start;
    if (members_.size() != start.faction_sizes.size() || enemies_.size() != start.enemies.size()) {
      members_.resize(start.faction_sizes.size());  // the first battle (no allocation after it)
      enemy_count_.resize(start.faction_sizes.size());
      enemies_.resize(start.enemies.size());
    }
    std::copy(start.faction_sizes.begin(), start.faction_sizes.end(), members_.begin());
    std::copy(start.enemies.begin(), start.enemies.end(), enemies_.begin());
    total_ = static_cast<int>(start.faction_of.size());
    factions_ = 0;
    for (std::size_t f = 0; f < members_.size(); ++f) {
      factions_ += members_[f] > 0;
      enemy_count_[f] = total_ - members_[f];
    }
  }

  int factions() const { return factions_; }  // factions with a member standing
  int total() const { return total_; }        // members standing, all factions together
  int members(int faction) const { return members_[static_cast<std::size_t>(faction)]; }

  // The enemies of `faction` who stand, in creature order.
  std::span<const int> enemies_of(int faction) const {
    const auto f = static_cast<std::size_t>(faction);
    return {enemies_.data() + start_->enemy_first[f], static_cast<std::size_t>(enemy_count_[f])};
  }

  // The one faction with members standing, or -1 when none has.
  int last_faction() const {
    for (std::size_t f = 0; f < members_.size(); ++f) {
      if (members_[f] > 0) return static_cast<int>(f);
    }
    return -1;
  }

  // Creature `c` is out of the fight (it must have stood). In each other
  // faction's list it leaves the head, which is in creature order, for the
  // first place of the tail: the standing ones after it move up one. The
  // pass has no branch but its loop's, which runs the whole list, the same
  // length every time: a standing one stays where it is exactly when it
  // comes before `c`, and the dropped ones stay too. (A search for `c`, or
  // a pass that stops at the end of the head, stops at a random place and
  // mispredicts.)
  void drops(int c) {
    const int faction = start_->faction_of[static_cast<std::size_t>(c)];
    --total_;
    factions_ -= --members_[static_cast<std::size_t>(faction)] == 0;
    for (std::size_t f = 0; f < members_.size(); ++f) {
      if (static_cast<int>(f) == faction) continue;
      int* list = enemies_.data() + start_->enemy_first[f];
      const int size = start_->list_size(f);
      const int last = --enemy_count_[f];    // the place `c` takes
      for (int at = 0; at + 1 < size; ++at)  // the next one moves up: a standing one after `c`
        list[at] = list[at + (list[at] >= c) * (at < last)];
      list[last] = c;  // the list stays a permutation of the faction's enemies
    }
  }

  // Creature `c` is back in the fight (it must have dropped).
  void rises(int c) {
    const int faction = start_->faction_of[static_cast<std::size_t>(c)];
    ++total_;
    if (members_[static_cast<std::size_t>(faction)]++ == 0) ++factions_;
    for (std::size_t f = 0; f < members_.size(); ++f) {
      if (static_cast<int>(f) == faction) continue;
      int* list = enemies_.data() + start_->enemy_first[f];
      int& count = enemy_count_[f];
      int at = count;
      while (list[at] != c) ++at;  // among the dropped, past the standing ones
      list[at] = list[count];      // c moves to the end of the head...
      at = count;
      for (; at > 0 && list[at - 1] > c; --at) list[at] = list[at - 1];  // ...and into its place
      list[at] = c;
      ++count;
    }
  }

  bool operator==(const Standing& other) const {
    return members_ == other.members_ && total_ == other.total_ && factions_ == other.factions_ &&
           enemy_count_ == other.enemy_count_ && enemies_ == other.enemies_;
  }

 private:
  const StandingStart* start_ = nullptr;
  std::vector<int> members_;      // per faction: members standing
  std::vector<int> enemy_count_;  // per faction: its enemies standing, the head of its list
  std::vector<int> enemies_;      // StandingStart::enemies, each list's standing ones first
  int total_ = 0;
  int factions_ = 0;
};

}  // namespace arena
