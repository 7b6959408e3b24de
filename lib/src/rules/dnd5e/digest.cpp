// What of a 5e roster decides how battles play, for encounter fingerprints.
#include "arena/dice.hpp"
#include "rules/dnd5e/roster.hpp"
#include "rules/dnd5e/ruleset.hpp"

namespace arena::dnd5e {

namespace {

void add_set(Digest& digest, const DamageTypeSet& set) {
  for (int t = 0; t < kDamageTypeCount; ++t)
    digest.add("{}", set.contains(static_cast<DamageType>(t)));
}

void add_conditions(Digest& digest, const std::vector<ConditionEffect>& effects) {
  for (const ConditionEffect& e : effects) {
    digest.add("{}|{}|{}|{}", name(e.condition), e.duration, e.repeat_save, e.ends_with_source);
    if (e.needs_grapple) digest.add("needs grapple");
    if (e.ends_on_damage || e.save_on_damage || e.worsens)
      digest.add("{}|{}|{}|{}", e.ends_on_damage, e.save_on_damage, e.worsens, name(e.worsens_to));
  }
}

void add_save_effects(Digest& digest, const std::vector<SaveEffect>& effects) {
  for (const SaveEffect& e : effects) {
    digest.add("{}|{}|{}|{}|{}|{}|{}", e.name, key(e.ability), e.dc, to_string(e.damage),
               e.half_on_success, e.magical, e.targets);
    for (const std::string& excluded : e.excludes) digest.add("x{}", excluded);
    digest.add("{}", e.immunity_after_success);
    add_conditions(digest, e.conditions);
  }
}

void add_actions(Digest& digest, const std::vector<Action>& actions) {
  for (const Action& action : actions) {
    digest.add("{}|{}|{}", action.name, action.resource, action.cost);
    for (int attack : action.attacks) digest.add("a{}", attack);
    for (int save : action.saves) digest.add("s{}", save);
    if (action.times != DiceExpr::constant(1)) digest.add("t{}", action.times.to_string());
  }
}

void add_traits(Digest& digest, const Traits& t) {
  digest.add("{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}", t.pack_tactics, t.magic_resistance,
             t.undead_fortitude, t.blood_frenzy, t.reckless, t.rampage_attack,
             t.martial_advantage.to_string(), t.sneak_attack.to_string(), t.regeneration,
             t.regenerates_from_zero, t.relentless);
  digest.add("{}", t.death_burst);
  if (t.turn_start_save >= 0) digest.add("{}|{}", t.turn_start_save, t.turn_start_feet);
  if (t.swallow_damage != DamageDice{})
    digest.add("{}|{}|{}", to_string(std::vector<DamageDice>{t.swallow_damage}),
               t.swallow_escape_damage, t.swallow_escape_dc);
  if (t.swallow_escape_check > 0 || !t.swallow_blinds || t.swallow_holds > 0 ||
      t.swallow_exits_prone)
    digest.add("{}|{}|{}|{}", t.swallow_escape_check, t.swallow_blinds, t.swallow_holds,
               t.swallow_exits_prone);
  if (t.swallow_save_dc > 0 || t.swallow_after_multiattack)
    digest.add("{}|{}|{}", static_cast<int>(t.swallow_save_ability), t.swallow_save_dc,
               t.swallow_after_multiattack);
  add_set(digest, t.regeneration_stopped_by);
}

void add_creature(Digest& digest, const Creature& c) {
  digest.add("{}|{}|{}|{}|{}|{}|{}", c.name, c.hp.to_string(), c.ac, c.initiative, c.pc,
             digest_code(c.tactics), c.fixed_actions);
  digest.add("{}", c.type);
  for (const std::string& subtype : c.subtypes) digest.add("t{}", subtype);
  for (int score : c.abilities.scores) digest.add("{}", score);
  for (const Attack& a : c.attacks) {
    digest.add("{}|{}|{}|{}|{}|{}|{}|{}|{}", a.name, static_cast<int>(a.kind), a.to_hit,
               to_string(a.damage), a.reach, a.range_normal, a.range_long, a.disadvantage,
               a.magical);
    digest.add("{}|{}", a.auto_hit, a.silvered);
    add_save_effects(digest, a.on_hit_saves);
    add_conditions(digest, a.on_hit_conditions);
  }
  add_actions(digest, c.actions);
  add_save_effects(digest, c.save_effects);
  for (const Resource& r : c.resources) digest.add("{}|{}|{}", r.name, r.uses, r.recharge);
  add_actions(digest, c.legendary_actions);
  digest.add("{}|{}", c.legendary_per_round, c.legendary_resistance);
  for (int bonus : c.saves) digest.add("{}", bonus);
  for (int i = 0; i < kConditionCount; ++i)
    digest.add("{}", c.condition_immunities.contains(static_cast<Condition>(i)));
  add_traits(digest, c.traits);
  for (const DamageTypeSet* set :
       {&c.resistances, &c.immunities, &c.vulnerabilities, &c.nonmagical_resistances,
        &c.nonmagical_immunities, &c.unsilvered_resistances, &c.unsilvered_immunities}) {
    add_set(digest, *set);
  }
}

}  // namespace

void digest_roster(const Encounter& encounter, Digest& digest) {
  const Roster& roster = roster_of(encounter);
  for (const Tactics& tactics : roster.faction_tactics) digest.add("{}", digest_code(tactics));
  for (const Creature& creature : roster.members) add_creature(digest, creature);
  if (!roster.battlefield) return;  // gridless: fingerprints as before battlefields
  const Battlefield& field = *roster.battlefield;
  digest.add("field|{}|{}|{}", field.width, field.height, static_cast<int>(field.diagonals));
  for (const FieldMember& m : field.members)
    digest.add("{}|{}|{}|{}|{}|{}|{}|{}|{}|{}", m.walk, m.fly, m.side, static_cast<int>(m.movement),
               m.parry, m.nimble_escape, m.maneuvers, m.superiority_dice, m.superiority_die, m.dex);
  // Only members with reaction spells add to it: other fingerprints stay as they were.
  for (const FieldMember& m : field.members)
    if (m.reactions != 0) digest.add("reactions|{}|{}", m.reactions, m.spell_slots);
  // Only members with movement traits add to it, likewise.
  for (const FieldMember& m : field.members) {
    if (m.flyby) digest.add("flyby");
    if (const auto& c = m.charge) {
      digest.add("charge|{}|{}|{}d{}|{}|{}|{}|{}|{}|{}", c->distance, c->attack, c->extra.count,
                 c->extra.sides, c->extra_type ? static_cast<int>(*c->extra_type) : -1, c->dc,
                 static_cast<int>(c->ability), c->push, c->prone, c->bonus_attack);
    }
    if (m.rock_catching_dc > 0)
      digest.add("rock catching|{}|{}", m.rock_catching_dc,
                 static_cast<int>(m.rock_catching_ability));
    if (m.split_slots > 0) {
      digest.add("split|{}|{}|{}|{}", m.size, m.split_min_hp, m.split_min_size, m.split_slots);
      for (int t = 0; t < kDamageTypeCount; ++t) {
        if (m.split_types.contains(static_cast<DamageType>(t))) digest.add("|{}", t);
      }
    }
  }
  for (const space::Footprint& f : field.starts) digest.add("{}|{}|{}", f.at.x, f.at.y, f.side);
  // Areas play by geometry on a battlefield; members without any add nothing.
  for (const Creature& creature : roster.members) {
    for (const SaveEffect& e : creature.save_effects) {
      if (!e.area_shape.empty())
        digest.add("area|{}|{}|{}", e.area_shape, e.area_size, e.chosen_targets);
    }
  }
}

}  // namespace arena::dnd5e
