// Compiling a 5e battlefield into its FieldPlan.
#include "rules/dnd5e/field_plan.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "rules/dnd5e/roster.hpp"

namespace arena::dnd5e {

namespace {

FieldAttack field_attack(const Attack& attack) {
  FieldAttack compiled;
  compiled.melee = attack.kind == AttackKind::Melee;
  compiled.reach = attack.reach;
  compiled.normal = attack.range_normal;
  compiled.longest = std::max(attack.range_long, attack.range_normal);
  compiled.hurled_rock = !compiled.melee && attack.name == kHurledRockAttack;
  return compiled;
}

// The index of the attack called `name` among `creature`'s, or -1.
int attack_named(const Creature& creature, const std::string& name) {
  for (std::size_t a = 0; a < creature.attacks.size(); ++a) {
    if (creature.attacks[a].name == name) return static_cast<int>(a);
  }
  return -1;
}

// A member's charge, its attacks found by name (none when it lacks the attack).
FieldCharge field_charge(const Creature& creature, const ChargeInfo& info) {
  FieldCharge charge;
  charge.attack = attack_named(creature, info.attack);
  if (charge.attack < 0) return charge;
  const Attack& attack = creature.attacks[static_cast<std::size_t>(charge.attack)];
  charge.distance = info.distance;
  charge.extra = info.extra;
  charge.extra_type = info.extra_type         ? *info.extra_type
                      : attack.damage.empty() ? DamageType::Untyped
                                              : attack.damage.front().type;
  charge.dc = info.dc;
  charge.ability = info.ability;
  charge.push = info.push;
  charge.prone = info.prone;
  if (!info.bonus_attack.empty()) charge.bonus_attack = attack_named(creature, info.bonus_attack);
  return charge;
}

}  // namespace

FieldArea field_area(const SaveEffect& effect) {
  static constexpr std::pair<std::string_view, AreaShape> kShapes[] = {
      {"cone", AreaShape::Cone},     {"line", AreaShape::Line},
      {"sphere", AreaShape::Sphere}, {"cylinder", AreaShape::Sphere},
      {"cube", AreaShape::Cube},     {"emanation", AreaShape::Emanation}};
  FieldArea area;
  for (const auto& [name, shape] : kShapes) {
    if (effect.area_shape == name) area.shape = shape;
  }
  area.size = effect.area_size;
  area.chosen_targets = effect.chosen_targets;
  return area;
}

FieldPlan compile_field(const Encounter& encounter, const std::vector<std::uint32_t>& first_attack,
                        std::size_t attack_count) {
  FieldPlan plan;
  const Roster& roster = roster_of(encounter);
  if (!roster.battlefield) return plan;
  const Battlefield& field = *roster.battlefield;
  plan.enabled = true;
  plan.width = field.width;
  plan.height = field.height;
  plan.diagonals = field.diagonals;
  plan.attacks.resize(attack_count);
  int group_first = -1;  // the first slot of the last copy with Split
  for (std::size_t c = 0; c < encounter.combatants.size(); ++c) {
    const auto member = static_cast<std::size_t>(encounter.combatants[c].member);
    const Creature& creature = roster.members[member];
    const FieldMember& placed = field.members[member];
    FieldCreature compiled;
    compiled.start = field.starts[c];
    compiled.speed = placed.speed();
    compiled.movement = placed.movement;
    const bool still = compiled.speed == 0 || compiled.movement == Movement::Hold;
    plan.still.push_back(still ? 1 : 0);
    plan.any_still = plan.any_still || still;
    compiled.parry = placed.parry;
    compiled.nimble_escape = placed.nimble_escape;
    compiled.maneuvers = placed.maneuvers;
    compiled.superiority_dice = placed.superiority_dice;
    compiled.superiority_die = placed.superiority_die;
    compiled.dex = placed.dex;
    compiled.shield = (placed.reactions & kReactionShield) != 0;
    compiled.spell_slots = placed.spell_slots;
    compiled.flyby = placed.flyby && placed.fly > 0;
    if (placed.charge) compiled.charge = field_charge(creature, *placed.charge);
    plan.needs_full_rules = plan.needs_full_rules || compiled.charge.distance > 0 ||
                            placed.split_slots > 0 || placed.rock_catching_dc > 0;
    compiled.size = placed.size;
    compiled.rock_catching_dc = placed.rock_catching_dc;
    compiled.rock_catching_ability = placed.rock_catching_ability;
    compiled.joins_later = encounter.combatants[c].joins_later;
    if (compiled.joins_later) plan.joining.push_back(static_cast<int>(c));
    if (placed.split_slots > 0) {
      // A copy's slots follow it: its halves share its group.
      if (!compiled.joins_later) group_first = static_cast<int>(c) + 1;
      compiled.split_first = group_first;
      compiled.split_slots = placed.split_slots;
      compiled.split_types = placed.split_types;
      compiled.split_min_hp = placed.split_min_hp;
      compiled.split_min_size = placed.split_min_size;
      plan.any_split = true;
    }
    for (std::size_t a = 0; a < creature.attacks.size(); ++a) {
      const FieldAttack attack = field_attack(creature.attacks[a]);
      plan.attacks[first_attack[c] + a] = attack;
      if (attack.melee) compiled.reach = std::max(compiled.reach, attack.reach);
    }
    plan.creatures.push_back(compiled);
  }
  plan.attacks_answered.assign(encounter.factions.size(), 0);
  for (std::size_t c = 0; c < encounter.combatants.size(); ++c) {
    if (!plan.creatures[c].answers_attacks()) continue;
    for (std::size_t f = 0; f < encounter.factions.size(); ++f)
      plan.attacks_answered[f] |= static_cast<int>(f) != encounter.combatants[c].faction;
  }
  return plan;
}

void FieldState::mark(const FieldPlan& plan, const space::Footprint& f, int who) {
  for (int y = f.at.y; y < f.at.y + f.side; ++y) {
    for (int x = f.at.x; x < f.at.x + f.side; ++x)
      occupant[square_index(plan, {x, y})] = static_cast<std::int16_t>(who);
  }
}

void FieldState::unmark(const FieldPlan& plan, int c) {
  const space::Footprint& f = at[static_cast<std::size_t>(c)];
  for (int y = f.at.y; y < f.at.y + f.side; ++y) {
    for (int x = f.at.x; x < f.at.x + f.side; ++x) {
      std::int16_t& square = occupant[square_index(plan, {x, y})];
      if (square == c) square = -1;
    }
  }
}

void FieldState::reset(const FieldPlan& plan) {
  const std::size_t squares =
      static_cast<std::size_t>(plan.width) * static_cast<std::size_t>(plan.height);
  if (occupant.size() != squares) {
    occupant.assign(squares, -1);  // a new worker's first battle
    at.clear();
  }
  for (const space::Footprint& f : at) mark(plan, f, -1);
  at.resize(plan.creatures.size());
  reacted.assign(plan.creatures.size(), 0);
  superiority_left.resize(plan.creatures.size());
  slots_left.resize(plan.creatures.size());
  ac_bonus.assign(plan.creatures.size(), 0);
  size.resize(plan.creatures.size());
  reach_due.resize(plan.creatures.size());
  riposte_die = 0;
  riposte_rolled = 0;
  standing_up = false;
  charger = -1;
  charge_target = -1;
  charge_feet = 0;
  for (std::size_t c = 0; c < plan.creatures.size(); ++c) {
    at[c] = plan.creatures[c].start;
    superiority_left[c] = static_cast<std::int8_t>(plan.creatures[c].superiority_dice);
    slots_left[c] = static_cast<std::int8_t>(plan.creatures[c].spell_slots);
    size[c] = static_cast<std::int8_t>(plan.creatures[c].size);
    if (!plan.creatures[c].joins_later) mark(plan, at[c], static_cast<int>(c));
  }
}

void FieldState::move_footprint(const FieldPlan& plan, int c, const space::Footprint& to) {
  unmark(plan, c);
  at[static_cast<std::size_t>(c)] = to;
  mark(plan, to, c);
}

}  // namespace arena::dnd5e
