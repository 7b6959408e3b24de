#include "rules/dnd5e/stat_block_rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "rules/dnd5e/battlefield.hpp"

namespace arena::dnd5e {

namespace {

SaveEffect to_save_effect(const SaveInfo& info, bool magical) {
  SaveEffect effect;
  effect.name = info.name;
  effect.ability = info.ability;
  effect.dc = info.dc;
  effect.damage = info.damage;
  effect.half_on_success = info.half_on_success;
  effect.conditions = info.conditions;
  effect.magical = magical;
  effect.targets = area_targets(info.area);
  effect.excludes = info.excludes;
  effect.immunity_after_success = info.immunity_after_success;
  if (!info.area.shape.empty())
    effect.area = fmt::format("{}-foot {}", info.area.size, info.area.shape);
  effect.area_shape = info.area.shape;
  effect.area_size = info.area.size;
  effect.chosen_targets = info.chosen_targets;
  return effect;
}

// The index of the attack or save effect named `name` (library_key spelling), or -1.
template <class T>
int find_by_name(const std::vector<T>& items, std::string_view name) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (library_key(items[i].name) == library_key(name)) return static_cast<int>(i);
  }
  return -1;
}

// The index of the resource called `name`, added with `uses` and
// `recharge` the first time: actions that name the same one share it.
int add_resource(Creature& creature, std::string name, int uses, int recharge = 0) {
  for (std::size_t i = 0; i < creature.resources.size(); ++i) {
    if (creature.resources[i].name == name) return static_cast<int>(i);
  }
  creature.resources.push_back(Resource{std::move(name), uses, recharge});
  return static_cast<int>(creature.resources.size()) - 1;
}

// The resource an action with a recharge or daily uses spends (shared by
// a recharge group), or -1.
int resource_for(const SaveInfo& info, Creature& creature) {
  if (info.recharge == 0 && info.per_day == 0) return -1;
  const std::string group = info.recharge_group.empty() ? info.name : info.recharge_group;
  if (info.recharge > 0)
    return add_resource(creature, fmt::format("{} (recharge {}-6)", group, info.recharge), 1,
                        info.recharge);
  return add_resource(creature, fmt::format("{} ({}/day)", group, info.per_day), info.per_day);
}

std::string ordinal(int n) {
  static constexpr const char* kSuffix[] = {"th", "st", "nd", "rd"};
  return fmt::format("{}{}", n, n >= 1 && n <= 3 ? kSuffix[n] : kSuffix[0]);
}

// One cast of `spell` at `level` (0: a cantrip or an innate spell at its own
// level) as an action spending `resource`.
void add_spell_cast(const SpellcastingInfo& casting, const SpellInfo& spell, int level,
                    const std::vector<DamageDice>& damage, int resource, Creature& creature) {
  Action action;
  action.name = level > 0 && level != spell.level
                    ? fmt::format("{} ({} level)", spell.name, ordinal(level))
                    : spell.name;
  action.resource = resource;
  if (spell.save) {
    SaveInfo info;
    info.name = action.name;
    info.ability = *spell.save;
    info.dc = spell.dc.value_or(casting.dc);
    info.damage = damage;
    info.half_on_success = spell.half_on_success;
    info.conditions = spell.conditions;
    info.area = spell.area;
    creature.save_effects.push_back(to_save_effect(info, true));
    action.saves.push_back(static_cast<int>(creature.save_effects.size()) - 1);
  } else {
    Attack attack;
    attack.name = action.name;
    attack.kind = spell.attack == "melee" ? AttackKind::Melee : AttackKind::Ranged;
    attack.to_hit = spell.to_hit.value_or(casting.attack);
    attack.damage = damage;
    attack.magical = true;
    attack.auto_hit = spell.auto_hit;
    attack.reach = attack.kind == AttackKind::Melee ? 5 : 0;
    attack.derivation = "spell";
    creature.attacks.push_back(std::move(attack));
    const int count = spell.count + spell.count_per_slot * std::max(level - spell.level, 0);
    action.attacks.assign(static_cast<std::size_t>(std::max(count, 1)),
                          static_cast<int>(creature.attacks.size()) - 1);
  }
  creature.actions.push_back(std::move(action));
}

void add_spells(const SpellcastingInfo& casting, Creature& creature) {
  for (const SpellInfo& spell : casting.spells) {
    for (const auto& [level, damage] : spell.damage) {
      if (spell.per_day > 0) {
        add_spell_cast(casting, spell, level, damage,
                       add_resource(creature, fmt::format("{} ({}/day)", spell.name, spell.per_day),
                                    spell.per_day),
                       creature);
      } else if (level == 0 || casting.slots[static_cast<std::size_t>(level)] == 0) {
        // A cantrip, or an innate spell at will (no slots of its level).
        if (level == 0 ||
            std::all_of(casting.slots.begin(), casting.slots.end(), [](int n) { return n == 0; })) {
          add_spell_cast(casting, spell, level, damage, -1, creature);
        }
      } else {
        const int slots = casting.slots[static_cast<std::size_t>(level)];
        add_spell_cast(
            casting, spell, level, damage,
            add_resource(creature, fmt::format("{}-level spell slots", ordinal(level)), slots),
            creature);
      }
    }
  }
}

