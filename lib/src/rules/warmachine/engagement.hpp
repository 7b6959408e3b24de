// The seed's is.engaged() with its argument checks: a distance below zero
// or missing is an error, not an answer.
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <string>

#include "arena/expected.hpp"
#include "rules/warmachine/shot.hpp"

namespace arena::warmachine {

inline Expected<bool, std::string> checked_in_melee(const Model& a, const Model& b, double distance,
                                                    bool b_down) {
  if (std::isnan(distance)) return unexpected(std::string("distance is not a number"));
  if (distance < 0) return unexpected(fmt::format("distance {} is less than zero", distance));
  return in_melee(a, b, distance, b_down);
}

}  // namespace arena::warmachine
