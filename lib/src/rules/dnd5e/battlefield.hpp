// The battlefield of a 5e encounter, as the file gives it: opt-in with the
// encounter key "battlefield". Without one, battles are gridless (everyone
// reaches everyone). With one, every creature has a footprint of 5-ft
// squares (space/grid.hpp), a speed, and a way of moving; the battle plan
// (field_plan.hpp) compiles it. Plain values; thread-safe to read.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "rules/dnd5e/library.hpp"
#include "space/grid.hpp"

namespace arena::dnd5e {

// How a creature moves on its turn (member key "movement").
enum class Movement : std::uint8_t {
  Advance,  // towards its target until the target is within reach or range (default)
  Hold,     // stays where it is
  Kite,     // a ranged creature backs away while it keeps its target in normal range
};
inline constexpr std::string_view kMovementNames[] = {"advance", "hold", "kite"};

// The SRD stat block entries a battlefield plays (reactions.hpp, field_turn.hpp),
// as the library lists them: gridless battles leave them out.
inline constexpr std::string_view kParryEntry = "Reaction: Parry";
inline constexpr std::string_view kSplitEntry = "Reaction: Split";
inline constexpr std::string_view kRockCatchingEntry = "Reaction: Rock Catching";
// The attack that hurls a rock (giants, apes, the treant): Rock Catching catches it.
inline constexpr std::string_view kHurledRockAttack = "Rock";

// Creature sizes, smallest first: a size class is an index here.
inline constexpr std::string_view kSizeNames[] = {"tiny",  "small", "medium",
                                                  "large", "huge",  "gargantuan"};
inline constexpr int kMediumSize = 2;
// The size class of `size` (a name of kSizeNames); Medium for any other text.
inline int size_class(std::string_view size) {
  for (int c = 0; c < 6; ++c) {
    if (kSizeNames[c] == size) return c;
  }
  return kMediumSize;
}
inline constexpr std::string_view kNimbleEscapeTrait = "Nimble Escape";
inline constexpr std::string_view kFlybyTrait = "Flyby";

// A Battle Master's reactions (member key "maneuvers"), as bits of FieldMember::maneuvers.
inline constexpr std::string_view kManeuverNames[] = {"parry", "riposte"};
inline constexpr std::uint8_t kManeuverParry = 1;
inline constexpr std::uint8_t kManeuverRiposte = 2;

// A caster's reaction spells (member key "reactions"), as bits of
// FieldMember::reactions, cast from its 1st-level slots ("spell_slots").
inline constexpr std::string_view kReactionNames[] = {"shield"};
inline constexpr std::uint8_t kReactionShield = 1;
inline constexpr int kShieldAc = 5;  // the Shield spell's AC bonus

// What the battlefield needs of a member of the file (copies share it).
struct FieldMember {
  int walk = 30;  // feet per turn; equipment-built PCs and unlisted speeds: 30
  int fly = 0;
  int armor_slows = 0;  // feet of `walk` lost to heavy armor without its STR
  int side = 1;         // footprint side in squares, from its size
  Movement movement = Movement::Advance;
  int parry = 0;  // a stat block's Parry reaction: + this AC against one melee hit; 0: none
  bool nimble_escape = false;  // Disengage as a bonus action
  std::uint8_t maneuvers = 0;  // kManeuver* bits
  int superiority_dice = 0;    // per battle
  int superiority_die = 0;     // its sides (d8: 8)
  int dex = 0;                 // DEX modifier, added by the Battle Master's parry
  std::uint8_t reactions = 0;  // kReaction* bits
  int spell_slots = 0;         // 1st-level slots for them, per battle

  bool flyby = false;                // Flyby: no opportunity attacks when it flies (fly > 0)
  std::optional<ChargeInfo> charge;  // Charge, Trampling Charge, Pounce (field_charge.hpp)
  int size = kMediumSize;            // its size class (kSizeNames)
  // Split (reactions.hpp): the damage types that split it, the hit points it
  // needs left, its least size class that splits; and per copy the
  // combatants its halves may become (Combatant::joins_later), enough for
  // every split down to the smallest size that splits.
  DamageTypeSet split_types;  // empty: no Split
  int split_min_hp = 0;
  int split_min_size = kMediumSize;
  int split_slots = 0;
  int rock_catching_dc = 0;  // Rock Catching (reactions.hpp); 0: none
  Ability rock_catching_ability = Ability::Dex;
  int speed() const { return walk > fly ? walk : fly; }
  bool operator==(const FieldMember&) const = default;
};

struct Battlefield {
  int width = 40;  // squares
  int height = 40;
  space::Diagonals diagonals = space::Diagonals::Phb;
  int start_distance = -1;               // feet between the factions' formations; -1: none
  std::vector<FieldMember> members;      // per roster member
  std::vector<space::Footprint> starts;  // per combatant, in encounter order
  bool complete = true;                  // read without problems; else nobody is placed
  bool operator==(const Battlefield&) const = default;
};

}  // namespace arena::dnd5e
