// A plain 5e skirmish written by hand: up to four factions of creatures,
// monsters and player characters, each with one action of one or two
// attacks and hit points fixed or rolled. It shares no code with the
// engine, and is written to be read rather than to be fast:
//
//   - an oracle: tests/rules/dnd5e/skirmish_reference_test.cpp plays
//     battles with the engine and with this file, and asks for the same
//     results, battle for battle;
//   - a yardstick: tests/bench plays shipped scenarios with it
//     (hand_written/NAME), a battle written for these rules alone, with
//     the same dice drawn in the same order and the same tally, beside the
//     engine (play/NAME) and the RNG bound (rng_bound/NAME).
//
// The rules it plays, as README's "Rules (5e)" gives them:
//   - hit points rolled (if dice) in creature order, then
//     initiative d20 + modifier, higher first, then the higher modifier,
//     then the earlier creature, each run of full ties shuffled
//     (Fisher-Yates, last place first);
//   - a target among the enemies standing, in creature order: at random
//     (no die for one), the weakest (fewest HP), the strongest, the one of
//     lowest AC (then fewest HP), or its side's focus (kept until it
//     drops, then one at random); a die among the tied, or the first of
//     them with "ties": "first"; a target that drops during an action gives
//     way to a new one;
//   - a natural 1 misses, a natural 20 hits and doubles the dice; the
//     total, never below 0, is halved (rounding down) by a resistance to
//     its type, doubled by a vulnerability, zeroed by an immunity;
//   - a creature with two attacks makes both, or only the one that can
//     deal its target damage (the first when neither can): the action of
//     highest expected damage, the earlier on a tie;
//   - the battle ends when at most one faction stands, or at max_rounds
//     (a draw), or before a round in which no creature standing has an
//     attack of a type that some enemy standing is not immune to and no
//     PC is dying (a draw, a stalemate);
//   - a monster at 0 HP dies; a PC falls, unless the damage beyond 0
//     reaches its HP maximum, and then rolls a death save at the start of
//     each turn (10 or more succeeds, a natural 1 fails twice, a natural
//     20 gets it up with 1 HP and it acts; three successes stabilise it,
//     three failures kill it);
//   - after the battle, rounds go on from the turn after the one that
//     ended it until every PC down is dead or stable and out of reach of
//     a finisher: the down roll their saves; a standing member of the
//     winning side stabilises a dying ally, the first in creature order,
//     one a turn; a creature that finishes the downed ("downed": "finish"),
//     with no enemy standing, attacks one it can hurt, drawn among them,
//     with advantage, each hit a critical and two failed death saves (its
//     life when the damage reaches its HP maximum).
// Checks (initiative, attack rolls, death saves) come from the dice's
// check stream, everything else from its roll stream.
#pragma once

#include <algorithm>
#include <array>
#include <span>
#include <utility>

#include "arena/tally.hpp"

