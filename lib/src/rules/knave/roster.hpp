// The Knave roster of an encounter: one creature per member of the file
// (copies share it), each faction's tactics, and the encounter's rule
// options. A creature is a character (ability bonuses, level, weapons and
// armor from the equipment tables; the death table at 0 HP) or a monster
// (hit dice that count as every ability bonus, armor, attacks as damage
// dice, saving-throw abilities). Immutable once loaded.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arena/dice.hpp"
#include "arena/encounter.hpp"
#include "rules/common/abilities.hpp"
#include "rules/common/tactics.hpp"
#include "rules/common/turn_order.hpp"
#include "rules/knave/equipment.hpp"

namespace arena::knave {

// What a failed saving throw can impose, for a number of rounds: paralysed
// (loses its turns; attacks against it have advantage), blinded (its attacks
// have disadvantage, attacks against it advantage), poisoned (its attacks
// have disadvantage).
enum class Condition : std::uint8_t { Paralysed, Blinded, Poisoned };
inline constexpr int kConditions = 3;
inline constexpr std::array<std::string_view, kConditions> kConditionNames = {
    "paralysed", "blinded", "poisoned"};

// A monster ability that forces a saving throw: d20 + the target's bonus
// in `save` must beat 15. A failure takes the damage and the condition; a
// success takes half the damage (rounded down) when `half`, else nothing.
struct SaveAbility {
  std::string name;
  Ability save = Ability::Con;
  std::optional<DiceExpr> damage;
  bool half = false;
  std::optional<Condition> condition;
  DiceExpr rounds;  // how long the condition lasts, rolled on a failure
  int uses = 1;     // per battle
};

// One way to attack: a carried weapon (it wears), the fists, or a monster's attack.
struct Attack {
  std::string name;
  DiceExpr damage;
  bool ranged = false;  // WIS instead of STR
  int quality = 0;      // starting quality; 0: natural attacks and fists never wear
};

// A worn piece of armor, in the order criticals wear them: shield, helmet, body.
struct ArmorPiece {
  std::string name;
  ArmorKind kind = ArmorKind::Body;
  int bonus = 0;
  int quality = 1;
};

struct Creature {
  std::string name;  // the member's name, before copies are numbered
  bool monster = false;
  int level = 1;  // characters
  int hd = 0;     // monsters: hit dice, and the bonus in every ability
  std::array<int, kAbilities> abilities{};
  DiceExpr hp;  // level x 8, hd d8 (rolled per battle), or the file's "hp"
  bool hp_given = false;
  int armor = 1;  // the armor bonus without equipment (+1 unarmored, or the file's number)
  std::vector<ArmorPiece> armor_pieces;
  // Characters: their weapons in order, then the fists; they strike with the
  // first unbroken one. Monsters: every attack, each turn.
  std::vector<Attack> attacks;
  int slots = 0;   // characters: the inventory slots their weapons and armor take
  int morale = 0;  // 2..12: rolls morale (monsters: 9 by default); 0: never flees
  bool advantage = false, disadvantage = false;
  std::vector<SaveAbility> save_abilities;
  Tactics tactics;

  int bonus(Ability a) const { return abilities[static_cast<std::size_t>(a)]; }
  // The seed's carrying rule: CON + 10 slots (none below CON -10).
  int slot_limit() const { return std::max(0, bonus(Ability::Con) + 10); }
  // The armor bonus with every piece whole: body armor replaces the base.
  int full_armor() const;
};

// What a natural 20 does besides wearing the target's armor down: "quality"
// (nothing more, the default), "max_damage" (the damage dice roll their
// maximum) or "extra_die" (Knave 1e's rule: a hit takes an additional die of
// the weapon's damage).
enum class Critical : std::uint8_t { Quality, MaxDamage, ExtraDie };
// Their names in files and reports, in the enum's order.
inline constexpr std::string_view kCriticalNames[] = {"quality", "max_damage", "extra_die"};

// What becomes of a character who survives the death table: "fight_on"
// (the default, as the seed has it: 1d4 HP back, not above its maximum,
// and it fights on with the ability lowered) or "down" (alive, out of the
// fight).
enum class Survivors : std::uint8_t { FightOn, Down };

struct Roster : arena::Roster {
  std::vector<Creature> members;  // indexed by Combatant::member
  std::vector<Tactics> faction_tactics;
  Critical critical = Critical::Quality;
  Survivors survivors = Survivors::FightOn;
  TurnOrderGiven order{TurnOrder::Initiative, {}};  // Knave's side initiative unless listed
};

// The roster of a knave encounter. Precondition: encounter.rules is knave.
const Roster& roster_of(const Encounter& encounter);

inline const Creature& creature_of(const Encounter& encounter, int c) {
  return roster_of(encounter)
      .members[static_cast<std::size_t>(encounter.combatants[static_cast<std::size_t>(c)].member)];
}

// "str", "paralysed", ...
inline std::string_view name(Ability a) {
  return kAbilityKeys[static_cast<std::size_t>(a)];
}
inline std::string_view name(Condition c) {
  return kConditionNames[static_cast<std::size_t>(c)];
}

}  // namespace arena::knave
