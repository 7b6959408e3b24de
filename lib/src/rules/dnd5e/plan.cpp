// Compiling a 5e encounter into its BattlePlan, and resetting a BattleState
// from the plan.
#include "rules/dnd5e/plan.hpp"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <utility>

#include "rules/dnd5e/action_value.hpp"
#include "rules/dnd5e/field_rules.hpp"
#include "rules/dnd5e/harm.hpp"
#include "rules/dnd5e/state.hpp"

namespace arena::dnd5e {

namespace {

// Compiles the members' stat blocks (the kinds) into the plan's arrays.
class Compiler {
 public:
  explicit Compiler(BattlePlan& plan) : plan_(plan) {}

  FlatDice flatten(const DiceExpr& expr) { return arena::flatten(expr, plan_.terms); }

  // One part per damage type, in the order the types first come: the
  // target's defence applies once to all of a type's damage (SRD:
  // resistance comes after every other modifier), so "1d6+2 piercing +
  // 2d6 piercing" rolling 5 and 3 against resistance deals 4 (8 halved),
  // not 2 + 1. Flattened first: the parts of one attack must be contiguous.
  Slice damage(const std::vector<DamageDice>& parts) {
    std::vector<PlanDamagePart> flat;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      const DamageType type = parts[i].type;
      if (std::any_of(parts.begin(), parts.begin() + static_cast<std::ptrdiff_t>(i),
                      [&](const DamageDice& earlier) { return earlier.type == type; }))
        continue;  // merged into the first part of its type
      const auto same_type = [&](const DamageDice& part) { return part.type == type; };
      if (std::count_if(parts.begin(), parts.end(), same_type) == 1) {
        flat.push_back({flatten(parts[i].dice), type});
        continue;
      }
      PlanDamagePart merged{{}, type};
      const std::size_t first_term = plan_.terms.size();
      for (std::size_t j = i; j < parts.size(); ++j) {
        if (!same_type(parts[j])) continue;
        merged.dice.constant += parts[j].dice.flat();
        plan_.terms.insert(plan_.terms.end(), parts[j].dice.terms().begin(),
                           parts[j].dice.terms().end());
      }
      merged.dice.terms = slice_from(plan_.terms, first_term);
      flat.push_back(merged);
    }
    const std::size_t first = plan_.damage_parts.size();
    plan_.damage_parts.insert(plan_.damage_parts.end(), flat.begin(), flat.end());
    return slice_from(plan_.damage_parts, first);
  }

  Slice conditions(const std::vector<ConditionEffect>& effects) {
    const std::size_t first = plan_.conditions.size();
    plan_.conditions.insert(plan_.conditions.end(), effects.begin(), effects.end());
    return slice_from(plan_.conditions, first);
  }

  PlanSaveEffect save_effect(const SaveEffect& effect) {
    PlanSaveEffect compiled;
    compiled.ability = effect.ability;
    compiled.dc = effect.dc;
    compiled.damage = damage(effect.damage);
    compiled.half_on_success = effect.half_on_success;
    compiled.conditions = conditions(effect.conditions);
    compiled.magical = effect.magical;
    compiled.targets = effect.targets;
    compiled.immunity_after_success = effect.immunity_after_success;
    for (const ConditionEffect& c : effect.conditions) compiled.imposes.insert(c.condition);
    compiled.name = effect.name.c_str();
    return compiled;
  }

  // An attack's riders go to the end of save_effects, after the stat
  // block's own (compile() reserves the kind's save effects first).
  PlanAttack attack(const Attack& attack) {
    PlanAttack compiled;
    compiled.to_hit = attack.to_hit;
    compiled.melee = attack.kind == AttackKind::Melee;
    compiled.disadvantage = attack.disadvantage;
    compiled.magical = attack.magical;
    compiled.silvered = attack.silvered;
    compiled.auto_hit = attack.auto_hit;
    compiled.parts = damage(attack.damage);
    compiled.on_hit_conditions = conditions(attack.on_hit_conditions);
    compiled.on_hit_saves.first = static_cast<std::uint32_t>(riders_.size());
    for (const SaveEffect& rider : attack.on_hit_saves) riders_.push_back(&rider);
    compiled.on_hit_saves.count = static_cast<std::uint32_t>(attack.on_hit_saves.size());
    return compiled;
  }

