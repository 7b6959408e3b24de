#include "rules/dnd5e/describe.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

#include "arena/dice.hpp"
#include "rules/common/describe.hpp"
#include "rules/dnd5e/field_describe.hpp"

namespace arena::dnd5e {

namespace {

using nlohmann::json;

std::string hp_text(const Creature& creature) {
  if (!creature.hp_source.empty())
    return fmt::format("{} ({})", creature.hp.flat(), creature.hp_source);
  return creature.hp.is_constant() ? std::to_string(creature.hp.flat())
                                   : creature.hp.to_string() + " (rolled per battle)";
}

std::string range_text(const Attack& attack) {
  std::string text;
  if (attack.reach > 0) text = fmt::format("reach {} ft.", attack.reach);
  if (attack.range_normal > 0) {
    if (!text.empty()) text += ", ";
    text += fmt::format("range {}/{} ft.", attack.range_normal, attack.range_long);
  }
  return text;
}

std::vector<std::string> type_names(const DamageTypeSet& set) {
  std::vector<std::string> names;
  for (int t = 1; t < kDamageTypeCount; ++t) {
    if (set.contains(static_cast<DamageType>(t)))
      names.emplace_back(name(static_cast<DamageType>(t)));
  }
  return names;
}

std::vector<std::string> condition_names(const ConditionSet& set) {
  std::vector<std::string> names;
  for (int c = 0; c < kConditionCount; ++c) {
    if (set.contains(static_cast<Condition>(c)))
      names.emplace_back(name(static_cast<Condition>(c)));
  }
  return names;
}

// "Dex", "Dex +6" (`upper`: "DEX").
std::string ability_label(Ability ability, bool upper) {
  std::string label(key(ability));
  for (std::size_t i = 0; i < label.size(); ++i) {
    if (upper || i == 0)
      label[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(label[i])));
  }
  return label;
}

// "paralyzed 10 rounds, save ends", "grappled (ends with source)", "prone".
std::string condition_text(const ConditionEffect& effect) {
  std::string text(name(effect.condition));
  if (effect.duration > 0)
    text += fmt::format(" {} round{}", effect.duration, effect.duration == 1 ? "" : "s");
  if (effect.ends_with_source) text += " (ends with source)";
  if (effect.repeat_save) text += ", save ends";
  if (effect.ends_on_damage) text += ", ends on damage";
  if (effect.save_on_damage) text += ", save on damage";
  if (effect.needs_grapple) text += ", if grappled";
  if (effect.worsens) text += fmt::format(", then {} on a failed save", name(effect.worsens_to));
  return text;
}

std::string conditions_text(const std::vector<ConditionEffect>& effects) {
  std::vector<std::string> texts;
  for (const ConditionEffect& effect : effects) texts.push_back(condition_text(effect));
  return fmt::format("{}", fmt::join(texts, " and "));
}

}  // namespace

std::string save_text(const SaveEffect& save) {
  std::string text = fmt::format("DC {} {} save", save.dc, ability_label(save.ability, false));
  if (!save.damage.empty()) {
    text += ", " + to_string(save.damage);
    if (save.half_on_success) text += ", half on success";
    if (!save.conditions.empty()) text += ", on a failure also " + conditions_text(save.conditions);
  } else if (!save.conditions.empty()) {
    text += " or " + conditions_text(save.conditions);
  }
  if (!save.area.empty()) {
    text +=
        fmt::format(", {} ({} target{})", save.area, save.targets, save.targets == 1 ? "" : "s");
  } else if (save.targets > 1) {
    text += fmt::format(", {} targets", save.targets);
  }
  if (save.magical) text += ", magical";
  if (save.immunity_after_success) text += ", a success makes the target immune";
  if (!save.excludes.empty())
    text += fmt::format(", not against {}", fmt::join(save.excludes, " or "));
  return text;
}

