// The seed's is.engaged() argument checks: a distance below zero or missing
// is an error, not an answer. `arena shoot` checks every distance it is
// given with this before any rule sees it (the rules assume checked input).
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <string>

#include "arena/expected.hpp"
#include "rules/warmachine/roster.hpp"

namespace arena::warmachine {

inline Expected<double, std::string> checked_distance(double distance) {
  if (std::isnan(distance)) return unexpected(std::string("distance is not a number"));
  if (distance < 0) return unexpected(fmt::format("distance {} is less than zero", distance));
  if (distance > kMaxDistance)
    return unexpected(fmt::format("distance {} is beyond {}", distance, kMaxDistance));
  return distance;
}

}  // namespace arena::warmachine
