// Areas of effect on a battlefield: who a breath weapon, a fireball or a
// thunderwave catches, by the geometry of space/area.hpp (a creature is
// caught when the area covers the centre of any square it occupies).
//
// The creature aims its area as a game master would, cheaply: it tries a
// few placements and keeps the one catching the most enemies less allies
// (itself counted as an ally), the first on a tie, starting with its
// chosen target:
//   - a cone or a line: from the edge of its space towards each enemy's
//     centre (a line is 5 ft wide);
//   - a sphere (or cylinder): centred on each corner of each enemy's space
//     (a grid intersection, as the DMG places spheres); the stat blocks
//     give no range, so any point of the field will do;
//   - a cube: against each side of its space, slid along it square by
//     square while the faces still share a square's edge;
//   - an emanation: every creature within its size of the creature, by the
//     battlefield's distance (like reach), with nothing to aim.
// Allies inside are caught too (friendly fire is the 5e rule) unless the
// effect picks "each creature of its choice" (Frightful Presence). Only
// creatures that can act are caught, as gridless areas draw only those.
// Battle code calls this on a battlefield only; gridless areas keep the
// DMG table (attack.hpp).
#pragma once

#include <algorithm>
#include <climits>
#include <cmath>
#include <span>
#include <vector>

#include "rules/dnd5e/plan.hpp"
#include "rules/dnd5e/state.hpp"
#include "space/area.hpp"

