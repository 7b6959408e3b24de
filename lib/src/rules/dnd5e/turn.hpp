// The full 5e rules of a turn, for encounters whose creatures have more
// than attacks and defences (BattlePlan::full_rules): saving throws,
// conditions, recharge and limited uses, spells, legendary actions and
// legendary resistance, and the traits of Traits (encounter.hpp).
//
// A turn: at its start the creature regenerates, recharges (a d6 per spent
// recharge resource), stands up from prone and, if reckless, becomes so;
// an incapacitated creature then loses its action. Otherwise it picks a
// target by its tactics and the available action with the highest expected
// value against it (action_value.hpp; a limited action must beat the
// at-will ones), forces that action's saves and makes its attacks. At the
// end of its turn it repeats the saves its conditions allow and their
// durations run down. After every other creature's turn, a legendary
// creature spends one legendary option (the best value per action cost it
// can afford); it regains them at the start of its turn.
//
// Legendary resistance turns a failed save into a success when the failure
// would impose a condition or cost at least a quarter of its hit points.
#pragma once

#include <algorithm>

#include "rules/dnd5e/action_value.hpp"
#include "rules/dnd5e/turn_steps.hpp"
#include "rules/dnd5e/condition_rules.hpp"
#include "rules/dnd5e/targets.hpp"

