// Library: the built-in weapons, armor and monsters (SRD 5.1, CC-BY-4.0),
// converted by scripts/convert_srd.py into lib/data/*.json and embedded in the
// binary. Names are looked up case-insensitively, with spaces, hyphens and
// underscores alike ("Goblin Boss" == "goblin-boss").
//
// Library::builtin() parses the embedded data once (thread-safe static
// initialisation) and is then immutable and safe to share.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arena/damage_type.hpp"
#include "arena/dice.hpp"
#include "arena/suggest.hpp"
#include "rules/dnd5e/abilities.hpp"
#include "rules/dnd5e/conditions.hpp"

namespace arena::dnd5e {

struct WeaponInfo {
  std::string name;
  bool martial = false;
  bool ranged = false;                       // a ranged weapon (bows, crossbows, darts, ...)
  std::vector<DamageDice> damage;            // empty for the net
  std::vector<DamageDice> versatile_damage;  // two-handed damage of a versatile weapon
  bool finesse = false, light = false, heavy = false, two_handed = false, thrown = false;
  int reach = 5;
  int range_normal = 0, range_long = 0;
};

struct ArmorInfo {
  std::string name;
  std::string category;  // light, medium, heavy, shield
  int base_ac = 10;
  bool dex_bonus = true;
  std::optional<int> max_dex_bonus;
  int strength_minimum = 0;  // heavy armor: below this STR score, 10 ft less speed
};

// An area as a stat block or spell gives it: "cone" 60 is a 60-foot cone.
struct AreaInfo {
  std::string shape;  // cone, line, sphere, cube, cylinder, emanation; empty: one target
  int size = 0;       // feet: length of a cone or line, radius, or side of a cube
};

// A saving throw an action or a hit forces (convert_srd.py: SAVE_ACTION and
// an attack's "save").
struct SaveInfo {
  std::string name;
  Ability ability = Ability::Dex;
  int dc = 10;
  std::vector<DamageDice> damage;
  bool half_on_success = false;
  std::vector<ConditionEffect> conditions;
  AreaInfo area;
  int recharge = 0;  // least d6 that recharges it; 0: none
  int per_day = 0;   // 0: no daily limit
  std::string recharge_group;
  bool legendary_only = false;
  std::string target_clause;            // "other than an elf or undead", as written; empty: none
  std::vector<std::string> excludes;    // the creature types and subtypes it spares
  bool immunity_after_success = false;  // a success (or its end) makes the target immune
  bool death_burst = false;             // forced by the creature's death, not an action
  // A reaction, not an action: forced on an enemy that starts its turn
  // within this many feet (Unnerving Mask); 0: none.
  int turn_start_reaction = 0;
  bool chosen_targets = false;  // "each creature of its choice" in its area
};

struct MonsterAttackInfo {
  std::string name;
  int to_hit = 0;
  std::vector<DamageDice> damage;
  int reach = 0;  // 0: not a melee attack
  int range_normal = 0, range_long = 0;
  bool magical = false;
  std::optional<SaveInfo> save;  // a rider that a hit forces
  std::vector<ConditionEffect> hit_conditions;
  // What a hit also does that arena does not play, as the stat block says it
  // ("takes 7 (2d6) piercing damage at the start of each of its turns",
  // "attaches to the target", "a failed DC 15 Constitution save: die"): each a
  // "not modelled" warning. And a failed save's effect that lasts beyond a
  // fight ("be cursed with werewolf lycanthropy"), which changes no battle.
  std::vector<std::string> riders_not_modelled;
  std::vector<std::string> riders_no_effect;
};

struct LegendaryOptionInfo {
  std::string name;
  int cost = 1;
  std::vector<std::string> uses;  // attacks and save actions
};

// Charge, Trampling Charge, Pounce (one rule): after moving `distance` ft
// straight toward a target and hitting it with `attack` on the same turn.
struct ChargeInfo {
  int distance = 0;
  std::string attack;
  DiceTerm extra{0, 0, 0};               // extra damage dice; count 0: none
  std::optional<DamageType> extra_type;  // none: the attack's own type
  int dc = 0;                            // the save against it; 0: none
  Ability ability = Ability::Str;
  int push = 0;              // feet pushed on a failed save
  bool prone = false;        // knocked prone on a failed save
  std::string bonus_attack;  // against a prone target, as a bonus action; empty: none
  bool operator==(const ChargeInfo&) const = default;
};

struct TraitRulesInfo {
  bool pack_tactics = false, magic_resistance = false, undead_fortitude = false,
       blood_frenzy = false, reckless = false, rampage = false;
  int regeneration = 0;
  std::vector<DamageType> regeneration_stopped_by;
  bool regeneration_revives = false;
  std::string martial_advantage, sneak_attack;  // dice, empty when none
  int relentless = 0;
  std::string swallow_damage;  // "6d6 acid"; empty when it does not swallow
  int swallow_escape_damage = 0, swallow_escape_dc = 0;
  int swallow_escape_check = 0;  // DC of the Strength check that gets one out (Engulf)
  bool swallow_blinds = true;
  bool swallow_exits_prone = false;
  int swallow_holds = 0;                        // 0: no limit
  Ability swallow_save_ability = Ability::Con;  // a save that spares the damage a turn
  int swallow_save_dc = 0;                      // 0: none
  bool swallow_after_multiattack = false;       // engulfs whom its whole multiattack hits
  std::vector<std::string>
      no_effect;               // traits (and "Reaction: X") that cannot change a gridless fight
  bool flyby = false;          // no opportunity attacks when it flies out of reach
  bool nimble_escape = false;  // Disengage as a bonus action
  std::optional<ChargeInfo> charge;  // on a battlefield only
  // The Split reaction (black pudding, ochre jelly), on a battlefield only: a
  // creature of at least `split_min_size` that takes damage of one of
  // `split_types` and keeps at least `split_min_hp` splits in two.
  std::vector<DamageType> split_types;  // empty: no Split
  int split_min_hp = 0;
  std::string split_min_size;
  // Rock Catching (stone giant), on a battlefield only: a save of this DC
  // catches a rock hurled at it that would hit; 0: none.
  int rock_catching_dc = 0;
  Ability rock_catching_ability = Ability::Dex;
};

struct SpellInfo {
  std::string name;
  int level = 0;
  int per_day = 0;              // innate spells; 0: slots or at will
  std::string attack;           // "ranged", "melee", or empty
  std::optional<Ability> save;  // a saving throw, when no attack roll
  bool half_on_success = false;
  bool auto_hit = false;
  int count = 1, count_per_slot = 0;                            // darts or rays
  std::vector<std::pair<int, std::vector<DamageDice>>> damage;  // by cast level, ascending
  AreaInfo area;
  std::vector<ConditionEffect> conditions;
  std::optional<int> dc, to_hit;  // overrides of the caster's
};

struct SpellcastingInfo {
  int dc = 0, attack = 0;
  std::array<int, 10> slots{};  // per level; [0] unused
  std::vector<SpellInfo> spells;
  std::vector<std::string> not_modelled;
};

// One option of a multiattack: the attacks it makes, each `times` (a
// number, or the violet fungus's "1d4").
struct MultiattackOption {
  std::vector<std::string> attacks;
  DiceExpr times = DiceExpr::constant(1);
};

struct MonsterInfo {
  std::string name;
  std::string size;
  std::string type;
  std::vector<std::string> subtypes;  // "goblinoid", "elf", "devil"
  double cr = 0;
  int ac = 10;
  std::string ac_source;
  int hp = 1;
  std::string hit_dice;
  AbilityScores abilities;
  int proficiency_bonus = 2;
  std::vector<MonsterAttackInfo> attacks;
  std::vector<MultiattackOption> multiattack;
  std::vector<std::string> resistances, immunities, vulnerabilities;  // as the SRD words them
  std::vector<std::string> traits;
  std::vector<std::string> not_converted;   // actions that are not plain attacks
  std::array<std::optional<int>, 6> saves;  // proficient saving throws
  std::vector<std::string> condition_immunities;
  std::vector<SaveInfo> save_actions;
  int legendary_per_round = 0;
  std::vector<LegendaryOptionInfo> legendary;
  int legendary_resistance = 0;
  TraitRulesInfo trait_rules;
  std::optional<SpellcastingInfo> spellcasting;
};

class Library {
 public:
  static const Library& builtin();

  // Parses library JSON documents (the formats scripts/convert_srd.py writes).
  // Aborts on malformed data: the embedded files are part of the program.
  Library(std::string_view weapons_json, std::string_view armor_json,
          std::string_view monsters_json);

  const WeaponInfo* weapon(std::string_view name) const;
  const ArmorInfo* armor(std::string_view name) const;
  const MonsterInfo* monster(std::string_view name) const;

  // Every name, for "did you mean" and listings.
  const std::vector<std::string>& weapon_names() const { return weapon_names_; }
  const std::vector<std::string>& armor_names() const { return armor_names_; }
  const std::vector<std::string>& monster_names() const { return monster_names_; }
  const std::vector<MonsterInfo>& monsters() const { return monsters_; }

 private:
  std::vector<WeaponInfo> weapons_;
  std::vector<ArmorInfo> armor_;
  std::vector<MonsterInfo> monsters_;
  std::vector<std::string> weapon_names_, armor_names_, monster_names_;
};

}  // namespace arena::dnd5e