void add_legendary(const MonsterInfo& info, Creature& creature) {
  for (const LegendaryOptionInfo& option : info.legendary) {
    Action action;
    action.name = option.name;
    action.cost = option.cost;
    bool understood = !option.uses.empty();
    for (const std::string& use : option.uses) {
      if (const int attack = find_by_name(creature.attacks, use); attack >= 0) {
        action.attacks.push_back(attack);
      } else if (const int save = find_by_name(creature.save_effects, use); save >= 0) {
        action.saves.push_back(save);
      } else {
        understood = false;
      }
    }
    if (!understood) {
      creature.warnings.push_back("not modelled: Legendary: " + option.name);
      continue;
    }
    creature.legendary_actions.push_back(std::move(action));
  }
  if (!creature.legendary_actions.empty()) creature.legendary_per_round = info.legendary_per_round;
}

DiceExpr dice_or_none(const std::string& text) {
  if (text.empty()) return {};
  auto dice = DiceExpr::parse(text);
  ARENA_CHECK(dice.has_value());
  return *dice;
}

void set_traits(const MonsterInfo& info, Creature& creature) {
  const TraitRulesInfo& rules = info.trait_rules;
  Traits& traits = creature.traits;
  traits.pack_tactics = rules.pack_tactics;
  traits.magic_resistance = rules.magic_resistance;
  traits.undead_fortitude = rules.undead_fortitude;
  traits.blood_frenzy = rules.blood_frenzy;
  traits.reckless = rules.reckless;
  if (rules.rampage) {
    traits.rampage_attack = find_by_name(creature.attacks, "Bite");
    if (traits.rampage_attack < 0 && !creature.attacks.empty()) traits.rampage_attack = 0;
  }
  traits.martial_advantage = dice_or_none(rules.martial_advantage);
  traits.sneak_attack = dice_or_none(rules.sneak_attack);
  traits.regeneration = rules.regeneration;
  for (DamageType type : rules.regeneration_stopped_by) traits.regeneration_stopped_by.insert(type);
  traits.regenerates_from_zero = rules.regeneration_revives;
  traits.relentless = rules.relentless;
  if (!rules.swallow_damage.empty()) {
    const auto damage = parse_damage(rules.swallow_damage);
    ARENA_CHECK(damage.has_value() && damage->size() == 1);
    traits.swallow_damage = damage->front();
    traits.swallow_escape_damage = rules.swallow_escape_damage;
    traits.swallow_escape_dc = rules.swallow_escape_dc;
    traits.swallow_escape_check = rules.swallow_escape_check;
    traits.swallow_blinds = rules.swallow_blinds;
    traits.swallow_exits_prone = rules.swallow_exits_prone;
    traits.swallow_holds = rules.swallow_holds;
    traits.swallow_save_ability = rules.swallow_save_ability;
    traits.swallow_save_dc = rules.swallow_save_dc;
    traits.swallow_after_multiattack = rules.swallow_after_multiattack;
  }
}

bool starts_with_word(const std::string& trait, std::string_view prefix) {
  return library_key(trait).starts_with(library_key(prefix));
}

}  // namespace

int area_targets(const AreaInfo& area) {
  const auto per = [&](int feet) { return std::max(1, (area.size + feet - 1) / feet); };
  if (area.shape == "cone") return per(10);
  if (area.shape == "line") return per(30);
  if (area.shape == "sphere" || area.shape == "cylinder" || area.shape == "emanation" ||
      area.shape == "cube") {
    return per(5);
  }
  return 1;
}

void add_stat_block_rules(const MonsterInfo& info, Creature& creature) {
  for (std::size_t i = 0; i < info.attacks.size() && i < creature.attacks.size(); ++i) {
    const MonsterAttackInfo& source = info.attacks[i];
    Attack& attack = creature.attacks[i];
    attack.magical = source.magical;
    if (source.save && (!source.save->damage.empty() || !source.save->conditions.empty())) {
      attack.on_hit_saves.push_back(to_save_effect(*source.save, false));
    }
    attack.on_hit_conditions = source.hit_conditions;
    for (const std::string& rider : source.riders_not_modelled)
      creature.warnings.push_back(fmt::format("not modelled: {}{}{}", source.name, kOnAHit, rider));
  }
  for (const SaveInfo& save : info.save_actions)
    creature.save_effects.push_back(to_save_effect(save, false));
  for (std::size_t a = 0; a < creature.saves.size(); ++a) {
    creature.saves[a] =
        info.saves[a].value_or(creature.abilities.modifier(static_cast<Ability>(a)));
  }
  for (const std::string& name : info.condition_immunities) {
    if (const auto condition = parse_condition(name))
      creature.condition_immunities.insert(*condition);
  }
  creature.legendary_resistance = info.legendary_resistance;
  set_traits(info, creature);
}

