// The Warmachine roster of an encounter: one warjack per member of the file
// (copies share it), with its tactics and focus split, and the distance
// the two forces start apart. Immutable once loaded.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "arena/encounter.hpp"
#include "rules/warmachine/boost.hpp"
#include "rules/warmachine/model.hpp"

namespace arena::warmachine {

// How a model fights: shoot while a target is in range and close after,
// or close at once (charge when it can).
enum class Policy : std::uint8_t { ShootThenClose, Close };

std::string_view name(Policy policy);

struct Warjack {
  Model model;
  Policy policy = Policy::ShootThenClose;
  Boost boost = Boost::Both;
};

inline constexpr double kDefaultDistance = 20;  // inches
inline constexpr double kMaxDistance = 1000;

struct Roster : arena::Roster {
  std::vector<Warjack> members;  // indexed by Combatant::member
  double distance = kDefaultDistance;
};

// Precondition: encounter.rules is warmachine.
const Roster& roster_of(const Encounter& encounter);

inline const Warjack& warjack_of(const Encounter& encounter, int c) {
  return roster_of(encounter)
      .members[static_cast<std::size_t>(encounter.combatants[static_cast<std::size_t>(c)].member)];
}

}  // namespace arena::warmachine
