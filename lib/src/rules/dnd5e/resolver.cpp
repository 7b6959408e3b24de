// The 5e members of a file -> Creatures: library look-ups, attacks derived
// from abilities and equipment (5e PHB rules, weapon_attacks.cpp),
// multiattack names, actions; and the ruleset's reader hook.
#include "rules/dnd5e/resolver.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "arena/suggest.hpp"
#include "rules/common/readers.hpp"
#include "rules/dnd5e/field_reader.hpp"
#include "rules/dnd5e/library.hpp"
#include "rules/dnd5e/member_spec.hpp"
#include "rules/dnd5e/stat_block_rules.hpp"
#include "rules/dnd5e/weapon_attacks.hpp"

namespace arena::dnd5e {

namespace {

// The first key that asks for AC and attacks derived from equipment, or "".
std::string_view equipment_key(const MemberSpec& member) {
  if (member.level) return "level";
  if (member.hit_die) return "hit_die";
  if (member.proficiency) return "proficiency";
  if (member.proficiency_bonus) return "proficiency_bonus";
  if (member.weapons) return "weapons";
  if (member.armor) return "armor";
  if (member.shield) return "shield";
  return "";
}

bool uses_equipment(const MemberSpec& member) {
  return !equipment_key(member).empty();
}

// An action of attacks only, at will.
Action attack_action(std::string name, std::vector<int> attacks) {
  Action action;
  action.name = std::move(name);
  action.attacks = std::move(attacks);
  return action;
}

class Resolver {
 public:
  Resolver(const Library& library, const JsonContext& context)
      : library_(library), context_(context) {}

 public:
  // The member's stat block, or nullopt after reporting why it has none.
  // `faction_tactics` apply unless the member has its own.
  std::optional<Creature> resolve_member(const MemberSpec& member, const Tactics& faction_tactics) {
    if (!member.complete) {
      // Its shape is already reported; still report bad names, so that the
      // user gets every problem in one round.
      check_names(member);
      return std::nullopt;
    }
    two_weapon_pairs_.clear();
    std::optional<Creature> creature;
    if (member.monster) {
      creature = from_monster(member);
    } else if (uses_equipment(member)) {
      creature = from_equipment(member);
    } else {
      creature = from_stat_block(member);
    }
    if (!creature) return std::nullopt;
    const auto before = creature->abilities;
    apply_overrides(member, *creature);
    for (std::size_t a = 0; a < creature->saves.size(); ++a) {
      const auto ability = static_cast<Ability>(a);
      // From the abilities, or a stat block's listed save moved as its
      // ability was overridden (its proficiency kept).
      creature->saves[a] = !member.monster || member.save_proficiencies
                               ? creature->abilities.modifier(ability)
                               : creature->saves[a] + creature->abilities.modifier(ability) -
                                     before.modifier(ability);
    }
    if (member.save_proficiencies) {
      for (Ability ability : *member.save_proficiencies)
        creature->saves[static_cast<std::size_t>(ability)] += proficiency_bonus(member);
    }
    creature->tactics = member.tactics.over(faction_tactics);
    if (member.fixed_actions && !fix_actions(*member.fixed_actions, *creature)) return std::nullopt;
    if (creature->actions.empty() && creature->legendary_actions.empty()) {
      if (!member.monster) {
        context_.error(member.pointer, fmt::format("{} has no attack it can make", creature->name));
        return std::nullopt;
      }
      // A stat block with no modelled action (a frog, a shrieker) still
      // takes part: it is a target that does nothing.
      creature->warnings.push_back("no action arena can model: it takes no actions");
    }
    return creature;
  }

