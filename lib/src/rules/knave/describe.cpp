// `arena validate` for knave: each creature as battles play it.
#include "rules/common/describe.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rules/knave/ruleset.hpp"

namespace arena::knave {

namespace {

std::string_view critical_name(Critical critical) {
  return kCriticalNames[static_cast<std::size_t>(critical)];
}

using nlohmann::json;

std::string hp_text(const Creature& c) {
  if (c.hp.is_constant())
    return c.hp_given ? std::to_string(c.hp.flat()) : fmt::format("{} (level x 8)", c.hp.flat());
  return fmt::format("{} ({}rolled per battle)", c.hp.to_string(), c.hp_given ? "" : "HD d8, ");
}

std::string armor_text(const Creature& c) {
  std::vector<std::string> pieces;
  for (const ArmorPiece& p : c.armor_pieces)
    pieces.push_back(fmt::format("{} q{}", p.name, p.quality));
  const std::string from = pieces.empty() ? (c.armor == 1 && !c.monster ? "unarmored" : "")
                                          : fmt::format("{}", fmt::join(pieces, ", "));
  return fmt::format("armor +{} (defense {}{})", c.full_armor(), c.full_armor() + 10,
                     from.empty() ? "" : ": " + from);
}

std::string attack_text(const Creature& c, const Attack& a) {
  const Ability ability = a.ranged ? Ability::Wis : Ability::Str;
  return fmt::format("{} {} ({} {:+}{})", a.name, a.damage.to_string(), name(ability),
                     c.bonus(ability), a.quality > 0 ? fmt::format(", quality {}", a.quality) : "");
}

std::string save_text(const SaveAbility& s) {
  std::string text = fmt::format("{}: {} save (d20 + bonus > 15)", s.name, name(s.save));
  if (s.damage)
    text += fmt::format(", {}{}", s.damage->to_string(), s.half ? " (half on a success)" : "");
  if (s.condition)
    text += fmt::format(", on a failure {} {} round{}", name(*s.condition), s.rounds.to_string(),
                        s.rounds.is_constant() && s.rounds.flat() == 1 ? "" : "s");
  return text + fmt::format(", {} use{} per battle", s.uses, s.uses == 1 ? "" : "s");
}

std::string creature_text(const Encounter& encounter, int c) {
  const Creature& cr = creature_of(encounter, c);
  std::string out = fmt::format("  {}\n", encounter.combatants[static_cast<std::size_t>(c)].name);
  const std::string what = cr.monster ? fmt::format("monster, HD {}", cr.hd)
                                      : fmt::format("character, level {}", cr.level);
  std::string morale = cr.morale == 0 ? "no morale roll" : fmt::format("morale {}", cr.morale);
  const std::string slots =
      cr.monster ? "" : fmt::format("   slots {} of {}", cr.slots, cr.slot_limit());
  out +=
      fmt::format("    {}   HP {}   {}   {}{}\n", what, hp_text(cr), armor_text(cr), morale, slots);
  std::vector<std::string> bonuses;
  for (std::size_t a = 0; a < kAbilities; ++a)
    bonuses.push_back(fmt::format("{} {:+}", kAbilityKeys[a], cr.abilities[a]));
  out += fmt::format("    {}\n", fmt::join(bonuses, "  "));
  std::vector<std::string> attacks;
  for (const Attack& a : cr.attacks) attacks.push_back(attack_text(cr, a));
  // A character in melee skips its ranged weapons (battle.hpp).
  const bool shoots =
      std::any_of(cr.attacks.begin(), cr.attacks.end(), [](const Attack& a) { return a.ranged; });
  out += fmt::format(
      "    {}: {}{}{}\n", cr.monster ? "attacks each turn" : "weapons in turn",
      fmt::join(attacks, ", "), shoots ? " (in melee, the first melee one)" : "",
      cr.advantage != cr.disadvantage ? (cr.advantage ? " [advantage]" : " [disadvantage]") : "");
  for (const SaveAbility& s : cr.save_abilities) out += fmt::format("    {}\n", save_text(s));
  return out;
}

json creature_json(const Encounter& encounter, int c) {
  const Creature& cr = creature_of(encounter, c);
  json abilities = json::object();
  for (std::size_t a = 0; a < kAbilities; ++a)
    abilities[std::string(kAbilityKeys[a])] = cr.abilities[a];
  json attacks = json::array();
  for (const Attack& a : cr.attacks) {
    attacks.push_back({{"name", a.name},
                       {"damage", a.damage.to_string()},
                       {"ranged", a.ranged},
                       {"quality", a.quality}});
  }
  json armor = json::array();
  for (const ArmorPiece& p : cr.armor_pieces)
    armor.push_back({{"name", p.name}, {"bonus", p.bonus}, {"quality", p.quality}});
  json saves = json::array();
  for (const SaveAbility& s : cr.save_abilities)
    saves.push_back({{"name", s.name}, {"text", save_text(s)}});
  json out{{"name", encounter.combatants[static_cast<std::size_t>(c)].name},
           {"kind", cr.monster ? "monster" : "character"}};
  if (cr.monster) {
    out["hd"] = cr.hd;
  } else {
    out["level"] = cr.level;
    out["slots"] = cr.slots;
    out["slot_limit"] = cr.slot_limit();
  }
  out.update(json{{"hp", cr.hp.is_constant() ? json(cr.hp.flat()) : json(cr.hp.to_string())},
                  {"abilities", abilities},
                  {"armor", cr.full_armor()},
                  {"defense", cr.full_armor() + 10},
                  {"armor_pieces", armor},
                  {"attacks", attacks},
                  {"morale", cr.morale},
                  {"advantage", cr.advantage},
                  {"disadvantage", cr.disadvantage},
                  {"save_abilities", saves},
                  {"tactics", tactics_json(cr.tactics)}});
  return out;
}

}  // namespace

std::string describe_factions(const Encounter& encounter) {
  const Roster& roster = roster_of(encounter);
  const std::string critical = fmt::format(
      "{} ({})", critical_name(roster.critical),
      roster.critical == Critical::Quality     ? "a natural 20 wears the target's armor"
      : roster.critical == Critical::MaxDamage ? "a natural 20 also deals the most damage"
                                               : "a natural 20 also deals another die");
  const std::string_view survivors =
      roster.survivors == Survivors::FightOn
          ? "fight_on (a survivor gets up with 1d4 HP and fights on, the ability lowered)"
          : "down (a survivor is down, out of the fight)";
  return fmt::format("\nturn order: {}\ncritical: {}\ndeath table: {}\n",
                     describe_turn_order(encounter, roster.order), critical, survivors) +
         describe_factions_text(
             encounter, roster.faction_tactics, [&](int c) { return creature_text(encounter, c); },
             [&](int c) -> const Tactics& { return creature_of(encounter, c).tactics; });
}

nlohmann::json describe_factions_json(const Encounter& encounter) {
  return describe_factions_as_json(encounter, roster_of(encounter).faction_tactics,
                                   [&](int c) { return creature_json(encounter, c); });
}

nlohmann::json describe_encounter_json(const Encounter& encounter) {
  const Roster& roster = roster_of(encounter);
  return {{"order", turn_order_json(encounter, roster.order)},
          {"critical", critical_name(roster.critical)},
          {"death_table", roster.survivors == Survivors::FightOn ? "fight_on" : "down"}};
}

}  // namespace arena::knave