namespace {

// "Fire Breath (recharge 5-6)", "Web (3/day)", "4th-level spell slots: 3".
std::string resource_text(const Resource& resource) {
  if (resource.recharge > 0 || resource.name.ends_with(fmt::format("({}/day)", resource.uses)))
    return resource.name;
  return fmt::format("{}: {}", resource.name, resource.uses);
}

const Resource* resource_of(const Creature& creature, const Action& action) {
  return action.resource >= 0 ? &creature.resources[static_cast<std::size_t>(action.resource)]
                              : nullptr;
}

// "Magic Missile x3 [1st-level spell slots: 4]": the name, how often it
// repeats its one attack, and the resource it spends.
std::string action_text(const Creature& creature, const Action& action) {
  std::string text = action.name;
  const bool repeats = action.attacks.size() > 1 && action.saves.empty() &&
                       std::all_of(action.attacks.begin(), action.attacks.end(),
                                   [&](int index) { return index == action.attacks.front(); });
  if (repeats && !action.name.starts_with("Multiattack"))
    text += fmt::format(" x{}", action.attacks.size());
  if (const Resource* resource = resource_of(creature, action))
    text += " [" + resource_text(*resource) + "]";
  return text;
}

// The traits that are on or off: their names and JSON keys.
struct FlagTrait {
  const char* name;
  const char* key;
  bool set;
};
std::array<FlagTrait, 5> flag_traits(const Traits& traits) {
  return {{{"Pack Tactics", "pack_tactics", traits.pack_tactics},
           {"Magic Resistance", "magic_resistance", traits.magic_resistance},
           {"Undead Fortitude", "undead_fortitude", traits.undead_fortitude},
           {"Blood Frenzy", "blood_frenzy", traits.blood_frenzy},
           {"Reckless", "reckless", traits.reckless}}};
}

std::string dice_text(const DiceExpr& dice) {
  return dice.is_constant() ? std::to_string(dice.flat()) : dice.to_string();
}

// The traits arena plays by, one text each: "Pack Tactics",
// "Regeneration 10 (stopped by acid, fire; revives at 0 HP)".
std::vector<std::string> trait_texts(const Creature& creature) {
  const Traits& traits = creature.traits;
  std::vector<std::string> texts;
  for (const FlagTrait& flag : flag_traits(traits)) {
    if (flag.set) texts.emplace_back(flag.name);
  }
  if (traits.rampage_attack >= 0) {
    texts.push_back(fmt::format(
        "Rampage ({})", creature.attacks[static_cast<std::size_t>(traits.rampage_attack)].name));
  }
  if (traits.martial_advantage != DiceExpr{})
    texts.push_back("Martial Advantage " + dice_text(traits.martial_advantage));
  if (traits.sneak_attack != DiceExpr{})
    texts.push_back("Sneak Attack " + dice_text(traits.sneak_attack));
  if (traits.regeneration > 0) {
    std::vector<std::string> notes;
    const auto stopped = type_names(traits.regeneration_stopped_by);
    if (!stopped.empty()) notes.push_back(fmt::format("stopped by {}", fmt::join(stopped, ", ")));
    if (traits.regenerates_from_zero) notes.emplace_back("revives at 0 HP");
    texts.push_back(fmt::format("Regeneration {}", traits.regeneration) +
                    (notes.empty() ? "" : fmt::format(" ({})", fmt::join(notes, "; "))));
  }
  if (traits.relentless > 0) texts.push_back(fmt::format("Relentless {}", traits.relentless));
  if (traits.swallow_damage != DamageDice{}) {
    texts.push_back(fmt::format("Swallow {} a turn", to_string({traits.swallow_damage})));
    if (traits.swallow_save_dc > 0)  // "con" -> "Con"
      texts.back() +=
          fmt::format(" unless a DC {} {}{} save", traits.swallow_save_dc,
                      static_cast<char>(std::toupper(key(traits.swallow_save_ability)[0])),
                      key(traits.swallow_save_ability).substr(1));
    if (traits.swallow_after_multiattack) texts.back() += ", when its multiattack all hits";
    if (traits.swallow_escape_damage > 0)
      texts.back() += fmt::format(", regurgitates after {} from inside (DC {} Con)",
                                  traits.swallow_escape_damage, traits.swallow_escape_dc);
    if (traits.swallow_escape_check > 0)
      texts.back() +=
          fmt::format(", escape: DC {} Str check (an action)", traits.swallow_escape_check);
    if (!traits.swallow_blinds) texts.back() += ", not blinded";
    if (traits.swallow_exits_prone) texts.back() += ", out prone when it dies";
    if (traits.swallow_holds > 0) texts.back() += fmt::format(", holds {}", traits.swallow_holds);
  }
  return texts;
}

// ------------------------------------------------------------------ JSON

json condition_json(const ConditionEffect& effect) {
  json out = {{"condition", name(effect.condition)},
              {"duration", effect.duration},
              {"repeat_save", effect.repeat_save},
              {"ends_with_source", effect.ends_with_source}};
  if (effect.ends_on_damage) out["ends_on_damage"] = true;
  if (effect.save_on_damage) out["save_on_damage"] = true;
  if (effect.worsens) out["worsens_to"] = name(effect.worsens_to);
  return out;
}

json conditions_json(const std::vector<ConditionEffect>& effects) {
  json out = json::array();
  for (const ConditionEffect& effect : effects) out.push_back(condition_json(effect));
  return out;
}

double mean_damage(const std::vector<DamageDice>& damage) {
  double mean = 0;
  for (const DamageDice& part : damage) mean += part.dice.mean();
  return mean;
}

json save_json(const SaveEffect& save) {
  return {{"name", save.name},
          {"ability", key(save.ability)},
          {"dc", save.dc},
          {"damage", save.damage.empty() ? json(nullptr) : json(to_string(save.damage))},
          {"mean_damage", mean_damage(save.damage)},
          {"half_on_success", save.half_on_success},
          {"conditions", conditions_json(save.conditions)},
          {"magical", save.magical},
          {"targets", save.targets},
          {"area", save.area},
          {"excludes", save.excludes},
          {"text", save_text(save)}};
}

json attack_json(const Attack& attack) {
  json on_hit_saves = json::array();
  for (const SaveEffect& save : attack.on_hit_saves) on_hit_saves.push_back(save_json(save));
  json entry = {{"name", attack.name},
                {"kind", attack.kind == AttackKind::Melee ? "melee" : "ranged"},
                {"to_hit", attack.to_hit},
                {"damage", to_string(attack.damage)},
                {"mean_damage", mean_damage(attack.damage)},
                {"disadvantage", attack.disadvantage},
                {"magical", attack.magical},
                {"silvered", attack.silvered},
                {"auto_hit", attack.auto_hit},
                {"on_hit_saves", on_hit_saves},
                {"on_hit_conditions", conditions_json(attack.on_hit_conditions)},
                {"derivation", attack.derivation}};
  if (attack.reach > 0) entry["reach"] = attack.reach;
  if (attack.range_normal > 0) entry["range"] = {attack.range_normal, attack.range_long};
  return entry;
}

json action_json(const Creature& creature, const Action& action) {
  json attacks = json::array();
  for (int index : action.attacks)
    attacks.push_back(creature.attacks[static_cast<std::size_t>(index)].name);
  json saves = json::array();
  for (int index : action.saves)
    saves.push_back(creature.save_effects[static_cast<std::size_t>(index)].name);
  const Resource* resource = resource_of(creature, action);
  json out = {{"name", action.name},
              {"attacks", attacks},
              {"saves", saves},
              {"resource", resource ? json(resource->name) : json(nullptr)},
              {"cost", action.cost}};
  // Only an action whose attacks are made a number of times rolled has it.
  if (!action.times.is_constant()) out["times"] = action.times.to_string();
  return out;
}

json traits_json(const Creature& creature) {
  const Traits& traits = creature.traits;
  json out = json::object();
  for (const FlagTrait& flag : flag_traits(traits)) {
    if (flag.set) out[flag.key] = true;
  }
  if (traits.rampage_attack >= 0) {
    out["rampage_attack"] = creature.attacks[static_cast<std::size_t>(traits.rampage_attack)].name;
  }
  if (traits.martial_advantage != DiceExpr{})
    out["martial_advantage"] = dice_text(traits.martial_advantage);
  if (traits.sneak_attack != DiceExpr{}) out["sneak_attack"] = dice_text(traits.sneak_attack);
  if (traits.regeneration > 0) {
    out["regeneration"] = {{"hp", traits.regeneration},
                           {"stopped_by", type_names(traits.regeneration_stopped_by)},
                           {"revives", traits.regenerates_from_zero}};
  }
  if (traits.relentless > 0) out["relentless"] = traits.relentless;
  return out;
}

}  // namespace

