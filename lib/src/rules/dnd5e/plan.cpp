// The non-template parts of the battle: state reset, the plan, expected damage.
#include "rules/dnd5e/battle.hpp"
#include "rules/dnd5e/roster.hpp"

#include "rules/dnd5e/action_value.hpp"

#include <algorithm>
#include <cstdlib>

namespace arena::dnd5e {

void BattleState::clear(std::size_t creatures, std::size_t factions) {
  combatants.assign(creatures, CombatantState{});
  order.resize(creatures);
  turns.resize(creatures);
  turns_stale = true;
  initiative.assign(creatures, 0);
  standing.resize(factions);
  focus.assign(factions, -1);
  round = 0;
}

void BattleState::reset(const BattlePlan& plan) {
  clear(plan.creatures.size(), plan.faction_sizes.size());
  std::copy(plan.faction_sizes.begin(), plan.faction_sizes.end(), standing.begin());
  count_standing();
  if (!plan.full_rules) return;
  resource_uses = plan.resource_start;
  rules.assign(combatants.size(), RulesState{});
  for (std::size_t c = 0; c < combatants.size(); ++c) {
    rules[c].legendary_resistance_left = static_cast<std::int8_t>(plan.stat_blocks[c].legendary_resistance);
    rules[c].legendary_left = static_cast<std::int8_t>(plan.stat_blocks[c].legendary_per_round);
  }
}

void BattleState::count_standing() {
  standing_total = 0;
  factions_standing = 0;
  for (int members : standing) {
    standing_total += members;
    factions_standing += members > 0;
  }
}

namespace {

// Appends `items` to a flat array and returns where they went.
template <class T>
Slice append(std::vector<T>& array, const std::vector<T>& items) {
  const Slice slice{static_cast<std::uint32_t>(array.size()), static_cast<std::uint32_t>(items.size())};
  array.insert(array.end(), items.begin(), items.end());
  return slice;
}

FlatDice flatten(const DiceExpr& expr, std::vector<DiceTerm>& terms) {
  return FlatDice{expr.flat(), append(terms, expr.terms())};
}

PlanAttack compile_attack(const Attack& attack, BattlePlan& plan) {
  PlanAttack compiled;
  compiled.to_hit = attack.to_hit;
  compiled.disadvantage = attack.disadvantage;
  compiled.magical = attack.magical;
  compiled.parts.first = static_cast<std::uint32_t>(plan.damage_parts.size());
  compiled.parts.count = static_cast<std::uint32_t>(attack.damage.size());
  for (const DamageDice& part : attack.damage) {
    plan.damage_parts.push_back(PlanDamagePart{flatten(part.dice, plan.terms), part.type});
  }
  return compiled;
}

PlanCreature compile_creature(const Creature& creature, int faction, BattlePlan& plan) {
  PlanCreature compiled;
  compiled.faction = faction;
  compiled.ac = creature.ac;
  compiled.pc = creature.pc;
  compiled.target = creature.tactics.target;
  compiled.hp = flatten(creature.hp, plan.terms);
  compiled.first_attack = static_cast<std::uint32_t>(plan.attacks.size());
  for (const Attack& attack : creature.attacks) plan.attacks.push_back(compile_attack(attack, plan));
  compiled.first_action = static_cast<std::uint32_t>(plan.actions.size());
  for (const Action& action : creature.actions) plan.actions.push_back(append(plan.action_attacks, action.attacks));
  if (creature.actions.empty()) plan.actions.push_back(Slice{});  // resolve forbids it; attack nothing
  for (int type = 0; type < kDamageTypeCount; ++type) {
    for (bool magical : {false, true}) {
      plan.defences.push_back(defence_against(static_cast<DamageType>(type), magical, creature));
    }
  }
  return compiled;
}

// The index of the action with the highest expected damage against `target`.
int best_action(const Creature& attacker, const Creature& target) {
  int best_index = 0;
  double best = -1;
  for (std::size_t i = 0; i < attacker.actions.size(); ++i) {
    double total = 0;
    for (int attack : attacker.actions[i].attacks) total += expected_damage(attacker.attacks[attack], target);
    if (total > best) {
      best = total;
      best_index = static_cast<int>(i);
    }
  }
  return best_index;
}

}  // namespace

BattlePlan::BattlePlan(const Encounter& encounter) : max_rounds(encounter.max_rounds) {
  ARENA_CHECK(encounter.combatants.size() <= static_cast<std::size_t>(detail::kCreatureSpan));
  for (int c = 0; c < encounter.combatant_count(); ++c) {
    const Creature& creature = creature_of(encounter, c);
    creatures.push_back(compile_creature(creature, encounter.combatants[static_cast<std::size_t>(c)].faction, *this));
    ARENA_CHECK(std::abs(creature.initiative) <= detail::kMaxInitiativeModifier);
    initiative.push_back(creature.initiative);
  }
  for (const Faction& faction : encounter.factions) faction_sizes.push_back(static_cast<int>(faction.members.size()));
  for (int f = 0; f < faction_count(); ++f) list_enemies(f);
  compile_full_rules(encounter);
  for (int a = 0; a < creature_count(); ++a) {
    for (int t = 0; t < creature_count(); ++t) {
      const int action = dnd5e::best_action(creature_of(encounter, a), creature_of(encounter, t));
      best_action.push_back(action);
      best_attacks.push_back(actions[creatures[a].first_action + static_cast<std::uint32_t>(action)]);
    }
  }
}

static bool needs_full_rules(const Creature& c) {
  if (!c.save_effects.empty() || !c.resources.empty() || !c.legendary_actions.empty() ||
      c.legendary_resistance > 0 || c.traits.any()) {
    return true;
  }
  return std::any_of(c.attacks.begin(), c.attacks.end(), [](const Attack& a) {
    return a.auto_hit || !a.on_hit_saves.empty() || !a.on_hit_conditions.empty();
  });
}

void BattlePlan::compile_full_rules(const Encounter& encounter) {
  const auto& members = roster_of(encounter).members;
  full_rules = std::any_of(members.begin(), members.end(), needs_full_rules);
  if (!full_rules) return;
  for (int c = 0; c < encounter.combatant_count(); ++c) stat_blocks.push_back(creature_of(encounter, c));
  for (int c = 0; c < creature_count(); ++c) {
    const Creature& creature = stat_blocks[static_cast<std::size_t>(c)];
    first_resource.push_back(static_cast<std::uint32_t>(resource_start.size()));
    for (const Resource& r : creature.resources) resource_start.push_back(r.uses);
    if (creature.legendary_per_round > 0 && !creature.legendary_actions.empty()) legendary_creatures.push_back(c);
  }
}

void BattlePlan::list_enemies(int faction) {
  Slice list{static_cast<std::uint32_t>(enemy_lists.size()), 0};
  for (int c = 0; c < creature_count(); ++c) {
    if (creatures[c].faction != faction) enemy_lists.push_back(c);
  }
  list.count = static_cast<std::uint32_t>(enemy_lists.size()) - list.first;
  enemies.push_back(list);
}

}  // namespace arena::dnd5e