  std::optional<Creature> from_monster(const MemberSpec& member) {
    const MonsterInfo* info = library_.monster(*member.monster);
    if (info == nullptr) {
      report_unknown(member.pointer + "/monster", "monster", *member.monster,
                     library_.monster_names());
      return std::nullopt;
    }
    context_.resolved(member.pointer + "/monster", "monster", *member.monster, info->name);
    if (uses_equipment(member)) {
      const std::string_view key = equipment_key(member);
      context_.key_error(json_pointer_child(member.pointer, key),
                         fmt::format("\"{}\" does not apply to a library monster: override its "
                                     "\"attacks\" or \"ac\" instead",
                                     key));
      return std::nullopt;
    }
    Creature creature;
    creature.name = info->name;
    creature.type = info->type;
    creature.subtypes = info->subtypes;
    creature.hp = DiceExpr::constant(info->hp);
    creature.ac = info->ac;
    creature.ac_source = info->ac_source;
    creature.abilities = info->abilities;
    creature.initiative = info->abilities.modifier(Ability::Dex);
    for (const MonsterAttackInfo& source : info->attacks) {
      Attack attack;
      attack.name = source.name;
      attack.kind = source.reach > 0 ? AttackKind::Melee : AttackKind::Ranged;
      attack.to_hit = source.to_hit;
      attack.damage = source.damage;
      attack.reach = source.reach;
      attack.range_normal = source.range_normal;
      attack.range_long = source.range_long;
      attack.derivation = "stat block";
      creature.attacks.push_back(std::move(attack));
    }
    add_stat_block_rules(*info, creature);
    add_thrown_uses(creature, 0);
    add_single_actions(creature);
    for (const MultiattackOption& option : info->multiattack) {
      const std::vector<std::string> pointers(option.attacks.size(), member.pointer);
      add_multiattack(creature, NameList{option.attacks, pointers}, false, option.times);
    }
    finish_stat_block_rules(*info, creature);
    read_library_defences(*info, creature);
    return creature;
  }

  // "fire", or "bludgeoning, piercing, and slashing from nonmagical attacks
  // [that aren't silvered | adamantine]". Arena's attacks are never
  // adamantine, and silvered only when they say so (Attack::silvered).
  void read_defence_phrases(const std::vector<std::string>& phrases, DamageTypeSet& plain,
                            DamageTypeSet* nonmagical, DamageTypeSet* unsilvered,
                            Creature& creature, const char* what) {
    for (const std::string& phrase : phrases) {
      if (auto type = parse_damage_type(phrase)) {
        plain.insert(*type);
        continue;
      }
      DamageTypeSet* set = phrase.find("silvered") != std::string::npos ? unsilvered : nonmagical;
      if (phrase.find("nonmagical") != std::string::npos && set != nullptr) {
        for (std::string_view type_name : damage_type_names()) {
          if (phrase.find(type_name) != std::string::npos)
            set->insert(*parse_damage_type(type_name));
        }
      } else {
        creature.warnings.push_back(fmt::format("not modelled: {} to {}", what, phrase));
      }
    }
  }

  void read_library_defences(const MonsterInfo& info, Creature& creature) {
    read_defence_phrases(info.resistances, creature.resistances, &creature.nonmagical_resistances,
                         &creature.unsilvered_resistances, creature, "resistance");
    read_defence_phrases(info.immunities, creature.immunities, &creature.nonmagical_immunities,
                         &creature.unsilvered_immunities, creature, "immunity");
    read_defence_phrases(info.vulnerabilities, creature.vulnerabilities, nullptr, nullptr, creature,
                         "vulnerability");
  }