nlohmann::json creature_json(std::string_view combatant_name, const Creature& creature) {
  // A fixed action policy shows as the file gives it: "actions", in order.
  json tactics_with_actions = tactics_json(creature.tactics);
  if (creature.fixed_actions) {
    json names = json::array();
    for (const Action& action : creature.actions) names.push_back(action.name);
    tactics_with_actions["actions"] = names;
  }
  json saves = json::object();
  for (std::size_t a = 0; a < creature.saves.size(); ++a)
    saves[std::string(kAbilityKeys[a])] = creature.saves[a];
  json attacks = json::array();
  for (const Attack& attack : creature.attacks) attacks.push_back(attack_json(attack));
  json save_effects = json::array();
  for (const SaveEffect& save : creature.save_effects) save_effects.push_back(save_json(save));
  json resources = json::array();
  for (const Resource& resource : creature.resources) {
    resources.push_back(
        {{"name", resource.name}, {"uses", resource.uses}, {"recharge", resource.recharge}});
  }
  json actions = json::array();
  for (const Action& action : creature.actions) actions.push_back(action_json(creature, action));
  json legendary = json::array();
  for (const Action& action : creature.legendary_actions)
    legendary.push_back(action_json(creature, action));
  return {
      {"name", combatant_name},
      {"hp", creature.hp.is_constant() ? json(creature.hp.flat()) : json(creature.hp.to_string())},
      {"hp_source", creature.hp_source},
      {"ac", creature.ac},
      {"ac_source", creature.ac_source},
      {"type", creature.type},
      {"subtypes", creature.subtypes},
      {"initiative", creature.initiative},
      {"pc", creature.pc},
      {"tactics", tactics_with_actions},
      {"saves", saves},
      {"attacks", attacks},
      {"save_effects", save_effects},
      {"resources", resources},
      {"actions", actions},
      {"legendary_per_round", creature.legendary_per_round},
      {"legendary_actions", legendary},
      {"legendary_resistance", creature.legendary_resistance},
      {"condition_immunities", condition_names(creature.condition_immunities)},
      {"traits", traits_json(creature)},
      {"resistances", type_names(creature.resistances)},
      {"immunities", type_names(creature.immunities)},
      {"vulnerabilities", type_names(creature.vulnerabilities)},
      {"nonmagical_resistances", type_names(creature.nonmagical_resistances)},
      {"nonmagical_immunities", type_names(creature.nonmagical_immunities)},
      {"unsilvered_resistances", type_names(creature.unsilvered_resistances)},
      {"unsilvered_immunities", type_names(creature.unsilvered_immunities)},
      {"warnings", creature.warnings}};
}

