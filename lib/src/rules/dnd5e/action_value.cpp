// Expected values of actions, for tactics (action_value.hpp).
#include "rules/dnd5e/action_value.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "arena/dice_distribution.hpp"
#include "rules/dnd5e/attack_rules.hpp"

namespace arena::dnd5e {

namespace {

// What one damage type of a hit or a save deals, as the battle deals it:
// the parts of the type added up (plan.cpp), then, on a critical, their
// dice rolled again, on a save's success halved (rounding toward 0), and
// the target's defence (apply_defence: never below 0, resistance rounding
// down). The mean of the dice alone is not its mean where a total can
// fall below 0 (1d4-3 deals 0.25 on average, not -0.5), or is halved and
// rounds (1d6+2 resisted deals 2.5, not 2.75): then it is taken over the
// exact distribution of the total, when that has at most kExactTotals
// values (a few hundred for any stat block; beyond, rounding weighs
// nothing against the mean).
class TypedDamage {
 public:
  static constexpr int kExactTotals = 4096;

  TypedDamage(const std::vector<DamageDice>& damage, DamageType type) : type_(type) {
    for (const DamageDice& part : damage) {
      if (part.type != type) continue;
      parts_.push_back(part);
      mean_ += part.dice.mean();
      flat_ += part.dice.flat();
      min_ += part.dice.min();
      max_ += part.dice.max();
    }
  }

  DamageType type() const { return type_; }

  // Its mean after `defence`, on a critical or not, halved or not.
  double mean_dealt(Defence defence, bool critical, bool halved) const {
    if (defence.immune) return 0;
    const int dice_min = min_ - flat_, dice_max = max_ - flat_;
    const int min = critical ? min_ + dice_min : min_;
    const int max = critical ? max_ + dice_max : max_;
    const double factor = (defence.resistant ? 0.5 : 1) * (defence.vulnerable ? 2 : 1);
    const double mean = mean_ + (critical ? mean_ - flat_ : 0);
    if (min >= 0 && !halved && !defence.resistant) return factor * mean;  // exact
    const DiceDistribution* total = max - min < kExactTotals ? distribution(critical) : nullptr;
    if (total == nullptr) return factor * (halved ? 0.5 : 1) * std::max(mean, 0.0);
    double dealt = 0;
    for (int rolled = total->min(); rolled <= total->max(); ++rolled) {
      const int amount = halved ? rolled / 2 : rolled;
      dealt += total->probability(rolled) * apply_defence(amount, defence);
    }
    return dealt;
  }

 private:
  // The distribution of the total, on a critical or not, computed when first
  // asked for; nullptr when DiceDistribution finds it too long to compute.
  const DiceDistribution* distribution(bool critical) const {
    if (!rolled_) {
      auto rolled = DiceDistribution::of(parts_);
      if (!rolled) return nullptr;
      rolled_ = std::move(*rolled);
    }
    if (!critical) return &*rolled_;
    if (!critical_) critical_ = rolled_->plus(*rolled_).plus(DiceDistribution::constant(-flat_));
    return &*critical_;
  }