  PlanAction action(const Creature& creature, const Action& action) {
    PlanAction compiled;
    for (int a : action.attacks) {
      const Attack& attack = creature.attacks[static_cast<std::size_t>(a)];
      for (const ConditionEffect& c : attack.on_hit_conditions) {
        compiled.needs_grapple = compiled.needs_grapple || c.needs_grapple;
        compiled.imposes.insert(c.condition);
      }
      for (const SaveEffect& rider : attack.on_hit_saves) {
        for (const ConditionEffect& c : rider.conditions) compiled.imposes.insert(c.condition);
      }
    }
    const std::size_t first = plan_.action_parts.size();
    plan_.action_parts.insert(plan_.action_parts.end(), action.attacks.begin(),
                              action.attacks.end());
    compiled.attacks = slice_from(plan_.action_parts, first);
    const std::size_t saves = plan_.action_parts.size();
    plan_.action_parts.insert(plan_.action_parts.end(), action.saves.begin(), action.saves.end());
    compiled.saves = slice_from(plan_.action_parts, saves);
    compiled.engulfs_on_hits =
        creature.traits.swallow_after_multiattack && action.attacks.size() >= 2;
    // A multiattack that also engulfs stays available when the mound is
    // full: its attacks still land (engulf_after_hits checks the room).
    compiled.swallows = compiled.imposes.contains(Condition::Swallowed);
    for (int s : action.saves) {
      for (const ConditionEffect& c : creature.save_effects[static_cast<std::size_t>(s)].conditions)
        compiled.swallows = compiled.swallows || c.condition == Condition::Swallowed;
    }
    if (!action.times.is_constant()) {  // NdS, as the library reads it (library.cpp)
      const DiceTerm& times = action.times.terms().front();
      compiled.times_count = static_cast<std::uint8_t>(times.count);
      compiled.times_sides = static_cast<std::uint8_t>(times.sides);
    }
    compiled.resource = action.resource;
    compiled.cost = action.cost;
    compiled.name = action.name.c_str();
    return compiled;
  }

  PlanTraits traits(const Traits& traits) {
    PlanTraits compiled;
    compiled.pack_tactics = traits.pack_tactics;
    compiled.magic_resistance = traits.magic_resistance;
    compiled.undead_fortitude = traits.undead_fortitude;
    compiled.blood_frenzy = traits.blood_frenzy;
    compiled.reckless = traits.reckless;
    compiled.rampage_attack = traits.rampage_attack;
    compiled.martial_advantage = flatten(traits.martial_advantage);
    compiled.sneak_attack = flatten(traits.sneak_attack);
    compiled.regeneration = traits.regeneration;
    compiled.regeneration_stopped_by = traits.regeneration_stopped_by;
    compiled.regenerates_from_zero = traits.regenerates_from_zero;
    compiled.relentless = traits.relentless;
    compiled.death_burst = traits.death_burst;
    compiled.turn_start_save = traits.turn_start_save;
    compiled.turn_start_feet = traits.turn_start_feet;
    compiled.swallow_damage = {flatten(traits.swallow_damage.dice), traits.swallow_damage.type};
    compiled.swallow_escape_damage = traits.swallow_escape_damage;
    compiled.swallow_escape_dc = traits.swallow_escape_dc;
    compiled.swallow_escape_check = traits.swallow_escape_check;
    compiled.swallow_blinds = traits.swallow_blinds;
    compiled.swallow_exits_prone = traits.swallow_exits_prone;
    compiled.swallow_holds = traits.swallow_holds;
    compiled.swallow_save_ability = traits.swallow_save_ability;
    compiled.swallow_save_dc = traits.swallow_save_dc;
    return compiled;
  }

