// Expected values of actions, for tactics (action_value.hpp).
#include "rules/dnd5e/action_value.hpp"

#include <algorithm>

#include "rules/dnd5e/attack_rules.hpp"

namespace arena::dnd5e {

namespace {

// The mean of `damage` after the target's defences (a save effect is not an
// attack: resistances to nonmagical attacks do not apply to it).
double mean_after_defences(const std::vector<DamageDice>& damage, const Creature& target) {
  double total = 0;
  for (const DamageDice& part : damage) {
    const Defence defence = defence_against(part.type, true, target);
    double factor = defence.immune ? 0 : 1;
    if (defence.resistant) factor *= 0.5;
    if (defence.vulnerable) factor *= 2;
    total += factor * part.dice.mean();
  }
  return total;
}

}  // namespace

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
  if (attack.auto_hit) {
    hit = 1;
    critical = 0;
  }
  double expected = 0;
  for (const DamageDice& part : attack.damage) {
    const double mean_hit = part.dice.mean();
    const double mean_dice = mean_hit - part.dice.flat();
    const Defence defence = defence_against(part.type, attack.magical, target);
    double factor = defence.immune ? 0 : 1;
    if (defence.resistant) factor *= 0.5;
    if (defence.vulnerable) factor *= 2;
    expected += factor * (hit * mean_hit + critical * (mean_hit + mean_dice));
  }
  return expected;
}

double expected_save_value(const SaveEffect& effect, const Creature& target) {
  const double success = save_chance(target.saves[static_cast<int>(effect.ability)], effect.dc);
  const double damage = mean_after_defences(effect.damage, target);
  const double on_success = effect.half_on_success ? 0.5 : 0.0;
  double conditions = 0;
  for (const ConditionEffect& c : effect.conditions)
    conditions += target.condition_immunities.contains(c.condition) ? 0 : 1;
  return (1 - success) * (damage + conditions) + success * on_success * damage;
}

double expected_action_value(const Creature& attacker, const Action& action, const Creature& target,
                             int enemies) {
  double total = 0;
  for (int attack : action.attacks)
    total += expected_damage(attacker.attacks[static_cast<std::size_t>(attack)], target);
  for (int save : action.saves) {
    const SaveEffect& effect = attacker.save_effects[static_cast<std::size_t>(save)];
    total +=
        expected_save_value(effect, target) * std::clamp(enemies, 1, std::max(effect.targets, 1));
  }
  return total;
}

}  // namespace arena::dnd5e