namespace arena::dnd5e::detail {

// Whether creature `c` is inside a swallower: on a battlefield it has no
// square of its own then (field_rules.hpp). Asks nothing of a plan without
// swallowers (nor, so, of one without the full rules).
inline bool inside_a_swallower(const BattlePlan& plan, const BattleState& state, int c) {
  return plan.any_swallower && swallower_of(state, c) >= 0;
}

inline const FieldArea& field_area_of(const BattlePlan& plan, const PlanSaveEffect& effect) {
  return plan.field.areas[static_cast<std::size_t>(&effect - plan.save_effects.data())];
}

// The farthest an enemy can be (battlefield distance) for `area` to be
// sure to catch it when aimed at it: where the creature moves to before
// using it. A cone's or line's longest case is a diagonal, whose nearest
// square's centre lies k - 1/2 diagonal squares from the creature's corner.
inline int area_limit(const FieldArea& area) {
  constexpr int kFoot = space::kFeetPerSquare;
  switch (area.shape) {
    case AreaShape::Cone:
    case AreaShape::Line:
      return kFoot * static_cast<int>(std::floor(area.size / (kFoot * std::sqrt(2.0)) + 0.5));
    case AreaShape::Cube:
      return area.size - kFoot;
    case AreaShape::Emanation:
      return area.size;
    case AreaShape::Sphere:
    case AreaShape::None:
      break;
  }
  return INT_MAX;
}

// Whether `area` placed as `drawn` catches creature `c`.
inline bool area_catches(const BattlePlan& plan, const BattleState& state, int source,
                         const FieldArea& area, const space::Area& drawn, int c) {
  const space::Footprint& at = state.field.at[static_cast<std::size_t>(c)];
  if (area.shape == AreaShape::Emanation) {
    return c != source && space::within(state.field.at[static_cast<std::size_t>(source)], at,
                                        area.size, plan.field.diagonals);
  }
  return space::footprint_caught(drawn, at);
}

// The creatures `area` placed as `drawn` catches, in creature order, into
// `out`; returns the enemies caught less the allies, of those standing.
// With `down_too`, a PC down in the area is caught too (an area of damage
// that does not choose its targets), but no one aims at it or away from it.
inline int catch_creatures(const BattlePlan& plan, const BattleState& state, int source,
                           const FieldArea& area, const space::Area& drawn, bool down_too,
                           std::vector<int>& out) {
  out.clear();
  const int faction = plan.creatures[source].faction;
  int score = 0;
  for (int c = 0; c < plan.creature_count(); ++c) {
    const bool down = is_down(state.combatants[c]);
    if (!state.combatants[c].can_act() && !(down && down_too)) continue;
    if (inside_a_swallower(plan, state, c)) continue;  // total cover
    const bool ally = plan.creatures[c].faction == faction;
    if (ally && area.chosen_targets) continue;
    if (!area_catches(plan, state, source, area, drawn, c)) continue;
    out.push_back(c);
    if (!down) score += ally ? -1 : 1;
  }
  return score;
}

// The placements a creature tries for `area` (the file's comment), aimed
// at `enemy`: `each(drawn)` for each.
template <class Each>
void placements_at(const FieldArea& area, const space::Footprint& self,
                   const space::Footprint& enemy, Each each) {
  space::Area drawn;
  drawn.size = area.size;
  drawn.width = space::kFeetPerSquare;
  if (area.shape == AreaShape::Cone || area.shape == AreaShape::Line) {
    drawn.shape = area.shape == AreaShape::Cone ? space::Shape::Cone : space::Shape::Line;
    drawn.direction = space::footprint_centre(enemy) - space::footprint_centre(self);
    drawn.origin = space::edge_towards(self, drawn.direction);
    each(drawn);
  } else if (area.shape == AreaShape::Sphere) {
    drawn.shape = space::Shape::Sphere;
    const double side = enemy.side * space::kFeetPerSquare;
    const space::Point corner{enemy.at.x * 1.0 * space::kFeetPerSquare,
                              enemy.at.y * 1.0 * space::kFeetPerSquare};
    for (space::Point offset : {space::Point{0, 0}, {side, 0}, {0, side}, {side, side}}) {
      drawn.origin = corner + offset;
      each(drawn);
    }
  }
}

// The cubes against the sides of `self`: `each(drawn)` for each.
template <class Each>
void cube_placements(const FieldArea& area, const space::Footprint& self, Each each) {
  constexpr int kFoot = space::kFeetPerSquare;
  const double size = area.size, face = self.side * kFoot;
  const space::Point low{self.at.x * 1.0 * kFoot, self.at.y * 1.0 * kFoot};
  space::Area drawn{space::Shape::Cube, {}, {}, size, 0};
  // East, west, south, north; the face's middle slides from one end to the other.
  const space::Point normals[] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (space::Point normal : normals) {
    const space::Point tangent{std::abs(normal.y), std::abs(normal.x)};
    const double out = normal.x + normal.y > 0 ? face : 0;  // the side's offset from `low`
    for (double lo = kFoot - size; lo <= face - kFoot; lo += kFoot) {
      const double mid = lo + size / 2;
      drawn.origin =
          low + out * space::Point{std::abs(normal.x), std::abs(normal.y)} + mid * tangent;
      drawn.direction = normal;
      each(drawn);
    }
  }
}

// The creatures that `effect` of `source`, aimed first at `target`,
// catches on the battlefield, into `out` (the aim the file's comment
// describes). An effect without an area catches `target` alone, and so
// does one from inside a swallower (its target is the swallower).
inline void field_area_targets(const BattlePlan& plan, const BattleState& state, int source,
                               int target, const PlanSaveEffect& effect, std::vector<int>& out) {
  const FieldArea& area = field_area_of(plan, effect);
  out.clear();
  if (area.shape == AreaShape::None || inside_a_swallower(plan, state, source)) {
    out.push_back(target);
    return;
  }
  // Damage reaches a PC down in the area; a fear or a choice of targets does not.
  const bool down_too = effect.damage.count > 0 && !area.chosen_targets;
  std::vector<int> caught;  // a cast is rare: a local vector costs nothing that matters
  int best = INT_MIN;
  const auto consider = [&](const space::Area& drawn) {
    const int score = catch_creatures(plan, state, source, area, drawn, down_too, caught);
    if (score > best) {
      best = score;
      out.swap(caught);
    }
  };
  const space::Footprint& self = state.field.at[static_cast<std::size_t>(source)];
  if (area.shape == AreaShape::Emanation) {
    consider(space::Area{});
  } else if (area.shape == AreaShape::Cube) {
    cube_placements(area, self, consider);
  } else {
    placements_at(area, self, state.field.at[static_cast<std::size_t>(target)], consider);
    for (int e : state.standing.enemies_of(plan.creatures[source].faction)) {
      if (e != target)
        placements_at(area, self, state.field.at[static_cast<std::size_t>(e)], consider);
    }
  }
}

}  // namespace arena::dnd5e::detail