  std::optional<Creature> from_equipment(const MemberSpec& member) {
    Creature creature;
    creature.name = member.name.value_or("");
    bool ok = require_name(member);
    creature.abilities = member.abilities.value_or(AbilityScores{});
    const int level = member.level.value_or(1);
    ok = equipment_hit_points(member, level, creature) && ok;
    Wielder wielder;
    wielder.abilities = creature.abilities;
    wielder.proficiency_bonus =
        member.proficiency_bonus.value_or(proficiency_bonus_for_level(level));
    wielder.small = member.size && (*member.size == "small" || *member.size == "tiny");
    wielder.shield = member.shield;
    const ArmorInfo* armor = nullptr;
    if (member.armor && library_key(*member.armor) != "none") {
      armor = library_.armor(*member.armor);
      if (armor == nullptr) {
        report_unknown(member.pointer + "/armor", "armor", *member.armor, library_.armor_names());
        ok = false;
      } else if (armor->category == "shield") {
        context_.error(member.pointer + "/armor",
                       "a shield is not body armor: write \"shield\": true");
        ok = false;
      } else {
        context_.resolved(member.pointer + "/armor", "armor", *member.armor, armor->name);
      }
    }
    creature.ac = armor_class(armor, member.shield, creature.abilities, creature.ac_source);
    creature.initiative = creature.abilities.modifier(Ability::Dex);
    if (!check_proficiencies(member)) ok = false;
    std::vector<int> off_hand_attacks;  // per weapon carried, -1 when none
    std::vector<int> main_attacks;      // per weapon carried: its light melee attack, or -1
    std::map<std::string, std::pair<int, int>>
        derived;  // a weapon carried twice lists its attacks once
    const NameList weapons = member.weapons.value_or(NameList{});
    for (std::size_t i = 0; i < weapons.names.size(); ++i) {
      const std::string& name = weapons.names[i];
      const WeaponInfo* weapon = library_.weapon(name);
      if (weapon == nullptr) {
        report_unknown(weapons.pointers[i], "weapon", name, library_.weapon_names());
        ok = false;
        continue;
      }
      context_.resolved(weapons.pointers[i], "weapon", name, weapon->name);
      // Both hands on the hilt leave none for the shield. A two-handed bow
      // may be shot with one carried, as the SRD goblin (and seed 000's)
      // shoots its shortbow.
      if (member.shield && weapon->two_handed && !weapon->ranged) {
        context_.error(
            weapons.pointers[i],
            fmt::format("{} is two-handed: it cannot be wielded with a shield (\"shield\": "
                        "true)",
                        weapon->name));
        ok = false;
        continue;
      }
      if (auto seen = derived.find(weapon->name); seen != derived.end()) {
        main_attacks.push_back(seen->second.first);
        off_hand_attacks.push_back(seen->second.second);
        continue;
      }
      wielder.proficient = is_proficient(member, *weapon);
      int off_hand = -1;
      auto attacks = weapon_attacks(*weapon, wielder, off_hand);
      if (attacks.empty()) {
        creature.warnings.push_back(
            fmt::format("not modelled: {} (deals no damage)", weapon->name));
        continue;
      }
      const int first = static_cast<int>(creature.attacks.size());
      main_attacks.push_back(weapon->light && !weapon->ranged ? first : -1);
      off_hand_attacks.push_back(off_hand >= 0 ? first + off_hand : -1);
      derived[weapon->name] = {main_attacks.back(), off_hand_attacks.back()};
      for (Attack& attack : attacks) creature.attacks.push_back(std::move(attack));
    }
    if (!ok) return std::nullopt;
    add_single_actions(creature);
    add_two_weapon_actions(creature, main_attacks, off_hand_attacks, member.shield);
    return creature;
  }

  std::optional<Creature> from_stat_block(const MemberSpec& member) {
    bool ok = require_name(member);
    ok = require_hp(member) && ok;
    if (!member.ac) {
      context_.error(member.pointer,
                     "missing required key \"ac\" (or give \"monster\", or \"armor\" to derive it)",
                     member.pointer + "/ac");
      ok = false;
    }
    if (!member.attacks) {
      context_.error(member.pointer,
                     "missing required key \"attacks\" (or give \"monster\", or \"weapons\")",
                     member.pointer + "/attacks");
      ok = false;
    }
    if (!ok) return std::nullopt;
    Creature creature;
    creature.name = *member.name;
    creature.abilities = member.abilities.value_or(AbilityScores{});
    creature.initiative = creature.abilities.modifier(Ability::Dex);
    creature.ac_source = "given";
    return creature;
  }