  // One kind: its attacks, save effects (its own, then its attacks'
  // riders), actions, legendary options and resources. Returns the kind's
  // PlanRules and its attacks' first index; the per-creature fields are
  // set by the caller.
  PlanRules compile(const Creature& creature, std::uint32_t& first_attack) {
    PlanRules rules;
    rules.saves = creature.saves;
    rules.strength_check = creature.abilities.modifier(Ability::Str);
    rules.condition_immunities = creature.condition_immunities;
    rules.traits = traits(creature.traits);
    rules.legendary_per_round = creature.legendary_per_round;
    rules.legendary_resistance = creature.legendary_resistance;
    first_attack = static_cast<std::uint32_t>(plan_.attacks.size());
    riders_.clear();
    std::vector<PlanAttack> attacks;
    for (const Attack& a : creature.attacks) attacks.push_back(attack(a));
    const std::size_t first_save = plan_.save_effects.size();
    for (const SaveEffect& effect : creature.save_effects) add_save_effect(effect);
    const auto own_saves = static_cast<std::uint32_t>(creature.save_effects.size());
    for (PlanAttack& a : attacks)
      a.on_hit_saves.first += static_cast<std::uint32_t>(first_save) + own_saves;
    for (const SaveEffect* rider : riders_) add_save_effect(*rider);
    rules.save_effects = {static_cast<std::uint32_t>(first_save), own_saves};
    plan_.attacks.insert(plan_.attacks.end(), attacks.begin(), attacks.end());
    const std::size_t first_action = plan_.actions.size();
    for (const Action& a : creature.actions) plan_.actions.push_back(action(creature, a));
    rules.actions = slice_from(plan_.actions, first_action);
    const std::size_t first_legendary = plan_.actions.size();
    for (const Action& a : creature.legendary_actions) plan_.actions.push_back(action(creature, a));
    rules.legendary = slice_from(plan_.actions, first_legendary);
    const std::size_t first_resource = plan_.resources.size();
    for (const Resource& r : creature.resources)
      plan_.resources.push_back({r.uses, r.recharge, r.name.c_str()});
    rules.resources = slice_from(plan_.resources, first_resource);
    return rules;
  }

  // The stat block's save effect behind the plan's save effect `index`.
  const SaveEffect& save_source(std::size_t index) const { return *save_sources_[index]; }

 private:
  void add_save_effect(const SaveEffect& effect) {
    plan_.save_effects.push_back(save_effect(effect));
    save_sources_.push_back(&effect);
  }

  BattlePlan& plan_;
  std::vector<const SaveEffect*> riders_;        // of the kind being compiled
  std::vector<const SaveEffect*> save_sources_;  // per plan save effect
};

bool needs_full_rules(const Creature& c) {
  if (!c.save_effects.empty() || !c.resources.empty() || !c.legendary_actions.empty() ||
      c.legendary_resistance > 0 || c.traits.any()) {
    return true;
  }
  const auto rolls_times = [](const Action& a) { return !a.times.is_constant(); };
  if (std::any_of(c.actions.begin(), c.actions.end(), rolls_times)) return true;
  return std::any_of(c.attacks.begin(), c.attacks.end(), [](const Attack& a) {
    return a.auto_hit || !a.on_hit_saves.empty() || !a.on_hit_conditions.empty();
  });
}

// The expected value of the attacks of `action` against `target`.
double attacks_value(const Creature& attacker, const Action& action, const Creature& target,
                     const Matchup& m) {
  return action_attacks_value(attacker, action, [&](const Attack& attack) {
    return expected_attack_value(attack, target, m);
  });
}

// The same split into damage and conditions, each attack rolled in `mode`.
ValueParts attacks_parts(const Creature& attacker, const Action& action, const Creature& target,
                         const Matchup& m, RollMode mode) {
  return action_attacks_value(attacker, action, [&](const Attack& attack) {
    return attack_value_parts(attack, target, m, mode);
  });
}

// The index of the action with the highest expected value of its attacks
// against `target`, the earliest on ties.
int best_action(const Creature& attacker, const Creature& target, const Matchup& m) {
  int best_index = 0;
  double best = -1;
  for (std::size_t i = 0; i < attacker.actions.size(); ++i) {
    const double total = attacks_value(attacker, attacker.actions[i], target, m);
    if (total > best) {
      best = total;
      best_index = static_cast<int>(i);
    }
  }
  return best_index;
}

}  // namespace