namespace arena::reference {

// The damage types the skirmish knows, and how a creature takes each.
enum class SkirmishType { Slashing, Piercing, Fire };
inline constexpr int kSkirmishTypes = 3;
enum class Takes { Full, Half, None, Double };  // none: immune; double: vulnerable

struct SkirmishAttack {
  int to_hit = 0;
  int damage_count = 1;  // damage: COUNTdSIDES + BONUS
  int damage_sides = 6;
  int damage_bonus = 0;
  SkirmishType type = SkirmishType::Slashing;
};

// Whom a creature attacks (README: "target" in the tactics).
enum class Aim { Random, Weakest, Strongest, LowestAc, Focus };

struct Skirmisher {
  int faction = 0;  // 0 to kMaxSides - 1
  int hp = 1;       // hit points, plus HP_COUNTdHP_SIDES rolled anew each battle
  int hp_count = 0;
  int hp_sides = 0;
  int ac = 10;
  int initiative = 0;  // the modifier
  bool pc = false;
  Aim aim = Aim::Random;
  bool ties_first = false;  // "ties": "first" (else a die among the tied)
  bool finishes = false;    // "downed": "finish"
  std::array<SkirmishAttack, 2> attacks{};
  int attack_count = 1;                          // of `attacks`, in one action
  std::array<Takes, kSkirmishTypes> takes = {};  // per SkirmishType
};

// SRD 5.1 stat blocks, as printed: average hit points, and the attack of
// highest expected damage (the engine's choice): a guard's spear, a
// goblin's scimitar, an orc's greataxe, an ogre's greatclub.
constexpr Skirmisher guard(int faction) {
  return {.faction = faction, .hp = 11, .ac = 16, .initiative = 1, .attacks = {{{3, 1, 6, 1}}}};
}
constexpr Skirmisher goblin(int faction) {
  return {.faction = faction, .hp = 7, .ac = 15, .initiative = 2, .attacks = {{{4, 1, 6, 2}}}};
}
constexpr Skirmisher orc(int faction) {
  return {.faction = faction, .hp = 15, .ac = 13, .initiative = 1, .attacks = {{{5, 1, 12, 3}}}};
}
constexpr Skirmisher ogre(int faction) {
  return {.faction = faction, .hp = 59, .ac = 11, .initiative = -1, .attacks = {{{6, 2, 8, 4}}}};
}

// The sides of scenarios/goblin-ambush.json, as its file builds them
// (README: the PCs' weapons by the table, a Goblin Boss by hand), each with
// its best action against goblins and their boss: the Rogue's shortsword
// and off-hand shortsword, the Wizard's light crossbow (+4, 1d8+2: a
// little more than Fire Bolt's +5, 1d10 against AC 15 and 17), the Boss's
// two scimitars. The Heroes (hero(): PCs of faction 0) and the Boss take
// the weakest.
constexpr Skirmisher hero(int hp, int ac, int initiative, std::array<SkirmishAttack, 2> attacks,
                          int attack_count = 1) {
  return {.faction = 0,
          .hp = hp,
          .ac = ac,
          .initiative = initiative,
          .pc = true,
          .aim = Aim::Weakest,
          .attacks = attacks,
          .attack_count = attack_count};
}
inline constexpr std::array<Skirmisher, 11> kGoblinAmbush = {
    hero(28, 18, 1, {{{5, 1, 8, 3}}}),                   // Fighter: longsword
    hero(21, 14, 3, {{{5, 1, 6, 3}, {5, 1, 6, 0}}}, 2),  // Rogue
    hero(24, 16, 0, {{{4, 1, 6, 2}}}),                   // Cleric: mace
    hero(17, 12, 2, {{{4, 1, 8, 2}}}),                   // Wizard
    goblin(1),
    goblin(1),
    goblin(1),
    goblin(1),
    goblin(1),
    goblin(1),
    {.faction = 1,
     .hp = 21,
     .ac = 17,
     .initiative = 2,
     .aim = Aim::Weakest,
     .attacks = {{{4, 1, 6, 2}, {4, 1, 6, 2}}},
     .attack_count = 2},  // Goblin Boss
};

inline constexpr int kMaxSkirmishers = 16;
inline constexpr int kMaxSides = 4;

struct SkirmishOutcome {
  int winner = -1;  // -1: a draw (max_rounds, or a stalemate)
  int rounds = 0;
  bool stalemate = false;
  std::array<CombatantResult, kMaxSkirmishers> results{};
};

namespace detail {

struct Fighter {
  int hp = 0;
  int max_hp = 0;
  bool dead = false;
  bool stable = false;
  int successes = 0;
  int failures = 0;
  int dropped_by = -1;
};

template <class Dice>
class Skirmish {
 public:
  Skirmish(std::span<const Skirmisher> who, Dice& dice)
      : who_(who), n_(static_cast<int>(who.size())), dice_(dice) {
    for (int c = 0; c < n_; ++c) {
      sides_ = std::max(sides_, who_[c].faction + 1);
      ++standing_[who_[c].faction];
    }
    for (int side = 0; side < sides_; ++side) {
      for (int c = 0; c < n_; ++c) {
        if (who_[c].faction != side) enemies_[side][enemy_count_[side]++] = c;
      }
    }
  }