  void apply_overrides(const MemberSpec& member, Creature& creature) {
    if (member.name) creature.name = *member.name;
    if (member.hp) creature.hp = *member.hp;
    if (member.ac) {
      creature.ac = *member.ac;
      creature.ac_source = "given";
    }
    if (member.abilities && member.monster) {
      creature.abilities = *member.abilities;
      creature.initiative = creature.abilities.modifier(Ability::Dex);
    }
    if (member.initiative) creature.initiative = *member.initiative;
    if (member.attacks) {
      // A monster's given attacks replace its stat block's (and the multiattack
      // that named them); other forms add them to what they derived.
      if (member.monster) {
        // Actions that only force saves (a breath weapon) stay.
        const auto uses_attacks = [](const Action& action) { return !action.attacks.empty(); };
        creature.attacks.clear();
        std::erase_if(creature.actions, uses_attacks);
        std::erase_if(creature.legendary_actions, uses_attacks);
        creature.traits.rampage_attack = -1;
        // Nor do the riders of its stat block's attacks, played or not.
        std::erase_if(creature.warnings, [](const std::string& warning) {
          return warning.find(kOnAHit) != std::string::npos;
        });
      }
      const std::size_t first_new = creature.attacks.size();
      for (const AttackSpec& spec : *member.attacks) {
        // "multiattack" and tactics name attacks: a second of one name
        // could never be named, and would be played as the first.
        if (std::any_of(creature.attacks.begin(), creature.attacks.end(),
                        [&](const Attack& a) { return a.name == spec.name; })) {
          context_.error(
              json_pointer_child(spec.pointer, "name"),
              fmt::format("\"{}\" is already the name of an attack of this member{}; give each "
                          "attack its own name (\"multiattack\" and tactics name them)",
                          spec.name, first_new > 0 ? " (its weapons' attacks included)" : ""));
          continue;
        }
        creature.attacks.push_back(to_attack(spec));
      }
      add_thrown_uses(creature, first_new);
      add_single_actions(creature, first_new);
    }
    if (member.multiattack) {
      std::erase_if(creature.actions,
                    [](const Action& action) { return action.name.starts_with("Multiattack"); });
      for (const NameList& option : *member.multiattack)
        add_multiattack(creature, option, member.shield);
    }
    if (member.resistances) creature.resistances = to_set(*member.resistances);
    if (member.immunities) creature.immunities = to_set(*member.immunities);
    if (member.vulnerabilities) creature.vulnerabilities = to_set(*member.vulnerabilities);
    if (member.pc) creature.pc = *member.pc;
    if (member.type) creature.type = *member.type;
    if (member.subtypes) {
      creature.subtypes.clear();
      for (const std::string& subtype : member.subtypes->names)
        creature.subtypes.push_back(library_key(subtype));
    }
    if (member.area_targets) {
      for (SaveEffect& effect : creature.save_effects) {
        if (!effect.area.empty()) effect.targets = *member.area_targets;
      }
    }
  }

  static DamageTypeSet to_set(const DamageTypeListSpec& list) {
    DamageTypeSet set;
    for (DamageType type : list.types) set.insert(type);
    return set;
  }

  static Attack to_attack(const AttackSpec& spec) {
    Attack attack;
    attack.name = spec.name;
    attack.to_hit = spec.to_hit;
    attack.damage = spec.damage;
    attack.magical = spec.magical;
    attack.silvered = spec.silvered;
    attack.derivation = "given";
    attack.reach = spec.reach.value_or(spec.range ? 0 : 5);
    attack.kind = attack.reach > 0 ? AttackKind::Melee : AttackKind::Ranged;
    if (spec.range) {
      attack.range_normal = spec.range->first;
      attack.range_long = spec.range->second;
    }
    return attack;
  }