namespace arena::dnd5e::detail {

// What a hit or a failed save did, part by part.
struct DealtDamage {
  int total = 0;
  DamageTypeSet types;  // the types of the parts that dealt some
  bool critical = false;
};

// Traits that act on damage about to drop `target` (Undead Fortitude,
// Relentless): the damage it takes instead.
template <class Dice, class Events>
int soften_dropping_blow(const BattlePlan& plan, BattleState& state, int target, const DealtDamage& dealt,
                         Dice& dice, Events& events) {
  CombatantState& them = state.combatants[target];
  RulesState& rules = state.rules[target];
  const Traits& traits = plan.stat_blocks[target].traits;
  if (them.hp <= 0 || dealt.total < them.hp) return dealt.total;
  if (traits.undead_fortitude && !dealt.critical && !dealt.types.contains(DamageType::Radiant)) {
    const SaveRoll roll = saving_throw(plan, state, target, Ability::Con, 5 + dealt.total, false, dice);
    events.save(target, "Undead Fortitude", Ability::Con, roll);
    if (roll.success) return them.hp - 1;
  }
  if (traits.relentless > 0 && !rules.relentless_used && dealt.total <= traits.relentless) {
    rules.relentless_used = true;
    events.note(target, "is relentless");
    return them.hp - 1;
  }
  return dealt.total;
}

// `source` deals `dealt` to `target` under the full rules; returns whether
// the target dropped.
template <class Dice, class Events>
bool deal_damage(const BattlePlan& plan, BattleState& state, int source, int target, const DealtDamage& dealt,
                 Dice& dice, Events& events) {
  CombatantState& them = state.combatants[target];
  const Traits& traits = plan.stat_blocks[target].traits;
  if (dealt.types.any_of(traits.regeneration_stopped_by)) state.rules[target].regeneration_blocked = true;
  if (dealt.total <= 0 || them.dead) return false;
  if (them.regenerating_at_zero) return false;  // only its regeneration matters now
  const int damage = soften_dropping_blow(plan, state, target, dealt, dice, events);
  DamageEffect effect = apply_damage(them, plan.creatures[target].pc, damage, dealt.critical);
  if (effect.killed && traits.regenerates_from_zero) {
    // A troll at 0 HP dies only if it does not regenerate at its next turn.
    them.dead = false;
    them.regenerating_at_zero = true;
    effect.killed = false;
    effect.dropped = false;
    events.note(target, "drops to 0 HP and may regenerate");
  }
  record_damage(plan, state, source, target, effect, events);
  return effect.dropped;
}

// The damage of a hit: the attack's parts, plus a once-a-turn extra
// (Martial Advantage, Sneak Attack) of the first part's type.
template <class Dice>
DealtDamage roll_hit(const BattlePlan& plan, BattleState& state, int attacker, int attack_index, int target,
                     bool critical, RollMode mode, Dice& dice) {
  const PlanAttack& attack = plan.attack(attacker, attack_index);
  DealtDamage dealt;
  dealt.critical = critical;
  const auto parts = plan.parts_of(attack);
  for (const PlanDamagePart& part : parts) {
    const int amount = roll_damage_part(part.dice.constant, plan.terms_of(part.dice), critical,
                                        plan.defence(target, part.type, attack.magical), dice);
    dealt.total += amount;
    if (amount > 0) dealt.types.insert(part.type);
  }
  RulesState& self = state.rules[attacker];
  const Traits& traits = plan.stat_blocks[attacker].traits;
  const bool ally_up = state.standing[plan.creatures[attacker].faction] > 1;
  const DiceExpr* extra = nullptr;
  if (!traits.martial_advantage.is_constant() && ally_up) extra = &traits.martial_advantage;
  if (!traits.sneak_attack.is_constant() && (ally_up || mode == RollMode::Advantage)) extra = &traits.sneak_attack;
  if (extra != nullptr && !self.extra_damage_used && !parts.empty()) {
    self.extra_damage_used = true;
    const int amount = roll_damage_part(0, extra->terms(), critical,
                                        plan.defence(target, parts.front().type, attack.magical), dice);
    dealt.total += amount;
  }
  return dealt;
}

// `source` forces `effect` on `target` and, for an area, on more enemies
// drawn at random. The damage is rolled once for all.
template <class Dice, class Events>
void force_save(const BattlePlan& plan, BattleState& state, int source, int target, const SaveEffect& effect,
                Dice& dice, Events& events) {
  std::vector<int>& targets = state.scratch;
  targets.clear();
  targets.push_back(target);
  if (effect.targets > 1) {
    for (int c : plan.enemies_of(plan.creatures[source].faction)) {
      if (c != target && state.combatants[c].can_act()) targets.push_back(c);
    }
    // Draw the others (a partial Fisher-Yates) unless all are caught.
    const int candidates = static_cast<int>(targets.size());
    const int wanted = std::min(effect.targets, candidates);
    for (int i = 1; i < wanted && wanted < candidates; ++i) {
      const int j = i + dice.roll(static_cast<int>(targets.size()) - i) - 1;
      std::swap(targets[static_cast<std::size_t>(i)], targets[static_cast<std::size_t>(j)]);
    }
    targets.resize(static_cast<std::size_t>(wanted));
  }
  int rolled[8] = {};  // per damage part (SaveEffect damage has few parts)
  const std::size_t parts = std::min<std::size_t>(effect.damage.size(), 8);
  for (std::size_t p = 0; p < parts; ++p) rolled[p] = effect.damage[p].dice.roll(dice);
  for (int victim : targets) {
    if (!state.combatants[victim].can_act()) continue;
    SaveRoll roll = saving_throw(plan, state, victim, effect.ability, effect.dc, effect.magical, dice);
    DealtDamage dealt;
    for (std::size_t p = 0; p < parts; ++p) {
      int amount = rolled[p];
      if (roll.success) amount = effect.half_on_success ? amount / 2 : 0;
      // Not an attack: resistance to nonmagical attacks does not apply.
      amount = apply_defence(amount, plan.defence(victim, effect.damage[p].type, true));
      dealt.total += amount;
      if (amount > 0) dealt.types.insert(effect.damage[p].type);
    }
    CombatantState& them = state.combatants[victim];
    std::int8_t& resistance_left = state.rules[victim].legendary_resistance_left;
    if (!roll.success && resistance_left > 0 && (!effect.conditions.empty() || dealt.total * 4 >= them.hp)) {
      --resistance_left;
      roll.success = true;
      roll.legendary_resistance = true;
      dealt = DealtDamage{};
      for (std::size_t p = 0; p < parts && effect.half_on_success; ++p) {
        const int amount = apply_defence(rolled[p] / 2, plan.defence(victim, effect.damage[p].type, true));
        dealt.total += amount;
        if (amount > 0) dealt.types.insert(effect.damage[p].type);
      }
    }
    events.save(victim, effect.name.c_str(), effect.ability, roll);
    const int hp_before = them.hp;
    deal_damage(plan, state, source, victim, dealt, dice, events);
    if (dealt.total > 0) events.damaged(victim, hp_before - them.hp, them.hp);
    if (roll.success) continue;
    for (const ConditionEffect& condition : effect.conditions) {
      impose_condition(plan, state, source, victim, condition, effect.ability, effect.dc, events);
    }
  }
}

// One attack with the full rules; returns whether the target dropped.
template <class Dice, class Events>
bool full_attack(const BattlePlan& plan, BattleState& state, int attacker, int target, int attack_index,
                 bool own_turn, Dice& dice, Events& events) {
  const Attack& attack = plan.stat_blocks[attacker].attacks[static_cast<std::size_t>(attack_index)];
  AttackRoll roll;
  if (attack.auto_hit) {
    roll.hit = true;
  } else {
    roll = roll_attack(attack.to_hit, plan.creatures[target].ac,
                       attack_mode(plan, state, attacker, target, attack, own_turn), dice);
    // Within 5 feet of a paralyzed creature every hit is a critical.
    roll.critical = roll.critical || (roll.hit && attack.kind == AttackKind::Melee &&
                                      state.rules[target].conditions.contains(Condition::Paralyzed));
  }
  if (!roll.hit) {
    events.attack(attacker, target, attack_index, roll, 0, state.combatants[target].hp);
    return false;
  }
  const DealtDamage dealt = roll_hit(plan, state, attacker, attack_index, target, roll.critical, roll.mode, dice);
  const int hp_before = state.combatants[target].hp;
  const bool dropped = deal_damage(plan, state, attacker, target, dealt, dice, events);
  events.attack(attacker, target, attack_index, roll, hp_before - state.combatants[target].hp,
                state.combatants[target].hp);
  if (state.combatants[target].hp > 0) {
    for (const ConditionEffect& condition : attack.on_hit_conditions) {
      impose_condition(plan, state, attacker, target, condition, Ability::Str, 0, events);
    }
    for (const SaveEffect& save : attack.on_hit_saves) force_save(plan, state, attacker, target, save, dice, events);
  }
  return dropped;
}

inline bool available(const BattlePlan& plan, const BattleState& state, int self, const Action& action) {
  return action.resource < 0 ||
         state.resource_uses[plan.first_resource[self] + static_cast<std::uint32_t>(action.resource)] > 0;
}

// The index of the action `self` takes against `target`: the available one
// of highest expected value, the earliest on ties (at-will actions come
// first, so a limited one is spent only when it does better).
inline int choose_action(const BattlePlan& plan, const BattleState& state, int self, int target) {
  const Creature& block = plan.stat_blocks[self];
  if (block.actions.empty()) return -1;  // a stat block with nothing arena models
  if (block.resources.empty() && block.save_effects.empty()) return plan.action_against(self, target);
  const int enemies = enemies_standing(plan, state, self);
  int best = -1;
  double best_value = -1;
  for (std::size_t i = 0; i < block.actions.size(); ++i) {
    if (!available(plan, state, self, block.actions[i])) continue;
    const double value = expected_action_value(block, block.actions[i], plan.stat_blocks[target], enemies);
    if (value > best_value) {
      best_value = value;
      best = static_cast<int>(i);
    }
  }
  return best;
}

// Takes `action` of `self` against `target`: its saves, then its attacks
// (moving on to a new target when one drops). Rampage: a creature that
// drops a foe in melee on its turn makes its rampage attack once.
template <class Dice, class Events>
void take_action(const BattlePlan& plan, BattleState& state, int self, int target, const Action& action,
                 bool own_turn, Dice& dice, Events& events) {
  const Creature& block = plan.stat_blocks[self];
  events.action(self, target, action.name.c_str(), !own_turn);
  if (action.resource >= 0) --state.resource_uses[plan.first_resource[self] + static_cast<std::uint32_t>(action.resource)];
  for (int save : action.saves) {
    if (!state.combatants[target].can_act()) target = choose_target(plan, state, self, dice);
    if (target < 0) return;
    force_save(plan, state, self, target, block.save_effects[static_cast<std::size_t>(save)], dice, events);
  }
  bool rampaged = false;
  for (int attack : action.attacks) {
    if (!state.combatants[target].can_act()) target = choose_target(plan, state, self, dice);
    if (target < 0) return;
    const bool dropped = full_attack(plan, state, self, target, attack, own_turn, dice, events);
    const bool melee = block.attacks[static_cast<std::size_t>(attack)].kind == AttackKind::Melee;
    if (dropped && melee && own_turn && !rampaged && block.traits.rampage_attack >= 0) {
      rampaged = true;
      const int next = choose_target(plan, state, self, dice);
      if (next < 0) return;
      events.note(self, "rampages");
      full_attack(plan, state, self, next, block.traits.rampage_attack, own_turn, dice, events);
    }
  }
}

// The start of `self`'s turn; returns whether it takes an action.
template <class Dice, class Events>
bool begin_full_turn(const BattlePlan& plan, BattleState& state, int self, Dice& dice, Events& events) {
  CombatantState& me = state.combatants[self];
  RulesState& rules = state.rules[self];
  const Creature& block = plan.stat_blocks[self];
  rules.reckless = false;
  rules.extra_damage_used = false;
  rules.legendary_left = static_cast<std::int8_t>(block.legendary_per_round);
  if (block.traits.regeneration > 0) {
    const bool blocked = rules.regeneration_blocked;
    rules.regeneration_blocked = false;
    if (me.regenerating_at_zero && blocked) {
      me.regenerating_at_zero = false;
      me.dead = true;
      state.member_drops(plan.creatures[self].faction);
      state.turns_stale = true;
      events.falls(self, true);
      release_conditions(state, self, events);
      return false;
    }
    if (!blocked && (me.hp > 0 || me.regenerating_at_zero)) {
      me.hp = std::min(me.hp + block.traits.regeneration, me.max_hp);
      me.regenerating_at_zero = false;
      events.note(self, "regenerates");
    }
  }
  if (me.hp == 0 && !death_save_turn(plan, state, self, dice, events)) return false;
  for (std::size_t r = 0; r < block.resources.size(); ++r) {
    const Resource& resource = block.resources[r];
    int& uses = state.resource_uses[plan.first_resource[self] + static_cast<std::uint32_t>(r)];
    if (resource.recharge > 0 && uses == 0 && dice.roll(6) >= resource.recharge) {
      uses = 1;
      events.recharged(self, resource.name.c_str());
    }
  }
  stand_up(state, self, events);
  if (rules.conditions.any_of(kIncapacitating)) return false;
  rules.reckless = block.traits.reckless;
  return true;
}

template <class Dice, class Events>
void take_full_turn(const BattlePlan& plan, BattleState& state, int self, Dice& dice, Events& events) {
  if (state.combatants[self].dead) return;
  if (begin_full_turn(plan, state, self, dice, events)) {
    const int target = choose_target(plan, state, self, dice);
    if (target >= 0) {
      const int action = choose_action(plan, state, self, target);
      if (action >= 0) {
        take_action(plan, state, self, target, plan.stat_blocks[self].actions[static_cast<std::size_t>(action)],
                    true, dice, events);
      }
    }
  }
  if (!state.combatants[self].dead) end_of_turn_conditions(plan, state, self, dice, events);
}

// After `just_acted`'s turn, each other legendary creature that can act
// spends one legendary option: the best expected value per action cost
// among those it can afford.
template <class Dice, class Events>
void legendary_actions_after(const BattlePlan& plan, BattleState& state, int just_acted, Dice& dice,
                             Events& events) {
  for (int c : plan.legendary_creatures) {
    RulesState& me = state.rules[c];
    if (c == just_acted || me.legendary_left <= 0 || state.combatants[c].hp <= 0 ||
        me.conditions.any_of(kIncapacitating)) {
      continue;
    }
    if (state.factions_standing <= 1) return;
    const int target = choose_target(plan, state, c, dice);
    if (target < 0) return;
    const Creature& block = plan.stat_blocks[c];
    const int enemies = enemies_standing(plan, state, c);
    const Action* best = nullptr;
    double best_rate = 0;
    for (const Action& option : block.legendary_actions) {
      if (option.cost > me.legendary_left || !available(plan, state, c, option)) continue;
      const double rate = expected_action_value(block, option, plan.stat_blocks[target], enemies) / option.cost;
      if (rate > best_rate) {
        best_rate = rate;
        best = &option;
      }
    }
    if (best == nullptr) continue;
    me.legendary_left = static_cast<std::int8_t>(me.legendary_left - best->cost);
    take_action(plan, state, c, target, *best, false, dice, events);
  }
}

}  // namespace arena::dnd5e::detail
