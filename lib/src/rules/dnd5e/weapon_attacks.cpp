#include "rules/dnd5e/weapon_attacks.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace arena::dnd5e {

namespace {

std::string signed_number(int value) {
  return fmt::format("{:+d}", value);
}

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return out;
}

// The weapon's dice with an ability modifier added to the first part.
std::vector<DamageDice> with_modifier(std::vector<DamageDice> damage, int modifier) {
  if (!damage.empty()) damage.front().dice = damage.front().dice.plus(modifier);
  return damage;
}

struct AbilityChoice {
  Ability ability;
  int modifier;
};

AbilityChoice better_of(const AbilityScores& abilities, Ability a, Ability b) {
  const int ma = abilities.modifier(a);
  const int mb = abilities.modifier(b);
  return ma >= mb ? AbilityChoice{a, ma} : AbilityChoice{b, mb};
}

Attack make_attack(const WeaponInfo& weapon, const Wielder& wielder, AbilityChoice ability,
                   const std::vector<DamageDice>& dice, int damage_modifier) {
  Attack attack;
  attack.name = weapon.name;
  const int proficiency = wielder.proficient ? wielder.proficiency_bonus : 0;
  attack.to_hit = ability.modifier + proficiency;
  attack.damage = with_modifier(dice, damage_modifier);
  attack.disadvantage = weapon.heavy && wielder.small;
  attack.derivation =
      fmt::format("{} {}{}", upper(key(ability.ability)), signed_number(ability.modifier),
                  wielder.proficient ? fmt::format(", proficiency {}", signed_number(proficiency))
                                     : std::string(", not proficient"));
  if (attack.disadvantage) attack.derivation += ", disadvantage: heavy weapon, Small wielder";
  return attack;
}

}  // namespace

int proficiency_bonus_for_level(int level) {
  return 2 + (std::max(level, 1) - 1) / 4;
}

std::vector<Attack> weapon_attacks(const WeaponInfo& weapon, const Wielder& wielder,
                                   int& off_hand) {
  off_hand = -1;
  std::vector<Attack> attacks;
  if (weapon.damage.empty()) return attacks;
  const AbilityScores& scores = wielder.abilities;
  const AbilityChoice str{Ability::Str, scores.modifier(Ability::Str)};
  const AbilityChoice dex{Ability::Dex, scores.modifier(Ability::Dex)};
  const AbilityChoice melee_ability =
      weapon.finesse ? better_of(scores, Ability::Str, Ability::Dex) : str;
  if (weapon.ranged) {
    const AbilityChoice ability =
        weapon.finesse ? better_of(scores, Ability::Str, Ability::Dex) : dex;
    Attack attack = make_attack(weapon, wielder, ability, weapon.damage, ability.modifier);
    attack.kind = AttackKind::Ranged;
    attack.reach = 0;
    attack.range_normal = weapon.range_normal;
    attack.range_long = weapon.range_long;
    attacks.push_back(std::move(attack));
    return attacks;
  }
  Attack melee = make_attack(weapon, wielder, melee_ability, weapon.damage, melee_ability.modifier);
  melee.reach = weapon.reach;
  if (weapon.finesse) melee.derivation += " (finesse: better of STR and DEX)";
  attacks.push_back(melee);
  if (weapon.thrown) {
    // Thrown melee weapons use STR (or the better of both with finesse).
    Attack thrown =
        make_attack(weapon, wielder, melee_ability, weapon.damage, melee_ability.modifier);
    thrown.name += " (thrown)";
    thrown.kind = AttackKind::Ranged;
    thrown.reach = 0;
    thrown.range_normal = weapon.range_normal;
    thrown.range_long = weapon.range_long;
    attacks.push_back(std::move(thrown));
  }
  if (!weapon.versatile_damage.empty() && !wielder.shield) {
    Attack two_handed = make_attack(weapon, wielder, melee_ability, weapon.versatile_damage,
                                    melee_ability.modifier);
    two_handed.name += " (two-handed)";
    two_handed.reach = weapon.reach;
    two_handed.derivation += ", versatile";
    attacks.push_back(std::move(two_handed));
  }
  if (weapon.light) {
    // Two-weapon fighting: no positive ability modifier on the off-hand's damage.
    Attack off = make_attack(weapon, wielder, melee_ability, weapon.damage,
                             std::min(melee_ability.modifier, 0));
    off.name += " (off-hand)";
    off.reach = weapon.reach;
    off.derivation += ", off-hand: bonus action, no positive modifier to damage";
    off_hand = static_cast<int>(attacks.size());
    attacks.push_back(std::move(off));
  }
  return attacks;
}

int armor_class(const ArmorInfo* armor, bool shield, const AbilityScores& abilities,
                std::string& source) {
  const int dex = abilities.modifier(Ability::Dex);
  int ac = 10 + dex;
  source = fmt::format("no armor: 10 + DEX {}", dex);
  if (armor != nullptr) {
    int dex_part = armor->dex_bonus ? dex : 0;
    if (armor->max_dex_bonus) dex_part = std::min(dex_part, *armor->max_dex_bonus);
    ac = armor->base_ac + dex_part;
    source = fmt::format("{}: {}", library_key(armor->name), armor->base_ac);
    if (armor->dex_bonus) {
      source += fmt::format(
          " + DEX {}{}", dex_part,
          armor->max_dex_bonus ? fmt::format(" (max {})", *armor->max_dex_bonus) : std::string());
    }
  }
  if (shield) {
    ac += 2;
    source += " + shield 2";
  }
  return ac;
}

}  // namespace arena::dnd5e