BattlePlan::BattlePlan(const Encounter& encounter) : max_rounds(encounter.max_rounds) {
  ARENA_CHECK(encounter.combatants.size() <= static_cast<std::size_t>(kCreatureSpan));
  const std::vector<Creature>& members = roster_of(encounter).members;
  kinds = static_cast<int>(members.size());
  full_rules = std::any_of(members.begin(), members.end(), needs_full_rules);
  any_swallower = std::any_of(members.begin(), members.end(), [](const Creature& c) {
    return c.traits.swallow_damage.dice != DiceExpr{};
  });

  // The kinds, then each combatant as a copy of its kind.
  Compiler compiler(*this);
  std::vector<PlanCreature> kind_creatures;
  std::vector<PlanRules> kind_rules;
  for (const Creature& creature : members) {
    ARENA_CHECK(std::abs(creature.initiative) <= kMaxInitiativeModifier);
    PlanCreature compiled;
    compiled.kind = static_cast<int>(kind_creatures.size());
    compiled.ac = creature.ac;
    compiled.pc = creature.pc;
    compiled.tactics = creature.tactics;
    compiled.hp = compiler.flatten(creature.hp);
    compiled.fixed_actions = creature.fixed_actions;
    compiled.only_attacks =
        !creature.actions.empty() && creature.resources.empty() && creature.save_effects.empty() &&
        !creature.fixed_actions &&
        creature.traits.swallow_damage == DamageDice{};  // a Swallow needs a grapple
    kind_rules.push_back(compiler.compile(creature, compiled.first_attack));
    kind_creatures.push_back(compiled);
  }
  for (const Combatant& combatant : encounter.combatants) {
    const auto kind = static_cast<std::size_t>(combatant.member);
    PlanCreature creature = kind_creatures[kind];
    creature.faction = combatant.faction;
    creatures.push_back(creature);
    PlanRules creature_rules = kind_rules[kind];
    creature_rules.first_use = static_cast<std::uint32_t>(resource_start.size());
    for (const Resource& r : members[kind].resources) resource_start.push_back(r.uses);
    rules.push_back(creature_rules);
    RulesState start;
    start.legendary_resistance_left = static_cast<std::int8_t>(creature_rules.legendary_resistance);
    start.legendary_left = static_cast<std::int8_t>(creature_rules.legendary_per_round);
    rules_start.push_back(start);
    initiative.push_back(members[kind].initiative);
    if (creature_rules.legendary_per_round > 0 && creature_rules.legendary.count > 0) {
      legendary_creatures.push_back(creature_count() - 1);
    }
    for (int type = 0; type < kDamageTypeCount; ++type) {  // in BattlePlan::defence's order
      const auto damage = static_cast<DamageType>(type);
      for (const Defence defence : {defence_against(damage, false, members[kind]),
                                    defence_against(damage, true, members[kind]),
                                    defence_against(damage, false, members[kind], true)}) {
        defences.push_back(defence);
        creatures.back().has_defences = creatures.back().has_defences || defence.immune ||
                                        defence.resistant || defence.vulnerable;
      }
    }
  }
  // Which kinds each save effect spares (its creature-type exclusions).
  for (std::size_t e = 0; e < save_effects.size(); ++e) {
    for (const Creature& target : members) {
      const bool spared_kind = dnd5e::spares(compiler.save_source(e), target);
      spared.push_back(spared_kind ? 1 : 0);
      save_effects[e].spares_some = save_effects[e].spares_some || spared_kind;
    }
  }
  std::vector<std::uint32_t> first_attacks;
  for (const PlanCreature& creature : creatures) first_attacks.push_back(creature.first_attack);
  field = compile_field(encounter, first_attacks, attacks.size());
  full_rules = full_rules || field.needs_full_rules;
  std::vector<int> factions;
  for (const PlanCreature& creature : creatures) factions.push_back(creature.faction);
  standing = StandingStart(factions, static_cast<int>(encounter.factions.size()));
  for (std::size_t e = 0; field.enabled && e < save_effects.size(); ++e)
    field.areas.push_back(field_area(compiler.save_source(e)));
  if (field.enabled) {
    field.turn_starts_answered = std::any_of(rules.begin(), rules.end(), [](const PlanRules& r) {
      return r.traits.turn_start_save >= 0;
    });
    field.action_limits.assign(actions.size(), {INT_MAX, INT_MAX});
    for (int c = 0; c < creature_count(); ++c) {
      int farthest = 0;  // FieldPlan::farthest
      for (const Slice& of : {rules[static_cast<std::size_t>(c)].actions,
                              rules[static_cast<std::size_t>(c)].legendary}) {
        for (const PlanAction& action : slice(actions, of)) {
          const int limit = detail::measure_action_limit(*this, c, action, false);
          field.action_limits[static_cast<std::size_t>(&action - actions.data())] = {
              limit, detail::measure_action_limit(*this, c, action, true)};
          farthest = std::max(farthest, limit);
        }
      }
      const PlanTraits& traits = rules[static_cast<std::size_t>(c)].traits;
      if (traits.turn_start_save >= 0) farthest = std::max(farthest, traits.turn_start_feet);
      field.farthest.push_back(farthest);
    }
  }
  harms = HarmTable(standing, [&](int a, int b) { return can_harm(*this, a, b); });
  may_stall = harms.can_stall() || field.any_still;
  any_pc =
      std::any_of(creatures.begin(), creatures.end(), [](const PlanCreature& c) { return c.pc; });
  any_finisher = std::any_of(creatures.begin(), creatures.end(), [](const PlanCreature& c) {
    return c.tactics.downed == DownedPolicy::Finish;
  });

  for (const ConditionEffect& c : conditions) {  // every one the kinds' attacks and saves impose
    imposable.insert(c.condition);
    if (c.worsens) imposable.insert(c.worsens_to);
  }
  if (std::any_of(members.begin(), members.end(), [](const Creature& c) {
        return c.traits.swallow_after_multiattack;  // an Engulf that no effect lists
      }))
    imposable.insert(Condition::Swallowed);
  if (imposable.contains(Condition::Unconscious)) imposable.insert(Condition::Prone);
  if (imposable.contains(Condition::Swallowed)) {
    imposable.insert(Condition::Blinded);
    imposable.insert(Condition::Restrained);
  }

  // What tactics need: the best attack action of each creature against
  // each, and per kind pair the values of every action's attacks and every
  // save effect (action_value.hpp), from what each kind does to the other.
  std::vector<Matchup> alone;  // [attacker kind * kinds + target kind]
  for (const Creature& attacker : members) {
    for (const Creature& target : members) alone.push_back(matchup(attacker, target));
  }
  // A condition helps the attacker's whole side: each matchup adds the
  // gains of the attacker's allies, every other creature of its faction.
  std::vector<Matchup> matchups = alone;
  std::vector<int> faction_of_kind(members.size(), -1);
  for (const Combatant& c : encounter.combatants)
    faction_of_kind[static_cast<std::size_t>(c.member)] = c.faction;
  for (std::size_t a = 0; a < members.size(); ++a) {
    for (std::size_t t = 0; t < members.size(); ++t) {
      bool self_skipped = false;  // the attacker is one of its kind's creatures
      for (const Combatant& ally : encounter.combatants) {
        const auto kind = static_cast<std::size_t>(ally.member);
        if (ally.faction != faction_of_kind[a] || (kind == a && !std::exchange(self_skipped, true)))
          continue;
        add_ally(matchups[a * members.size() + t], alone[kind * members.size() + t],
                 members[t].hp.mean());
      }
    }
  }
  const auto matchup_of = [&](std::size_t attacker, std::size_t target) -> const Matchup& {
    return matchups[attacker * members.size() + target];
  };
  std::vector<int> best_of_kinds;  // [attacker kind * kinds + target kind]
  for (std::size_t a = 0; a < members.size(); ++a) {
    for (std::size_t t = 0; t < members.size(); ++t)
      best_of_kinds.push_back(dnd5e::best_action(members[a], members[t], matchup_of(a, t)));
  }
  creature_total = creature_count();
  for (int attacker = 0; attacker < creature_count(); ++attacker) {
    const auto kind = static_cast<std::size_t>(creatures[attacker].kind);
    for (const PlanCreature& target : creatures) {
      const int best = best_of_kinds[kind * members.size() + static_cast<std::size_t>(target.kind)];
      best_action.push_back(rules[attacker].actions.first + static_cast<std::uint32_t>(best));
    }
  }
  for (std::size_t a = 0; a < members.size(); ++a) {
    const Creature& attacker = members[a];
    for (const Attack& attack : attacker.attacks) {  // in the order of `attacks`
      for (std::size_t t = 0; t < members.size(); ++t)
        single_attack_values.push_back(expected_attack_value(attack, members[t], matchup_of(a, t)));
    }
    for (const auto* list : {&attacker.actions, &attacker.legendary_actions}) {
      for (const Action& action : *list) {
        for (std::size_t t = 0; t < members.size(); ++t) {
          attack_values.push_back(attacks_value(attacker, action, members[t], matchup_of(a, t)));
          const Matchup& m = matchup_of(a, t);
          attack_condition_values.push_back(
              attacks_parts(attacker, action, members[t], m, RollMode::Normal).conditions);
          const ValueParts advantage =
              attacks_parts(attacker, action, members[t], m, RollMode::Advantage);
          attack_advantage_values.push_back(advantage.total());
          attack_advantage_condition_values.push_back(advantage.conditions);
        }
      }
    }
    for (const SaveEffect& effect : attacker.save_effects) {
      for (std::size_t t = 0; t < members.size(); ++t) {
        const ValueParts parts = save_value_parts(effect, members[t], matchup_of(a, t));
        save_values.push_back(parts.total());
        save_condition_values.push_back(parts.conditions);
      }
    }
    // Riders are valued with their attacks (attack_values): no values of
    // their own, but keep the indexing.
    for (const Attack& attack : attacker.attacks) {
      save_values.insert(save_values.end(), attack.on_hit_saves.size() * members.size(), 0.0);
      save_condition_values.insert(save_condition_values.end(),
                                   attack.on_hit_saves.size() * members.size(), 0.0);
    }
  }
}