  // An attack with both a reach and a range (a stat block's "Melee or
  // Ranged Weapon Attack": a javelin, a spear) is two attacks from the
  // attacks at `first` on, as a thrown weapon's are for a member with
  // equipment (weapon_attacks.cpp): the melee one, and "NAME (thrown)" at
  // its range, a ranged attack (on a battlefield, it strikes from afar).
  // The thrown ones go after the others, which keep their places: a stat
  // block's riders follow its attacks by place, and multiattacks name them.
  // (A file that names an attack "NAME (thrown)" itself keeps its own.)
  static void add_thrown_uses(Creature& creature, std::size_t first) {
    const std::size_t end = creature.attacks.size();
    for (std::size_t i = first; i < end; ++i) {
      Attack& melee = creature.attacks[i];
      if (melee.reach == 0 || melee.range_normal == 0) continue;
      Attack thrown = melee;
      thrown.name += " (thrown)";
      if (std::any_of(creature.attacks.begin(), creature.attacks.end(),
                      [&](const Attack& a) { return a.name == thrown.name; })) {
        continue;
      }
      thrown.kind = AttackKind::Ranged;
      thrown.reach = 0;
      melee.range_normal = melee.range_long = 0;
      creature.attacks.push_back(std::move(thrown));  // `melee` is not used after this
    }
  }

  static void add_single_actions(Creature& creature, std::size_t first = 0) {
    for (std::size_t i = first; i < creature.attacks.size(); ++i) {
      if (creature.attacks[i].name.ends_with("(off-hand)")) continue;  // a bonus action only
      creature.actions.push_back(attack_action(creature.attacks[i].name, {static_cast<int>(i)}));
    }
  }

  // Attack with one light weapon, then a bonus-action attack with another;
  // the pairs are kept for the member's multiattack to check.
  void add_two_weapon_actions(Creature& creature, const std::vector<int>& main_attacks,
                              const std::vector<int>& off_hand_attacks, bool shield) {
    if (shield) return;
    for (std::size_t a = 0; a < main_attacks.size(); ++a) {
      for (std::size_t b = 0; b < off_hand_attacks.size(); ++b) {
        if (a == b || main_attacks[a] < 0 || off_hand_attacks[b] < 0) continue;
        const Attack& main = creature.attacks[static_cast<std::size_t>(main_attacks[a])];
        const Attack& off = creature.attacks[static_cast<std::size_t>(off_hand_attacks[b])];
        two_weapon_pairs_.emplace_back(main_attacks[a], off_hand_attacks[b]);
        Action action =
            attack_action(main.name + " + " + off.name, {main_attacks[a], off_hand_attacks[b]});
        if (std::find(creature.actions.begin(), creature.actions.end(), action) ==
            creature.actions.end()) {
          creature.actions.push_back(std::move(action));
        }
      }
    }
  }

  // `shield`: the member carries one, so it has no hand free for an
  // off-hand attack (add_two_weapon_actions offers none either).
  // `times`: how many times the option's attacks are made (the violet
  // fungus's 1d4), named in the action's name: "Multiattack (Rotting
  // Touch, 1d4 times)".
  void add_multiattack(Creature& creature, const NameList& names, bool shield = false,
                       const DiceExpr& times = DiceExpr::constant(1)) {
    Action action = attack_action("Multiattack", {});
    action.times = times;
    std::vector<std::string> known;
    for (const Attack& attack : creature.attacks) known.push_back(attack.name);
    std::vector<std::string> attack_pointers;  // of action.attacks (names also lists saves)
    for (std::size_t i = 0; i < names.names.size(); ++i) {
      const std::string& name = names.names[i];
      auto it = std::find_if(
          creature.attacks.begin(), creature.attacks.end(),
          [&](const Attack& attack) { return library_key(attack.name) == library_key(name); });
      auto save = std::find_if(
          creature.save_effects.begin(), creature.save_effects.end(),
          [&](const SaveEffect& effect) { return library_key(effect.name) == library_key(name); });
      if (it == creature.attacks.end() && save != creature.save_effects.end()) {
        action.saves.push_back(static_cast<int>(save - creature.save_effects.begin()));
        continue;
      }
      if (it == creature.attacks.end()) {
        context_.error(names.pointers[i], fmt::format("multiattack names unknown attack \"{}\"{}",
                                                      name, did_you_mean(name, known)));
        return;
      }
      if (shield && it->name.ends_with("(off-hand)")) {
        context_.error(
            names.pointers[i],
            fmt::format("\"{}\" needs a free hand, and this member carries a shield", it->name));
        return;
      }
      action.attacks.push_back(static_cast<int>(it - creature.attacks.begin()));
      attack_pointers.push_back(names.pointers[i]);
    }
    if (!check_off_hand_attacks(creature, action.attacks, attack_pointers)) return;
    std::string label;
    for (const std::string& name : names.names) label += (label.empty() ? "" : ", ") + name;
    if (times != DiceExpr::constant(1)) label += fmt::format(", {} times", times.to_string());
    action.name = fmt::format("Multiattack ({})", label);
    creature.actions.push_back(std::move(action));
  }

