// FieldPlan: a 5e battlefield (battlefield.hpp) compiled for the battle
// loop, and FieldState, where the creatures stand in one battle.
//
// The plan is empty and `enabled` false for a gridless encounter: the
// battle loop tests it once per battle (battle.hpp) and plays a gridless
// battle without ever reading it. Per attack it keeps what decides whether
// a target can be attacked from where the attacker stands: a melee
// attack's reach, a ranged attack's normal and long range. Plain values;
// thread-safe to read.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "arena/damage_type.hpp"
#include "arena/dice.hpp"
#include "rules/dnd5e/abilities.hpp"
#include "rules/dnd5e/battlefield.hpp"
#include "space/grid.hpp"

namespace arena {
struct Encounter;
}

namespace arena::dnd5e {

struct SaveEffect;

// How a save effect's area is drawn on the battlefield (field_area.hpp).
enum class AreaShape : std::uint8_t {
  None,       // one target: the one the creature chose
  Cone,       // from the creature's edge towards a point
  Line,       // likewise, 5 ft wide
  Sphere,     // around a point (a cylinder too: the field is flat)
  Cube,       // one face against the creature's side
  Emanation,  // every creature within `size` feet of the creature
};

struct FieldArea {
  AreaShape shape = AreaShape::None;
  int size = 0;                 // feet: length, radius or side
  bool chosen_targets = false;  // spares the source's allies ("of its choice")
};

// The battlefield area of a stat block's save effect (AreaShape::None without one).
FieldArea field_area(const SaveEffect& effect);

struct FieldAttack {
  bool melee = true;
  bool hurled_rock = false;  // a "Rock" attack: Rock Catching catches it
  int reach = 5;             // feet, melee
  int normal = 0;            // feet, ranged: no disadvantage within it
  int longest = 0;           // feet, ranged: nothing beyond it
};

// Charge, Trampling Charge, Pounce (field_charge.hpp), with its attacks as
// indices among the creature's attacks.
struct FieldCharge {
  int distance = 0;         // feet moved straight toward the target first; 0: no charge
  int attack = -1;          // the attack it rides on
  DiceTerm extra{0, 0, 0};  // extra damage; count 0: none
  DamageType extra_type = DamageType::Untyped;
  int dc = 0;  // the target's save against it; 0: none
  Ability ability = Ability::Str;
  int push = 0;           // feet, on a failed save
  bool prone = false;     // on a failed save
  int bonus_attack = -1;  // against a prone target, as a bonus action; -1: none
};

struct FieldCreature {
  space::Footprint start;
  int speed = 30;
  Movement movement = Movement::Advance;
  int reach = 0;  // its longest melee reach; 0: no melee attack (no opportunity attacks)
  int parry = 0;  // Parry: + this AC against one melee attack that would hit; 0: none
  bool nimble_escape = false;  // disengages as a bonus action
  std::uint8_t maneuvers = 0;  // a Battle Master's (kManeuver* bits)
  int superiority_dice = 0;
  int superiority_die = 0;
  int dex = 0;
  bool shield = false;  // casts Shield (reactions.hpp)
  int spell_slots = 0;  // 1st-level slots for it, per battle
  bool flyby = false;   // Flyby, and it flies: leaving reach provokes nothing
  FieldCharge charge;
  int size = kMediumSize;    // its size class at the start (kSizeNames)
  bool joins_later = false;  // absent at the start (Combatant::joins_later)
  // Split (reactions.hpp): where the slots of its group start (those that
  // may join from the copy it is or came from) and how many; -1: no Split.
  int split_first = -1;
  int split_slots = 0;
  DamageTypeSet split_types;
  int split_min_hp = 0;
  int split_min_size = kMediumSize;
  int rock_catching_dc = 0;  // Rock Catching; 0: none
  Ability rock_catching_ability = Ability::Dex;

