// Loading the built-in library from the embedded JSON (scripts/convert_srd.py formats).
#include "rules/dnd5e/library.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "rules/dnd5e/embedded_data.hpp"

namespace arena::dnd5e {

namespace {

using nlohmann::json;

// Library damage strings are generated and tested; a bad one is a bug.
std::vector<DamageDice> damage_of(const std::string& text) {
  auto damage = parse_damage(text);
  ARENA_CHECK(damage.has_value());
  return *damage;
}

std::vector<DamageDice> damage_or_empty(const json& value) {
  return value.is_string() ? damage_of(value.get<std::string>()) : std::vector<DamageDice>{};
}

bool has_property(const json& weapon, std::string_view property) {
  const json& properties = weapon.at("properties");
  return std::find(properties.begin(), properties.end(), property) != properties.end();
}

WeaponInfo read_weapon(const json& entry) {
  WeaponInfo weapon;
  weapon.name = entry.at("name").get<std::string>();
  weapon.martial = entry.at("category") == "martial";
  weapon.ranged = entry.at("kind") == "ranged";
  weapon.damage = damage_or_empty(entry.at("damage"));
  if (entry.contains("versatile")) weapon.versatile_damage = damage_or_empty(entry["versatile"]);
  weapon.finesse = has_property(entry, "finesse");
  weapon.light = has_property(entry, "light");
  weapon.heavy = has_property(entry, "heavy");
  weapon.two_handed = has_property(entry, "two-handed");
  weapon.thrown = has_property(entry, "thrown");
  weapon.reach = entry.value("reach", 5);
  if (entry.contains("range")) {
    weapon.range_normal = entry["range"][0].get<int>();
    weapon.range_long = entry["range"][1].get<int>();
  }
  return weapon;
}

ArmorInfo read_armor(const json& entry) {
  ArmorInfo armor;
  armor.name = entry.at("name").get<std::string>();
  armor.category = entry.at("category").get<std::string>();
  armor.base_ac = entry.at("base_ac").get<int>();
  armor.dex_bonus = entry.at("dex_bonus").get<bool>();
  if (entry.at("max_dex_bonus").is_number())
    armor.max_dex_bonus = entry["max_dex_bonus"].get<int>();
  armor.strength_minimum = entry.at("strength_minimum").get<int>();
  return armor;
}

Ability ability_of(const json& value) {
  const auto ability = parse_ability(value.get<std::string>());
  ARENA_CHECK(ability.has_value());
  return *ability;
}

// A list of COND objects (`key` of `entry`; none when absent).
std::vector<ConditionEffect> read_conditions(const json& entry, const char* key = "conditions") {
  std::vector<ConditionEffect> conditions;
  if (!entry.contains(key)) return conditions;
  for (const json& c : entry[key]) {
    const auto condition = parse_condition(c.at("name").get<std::string>());
    ARENA_CHECK(condition.has_value());
    ConditionEffect effect;
    effect.condition = *condition;
    effect.duration = c.value("duration", 0);
    effect.repeat_save = c.value("repeat_save", false);
    effect.ends_with_source = c.value("ends_with_source", false);
    effect.ends_on_damage = c.value("ends_on_damage", false);
    effect.save_on_damage = c.value("save_on_damage", false);
    effect.needs_grapple = c.value("needs_grapple", false);
    if (c.contains("worsens_to")) {
      const auto worse = parse_condition(c["worsens_to"].get<std::string>());
      ARENA_CHECK(worse.has_value());
      effect.worsens = true;
      effect.worsens_to = *worse;
    }
    conditions.push_back(effect);
  }
  return conditions;
}

AreaInfo read_area(const json& entry) {
  AreaInfo area;
  if (entry.contains("area")) {
    area.shape = entry["area"].at("shape").get<std::string>();
    area.size = entry["area"].at("size").get<int>();
  }
  return area;
}

SaveInfo read_save(const json& entry, std::string name) {
  SaveInfo save;
  save.name = std::move(name);
  save.ability = ability_of(entry.at("ability"));
  save.dc = entry.at("dc").get<int>();
  save.damage = damage_or_empty(entry.value("damage", json()));
  save.half_on_success = entry.value("half_on_success", false);
  save.conditions = read_conditions(entry);
  save.area = read_area(entry);
  save.recharge = entry.value("recharge", 0);
  save.per_day = entry.value("per_day", 0);
  save.recharge_group = entry.value("recharge_group", "");
  save.legendary_only = entry.value("legendary_only", false);
  save.target_clause = entry.value("target_clause", "");
  save.excludes = entry.value("excludes", std::vector<std::string>{});
  save.immunity_after_success = entry.value("immunity_after_success", false);
  save.death_burst = entry.value("death_burst", false);
  save.turn_start_reaction = entry.value("turn_start_reaction", 0);
  save.chosen_targets = entry.value("effect", "").find("choice") != std::string::npos;
  return save;
}

// {"distance": 10, "attack": "Gore", "extra": "2d8 piercing", "save": {...}, ...}
ChargeInfo read_charge(const json& c) {
  ChargeInfo charge;
  charge.distance = c.at("distance").get<int>();
  charge.attack = c.at("attack").get<std::string>();
  if (c.contains("extra")) {
    const std::string extra = c["extra"].get<std::string>();
    const std::size_t space = extra.find(' ');
    const auto d = extra.find('d');
    ARENA_CHECK(d != std::string::npos && d < space);
    charge.extra.count = std::stoi(extra.substr(0, d));
    charge.extra.sides = std::stoi(extra.substr(d + 1, space - d - 1));
    charge.extra.keep = charge.extra.count;
    if (space != std::string::npos) {
      charge.extra_type = parse_damage_type(extra.substr(space + 1));
      ARENA_CHECK(charge.extra_type.has_value());
    }
  }
  if (c.contains("save")) {
    charge.dc = c["save"].at("dc").get<int>();
    const auto ability = parse_ability(c["save"].at("ability").get<std::string>());
    ARENA_CHECK(ability.has_value());
    charge.ability = *ability;
  }
  charge.push = c.value("push", 0);
  charge.prone = c.value("prone", false);
  charge.bonus_attack = c.value("bonus_attack", "");
  return charge;
}

TraitRulesInfo read_trait_rules(const json& entry) {
  TraitRulesInfo rules;
  if (!entry.contains("trait_rules")) return rules;
  const json& t = entry["trait_rules"];
  rules.pack_tactics = t.value("pack_tactics", false);
  rules.magic_resistance = t.value("magic_resistance", false);
  rules.undead_fortitude = t.value("undead_fortitude", false);
  rules.blood_frenzy = t.value("blood_frenzy", false);
  rules.reckless = t.value("reckless", false);
  rules.rampage = t.value("rampage", false);
  if (t.contains("regeneration")) {
    const json& r = t["regeneration"];
    rules.regeneration = r.at("hp").get<int>();
    for (const json& type : r.value("stopped_by", json::array())) {
      const auto parsed = parse_damage_type(type.get<std::string>());
      ARENA_CHECK(parsed.has_value());
      rules.regeneration_stopped_by.push_back(*parsed);
    }
    rules.regeneration_revives = r.value("revives", false);
  }
  rules.martial_advantage = t.value("martial_advantage", "");
  rules.sneak_attack = t.value("sneak_attack", "");
  rules.relentless = t.value("relentless", 0);
  if (t.contains("swallow")) {
    const json& s = t["swallow"];
    rules.swallow_damage = s.at("damage").get<std::string>();
    rules.swallow_escape_damage = s.value("escape_damage", 0);
    rules.swallow_escape_dc = s.value("escape_dc", 0);
    rules.swallow_escape_check = s.value("escape_check", 0);
    rules.swallow_blinds = s.value("blinds", true);
    rules.swallow_exits_prone = s.value("exits_prone", false);
    rules.swallow_holds = s.value("holds", 0);
    if (s.contains("save")) {
      rules.swallow_save_ability = ability_of(s["save"].at("ability"));
      rules.swallow_save_dc = s["save"].at("dc").get<int>();
    }
    rules.swallow_after_multiattack = s.value("after_multiattack", false);
  }
  rules.no_effect = t.value("no_effect", std::vector<std::string>{});
  rules.flyby = t.value("flyby", false);
  rules.nimble_escape = t.value("nimble_escape", false);
  if (t.contains("charge")) rules.charge = read_charge(t["charge"]);
  if (t.contains("split")) {
    const json& s = t["split"];
    for (const json& type : s.at("types")) {
      const auto parsed = parse_damage_type(type.get<std::string>());
      ARENA_CHECK(parsed.has_value());
      rules.split_types.push_back(*parsed);
    }
    rules.split_min_hp = s.at("min_hp").get<int>();
    rules.split_min_size = s.at("min_size").get<std::string>();
  }
  if (t.contains("rock_catching")) {
    rules.rock_catching_dc = t["rock_catching"].at("dc").get<int>();
    rules.rock_catching_ability = ability_of(t["rock_catching"].at("ability"));
  }
  return rules;
}

SpellInfo read_spell(const json& entry) {
  SpellInfo spell;
  spell.name = entry.at("name").get<std::string>();
  spell.level = entry.at("level").get<int>();
  spell.per_day = entry.value("per_day", 0);
  spell.attack = entry.value("attack", "");
  if (entry.contains("save")) {
    spell.save = ability_of(entry["save"].at("ability"));
    spell.half_on_success = entry["save"].value("half_on_success", false);
  }
  spell.auto_hit = entry.value("auto_hit", false);
  spell.count = entry.value("count", 1);
  spell.count_per_slot = entry.value("count_per_slot", 0);
  const json damage_by_level = entry.value("damage", json::object());  // kept alive for items()
  for (const auto& [level, damage] : damage_by_level.items()) {
    spell.damage.emplace_back(std::stoi(level), damage_of(damage.get<std::string>()));
  }
  std::sort(spell.damage.begin(), spell.damage.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  spell.area = read_area(entry);
  spell.conditions = read_conditions(entry);
  if (entry.contains("dc")) spell.dc = entry["dc"].get<int>();
  if (entry.contains("to_hit")) spell.to_hit = entry["to_hit"].get<int>();
  return spell;
}

std::optional<SpellcastingInfo> read_spellcasting(const json& entry) {
  if (!entry.contains("spellcasting")) return std::nullopt;
  const json& s = entry["spellcasting"];
  SpellcastingInfo info;
  info.dc = s.value("dc", 0);
  info.attack = s.value("attack", 0);
  const json slots = s.value("slots", json::object());
  for (const auto& [level, count] : slots.items()) {
    const int l = std::stoi(level);
    ARENA_CHECK(l >= 1 && l <= 9);
    info.slots[static_cast<std::size_t>(l)] = count.get<int>();
  }
  for (const json& spell : s.at("spells")) info.spells.push_back(read_spell(spell));
  info.not_modelled = s.value("not_modelled", std::vector<std::string>{});
  return info;
}

MonsterInfo read_monster(const json& entry) {
  MonsterInfo monster;
  monster.name = entry.at("name").get<std::string>();
  monster.size = entry.at("size").get<std::string>();
  monster.type = entry.at("type").get<std::string>();
  monster.subtypes = entry.value("subtypes", std::vector<std::string>{});
  monster.cr = entry.at("cr").get<double>();
  monster.ac = entry.at("ac").get<int>();
  monster.ac_source = entry.at("ac_source").get<std::string>();
  monster.hp = entry.at("hp").get<int>();
  monster.hit_dice = entry.at("hit_dice").get<std::string>();
  for (std::size_t i = 0; i < kAbilityKeys.size(); ++i) {
    monster.abilities.scores[i] = entry.at("abilities").at(std::string(kAbilityKeys[i])).get<int>();
  }
  monster.proficiency_bonus = entry.at("proficiency_bonus").get<int>();
  for (const json& attack : entry.at("attacks")) {
    MonsterAttackInfo info;
    info.name = attack.at("name").get<std::string>();
    info.to_hit = attack.at("to_hit").get<int>();
    info.damage = damage_of(attack.at("damage").get<std::string>());
    info.reach = attack.value("reach", 0);
    if (attack.contains("range")) {
      info.range_normal = attack["range"][0].get<int>();
      info.range_long = attack["range"][1].get<int>();
    }
    info.magical = attack.value("magical", false);
    if (attack.contains("save")) info.save = read_save(attack["save"], info.name);
    info.hit_conditions = read_conditions(attack, "hit_conditions");
    info.riders_not_modelled = attack.value("riders_not_modelled", std::vector<std::string>{});
    info.riders_no_effect = attack.value("riders_no_effect", std::vector<std::string>{});
    monster.attacks.push_back(std::move(info));
  }
  if (entry.contains("multiattack")) {
    // Each option a list of attack names, or {"attacks": [...], "times": "1d4"}.
    for (const json& option : entry["multiattack"]) {
      if (option.is_array()) {
        monster.multiattack.push_back({option.get<std::vector<std::string>>()});
        continue;
      }
      // NdS, as the plan keeps it (plan.hpp's PlanAction::times_count).
      auto times = DiceExpr::parse(option.at("times").get<std::string>());
      ARENA_CHECK(times.has_value() && times->flat() == 0 && times->terms().size() == 1);
      const DiceTerm& term = times->terms().front();
      ARENA_CHECK(term.keep == term.count && !term.negative && term.count <= 255 &&
                  term.sides <= 255);
      monster.multiattack.push_back(
          {option.at("attacks").get<std::vector<std::string>>(), std::move(*times)});
    }
  }
  monster.resistances = entry.at("resistances").get<std::vector<std::string>>();
  monster.immunities = entry.at("immunities").get<std::vector<std::string>>();
  monster.vulnerabilities = entry.at("vulnerabilities").get<std::vector<std::string>>();
  monster.traits = entry.at("traits").get<std::vector<std::string>>();
  monster.not_converted = entry.at("actions_not_converted").get<std::vector<std::string>>();
  const json saves = entry.value("saves", json::object());
  for (const auto& [key, bonus] : saves.items()) {
    monster.saves[static_cast<std::size_t>(ability_of(json(key)))] = bonus.get<int>();
  }
  monster.condition_immunities = entry.at("condition_immunities").get<std::vector<std::string>>();
  for (const json& save : entry.value("save_actions", json::array())) {
    monster.save_actions.push_back(read_save(save, save.at("name").get<std::string>()));
  }
  if (entry.contains("legendary")) {
    monster.legendary_per_round = entry["legendary"].at("per_round").get<int>();
    for (const json& option : entry["legendary"].at("options")) {
      monster.legendary.push_back(
          LegendaryOptionInfo{option.at("name").get<std::string>(), option.value("cost", 1),
                              option.at("uses").get<std::vector<std::string>>()});
    }
  }
  monster.legendary_resistance = entry.value("legendary_resistance", 0);
  monster.trait_rules = read_trait_rules(entry);
  monster.spellcasting = read_spellcasting(entry);
  return monster;
}

template <class T>
const T* find_by_key(const std::vector<T>& items, std::string_view name) {
  const std::string key = library_key(name);
  for (const T& item : items) {
    if (library_key(item.name) == key) return &item;
  }
  return nullptr;
}

template <class T, class Reader>
void read_all(std::string_view text, const char* list, Reader reader, std::vector<T>& items,
              std::vector<std::string>& names) {
  const json document = json::parse(text);
  for (const json& entry : document.at(list)) {
    items.push_back(reader(entry));
    names.push_back(library_key(items.back().name));
  }
}

}  // namespace

Library::Library(std::string_view weapons_json, std::string_view armor_json,
                 std::string_view monsters_json) {
  read_all(weapons_json, "weapons", read_weapon, weapons_, weapon_names_);
  read_all(armor_json, "armor", read_armor, armor_, armor_names_);
  read_all(monsters_json, "monsters", read_monster, monsters_, monster_names_);
}

const Library& Library::builtin() {
  static const Library library(embedded_weapons_json(), embedded_armor_json(),
                               embedded_monsters_json());
  return library;
}

const WeaponInfo* Library::weapon(std::string_view name) const {
  return find_by_key(weapons_, name);
}
const ArmorInfo* Library::armor(std::string_view name) const {
  // "plate" and "half plate" are how players say "plate armor".
  if (const ArmorInfo* armor = find_by_key(armor_, name)) return armor;
  return find_by_key(armor_, std::string(name) + " armor");
}
const MonsterInfo* Library::monster(std::string_view name) const {
  return find_by_key(monsters_, name);
}

}  // namespace arena::dnd5e