  // The SRD's heavy armor (chain mail STR 13, splint and plate STR 15)
  // slows a wearer without the Strength for it by 10 ft: the feet it loses.
  int armor_speed_loss(const MemberSpec& member, const Creature& creature) const {
    constexpr int kHeavyArmorSlow = 10;
    if (!member.armor) return 0;  // (armor makes a member an equipment one)
    const ArmorInfo* armor = library_.armor(*member.armor);
    return armor != nullptr && creature.abilities.score(Ability::Str) < armor->strength_minimum
               ? kHeavyArmorSlow
               : 0;
  }

  // Two-weapon fighting in a multiattack: an off-hand attack is the bonus
  // action's, one a turn, after an attack with another light melee weapon
  // held in one hand (the pairs add_two_weapon_actions found).
  bool check_off_hand_attacks(const Creature& creature, const std::vector<int>& attacks,
                              const std::vector<std::string>& pointers) {
    bool off_hand_seen = false;
    for (std::size_t i = 0; i < attacks.size(); ++i) {
      const Attack& off = creature.attacks[static_cast<std::size_t>(attacks[i])];
      if (!off.name.ends_with("(off-hand)")) continue;
      if (off_hand_seen) {
        context_.error(pointers[i],
                       fmt::format("a second off-hand attack (\"{}\"): two-weapon fighting "
                                   "gives one, with the bonus action",
                                   off.name));
        return false;
      }
      off_hand_seen = true;
      const auto before = attacks.begin() + static_cast<std::ptrdiff_t>(i);
      std::string mains;  // "Shortsword" or "Dagger"
      bool paired = false;
      for (const auto& [main, off_hand] : two_weapon_pairs_) {
        if (off_hand != attacks[i]) continue;
        const std::string quoted =
            fmt::format("\"{}\"", creature.attacks[static_cast<std::size_t>(main)].name);
        if (mains.find(quoted) == std::string::npos)  // a weapon carried twice pairs twice
          mains += (mains.empty() ? "" : " or ") + quoted;
        paired = paired || std::find(attacks.begin(), before, main) != before;
      }
      if (paired) continue;
      const std::string needed = mains.empty() ? "this member carries no other light melee weapon"
                                               : fmt::format("name {} before it", mains);
      context_.error(pointers[i],
                     fmt::format("\"{}\" is two-weapon fighting's bonus attack, made after an "
                                 "attack with another light melee weapon held in one hand: {}",
                                 off.name, needed));
      return false;
    }
    return true;
  }

  // Tactics "actions": keeps only the named actions, in the order named. A
  // name is an action's whole name or its name before " (": "Multiattack"
  // stands for each multiattack option, in stat block order.
  bool fix_actions(const NameList& names, Creature& creature) {
    const auto base_name = [](const std::string& name) { return name.substr(0, name.find(" (")); };
    std::vector<Action> kept;
    std::vector<std::string> known;
    for (const Action& action : creature.actions) known.push_back(action.name);
    bool ok = true;
    for (std::size_t i = 0; i < names.names.size(); ++i) {
      const std::string key = library_key(names.names[i]);
      std::vector<const Action*> matches;
      for (const Action& action : creature.actions) {
        if (library_key(action.name) == key) matches.push_back(&action);
      }
      if (matches.empty()) {
        for (const Action& action : creature.actions) {
          if (library_key(base_name(action.name)) == key) matches.push_back(&action);
        }
      }
      if (matches.empty()) {
        context_.error(names.pointers[i],
                       fmt::format("{} has no action \"{}\"{}", creature.name, names.names[i],
                                   did_you_mean(names.names[i], known)));
        ok = false;
      }
      for (const Action* action : matches) {
        if (std::find(kept.begin(), kept.end(), *action) == kept.end()) kept.push_back(*action);
      }
    }
    if (!ok) return false;
    creature.actions = std::move(kept);
    creature.fixed_actions = true;
    return true;
  }