std::string creature_table(std::string_view combatant_name, const Creature& creature,
                           const std::vector<std::string>& no_effect_traits) {
  std::string out = fmt::format("  {}{}\n    HP {}   AC {} ({})   initiative {:+d}\n",
                                combatant_name, creature.pc ? " (PC)" : "", hp_text(creature),
                                creature.ac, creature.ac_source, creature.initiative);
  if (!creature.type.empty() || !creature.subtypes.empty()) {
    out += fmt::format(
        "    type: {}{}\n", creature.type.empty() ? "not given" : creature.type,
        creature.subtypes.empty() ? "" : fmt::format(" ({})", fmt::join(creature.subtypes, ", ")));
  }
  std::vector<std::string> saves;
  for (std::size_t a = 0; a < creature.saves.size(); ++a) {
    saves.push_back(
        fmt::format("{} {:+d}", ability_label(static_cast<Ability>(a), true), creature.saves[a]));
  }
  out += fmt::format("    saves: {}\n", fmt::join(saves, "  "));
  for (const Attack& attack : creature.attacks) {
    std::vector<std::string> flags;
    if (attack.disadvantage) flags.emplace_back("disadvantage");
    if (attack.magical) flags.emplace_back("magical");
    if (attack.silvered) flags.emplace_back("silvered");
    if (attack.auto_hit) flags.emplace_back("automatic hit");
    out += fmt::format("    {:<28} {:+3d} to hit  {:<26} {:<24} {}{}\n", attack.name, attack.to_hit,
                       to_string(attack.damage), range_text(attack), attack.derivation,
                       flags.empty() ? "" : fmt::format(" [{}]", fmt::join(flags, ", ")));
    for (const SaveEffect& save : attack.on_hit_saves)
      out += fmt::format("      on hit: {}\n", save_text(save));
    if (!attack.on_hit_conditions.empty()) {
      out += fmt::format("      on hit: {}\n", conditions_text(attack.on_hit_conditions));
    }
  }
  for (const SaveEffect& save : creature.save_effects)
    out += fmt::format("    {}: {}\n", save.name, save_text(save));
  // At-will actions on one line, then each limited one on its own (a fixed
  // policy's all on one line, in its order).
  std::string actions;
  std::vector<std::string> limited;
  for (const Action& action : creature.actions) {
    if (action.resource >= 0 && !creature.fixed_actions) {
      limited.push_back(action_text(creature, action));
    } else {
      actions += (actions.empty() ? "" : " | ") + action_text(creature, action);
    }
  }
  if (actions.empty() && !limited.empty()) {
    actions = limited.front();
    limited.erase(limited.begin());
  }
  out +=
      fmt::format("    actions{}: {}\n", creature.fixed_actions ? " (fixed, first available)" : "",
                  actions.empty() ? "none" : actions);
  for (const std::string& action : limited) out += fmt::format("             {}\n", action);
  if (!creature.legendary_actions.empty()) {
    std::vector<std::string> options;
    for (const Action& action : creature.legendary_actions) {
      options.push_back(fmt::format("{} ({})", action_text(creature, action), action.cost));
    }
    out += fmt::format("    legendary actions: {} per round: {}\n", creature.legendary_per_round,
                       fmt::join(options, ", "));
  }
  if (creature.legendary_resistance > 0) {
    out += fmt::format("    legendary resistance: {}/day\n", creature.legendary_resistance);
  }
  auto list = [&](const char* label, const std::vector<std::string>& names) {
    if (!names.empty()) out += fmt::format("    {}: {}\n", label, fmt::join(names, ", "));
  };
  list("condition immunities", condition_names(creature.condition_immunities));
  list("traits", trait_texts(creature));
  list("resistant", type_names(creature.resistances));
  list("immune", type_names(creature.immunities));
  list("vulnerable", type_names(creature.vulnerabilities));
  list("resistant to nonmagical", type_names(creature.nonmagical_resistances));
  list("immune to nonmagical", type_names(creature.nonmagical_immunities));
  list("resistant to nonmagical unsilvered", type_names(creature.unsilvered_resistances));
  list("immune to nonmagical unsilvered", type_names(creature.unsilvered_immunities));
  list("no effect in a gridless fight", no_effect_traits);
  for (const std::string& warning : creature.warnings)
    out += fmt::format("    warning: {}\n", warning);
  return out;
}