BattlePlan::Value BattlePlan::valued(int attacker, const PlanAction& action, int target,
                                     int enemy_count, TargetState now) const {
  const auto index = static_cast<std::size_t>(&action - actions.data());
  const auto target_kind = static_cast<std::size_t>(creatures[target].kind);
  const auto per_kind = static_cast<std::size_t>(kinds);
  const std::size_t at = index * per_kind + target_kind;
  const bool exposed = now.conditions.any_of(kExposed);
  Value value{exposed ? attack_advantage_values[at] : attack_values[at],
              exposed ? attack_advantage_condition_values[at] : attack_condition_values[at]};
  if (now.conditions.all_of(action.imposes)) {
    value.total -= attack_condition_values[at];
    value.conditions = 0;
  }
  for (int save : parts_of(action.saves)) {
    const std::size_t effect = rules[attacker].save_effects.first + static_cast<std::size_t>(save);
    const PlanSaveEffect& forced = save_effects[effect];
    const std::size_t of = effect * per_kind + target_kind;
    const int caught = std::clamp(enemy_count, 1, std::max(forced.targets, 1));
    value.total += save_values[of] * caught;
    value.conditions += save_condition_values[of] * caught;
    if (forced.immunity_after_success && now.immune_to_attacker) {
      value.total -= save_values[of];
      value.conditions -= save_condition_values[of];
    } else if (now.conditions.all_of(forced.imposes)) {
      value.total -= save_condition_values[of];
      value.conditions -= save_condition_values[of];
    }
  }
  return value;
}

