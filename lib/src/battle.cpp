// The non-template parts of the battle: state reset, the plan, expected damage.
#include "arena/battle.hpp"

namespace arena {

void BattleState::reset(const Encounter& encounter) {
  const std::size_t n = encounter.creatures.size();
  combatants.assign(n, CombatantState{});
  order.resize(n);
  initiative.assign(n, 0);
  standing.assign(encounter.factions.size(), 0);
  for (std::size_t f = 0; f < encounter.factions.size(); ++f) {
    standing[f] = static_cast<int>(encounter.factions[f].members.size());
  }
  focus.assign(encounter.factions.size(), -1);
  round = 0;
}

double expected_damage(const Attack& attack, const Creature& target) {
  // Chance that the kept d20 shows each face, then the verdict for that face.
  double hit = 0;
  double critical = 0;
  for (int face = 1; face <= 20; ++face) {
    // P(kept = face): 1/20, or (41 - 2 face)/400 for the lower of two.
    const double p = attack.disadvantage ? (41.0 - 2 * face) / 400 : 1.0 / 20;
    if (face == 20) {
      critical += p;
    } else if (face != 1 && face + attack.to_hit >= target.ac) {
      hit += p;
    }
  }
  double expected = 0;
  for (const DamageDice& part : attack.damage) {
    const double mean_hit = part.dice.mean();
    const double mean_dice = mean_hit - part.dice.flat();
    double factor = 1;
    if (target.immunities.contains(part.type) ||
        (!attack.magical && target.nonmagical_immunities.contains(part.type))) {
      factor = 0;
    } else {
      if (target.resistances.contains(part.type) ||
          (!attack.magical && target.nonmagical_resistances.contains(part.type))) {
        factor *= 0.5;
      }
      if (target.vulnerabilities.contains(part.type)) factor *= 2;
    }
    expected += factor * (hit * mean_hit + critical * (mean_hit + mean_dice));
  }
  return expected;
}

BattlePlan::BattlePlan(const Encounter& encounter)
    : creatures(static_cast<int>(encounter.creatures.size())) {
  for (const Creature& creature : encounter.creatures) {
    faction.push_back(creature.faction);
    ac.push_back(creature.ac);
    target_policy.push_back(creature.tactics.target);
  }
  best_action.assign(static_cast<std::size_t>(creatures) * static_cast<std::size_t>(creatures), 0);
  for (int a = 0; a < creatures; ++a) {
    const Creature& attacker = encounter.creatures[a];
    for (int t = 0; t < creatures; ++t) {
      double best = -1;
      for (std::size_t i = 0; i < attacker.actions.size(); ++i) {
        double total = 0;
        for (int attack : attacker.actions[i].attacks) {
          total += expected_damage(attacker.attacks[attack], encounter.creatures[t]);
        }
        if (total > best) {
          best = total;
          best_action[static_cast<std::size_t>(a * creatures + t)] = static_cast<int>(i);
        }
      }
    }
  }
}

}  // namespace arena