  DamageType type_;
  std::vector<DamageDice> parts_;
  double mean_ = 0;
  int flat_ = 0, min_ = 0, max_ = 0;
  mutable std::optional<DiceDistribution> rolled_, critical_;
};

// The damage types of `damage`, each once, in the order they first come.
std::vector<TypedDamage> by_type(const std::vector<DamageDice>& damage) {
  std::vector<TypedDamage> types;
  for (const DamageDice& part : damage) {
    if (std::none_of(types.begin(), types.end(),
                     [&](const TypedDamage& t) { return t.type() == part.type; }))
      types.emplace_back(damage, part.type);
  }
  return types;
}

// P(the kept d20 shows `face`) when rolled in `mode`.
double face_chance(int face, RollMode mode) {
  switch (mode) {
    case RollMode::Advantage:
      return (2.0 * face - 1) / 400;
    case RollMode::Disadvantage:
      return (41.0 - 2 * face) / 400;
    case RollMode::Normal:
      break;
  }
  return 1.0 / 20;
}

struct HitChances {
  double hit = 0;       // a plain hit
  double critical = 0;  // a natural 20
};

HitChances hit_chances(const Attack& attack, const Creature& target, RollMode mode) {
  const RollMode kept =
      roll_mode(mode == RollMode::Advantage, mode == RollMode::Disadvantage || attack.disadvantage);
  HitChances chances;
  if (attack.auto_hit) {
    chances.hit = 1;
    return chances;
  }
  for (int face = 2; face <= 20; ++face) {
    const double p = face_chance(face, kept);
    if (face == 20) {
      chances.critical += p;
    } else if (face + attack.to_hit >= target.ac) {
      chances.hit += p;
    }
  }
  return chances;
}

// The damage per round of `attacker`'s best at-will action against
// `target`, each attack rolled in the mode `mode_of` gives it.
template <class ModeOf>
double best_rate(const Creature& attacker, const Creature& target, ModeOf mode_of,
                 bool melee_critical = false) {
  double best = 0;
  for (const Action& action : attacker.actions) {
    if (action.resource >= 0) continue;
    best = std::max(best, action_attacks_value(attacker, action, [&](const Attack& attack) {
                      return expected_damage(attack, target, mode_of(attack), melee_critical);
                    }));
  }
  return best;
}

// What one turn of `condition` takes from the target: its damage lost.
double target_turn_value(Condition condition, const Matchup& m) {
  switch (condition) {
    case Condition::Paralyzed:
    case Condition::Stunned:
    case Condition::Incapacitated:
    case Condition::Petrified:
    case Condition::Unconscious:
    case Condition::Charmed:  // it does not attack its charmer
      return m.target_rate;
    case Condition::Swallowed:  // blinded and restrained, it attacks only its swallower
      // An engulfed target spends its action on its escape check instead.
      return m.escape_chance > 0 ? m.target_rate : m.target_rate - m.target_disadvantage;
    case Condition::Blinded:
    case Condition::Restrained:
    case Condition::Frightened:
    case Condition::Poisoned:
      return m.target_rate - m.target_disadvantage;
    case Condition::Prone:
    case Condition::Grappled:
      break;
  }
  return 0;
}

// What one round of attacks on a target under `condition` gains the
// attacker's side: the attacker and its allies (prone apart).
double attacker_round_value(Condition condition, const Matchup& m) {
  switch (condition) {
    case Condition::Paralyzed:
    case Condition::Unconscious:
      return m.attacker_paralyzed - m.attacker_rate + m.allies_paralyzed_gain;
    case Condition::Petrified:  // advantage, but it resists all damage
      return 0.5 * (m.attacker_advantage + m.allies_advantage_gain + m.allies_rate) -
             m.attacker_rate - m.allies_rate;
    case Condition::Swallowed:  // digested, but out of reach of everyone's attacks
      return m.swallow_damage - m.attacker_rate - m.allies_rate;
    case Condition::Stunned:
    case Condition::Blinded:
    case Condition::Restrained:
      return m.attacker_advantage - m.attacker_rate + m.allies_advantage_gain;
    default:
      break;
  }
  return 0;
}

// What `condition` is worth over `turns` of the target's turns. It ends at
// the end of one of the target's turns, so the attacker's side attacks it
// for about half a round fewer: the rest of the imposing turn and the
// allies acting before the target, then one round per turn more.
double value_over_turns(Condition condition, double turns, const Matchup& m) {
  const double attacker_rounds = std::max(0.0, turns - 0.5);
  return turns * target_turn_value(condition, m) +
         attacker_rounds * attacker_round_value(condition, m);
}

// The rounds a target of `hp` lasts against `rate` damage a round.
double rounds_against(double hp, double rate) {
  return rate > 0 ? std::clamp(hp / rate, 1.0, Matchup::kMaxRounds) : Matchup::kMaxRounds;
}

}  // namespace

Matchup matchup(const Creature& attacker, const Creature& target) {
  Matchup m;
  const auto plain = [](const Attack&) { return RollMode::Normal; };
  const auto advantage = [](const Attack&) { return RollMode::Advantage; };
  m.attacker_rate = best_rate(attacker, target, plain);
  m.attacker_advantage = best_rate(attacker, target, advantage);
  m.attacker_paralyzed = best_rate(attacker, target, advantage, true);
  m.attacker_prone = best_rate(attacker, target, [](const Attack& attack) {
    return attack.kind == AttackKind::Melee ? RollMode::Advantage : RollMode::Disadvantage;
  });
  m.target_rate = best_rate(target, attacker, plain);
  m.target_disadvantage =
      best_rate(target, attacker, [](const Attack&) { return RollMode::Disadvantage; });
  const DamageDice& swallow = attacker.traits.swallow_damage;
  m.swallow_damage = TypedDamage({swallow}, swallow.type)
                         .mean_dealt(defence_against(swallow.type, true, target), false, false);
  if (attacker.traits.swallow_escape_check > 0) {  // d20 + Str modifier >= DC
    const int needed =
        attacker.traits.swallow_escape_check - target.abilities.modifier(Ability::Str);
    m.escape_chance = std::clamp((21 - needed) / 20.0, 0.0, 1.0);
  }
  m.rounds = rounds_against(target.hp.mean(), m.attacker_rate);
  return m;
}

void add_ally(Matchup& m, const Matchup& ally, double target_hp) {
  m.allies_rate += ally.attacker_rate;
  m.allies_advantage_gain += ally.attacker_advantage - ally.attacker_rate;
  m.allies_paralyzed_gain += ally.attacker_paralyzed - ally.attacker_rate;
  m.allies_prone_gain += ally.attacker_prone - ally.attacker_rate;
  m.rounds = rounds_against(target_hp, m.attacker_rate + m.allies_rate);
}

double expected_damage(const Attack& attack, const Creature& target, RollMode mode,
                       bool melee_critical) {
  HitChances chances = hit_chances(attack, target, mode);
  if (melee_critical && attack.kind == AttackKind::Melee && !attack.auto_hit) {
    chances.critical += chances.hit;
    chances.hit = 0;
  }
  double expected = 0;
  for (const TypedDamage& typed : by_type(attack.damage)) {
    const Defence defence = defence_against(typed.type(), attack.magical, target, attack.silvered);
    expected += chances.hit * typed.mean_dealt(defence, false, false) +
                chances.critical * typed.mean_dealt(defence, true, false);
  }
  return expected;
}

double hit_chance(const Attack& attack, const Creature& target, RollMode mode) {
  const HitChances chances = hit_chances(attack, target, mode);
  return chances.hit + chances.critical;
}

double condition_value(const ConditionEffect& effect, const Matchup& m, double repeat_success) {
  // Prone lasts until the target stands up at the start of its turn: about
  // half a round of the attacker's (and its allies') attacks.
  if (effect.condition == Condition::Prone)
    return std::max(0.0, 0.5 * (m.attacker_prone - m.attacker_rate + m.allies_prone_gain));
  // A swallow of a target the attacker grapples (restrained already): the
  // digestion instead of the attacker's attacks with advantage.
  if (effect.condition == Condition::Swallowed && effect.needs_grapple) {
    return std::max(0.0, m.rounds - 0.5) *
           (m.swallow_damage - m.attacker_advantage - m.allies_rate - m.allies_advantage_gain);
  }
  // A sleep that damage ends: the target's next turn, before a blow wakes it.
  if (effect.ends_on_damage) return target_turn_value(effect.condition, m);
  // A condition that a failed repeated save worsens (a petrifying bite):
  // its own duration, then, on the failure, the worse one for the rest of
  // the fight.
  if (effect.worsens) {
    ConditionEffect first = effect;
    first.worsens = false;
    const double later = std::max(0.0, m.rounds - std::max(effect.duration, 1));
    return condition_value(first, m, repeat_success) +
           (1 - repeat_success) * value_over_turns(effect.worsens_to, later, m);
  }
  double turns = m.rounds;
  if (effect.duration > 0 && !effect.ends_with_source)
    turns = std::min(turns, static_cast<double>(effect.duration));
  // With a save at the end of each of its turns, the k-th turn is reached
  // with chance (1 - q)^(k-1): the sum is (1 - (1 - q)^turns) / q.
  // A save repeated whenever it takes damage: about once a round, as the
  // attacker's side attacks it.
  if ((effect.repeat_save || effect.save_on_damage) && repeat_success > 0)
    turns = (1 - std::pow(1 - repeat_success, turns)) / repeat_success;
  // An engulfed target's escape check works the same way, once a turn.
  if (effect.condition == Condition::Swallowed && m.escape_chance > 0)
    turns = (1 - std::pow(1 - m.escape_chance, turns)) / m.escape_chance;
  return value_over_turns(effect.condition, turns, m);
}

ValueParts save_value_parts(const SaveEffect& effect, const Creature& target, const Matchup& m) {
  if (spares(effect, target)) return {};
  double success = save_chance(target.saves[static_cast<int>(effect.ability)], effect.dc);
  if (effect.magical && target.traits.magic_resistance) success = 1 - (1 - success) * (1 - success);
  // Not an attack: resistance to nonmagical attacks does not apply.
  double on_failure = 0, on_success = 0;
  for (const TypedDamage& typed : by_type(effect.damage)) {
    const Defence defence = defence_against(typed.type(), true, target);
    on_failure += typed.mean_dealt(defence, false, false);
    if (effect.half_on_success) on_success += typed.mean_dealt(defence, false, true);
  }
  double conditions = 0;
  for (const ConditionEffect& c : effect.conditions) {
    if (!target.condition_immunities.contains(c.condition))
      conditions += condition_value(c, m, success);
  }
  return {(1 - success) * on_failure + success * on_success, (1 - success) * conditions};
}

double expected_save_value(const SaveEffect& effect, const Creature& target, const Matchup& m) {
  return save_value_parts(effect, target, m).total();
}

ValueParts attack_value_parts(const Attack& attack, const Creature& target, const Matchup& m,
                              RollMode mode) {
  ValueParts on_hit;
  for (const SaveEffect& rider : attack.on_hit_saves) on_hit += save_value_parts(rider, target, m);
  for (const ConditionEffect& c : attack.on_hit_conditions) {
    if (!target.condition_immunities.contains(c.condition))
      on_hit.conditions += condition_value(c, m, 0);
  }
  const double hit = hit_chance(attack, target, mode);
  return {expected_damage(attack, target, mode) + hit * on_hit.damage, hit * on_hit.conditions};
}

double expected_attack_value(const Attack& attack, const Creature& target, const Matchup& m) {
  return attack_value_parts(attack, target, m).total();
}

ValueParts action_value_parts(const Creature& attacker, const Action& action,
                              const Creature& target, int enemies) {
  const Matchup m = matchup(attacker, target);
  ValueParts parts = action_attacks_value(attacker, action, [&](const Attack& attack) {
    return attack_value_parts(attack, target, m);
  });
  for (int e : action.saves) {
    const SaveEffect& effect = attacker.save_effects[static_cast<std::size_t>(e)];
    const double caught = std::clamp(enemies, 1, std::max(effect.targets, 1));
    const ValueParts one = save_value_parts(effect, target, m);
    parts += ValueParts{one.damage * caught, one.conditions * caught};
  }
  return parts;
}

}  // namespace arena::dnd5e