  SkirmishOutcome play(int max_rounds) {
    for (int c = 0; c < n_; ++c) {
      int hp = who_[c].hp;
      for (int die = 0; die < who_[c].hp_count; ++die) hp += dice_.roll(who_[c].hp_sides);
      fighters_[c].hp = fighters_[c].max_hp = hp;
    }
    roll_initiative();
    int ended_on = -1;
    while (sides_standing() > 1) {
      out_.stalemate = stalled();  // at max_rounds too
      if (out_.stalemate || out_.rounds == max_rounds) break;
      ++out_.rounds;
      for (int p = 0; p < n_; ++p) {
        turn(order_[p]);
        if (sides_standing() <= 1) {
          ended_on = p;
          break;
        }
      }
    }
    if (sides_standing() <= 1) {
      for (int side = 0; side < sides_; ++side) {
        if (standing_[side] > 0) out_.winner = side;
      }
    }
    aftermath(ended_on);
    for (int c = 0; c < n_; ++c) {
      const Fighter& f = fighters_[c];
      out_.results[c].fate = f.dead ? Fate::Dead : f.hp == 0 ? Fate::Down : Fate::Standing;
      if (f.dead && f.dropped_by >= 0) ++out_.results[f.dropped_by].kills;
    }
    return out_;
  }

 private:
  bool down(int c) const { return fighters_[c].hp == 0 && !fighters_[c].dead; }
  static void stabilise(Fighter& pc) {
    pc.stable = true;
    pc.successes = pc.failures = 0;
  }
  int sides_standing() const {
    return static_cast<int>(std::count_if(standing_.begin(), standing_.begin() + sides_,
                                          [](int members) { return members > 0; }));
  }

  // Higher first: total, modifier, then the earlier creature; ties of
  // total and modifier share score / 32.
  void roll_initiative() {
    std::array<int, kMaxSkirmishers> score{};
    for (int c = 0; c < n_; ++c) {
      const int total = dice_.check(20) + who_[c].initiative;
      score[c] = ((total + 64) * 128 + who_[c].initiative + 64) * 32 + (31 - c);
      order_[c] = c;
    }
    std::sort(order_.begin(), order_.begin() + n_,
              [&](int a, int b) { return score[a] > score[b]; });
    for (int start = 0, place = 1; place <= n_; ++place) {
      if (place < n_ && score[order_[place]] / 32 == score[order_[start]] / 32) continue;
      for (int i = place - 1; i > start; --i)
        std::swap(order_[i], order_[start + dice_.roll(i - start + 1) - 1]);
      start = place;
    }
  }

  int choose_target(int self) {
    const Skirmisher& me = who_[self];
    const auto& list = enemies_[me.faction];
    const int count = enemy_count_[me.faction];
    if (count == 0) return -1;
    const auto at_random = [&] { return count == 1 ? list[0] : list[dice_.roll(count) - 1]; };
    switch (me.aim) {
      case Aim::Random:
        return at_random();
      case Aim::Focus: {
        int& focus = focus_[me.faction];
        if (focus < 0 || fighters_[focus].hp == 0) focus = me.ties_first ? list[0] : at_random();
        return focus;
      }
      case Aim::Weakest:
        return lowest(self, [&](int c) { return fighters_[c].hp; });
      case Aim::Strongest:
        return lowest(self, [&](int c) { return -fighters_[c].hp; });
      case Aim::LowestAc:
        return lowest(self, [&](int c) { return who_[c].ac * 100000 + fighters_[c].hp; });
    }
    return -1;  // not reached
  }

  // The enemy standing of lowest `key`: among the tied, the first or a die.
  template <class Key>
  int lowest(int self, Key key) {
    const auto& list = enemies_[who_[self].faction];
    const int count = enemy_count_[who_[self].faction];
    int least = key(list[0]), tied = 0;
    for (int i = 0; i < count; ++i) least = std::min(least, key(list[i]));
    for (int i = 0; i < count; ++i) tied += key(list[i]) == least;
    int pick = tied > 1 && !who_[self].ties_first ? dice_.roll(tied) : 1;
    for (int i = 0; i < count; ++i) {
      if (key(list[i]) == least && --pick == 0) return list[i];
    }
    return -1;  // not reached
  }

