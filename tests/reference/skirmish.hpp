// A plain 5e skirmish written by hand: two factions of monsters, each with
// one attack and fixed hit points, each turn an attack on a random enemy
// standing. It is small on purpose, and knows nothing of the engine:
//
//   - an oracle: tests/rules/dnd5e/skirmish_reference_test.cpp plays the
//     battles of scenarios/guards-vs-goblins.json with the engine and with
//     this file, and asks for the same results, battle for battle;
//   - the speed of light: tests/bench plays the same battles with it
//     (hand_written/NAME), as few instructions as such a battle needs with
//     the same dice drawn in the same order, beside the engine (play/NAME)
//     and the RNG bound (rng_bound/NAME).
//
// The rules it plays, as the engine does (README, "5e rules"): initiative
// d20 + modifier, higher first, then the higher modifier, then the earlier
// creature, and each run of full ties shuffled (Fisher-Yates, last place
// first); a target drawn among the enemies standing, in creature order (no
// die for one); a natural 1 misses, a natural 20 hits and doubles the dice;
// a monster at 0 HP dies. Checks (initiative, attack rolls) come from the
// dice's check stream, everything else from its roll stream.
#pragma once

#include <algorithm>
#include <array>
#include <span>
#include <utility>

#include "arena/tally.hpp"

namespace arena::reference {

struct SkirmishMonster {
  int faction = 0;  // 0 or 1
  int hp = 1;
  int ac = 10;
  int initiative = 0;  // the modifier
  int to_hit = 0;
  int damage_count = 1;  // damage: COUNTdSIDES + BONUS
  int damage_sides = 6;
  int damage_bonus = 0;
};

// SRD 5.1 stat blocks, as printed: average hit points, and the attack of
// highest average damage (the engine's choice when the to-hit is the
// same): a guard's spear, a goblin's scimitar, an orc's greataxe and an
// ogre's greatclub. In the order of SkirmishMonster's fields.
constexpr SkirmishMonster guard(int faction) {
  return {faction, 11, 16, 1, 3, 1, 6, 1};
}
constexpr SkirmishMonster goblin(int faction) {
  return {faction, 7, 15, 2, 4, 1, 6, 2};
}
constexpr SkirmishMonster orc(int faction) {
  return {faction, 15, 13, 1, 5, 1, 12, 3};
}
constexpr SkirmishMonster ogre(int faction) {
  return {faction, 59, 11, -1, 6, 2, 8, 4};
}

inline constexpr int kMaxSkirmishers = 16;

struct SkirmishOutcome {
  int winner = -1;  // -1: a draw (max_rounds)
  int rounds = 0;
  std::array<CombatantResult, kMaxSkirmishers> results{};
};

template <class Dice>
SkirmishOutcome play_skirmish(std::span<const SkirmishMonster> monsters, int max_rounds,
                              Dice& dice) {
  const int n = static_cast<int>(monsters.size());
  SkirmishOutcome out;
  std::array<int, kMaxSkirmishers> hp{}, order{}, score{};
  for (int c = 0; c < n; ++c) hp[c] = monsters[c].hp;

  // Initiative: a score per creature that orders like (total, modifier,
  // earlier creature); ties of total and modifier share score / 32.
  for (int c = 0; c < n; ++c) {
    const int total = dice.check(20) + monsters[c].initiative;
    score[c] = ((total + 64) * 128 + monsters[c].initiative + 64) * 32 + (31 - c);
  }
  for (int c = 0; c < n; ++c) order[c] = c;
  std::sort(order.begin(), order.begin() + n, [&](int a, int b) { return score[a] > score[b]; });
  for (int start = 0, place = 1; place <= n; ++place) {
    if (place < n && score[order[place]] / 32 == score[order[start]] / 32) continue;
    for (int i = place - 1; i > start; --i)
      std::swap(order[i], order[start + dice.roll(i - start + 1) - 1]);
    start = place;
  }

  // Each faction's enemies standing, in creature order.
  std::array<std::array<int, kMaxSkirmishers>, 2> enemies{};
  std::array<int, 2> enemy_count{}, standing{};
  for (int c = 0; c < n; ++c) {
    const int f = monsters[c].faction;
    ++standing[f];
    enemies[1 - f][enemy_count[1 - f]++] = c;
  }

  while (standing[0] > 0 && standing[1] > 0) {
    if (out.rounds == max_rounds) return out;  // a draw
    ++out.rounds;
    for (int p = 0; p < n && standing[0] > 0 && standing[1] > 0; ++p) {
      const int self = order[p];
      if (hp[self] == 0) continue;
      const SkirmishMonster& me = monsters[self];
      const auto& list = enemies[me.faction];
      const int count = enemy_count[me.faction];
      const int target = list[count > 1 ? dice.roll(count) - 1 : 0];
      const int d20 = dice.check(20);
      if (d20 == 1 || (d20 < 20 && d20 + me.to_hit < monsters[target].ac)) continue;
      int damage = me.damage_bonus;
      for (int die = 0; die < me.damage_count * (d20 == 20 ? 2 : 1); ++die)
        damage += dice.roll(me.damage_sides);
      const int lost = std::clamp(damage, 0, hp[target]);
      hp[target] -= lost;
      out.results[self].damage_dealt += lost;
      out.results[target].damage_taken += lost;
      if (hp[target] > 0 || lost == 0) continue;
      // It dies: out of its foes' list, the standing after it move up.
      ++out.results[self].kills;
      ++out.results[self].knockouts;
      out.results[target].fate = Fate::Dead;
      --standing[monsters[target].faction];
      auto& foes = enemies[1 - monsters[target].faction];
      int& foe_count = enemy_count[1 - monsters[target].faction];
      const auto at = std::find(foes.begin(), foes.begin() + foe_count, target);
      std::copy(at + 1, foes.begin() + foe_count, at);
      --foe_count;
    }
  }
  out.winner = standing[0] > 0 ? 0 : standing[1] > 0 ? 1 : -1;
  return out;
}

}  // namespace arena::reference