  // Whether it has a reaction that an attack can trigger (reactions.hpp):
  // Parry, Shield, a Battle Master's parry or riposte, Rock Catching.
  bool answers_attacks() const {
    return parry > 0 || shield || maneuvers != 0 || rock_catching_dc > 0;
  }
};

struct FieldPlan {
  bool enabled = false;
  int width = 0;
  int height = 0;
  space::Diagonals diagonals = space::Diagonals::Phb;
  std::vector<FieldArea> areas;          // indexed like BattlePlan::save_effects
  std::vector<FieldCreature> creatures;  // indexed like BattlePlan::creatures
  std::vector<FieldAttack> attacks;      // indexed like BattlePlan::attacks
  // Indexed like BattlePlan::actions: the farthest a target can be for the
  // action, and for it without disadvantage (field_rules.hpp's action_limit).
  std::vector<std::array<int, 2>> action_limits;
  // What needs the full rules (BattlePlan::full_rules): a charge (prone,
  // saves), Split (a half's fresh state), Rock Catching (a save).
  bool needs_full_rules = false;
  bool any_split = false;
  std::vector<int> joining;  // the creatures absent at the start (FieldCreature::joins_later)
  // Per faction: whether an enemy of it answers attacks
  // (FieldCreature::answers_attacks); when none does, its attacks are not
  // offered to the reaction chain, which nothing would answer.
  std::vector<std::uint8_t> attacks_answered;
  // Whether some creature reacts to an enemy starting its turn near it
  // (PlanTraits::turn_start_save): only then is a turn's start offered to the chain.
  bool turn_starts_answered = false;
  // For stalemates (field_stalemate.hpp), per creature, apart from
  // FieldCreature, which the turn reads: whether it never moves of its own
  // accord (speed 0, or "movement": "hold"), and the farthest (feet) an
  // enemy can stand for one of its actions, legendary ones included, or its
  // reaction to an enemy starting its turn nearby (PlanTraits::
  // turn_start_save) to reach it.
  std::vector<std::uint8_t> still;
  std::vector<int> farthest;
  // Whether some creature is still: only then can creatures stay out of
  // each other's reach for good.
  bool any_still = false;
};

// The field of `encounter` (disabled when it has no battlefield);
// `first_attack[c]` is combatant c's first attack in BattlePlan::attacks.
FieldPlan compile_field(const Encounter& encounter, const std::vector<std::uint32_t>& first_attack,
                        std::size_t attack_count);

// Where each creature stands, and whether it has used its reaction this round.
struct FieldState {
  std::vector<space::Footprint> at;           // per creature
  std::vector<std::uint8_t> reacted;          // per creature: reaction spent since its turn began
  std::vector<std::int8_t> superiority_left;  // per creature: superiority dice left this battle
  bool standing_up = false;                   // the creature taking its turn began it prone or down
  int riposte_die = 0;     // a riposte's superiority die (sides), rolled with its hit (damage.hpp)
  int riposte_rolled = 0;  // what that die (twice on a critical) added, for the replay
  std::vector<std::int8_t> slots_left;  // per creature: 1st-level slots left this battle
  std::vector<std::int8_t> ac_bonus;    // per creature: AC until its next turn (Shield)
  std::vector<std::int8_t> size;        // per creature: its size class now (Split halves it)
  // Per square (square_index): the creature last placed there, -1 for none;
  // a square is free when that creature has left it or is dead.
  std::vector<std::int16_t> occupant;
  // The charge of the creature taking its turn: the feet it moved straight
  // toward `charge_target` (field_charge.hpp); spent once it lands.
  int charger = -1;
  int charge_target = -1;
  int charge_feet = 0;
  // Per creature: scratch of the creature moving (field_move.hpp's
  // leaves_reach), the step of its move at which it next looks whether it
  // could leave this enemy's reach.
  std::vector<int> reach_due;
  // Scratch of a detour (field_move.hpp's way_around): per square, the
  // square a search reached it from and in how many steps; the squares
  // still to look at, by estimate; the way found, its last square first.
  std::vector<int> came_from;
  std::vector<int> steps_to;
  std::vector<std::vector<int>> open;
  std::vector<space::Square> way;

  // Everyone at their starts (clearing only the squares of the last battle).
  void reset(const FieldPlan& plan);
  // Moves creature `c` to `to`. Inline, with a one-square creature's move
  // first: every step of every move comes here.
  void move(const FieldPlan& plan, int c, const space::Footprint& to) {
    space::Footprint& from = at[static_cast<std::size_t>(c)];
    if (from.side != 1 || to.side != 1) return move_footprint(plan, c, to);
    std::int16_t& left = occupant[square_index(plan, from.at)];
    if (left == c) left = -1;
    from = to;
    occupant[square_index(plan, to.at)] = static_cast<std::int16_t>(c);
  }
  // The squares of `f` set to `who`.
  void mark(const FieldPlan& plan, const space::Footprint& f, int who);
  // The squares creature `c` holds set free (it stays where it is: `at`).
  void unmark(const FieldPlan& plan, int c);
  static std::size_t square_index(const FieldPlan& plan, space::Square s) {
    return static_cast<std::size_t>(s.y) * static_cast<std::size_t>(plan.width) +
           static_cast<std::size_t>(s.x);
  }
  bool operator==(const FieldState&) const = default;

 private:
  void move_footprint(const FieldPlan& plan, int c, const space::Footprint& to);
};

}  // namespace arena::dnd5e