  // The proficiency bonus of the member's saving throws: its own, its
  // level's, or its stat block's (2 for an inline one without a level).
  int proficiency_bonus(const MemberSpec& member) const {
    if (member.proficiency_bonus) return *member.proficiency_bonus;
    if (member.level) return proficiency_bonus_for_level(*member.level);
    if (member.monster) return library_.monster(*member.monster)->proficiency_bonus;
    return 2;
  }

  bool check_proficiencies(const MemberSpec& member) {
    if (!member.proficiency) return true;
    bool ok = true;
    for (std::size_t i = 0; i < member.proficiency->names.size(); ++i) {
      const std::string& entry = member.proficiency->names[i];
      const std::string key = library_key(entry);
      if (key == "simple" || key == "martial" || library_.weapon(key) != nullptr) continue;
      std::vector<std::string> choices = library_.weapon_names();
      choices.insert(choices.begin(), {"simple", "martial"});
      context_.error(member.proficiency->pointers[i],
                     fmt::format("unknown proficiency \"{}\": expected \"simple\", \"martial\" "
                                 "or a weapon name{}",
                                 entry, did_you_mean(key, choices)));
      ok = false;
    }
    return ok;
  }

  // Without a "proficiency" list a creature is proficient with what it carries.
  bool is_proficient(const MemberSpec& member, const WeaponInfo& weapon) const {
    if (!member.proficiency) return true;
    for (const std::string& entry : member.proficiency->names) {
      const std::string key = library_key(entry);
      if (key == "martial" || (key == "simple" && !weapon.martial) ||
          key == library_key(weapon.name)) {
        return true;
      }
    }
    return false;
  }

  void check_names(const MemberSpec& member) {
    if (member.monster && library_.monster(*member.monster) == nullptr) {
      report_unknown(member.pointer + "/monster", "monster", *member.monster,
                     library_.monster_names());
    }
    if (member.armor && library_key(*member.armor) != "none" &&
        library_.armor(*member.armor) == nullptr) {
      report_unknown(member.pointer + "/armor", "armor", *member.armor, library_.armor_names());
    }
    if (member.weapons) {
      for (std::size_t i = 0; i < member.weapons->names.size(); ++i) {
        if (library_.weapon(member.weapons->names[i]) == nullptr) {
          report_unknown(member.weapons->pointers[i], "weapon", member.weapons->names[i],
                         library_.weapon_names());
        }
      }
    }
    check_proficiencies(member);
  }

  void report_unknown(const std::string& pointer, const char* what, const std::string& name,
                      const std::vector<std::string>& names) {
    std::string suggestion = did_you_mean(library_key(name), names);
    if (suggestion.empty() && std::string_view(what) == "armor") {
      // Armor may be named without the word: "lether" is near "leather armor".
      suggestion = did_you_mean(library_key(name) + " armor", names);
    }
    context_.error(pointer, fmt::format("unknown {} \"{}\"{}", what, name, suggestion));
  }

