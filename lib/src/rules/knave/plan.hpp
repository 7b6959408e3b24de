// A knave encounter compiled for battles (BattlePlan: flat arrays of
// creatures, their attacks, armor pieces and saving-throw abilities, built
// once per run and shared read-only by all workers) and the state of one
// battle (BattleState: one per worker, reset for every battle without
// allocating). Plain values.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "rules/common/faction_lists.hpp"
#include "rules/common/flat_dice.hpp"
#include "rules/common/stalemate.hpp"
#include "rules/common/standing.hpp"
#include "rules/knave/roster.hpp"

namespace arena::knave {

struct PlanAttack {
  FlatDice damage;
  int max_damage = 0;
  int critical_die = 0;  // the sides of one die of its damage (an "extra_die" critical); 0: none
  Ability ability = Ability::Str;
  int quality = 0;  // starting quality; 0: never wears
};

struct PlanArmor {
  int bonus = 0;
  int quality = 1;
  bool body = false;
};

struct PlanSave {
  Ability save = Ability::Con;
  bool has_damage = false;
  FlatDice damage;
  bool half = false;
  int condition = -1;  // a Condition, or -1
  FlatDice rounds;
  int uses = 1;
};

// What a battle reads of a creature.
struct PlanCreature {
  int faction = 0;
  bool character = false;  // one attack a turn with its current weapon; the death table
  std::array<int, kAbilities> abilities{};
  int armor = 1;       // the armor bonus without pieces
  int full_armor = 1;  // with every piece whole
  Slice armor_pieces, attacks, saves;
  FlatDice hp;
  int morale = 0;
  bool advantage = false, disadvantage = false;
  Tactics tactics;
};

// A knave encounter compiled for battles; built once per run and shared
// read-only by all workers.
struct BattlePlan {
  std::vector<PlanCreature> creatures;  // indexed like Encounter::combatants
  std::vector<PlanAttack> attacks;
  std::vector<PlanArmor> armor;
  std::vector<PlanSave> saves;
  FactionLists sides;      // each faction's members (morale)
  StandingStart standing;  // factions, their sizes and enemy lists
  HarmTable harms;         // who can ever change whose hit points (stalemates)
  std::vector<DiceTerm> terms;
  Critical critical = Critical::Quality;
  Survivors survivors = Survivors::FightOn;
  std::vector<int> turns;  // listed order: every creature, in turn (turn_order.hpp)
  TurnOrder order = TurnOrder::Initiative;
  int max_rounds = 0;

  explicit BattlePlan(const Encounter& encounter);

  int creature_count() const { return static_cast<int>(creatures.size()); }
  int faction_count() const { return sides.count(); }
};

enum class Status : std::uint8_t { Fighting, Dead, Down, Fled };

struct CreatureState {
  int hp = 0;
  int max_hp = 0;
  Status status = Status::Fighting;
  int weapon = 0;  // characters: their first weapon not broken (of their slice)
  // Whom its last attack struck in melee, -1: none (or it shot). The two
  // are in melee (in_melee(), battle.hpp) while both fight.
  int melee_target = -1;
  int armor_bonus = 1;                        // now, with worn-out pieces left out
  std::array<int, kConditions> conditions{};  // rounds left of each
  std::array<int, kAbilities> abilities{};    // now, less what the death table took
  int ability_lost = 0;                       // points the death table took, in all
  // This battle's figures, for the tally.
  int damage_dealt = 0;  // hit points removed from enemies (overkill not counted)
  int damage_taken = 0;
  int kills = 0;      // enemies it took to 0 HP who died of it
  int knockouts = 0;  // enemies it took to 0 HP
};

// The morale triggers a faction has rolled for (BattleState::morale_rolled).
enum MoraleTrigger : std::uint8_t { kFirstLoss = 1, kHalfLost = 2, kLoneAtHalf = 4 };

struct BattleState {
  std::vector<CreatureState> creatures;
  std::vector<int> attack_quality;          // per plan attack
  std::vector<int> armor_quality;           // per plan armor piece
  std::vector<int> uses;                    // per plan save ability
  std::vector<int> fallen;                  // per faction: creatures dead or down for good
  std::vector<std::uint8_t> morale_rolled;  // per faction: the Morale triggers rolled
  std::vector<int> focus;                   // per faction: the focus target, -1 when none
  std::vector<int> side_order;              // this round's factions, in initiative order
  std::vector<int> side_rolls;              // this round's d6 per faction
  Standing standing;                        // who is in the fight, per faction and as targets
  bool last_out_fled = false;               // the last faction to leave the fight left by flight
  HarmTable harms;  // who can still hurt whom, once a way to hurt ran out (harms_changed)
  bool harms_changed = false;  // else the plan's table holds
  int round = 0;

  // Sizes the vectors for the plan (allocating only the first time) and
  // clears them: everyone in the fight, equipment whole, HP still to roll.
  void reset(const BattlePlan& plan);
};

// Whether plan attack `a` can be made: the fists and natural attacks never
// wear, a weapon until it breaks.
inline bool usable(const BattlePlan& plan, const BattleState& state, std::size_t a) {
  return plan.attacks[a].quality == 0 || state.attack_quality[a] > 0;
}

// Whether `a` can change enemy `b`'s hit points, from the start of a battle
// (`state` null) or still in `state` (with its abilities now): by a
// saving-throw ability that deals damage and has a use left (a d20 of 1
// may fail any save a battle sees), or by an attack whose natural 20 beats
// b's defense once every piece of its armor has worn out (armor only wears
// down, abilities only drop), among a character's weapons not broken and
// its fists.
bool can_harm(const BattlePlan& plan, const BattleState* state, int a, int b);

// The armor bonus of `c` with its pieces' quality in `quality`.
int armor_bonus(const BattlePlan& plan, int c, std::span<const int> quality);

}  // namespace arena::knave
