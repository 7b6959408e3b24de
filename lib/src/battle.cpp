// The non-template parts of the battle: state reset, the plan, expected damage.
#include "arena/battle.hpp"

#include <cstdlib>

namespace arena {

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

void BattleState::reset(const Encounter& encounter) {
  clear(encounter.creatures.size(), encounter.factions.size());
  for (std::size_t f = 0; f < encounter.factions.size(); ++f) {
    standing[f] = static_cast<int>(encounter.factions[f].members.size());
  }
  count_standing();
}

void BattleState::reset(const BattlePlan& plan) {
  clear(plan.creatures.size(), plan.faction_sizes.size());
  std::copy(plan.faction_sizes.begin(), plan.faction_sizes.end(), standing.begin());
  count_standing();
}

void BattleState::count_standing() {
  standing_total = 0;
  factions_standing = 0;
  for (int members : standing) {
    standing_total += members;
    factions_standing += members > 0;
  }
}

double expected_damage(const Attack& attack, const Creature& target) {
  // Chance that the kept d20 shows each face, then the verdict for that face.
  double hit = 0;
  double critical = 0;
  for (int face = 1; face <= 20; ++face) {
    // P(kept = face): 1/20, or (41 - 2 face)/400 for the lower of two.
    const double p = attack.disadvantage ? (41.0 - 2 * face) / 400 : 1.0 / 20;
    if (face == 20) {
      critical += p;
    } else if (face != 1 && face + attack.to_hit >= target.ac) {
      hit += p;
    }
  }
  double expected = 0;
  for (const DamageDice& part : attack.damage) {
    const double mean_hit = part.dice.mean();
    const double mean_dice = mean_hit - part.dice.flat();
    const Defence defence = defence_against(part.type, attack.magical, target);
    double factor = defence.immune ? 0 : 1;
    if (defence.resistant) factor *= 0.5;
    if (defence.vulnerable) factor *= 2;
    expected += factor * (hit * mean_hit + critical * (mean_hit + mean_dice));
  }
  return expected;
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

PlanCreature compile_creature(const Creature& creature, BattlePlan& plan) {
  PlanCreature compiled;
  compiled.faction = creature.faction;
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
  ARENA_CHECK(encounter.creatures.size() <= static_cast<std::size_t>(detail::kCreatureSpan));
  for (const Creature& creature : encounter.creatures) {
    creatures.push_back(compile_creature(creature, *this));
    ARENA_CHECK(std::abs(creature.initiative) <= detail::kMaxInitiativeModifier);
    initiative.push_back(creature.initiative);
  }
  for (const Faction& faction : encounter.factions) faction_sizes.push_back(static_cast<int>(faction.members.size()));
  for (int f = 0; f < faction_count(); ++f) list_enemies(f);
  for (int a = 0; a < creature_count(); ++a) {
    for (const Creature& target : encounter.creatures) {
      const int action = arena::best_action(encounter.creatures[a], target);
      best_action.push_back(action);
      best_attacks.push_back(actions[creatures[a].first_action + static_cast<std::uint32_t>(action)]);
    }
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

}  // namespace arena