void finish_stat_block_rules(const MonsterInfo& info, Creature& creature) {
  for (const SaveInfo& save : info.save_actions) {
    if (save.death_burst)
      creature.traits.death_burst = find_by_name(creature.save_effects, save.name);
    if (save.turn_start_reaction > 0) {
      creature.traits.turn_start_save = find_by_name(creature.save_effects, save.name);
      creature.traits.turn_start_feet = save.turn_start_reaction;
    }
    if (save.legendary_only || save.death_burst || save.turn_start_reaction > 0) continue;
    Action action;
    action.name = save.name;
    action.saves.push_back(find_by_name(creature.save_effects, save.name));
    action.resource = resource_for(save, creature);
    creature.actions.push_back(std::move(action));
  }
  if (info.spellcasting) {
    add_spells(*info.spellcasting, creature);
    for (const std::string& spell : info.spellcasting->not_modelled) {
      creature.warnings.push_back("not modelled: spell " + spell);
    }
  }
  add_legendary(info, creature);
  // At-will actions first: on a tie, tactics keep the limited ones.
  std::stable_partition(creature.actions.begin(), creature.actions.end(),
                        [](const Action& action) { return action.resource < 0; });
  for (const std::string& trait : info.traits) {
    const TraitStatus status = trait_status(info, trait);
    if (status == TraitStatus::NotModelled) creature.warnings.push_back("not modelled: " + trait);
    if (status == TraitStatus::Battlefield) creature.battlefield_only.push_back(trait);
  }
  const auto reaction_read = [&](const std::string& entry) {
    return std::any_of(info.save_actions.begin(), info.save_actions.end(),
                       [&](const SaveInfo& save) {
                         return save.turn_start_reaction > 0 && entry == "Reaction: " + save.name;
                       });
  };
  const std::vector<std::string>& no_effect = info.trait_rules.no_effect;
  for (const std::string& action : info.not_converted) {
    if (std::find(no_effect.begin(), no_effect.end(), action) != no_effect.end()) continue;
    const bool split = action == kSplitEntry && !info.trait_rules.split_types.empty();
    const bool catching = action == kRockCatchingEntry && info.trait_rules.rock_catching_dc > 0;
    if (action == kParryEntry || split || catching || reaction_read(action)) {
      creature.battlefield_only.push_back(action);  // a reaction (reactions.hpp)
    } else {
      creature.warnings.push_back("not modelled: " + action);
    }
  }
}

TraitStatus trait_status(const MonsterInfo& info, const std::string& trait) {
  const TraitRulesInfo& rules = info.trait_rules;
  if (std::find(rules.no_effect.begin(), rules.no_effect.end(), trait) != rules.no_effect.end()) {
    return TraitStatus::NoEffect;
  }
  const bool magic_weapons = std::any_of(info.attacks.begin(), info.attacks.end(),
                                         [](const MonsterAttackInfo& a) { return a.magical; });
  const bool spells = info.spellcasting && !info.spellcasting->spells.empty();
  const std::pair<std::string_view, bool> modelled[] = {
      {"Pack Tactics", rules.pack_tactics},
      {"Magic Resistance", rules.magic_resistance},
      {"Undead Fortitude", rules.undead_fortitude},
      {"Blood Frenzy", rules.blood_frenzy},
      {"Reckless", rules.reckless},
      {"Rampage", rules.rampage},
      {"Regeneration", rules.regeneration > 0},
      {"Martial Advantage", !rules.martial_advantage.empty()},
      {"Sneak Attack", !rules.sneak_attack.empty()},
      {"Relentless", rules.relentless > 0},
      {"Ooze Cube", rules.swallow_escape_check > 0},  // its Engulf (swallow.hpp)
      {"Death Burst", std::any_of(info.save_actions.begin(), info.save_actions.end(),
                                  [](const SaveInfo& save) { return save.death_burst; })},
      {"Legendary Resistance", info.legendary_resistance > 0},
      {"Spellcasting", spells},
      {"Innate Spellcasting", spells},
      {"Magic Weapons", magic_weapons},
      {"Angelic Weapons", magic_weapons},
      {"Hellish Weapons", magic_weapons},
  };
  for (const auto& [prefix, ruled] : modelled) {
    if (ruled && starts_with_word(trait, prefix)) return TraitStatus::Modelled;
  }
  const bool charge = rules.charge.has_value();
  const std::pair<std::string_view, bool> on_battlefield[] = {
      {"Charge", charge},
      {"Trampling Charge", charge},
      {"Pounce", charge},
      {kFlybyTrait, rules.flyby},
      {kNimbleEscapeTrait, rules.nimble_escape},
  };
  for (const auto& [prefix, ruled] : on_battlefield) {
    if (ruled && starts_with_word(trait, prefix)) return TraitStatus::Battlefield;
  }
  return TraitStatus::NotModelled;
}

}  // namespace arena::dnd5e