  // A death save; returns whether the PC got up (and acts).
  bool death_save(int self) {
    Fighter& me = fighters_[self];
    const int d20 = dice_.check(20);
    if (d20 == 20) {
      me.hp = 1;
      me.successes = me.failures = 0;
      stands(self);
      return true;
    }
    me.successes += d20 >= 10;
    me.failures += d20 < 10 ? (d20 == 1 ? 2 : 1) : 0;
    me.dead = me.failures >= 3;
    if (!me.dead && me.successes >= 3) stabilise(me);
    return false;
  }

  void turn(int self) {
    Fighter& me = fighters_[self];
    if (me.dead) return;
    if (me.hp == 0 && (me.stable || !death_save(self))) return;
    int target = choose_target(self);
    if (target < 0) return;
    const auto [first, last] = action_against(self, target);
    for (int a = first; a < last; ++a) {
      if (fighters_[target].hp == 0) target = choose_target(self);
      if (target < 0) return;
      attack(self, target, who_[self].attacks[a]);
    }
  }

  // What `amount` of damage of `type` takes off `target` (never below 0).
  int dealt(int amount, SkirmishType type, int target) const {
    switch (who_[target].takes[static_cast<int>(type)]) {
      case Takes::None:
        return 0;
      case Takes::Half:
        return std::max(amount, 0) / 2;
      case Takes::Double:
        return std::max(amount, 0) * 2;
      case Takes::Full:
        break;
    }
    return std::max(amount, 0);
  }
  // Whether `with` can deal `target` damage: on a critical at its most.
  bool can_damage(const SkirmishAttack& with, int target) const {
    return dealt(with.damage_bonus + 2 * with.damage_count * with.damage_sides, with.type, target) >
           0;
  }
  // Whether some attack of `self` is of a type `target` is not immune to.
  bool harms(int self, int target) const {
    for (int a = 0; a < who_[self].attack_count; ++a) {
      if (who_[target].takes[static_cast<int>(who_[self].attacks[a].type)] != Takes::None)
        return true;
    }
    return false;
  }
  // No blow can change a hit point, and no PC is dying (it may get up).
  bool stalled() const {
    for (int c = 0; c < n_; ++c) {
      if (down(c) && !fighters_[c].stable) return false;
    }
    for (int a = 0; a < n_; ++a) {
      for (int b = 0; b < n_; ++b) {
        if (fighters_[a].hp > 0 && fighters_[b].hp > 0 && who_[a].faction != who_[b].faction &&
            harms(a, b))
          return false;
      }
    }
    return true;
  }

  // The attacks [first, last) of the action `self` takes against `target`.
  std::pair<int, int> action_against(int self, int target) const {
    if (who_[self].attack_count == 1) return {0, 1};
    const bool first = can_damage(who_[self].attacks[0], target);
    const bool second = can_damage(who_[self].attacks[1], target);
    if (first && second) return {0, 2};
    return second && !first ? std::pair{1, 2} : std::pair{0, 1};
  }

  // Whether a natural `d20` with `with` hits `target`.
  bool hits(int d20, const SkirmishAttack& with, int target) const {
    return d20 != 1 && (d20 == 20 || d20 + with.to_hit >= who_[target].ac);
  }
  // The damage `with` rolls, its dice twice on a critical.
  int roll_damage(const SkirmishAttack& with, bool critical) {
    int rolled = with.damage_bonus;
    for (int die = 0; die < with.damage_count * (critical ? 2 : 1); ++die)
      rolled += dice_.roll(with.damage_sides);
    return rolled;
  }

  void attack(int self, int target, const SkirmishAttack& with) {
    const int d20 = dice_.check(20);
    if (!hits(d20, with, target)) return;
    const int damage = dealt(roll_damage(with, d20 == 20), with.type, target);
    Fighter& them = fighters_[target];
    const int lost = std::clamp(damage, 0, them.hp);
    them.hp -= lost;
    out_.results[self].damage_dealt += lost;
    out_.results[target].damage_taken += lost;
    if (them.hp > 0 || lost == 0) return;
    ++out_.results[self].knockouts;
    them.dropped_by = self;
    them.dead = !who_[target].pc || damage - lost >= them.max_hp;
    them.successes = them.failures = 0;
    them.stable = false;
    falls(target);
  }

