// BattlePlan: an Encounter compiled for the battle loop, built once per
// encounter and shared read-only by all workers (thread-safe to read).
//
// Creature records are big (names, strings, vectors of attacks each with
// their own vectors of dice), so reading them every turn spreads a battle
// over many cache lines and pointer hops. The plan holds what the loop
// reads, in a few flat arrays: per creature its faction, AC, initiative
// modifier, tactics and HP dice; per attack its bonus and damage parts,
// with every dice term of the encounter in one array; each creature's
// defence against each damage type; the enemies of each faction; and the
// best action against each target. Everything is addressed by small
// integers: creature, attack and action indices as in the Encounter.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "rules/dnd5e/attack_rules.hpp"
#include "rules/dnd5e/roster.hpp"

namespace arena::dnd5e {

// A run of elements of one of the plan's flat arrays.
struct Slice {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};

// A dice expression whose terms are the `terms` slice of BattlePlan::terms.
struct FlatDice {
  int constant = 0;
  Slice terms;
};

struct PlanDamagePart {
  FlatDice dice;
  DamageType type = DamageType::Untyped;
};

struct PlanAttack {
  int to_hit = 0;
  bool disadvantage = false;
  bool magical = false;
  Slice parts;  // of BattlePlan::damage_parts
};

struct PlanCreature {
  int faction = 0;
  int ac = 10;
  bool pc = false;
  TargetPolicy target = TargetPolicy::Random;
  FlatDice hp;
  std::uint32_t first_attack = 0;  // its attack i is BattlePlan::attacks[first_attack + i]
  std::uint32_t first_action = 0;  // its action i is BattlePlan::actions[first_action + i]
};

struct BattlePlan {
  std::vector<PlanCreature> creatures;  // indexed like Encounter::creatures
  std::vector<int> initiative;          // per creature: the modifier added to the d20
  std::vector<int> faction_sizes;       // members per faction
  std::vector<Slice> enemies;           // per faction: the other factions' members (of enemy_lists)
  std::vector<int> enemy_lists;         // creature indices, in creature order within each list
  std::vector<PlanAttack> attacks;      // every creature's attacks, creature after creature
  std::vector<PlanDamagePart> damage_parts;
  std::vector<DiceTerm> terms;          // every dice term of the encounter
  std::vector<Slice> actions;           // each action's attacks, a slice of action_attacks
  std::vector<int> action_attacks;      // attack indices within their creature
  // defences[(target * kDamageTypeCount + type) * 2 + magical]
  std::vector<Defence> defences;
  // best_action[attacker * creatures + target]: the action index with the
  // highest expected damage against that target; best_attacks[...]: its
  // attacks, a slice of action_attacks (one look-up per turn).
  std::vector<int> best_action;
  std::vector<Slice> best_attacks;
  int max_rounds = 0;

  // The full rules: set when any creature has more than attacks and
  // defences (saves, conditions, resources, legendary actions, traits).
  // Their turns then read the creatures' stat blocks (copied here), a slower
  // path that plain encounters never take.
  bool full_rules = false;
  std::vector<Creature> stat_blocks;       // indexed like creatures; empty without full rules
  std::vector<std::uint32_t> first_resource;  // per creature: its resources in BattleState::resource_uses
  std::vector<int> resource_start;         // uses of every resource at the start of a battle
  std::vector<int> legendary_creatures;    // creatures with legendary actions

  // Precondition: at most 1024 creatures, initiative modifiers within
  // +-255 (resolve keeps far inside both).
  explicit BattlePlan(const Encounter& encounter);

  int creature_count() const { return static_cast<int>(creatures.size()); }
  int faction_count() const { return static_cast<int>(faction_sizes.size()); }

  int action_against(int attacker, int target) const { return best_action[pair_index(attacker, target)]; }
  // The attacks (indices within the attacker) of its best action against `target`.
  std::span<const int> attacks_against(int attacker, int target) const {
    return slice(action_attacks, best_attacks[pair_index(attacker, target)]);
  }
  const PlanAttack& attack(int creature, int index) const {
    return attacks[creatures[creature].first_attack + static_cast<std::uint32_t>(index)];
  }
  std::span<const PlanDamagePart> parts_of(const PlanAttack& attack) const {
    return slice(damage_parts, attack.parts);
  }
  std::span<const DiceTerm> terms_of(const FlatDice& dice) const { return slice(terms, dice.terms); }
  Defence defence(int target, DamageType type, bool magical) const {
    const auto index = (static_cast<std::size_t>(target) * kDamageTypeCount + static_cast<std::size_t>(type)) * 2 +
                       static_cast<std::size_t>(magical);
    return defences[index];
  }
  std::span<const int> enemies_of(int faction) const {
    return slice(enemy_lists, enemies[static_cast<std::size_t>(faction)]);
  }

 private:
  void list_enemies(int faction);  // appends the faction's enemy list
  void compile_full_rules(const Encounter& encounter);
  std::size_t pair_index(int attacker, int target) const {
    return static_cast<std::size_t>(attacker) * creatures.size() + static_cast<std::size_t>(target);
  }
  template <class T>
  static std::span<const T> slice(const std::vector<T>& array, Slice s) {
    return {array.data() + s.first, s.count};
  }
};

}  // namespace arena::dnd5e
