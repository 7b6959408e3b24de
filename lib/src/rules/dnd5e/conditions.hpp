// The 5e conditions that change a fight without positions, and how they are
// imposed (ConditionEffect) and tracked on a creature (ActiveCondition).
//
// Effects (SRD 5.1 appendix PH-A), as the battle rules apply them:
//   blinded     its attacks have disadvantage; attacks against it advantage
//   frightened  its attacks have disadvantage (its source is always in sight);
//               on a battlefield it moves no closer to its source (field_move.hpp)
//   grappled    speed 0: it cannot stand up from prone, nor move on a
//               battlefield (escaping the grapple is not modelled)
//   incapacitated  no actions (no turn)
//   paralyzed   incapacitated; fails Str and Dex saves; attacks against it
//               have advantage, and a melee hit is a critical
//   poisoned    its attacks have disadvantage
//   prone       its attacks have disadvantage; melee attacks against it have
//               advantage, ranged ones disadvantage; it stands up at the start
//               of its turn unless it cannot move (grappled, restrained,
//               incapacitated)
//   restrained  its attacks and Dex saves have disadvantage; attacks against
//               it advantage; speed 0
//   stunned     incapacitated; fails Str and Dex saves; attacks against it
//               have advantage
//   charmed     it does not attack its charmer (targets.hpp)
//   petrified   incapacitated; fails Str and Dex saves; attacks against it
//               have advantage; resistance to all damage
//   unconscious incapacitated and prone; fails Str and Dex saves; attacks
//               against it have advantage, and a melee hit is a critical
//   swallowed   blinded and restrained as well (condition_rules.hpp); total
//               cover: no one targets it, and it attacks only its swallower
//               (targets.hpp); digested at the start of the swallower's turns
// Plain values; thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "rules/dnd5e/abilities.hpp"

namespace arena::dnd5e {

enum class Condition : std::uint8_t {
  Blinded,
  Frightened,
  Grappled,
  Incapacitated,
  Paralyzed,
  Poisoned,
  Prone,
  Restrained,
  Stunned,
  Charmed,
  Petrified,
  Unconscious,
  Swallowed,
};
inline constexpr int kConditionCount = 13;

std::string_view name(Condition condition);
std::optional<Condition> parse_condition(std::string_view text);

// A set of conditions, as a bitmask.
class ConditionSet {
 public:
  constexpr ConditionSet() = default;
  constexpr void insert(Condition c) { bits_ |= bit(c); }
  constexpr bool contains(Condition c) const { return (bits_ & bit(c)) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr bool any_of(ConditionSet other) const { return (bits_ & other.bits_) != 0; }
  constexpr bool all_of(ConditionSet other) const { return (other.bits_ & ~bits_) == 0; }
  constexpr bool operator==(const ConditionSet&) const = default;
  friend constexpr ConditionSet operator|(ConditionSet a, ConditionSet b) {
    a.bits_ |= b.bits_;
    return a;
  }
  static constexpr ConditionSet of(std::initializer_list<Condition> conditions) {
    ConditionSet set;
    for (Condition c : conditions) set.insert(c);
    return set;
  }

 private:
  static constexpr std::uint16_t bit(Condition c) {
    return static_cast<std::uint16_t>(1u << static_cast<unsigned>(c));
  }
  std::uint16_t bits_ = 0;
};

// The conditions that take a creature's turn away.
inline constexpr ConditionSet kIncapacitating =
    ConditionSet::of({Condition::Incapacitated, Condition::Paralyzed, Condition::Stunned,
                      Condition::Petrified, Condition::Unconscious});
// Those that give its own attack rolls disadvantage.
inline constexpr ConditionSet kHamperAttacks =
    ConditionSet::of({Condition::Blinded, Condition::Frightened, Condition::Poisoned,
                      Condition::Prone, Condition::Restrained});
// Those that give attacks against it advantage (prone: melee only).
inline constexpr ConditionSet kExposed =
    ConditionSet::of({Condition::Blinded, Condition::Paralyzed, Condition::Restrained,
                      Condition::Stunned, Condition::Petrified, Condition::Unconscious});
// Those under which a hit against it from within 5 feet is a critical
// (gridless: a melee hit).
inline constexpr ConditionSet kMeleeCriticals =
    ConditionSet::of({Condition::Paralyzed, Condition::Unconscious});
// Those under which it fails Strength and Dexterity saves.
inline constexpr ConditionSet kFailsStrDexSaves = ConditionSet::of(
    {Condition::Paralyzed, Condition::Stunned, Condition::Petrified, Condition::Unconscious});
// Those that damage may end (ConditionEffect::ends_on_damage, save_on_damage).
inline constexpr ConditionSet kEndedByDamage =
    ConditionSet::of({Condition::Charmed, Condition::Unconscious});
// Those that something must follow when damage is dealt (kEndedByDamage,
// and a swallowed attacker's damage to its swallower).
inline constexpr ConditionSet kAfterDamage =
    ConditionSet::of({Condition::Charmed, Condition::Unconscious, Condition::Swallowed});
// Those under which it moves nowhere on a battlefield: speed 0 (and prone,
// crawling, which a creature that could stand up has done already).
inline constexpr ConditionSet kHeldInPlace =
    ConditionSet::of({Condition::Grappled, Condition::Restrained, Condition::Prone});
// Those that end a move under way (a reaction may impose one): it cannot
// act, or its speed is 0. Knocked prone mid-move it stops rather than
// stand up again (half its speed) and go on.
inline constexpr ConditionSet kStopsMoving = kIncapacitating | kHeldInPlace;
// Those that keep it from standing up.
inline constexpr ConditionSet kCannotStand = ConditionSet::of(
    {Condition::Grappled, Condition::Restrained, Condition::Incapacitated, Condition::Paralyzed,
     Condition::Stunned, Condition::Petrified, Condition::Unconscious});

// How an attack or a failed save imposes a condition.
struct ConditionEffect {
  Condition condition = Condition::Prone;
  int duration = 0;               // rounds, ending at the end of the target's turn; 0: no limit
  bool repeat_save = false;       // the target repeats the save at the end of each of its turns
  bool ends_with_source = false;  // lasts while its source can act (a grapple)
  bool ends_on_damage = false;    // ends when the target takes damage (a magical sleep)
  bool save_on_damage = false;    // the target repeats the save when it takes damage (a charm)
  // A failed repeated save turns it into `worsens_to`, without limit (the
  // restraint of a petrifying bite or breath becomes petrification).
  bool worsens = false;
  Condition worsens_to = Condition::Petrified;
  // Imposed only on a target the source grapples (a Swallow action's bite).
  bool needs_grapple = false;
  bool operator==(const ConditionEffect&) const = default;
};

}  // namespace arena::dnd5e