// ---------------------------------------------------------------- BattleState

void BattleState::reset(const BattlePlan& plan) {
  const std::size_t creatures = plan.creatures.size();
  if (combatants.size() != creatures || focus.size() != plan.standing.faction_sizes.size()) {
    combatants.resize(creatures);  // a new worker's first battle (no allocation after it)
    order.resize(creatures);
    turns.resize(creatures);
    initiative.resize(creatures);
    focus.resize(plan.standing.faction_sizes.size());
  }
  // Filled from a constant rather than a temporary: GCC built the temporary
  // on the stack and read it back in pieces that the store buffer could not
  // forward, a stall per creature that was most of this function's time.
  static constexpr CombatantState kFresh{};
  std::fill(combatants.begin(), combatants.end(), kFresh);
  turns_stale = true;  // for list_turns
  // `initiative` is left as it is: roll_initiative sets every key.
  standing.reset(plan.standing);
  std::fill(focus.begin(), focus.end(), -1);
  round = 0;
  ended_on = -1;
  if (plan.field.enabled) field.reset(plan.field);
  bursts_pending = false;
  if (!plan.full_rules) return;
  full_turns = 0;
  resource_uses = plan.resource_start;
  rules = plan.rules_start;  // one copy of plain bytes (no allocation after the first battle)
}

void BattleState::leave_out_joining(const BattlePlan& plan) {
  for (int c : plan.field.joining) {
    CombatantState& absent = combatants[static_cast<std::size_t>(c)];
    absent.hp = absent.max_hp = 0;
    absent.dead = absent.absent = true;
    standing.drops(c);
  }
}

}  // namespace arena::dnd5e