  bool require_name(const MemberSpec& member) {
    if (member.name) return true;
    context_.error(member.pointer, "missing required key \"name\" (or give \"monster\")",
                   member.pointer + "/name");
    return false;
  }
  // A member built from equipment gives "hp", or its class's "hit_die":
  // the PHB's hit points, the die's most at 1st level and its fixed value
  // (half + 1) at each level after, CON's modifier added to each (at least
  // 1 a level).
  bool equipment_hit_points(const MemberSpec& member, int level, Creature& creature) {
    if (member.hp && member.hit_die) {
      context_.key_error(json_pointer_child(member.pointer, "hit_die"),
                         "give \"hp\" or \"hit_die\", not both (\"hit_die\" computes the hit "
                         "points from \"level\" and CON)");
      return false;
    }
    if (!member.hit_die)
      return require_hp(member,
                        "; or the class's \"hit_die\", \"d10\", to take them from level and CON");
    const int die = *member.hit_die;
    const int con = creature.abilities.modifier(Ability::Con);
    const int first = std::max(1, die + con);
    const int later = std::max(1, die / 2 + 1 + con);
    creature.hp = DiceExpr::constant(first + (level - 1) * later);
    creature.hp_source = level == 1 ? fmt::format("d{} at level 1, CON {:+d}", die, con)
                                    : fmt::format("d{} at level {}, CON {:+d}: {} + {} x {}", die,
                                                  level, con, first, level - 1, later);
    return true;
  }

  // `other_way`: how else this form may give its hit points.
  bool require_hp(const MemberSpec& member, std::string_view other_way = "") {
    if (member.hp) return true;
    context_.error(
        member.pointer,
        fmt::format("missing required key \"hp\" (a number, or dice such as \"2d8+2\"{})",
                    other_way),
        member.pointer + "/hp");
    return false;
  }

  const Library& library_;
  const JsonContext& context_;
  // The member being resolved: (light melee attack, off-hand attack) pairs
  // that two-weapon fighting allows, by index into its attacks.
  std::vector<std::pair<int, int>> two_weapon_pairs_;
};

// A member's library monster, or nullptr.
const MonsterInfo* monster_of(const MemberSpec& member) {
  return member.monster ? Library::builtin().monster(*member.monster) : nullptr;
}

}  // namespace

std::shared_ptr<const arena::Roster> read_roster(
    const EncounterJson& input, std::vector<std::vector<ResolvedMember>>& members) {
  auto roster = std::make_shared<Roster>();
  Resolver resolver(Library::builtin(), input.context);
  std::optional<Battlefield> field = read_battlefield(input.context, input.object);
  std::vector<PlacedMember> placed;
  // "target": "nearest" needs positions: a battlefield.
  const std::string_view no_positions =
      field ? "" : "this encounter has no \"battlefield\" (without one, battles are gridless)";
  for (std::size_t f = 0; f < input.factions.size(); ++f) {
    const FactionJson& faction = input.factions[f];
    // (A PC at 0 HP is down: "downed": "finish" is played.)
    const Tactics tactics = read_faction_tactics(input.context, faction, no_positions, "");
    roster->faction_tactics.push_back(tactics);
    for (const MemberJson& json : faction.members) {
      const MemberSpec spec = read_member(input.context, *json.value, json.pointer);
      auto creature = resolver.resolve_member(spec, tactics);
      if (!field) report_field_keys_without_field(input.context, spec);
      if (spec.tactics.target == TargetPolicy::Nearest && !no_positions.empty()) {
        report_nearest_without_positions(
            input.context, json_pointer_child(spec.pointer + "/tactics", "target"), no_positions);
      }
      if (!creature) continue;
      if (field) {
        check_kiting(input.context, spec, *creature);
        FieldMember member =
            field_member(spec, monster_of(spec), creature->abilities.modifier(Ability::Dex));
        if (!spec.walk) {
          member.armor_slows = resolver.armor_speed_loss(spec, *creature);
          member.walk -= member.armor_slows;
        }
        field->members.push_back(member);
        placed.push_back({spec.pointer, creature->name, static_cast<int>(f), spec.count, spec.at,
                          member.side, member.split_slots});
      }
      members[f].push_back({creature->name, spec.count, static_cast<int>(roster->members.size()),
                            field ? field->members.back().split_slots : 0});
      roster->members.push_back(std::move(*creature));
    }
  }
  if (field) {
    place_combatants(input.context, *field, placed);
    roster->battlefield = std::move(field);
  }
  return roster;
}

const Roster& roster_of(const Encounter& encounter) {
  ARENA_CHECK(encounter.rules == rulesets::kDnd5e && encounter.roster != nullptr);
  return static_cast<const Roster&>(*encounter.roster);
}

}  // namespace arena::dnd5e
