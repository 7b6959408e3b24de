// Compiling a knave encounter into its BattlePlan, and resetting a
// BattleState from the plan.
#include "rules/knave/plan.hpp"

#include <algorithm>

namespace arena::knave {

namespace {

// The sides of one die of `damage` (its first term that adds dice), the
// die an "extra_die" critical adds; 0 for a damage without dice.
int one_die(const DiceExpr& damage) {
  for (const DiceTerm& term : damage.terms()) {
    if (!term.negative) return term.sides;
  }
  return 0;
}

PlanCreature compile(const Creature& creature, BattlePlan& plan) {
  PlanCreature compiled;
  compiled.character = !creature.monster;
  compiled.abilities = creature.abilities;
  compiled.armor = creature.armor;
  compiled.full_armor = creature.full_armor();
  compiled.hp = flatten(creature.hp, plan.terms);
  compiled.morale = creature.morale;
  compiled.advantage = creature.advantage;
  compiled.disadvantage = creature.disadvantage;
  compiled.tactics = creature.tactics;
  std::size_t first = plan.armor.size();
  for (const ArmorPiece& piece : creature.armor_pieces)
    plan.armor.push_back({piece.bonus, piece.quality, piece.kind == ArmorKind::Body});
  compiled.armor_pieces = slice_from(plan.armor, first);
  first = plan.attacks.size();
  for (const Attack& attack : creature.attacks) {
    plan.attacks.push_back({flatten(attack.damage, plan.terms), attack.damage.max(),
                            one_die(attack.damage), attack.ranged ? Ability::Wis : Ability::Str,
                            attack.quality});
  }
  compiled.attacks = slice_from(plan.attacks, first);
  first = plan.saves.size();
  for (const SaveAbility& ability : creature.save_abilities) {
    PlanSave save{ability.save, ability.damage.has_value(), {}, ability.half, -1, {}, ability.uses};
    if (ability.damage) save.damage = flatten(*ability.damage, plan.terms);
    if (ability.condition) {
      save.condition = static_cast<int>(*ability.condition);
      save.rounds = flatten(ability.rounds, plan.terms);
    }
    plan.saves.push_back(save);
  }
  compiled.saves = slice_from(plan.saves, first);
  return compiled;
}

}  // namespace

bool can_harm(const BattlePlan& plan, const BattleState* state, int a, int b) {
  const PlanCreature& attacker = plan.creatures[a];
  for (std::uint32_t s = attacker.saves.first; s < attacker.saves.first + attacker.saves.count; ++s)
    if (plan.saves[s].has_damage && (state == nullptr || state->uses[s] > 0)) return true;
  const std::array<int, kAbilities>& abilities =
      state == nullptr ? attacker.abilities : state->creatures[a].abilities;
  const int lowest_defense = plan.creatures[b].armor + 10;
  for (std::uint32_t i = attacker.attacks.first;
       i < attacker.attacks.first + attacker.attacks.count; ++i) {
    const PlanAttack& attack = plan.attacks[i];
    if ((state == nullptr || usable(plan, *state, i)) && attack.max_damage > 0 &&
        20 + abilities[static_cast<int>(attack.ability)] > lowest_defense)
      return true;
  }
  return false;
}

int armor_bonus(const BattlePlan& plan, int c, std::span<const int> quality) {
  const PlanCreature& creature = plan.creatures[c];
  int base = creature.armor, added = 0;
  for (std::uint32_t i = creature.armor_pieces.first;
       i < creature.armor_pieces.first + creature.armor_pieces.count; ++i) {
    if (quality[i] == 0) continue;  // worn out: no bonus
    const PlanArmor& piece = plan.armor[i];
    if (piece.body) {
      base = piece.bonus;
    } else {
      added += piece.bonus;
    }
  }
  return base + added;
}

BattlePlan::BattlePlan(const Encounter& encounter)
    : sides(encounter),
      critical(roster_of(encounter).critical),
      survivors(roster_of(encounter).survivors),
      turns(listed_turns(encounter, roster_of(encounter).order.members)),
      order(roster_of(encounter).order.kind),
      max_rounds(encounter.max_rounds) {
  for (int c = 0; c < encounter.combatant_count(); ++c) {
    PlanCreature compiled = compile(creature_of(encounter, c), *this);
    compiled.faction = encounter.combatants[static_cast<std::size_t>(c)].faction;
    creatures.push_back(compiled);
  }
  std::vector<int> factions;
  for (const PlanCreature& creature : creatures) factions.push_back(creature.faction);
  standing = StandingStart(factions, sides.count());
  harms = HarmTable(standing, [&](int a, int b) { return can_harm(*this, nullptr, a, b); });
}

void BattleState::reset(const BattlePlan& plan) {
  // Every vector takes the plan's size (a no-op, no allocation, once it has it).
  const auto factions = static_cast<std::size_t>(plan.faction_count());
  creatures.resize(plan.creatures.size());
  attack_quality.resize(plan.attacks.size());
  armor_quality.resize(plan.armor.size());
  uses.resize(plan.saves.size());
  fallen.resize(factions);
  morale_rolled.resize(factions);
  focus.resize(factions);
  side_rolls.resize(factions);
  side_order.reserve(factions);
  for (std::size_t a = 0; a < plan.attacks.size(); ++a) attack_quality[a] = plan.attacks[a].quality;
  for (std::size_t i = 0; i < plan.armor.size(); ++i) armor_quality[i] = plan.armor[i].quality;
  for (std::size_t s = 0; s < plan.saves.size(); ++s) uses[s] = plan.saves[s].uses;
  for (int c = 0; c < plan.creature_count(); ++c) {
    creatures[c] = CreatureState{};
    creatures[c].armor_bonus = plan.creatures[c].full_armor;
    creatures[c].abilities = plan.creatures[c].abilities;
  }
  standing.reset(plan.standing);
  std::fill(fallen.begin(), fallen.end(), 0);
  std::fill(morale_rolled.begin(), morale_rolled.end(), 0);
  std::fill(focus.begin(), focus.end(), -1);
  last_out_fled = false;
  harms_changed = false;
  round = 0;
}

}  // namespace arena::knave