namespace {

// The combatant that `c`, one that may join, would split from: the copy
// before it that is in the battle from the start.
const Combatant& split_source(const Encounter& encounter, int c) {
  while (encounter.combatants[static_cast<std::size_t>(c)].joins_later) --c;
  return encounter.combatants[static_cast<std::size_t>(c)];
}

}  // namespace

std::string describe_factions(const Encounter& encounter) {
  return describe_factions_text(
      encounter, roster_of(encounter).faction_tactics,
      [&](int c) {
        const Combatant& combatant = encounter.combatants[static_cast<std::size_t>(c)];
        if (combatant.joins_later) {
          return fmt::format(
              "  {}\n    absent until it joins: half of {} or of a half of it when it "
              "splits (its hit points halved, one size smaller)\n",
              combatant.name, split_source(encounter, c).name);
        }
        return creature_table(combatant.name, creature_of(encounter, c)) +
               field_line(encounter, c) + field_areas_line(encounter, c);
      },
      [&](int c) -> const Tactics& { return creature_of(encounter, c).tactics; });
}

nlohmann::json describe_factions_json(const Encounter& encounter) {
  return describe_factions_as_json(encounter, roster_of(encounter).faction_tactics, [&](int c) {
    nlohmann::json creature = creature_json(encounter.combatants[static_cast<std::size_t>(c)].name,
                                            creature_of(encounter, c));
    if (nlohmann::json field = field_json(encounter, c); !field.is_null())
      creature["battlefield"] = std::move(field);
    if (encounter.combatants[static_cast<std::size_t>(c)].joins_later)
      creature["joins_later_from"] = split_source(encounter, c).name;
    return creature;
  });
}

}  // namespace arena::dnd5e