  // Out of the other sides' lists of foes (the standing after it move
  // up), and back in.
  void falls(int c) {
    --standing_[who_[c].faction];
    for (int side = 0; side < sides_; ++side) {
      if (side == who_[c].faction) continue;
      auto& foes = enemies_[side];
      int& count = enemy_count_[side];
      const auto at = std::find(foes.begin(), foes.begin() + count, c);
      std::copy(at + 1, foes.begin() + count, at);
      --count;
    }
  }
  void stands(int c) {
    ++standing_[who_[c].faction];
    for (int side = 0; side < sides_; ++side) {
      if (side == who_[c].faction) continue;
      auto& foes = enemies_[side];
      int& count = enemy_count_[side];
      const auto at =
          std::find_if(foes.begin(), foes.begin() + count, [&](int f) { return f > c; });
      std::copy_backward(at, foes.begin() + count, foes.begin() + count + 1);
      *at = c;
      ++count;
    }
  }

  bool fate_open() const {
    for (int c = 0; c < n_; ++c) {
      if (down(c) && !fighters_[c].stable) return true;
      for (int finisher = 0; finisher < n_; ++finisher) {
        if (can_finish(finisher, c)) return true;
      }
    }
    return false;
  }

  bool can_finish(int self, int victim) const {
    return who_[self].finishes && fighters_[self].hp > 0 &&
           who_[self].faction != who_[victim].faction && enemy_count_[who_[self].faction] == 0 &&
           harms(self, victim) && down(victim);
  }

  void aftermath(int ended_on) {
    for (int round = 0; round < 1000 && fate_open(); ++round) {
      for (int i = 1; i <= n_; ++i) aftermath_turn(order_[(ended_on + i) % n_]);
    }
  }

  void aftermath_turn(int self) {
    Fighter& me = fighters_[self];
    if (me.dead) return;
    if (down(self)) {
      if (!me.stable) death_save(self);
      return;
    }
    if (who_[self].faction == out_.winner) {  // a dying ally first
      for (int ally = 0; ally < n_; ++ally) {
        if (who_[ally].faction == out_.winner && down(ally) && !fighters_[ally].stable) {
          stabilise(fighters_[ally]);
          return;
        }
      }
    }
    std::array<int, kMaxSkirmishers> victims{};
    int count = 0;
    for (int c = 0; c < n_; ++c) {
      if (can_finish(self, c)) victims[count++] = c;
    }
    if (count == 0) return;
    const int victim = victims[count == 1 ? 0 : dice_.roll(count) - 1];
    const auto [first, last] = action_against(self, victim);
    for (int a = first; a < last && !fighters_[victim].dead; ++a)
      finish(victim, who_[self].attacks[a]);
  }

  // An attack on a PC down: with advantage, and a hit is a critical (it is
  // within 5 feet). The kill stays with whoever dropped it.
  void finish(int victim, const SkirmishAttack& with) {
    const int first = dice_.check(20);
    const int d20 = std::max(first, dice_.check(20));
    if (!hits(d20, with, victim)) return;
    const int damage = dealt(roll_damage(with, true), with.type, victim);
    if (damage <= 0) return;
    Fighter& them = fighters_[victim];
    them.stable = false;
    them.failures += 2;
    them.dead = damage >= them.max_hp || them.failures >= 3;
  }

  std::span<const Skirmisher> who_;
  int n_;
  Dice& dice_;
  SkirmishOutcome out_;
  std::array<Fighter, kMaxSkirmishers> fighters_{};
  std::array<int, kMaxSkirmishers> order_{};
  int sides_ = 0;
  std::array<std::array<int, kMaxSkirmishers>, kMaxSides> enemies_{};  // each side's foes standing
  std::array<int, kMaxSides> enemy_count_{}, standing_{};
  std::array<int, kMaxSides> focus_{-1, -1, -1, -1};  // each side's focus target
};

}  // namespace detail

template <class Dice>
SkirmishOutcome play_skirmish(std::span<const Skirmisher> who, int max_rounds, Dice& dice) {
  return detail::Skirmish<Dice>(who, dice).play(max_rounds);
}

}  // namespace arena::reference
