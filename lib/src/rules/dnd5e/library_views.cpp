// `arena library` views of the 5e ruleset: the SRD 5.1 bestiary (monsters,
// show, coverage), weapons and armor, and what arena makes of them.
//
// A monster is shown exactly as an encounter file would get it: it goes
// through load_encounter, alone in a generated encounter against a
// stand-in opponent, so nothing here re-derives its stat block.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "arena/load.hpp"
#include "arena/suggest.hpp"
#include "rules/dnd5e/describe.hpp"
#include "rules/dnd5e/library.hpp"
#include "rules/dnd5e/ruleset.hpp"
#include "rules/dnd5e/stat_block_rules.hpp"
#include "text_table.hpp"

namespace arena::dnd5e {

namespace {

using nlohmann::json;
using View = Expected<std::string, std::string>;

std::string lowercase(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower;
}

// ---------------------------------------------------------------- challenge ratings

// "1/8", "1/4", "1/2", or the whole number.
std::string cr_text(double cr) {
  if (cr > 0 && cr < 1) return fmt::format("1/{}", std::lround(1 / cr));
  return fmt::format("{:g}", cr);
}

// A rating as typed: "5", "1/4" or "0.25"; nullopt for anything else.
std::optional<double> parse_cr(std::string_view text) {
  auto whole_number = [](std::string_view digits) -> std::optional<int> {
    int value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() ||
        value < 0) {
      return std::nullopt;
    }
    return value;
  };
  if (const auto slash = text.find('/'); slash != std::string_view::npos) {
    const auto numerator = whole_number(text.substr(0, slash));
    const auto denominator = whole_number(text.substr(slash + 1));
    if (!numerator || !denominator || *denominator == 0) return std::nullopt;
    return static_cast<double>(*numerator) / *denominator;
  }
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
      !std::isfinite(value) || value < 0) {
    return std::nullopt;
  }
  return value;
}

struct CrRange {
  double min = 0;
  double max = 1e9;
  bool contains(double cr) const { return cr >= min - 1e-9 && cr <= max + 1e-9; }
};

// "1-5", "1/4-2", or "5" for exactly 5.
Expected<CrRange, std::string> parse_cr_range(std::string_view text) {
  const auto dash = text.find('-');
  const auto low = parse_cr(text.substr(0, dash));
  const auto high = dash == std::string_view::npos ? low : parse_cr(text.substr(dash + 1));
  if (!low || !high) {
    return unexpected(
        fmt::format("--cr: \"{}\" is not a challenge rating range: expected MIN-MAX "
                    "(1-5, 1/4-2) or one rating (5, 1/2)",
                    text));
  }
  if (*low > *high) {
    return unexpected(fmt::format("--cr: \"{}\": the minimum {} is above the maximum {}", text,
                                  cr_text(*low), cr_text(*high)));
  }
  return CrRange{*low, *high};
}

// ---------------------------------------------------------------- resolving monsters

// A library monster as a battle gets it.
struct ResolvedMonster {
  const MonsterInfo* info = nullptr;
  Creature creature;
  bool can_fight = true;  // false: it has no attack arena can make
};

constexpr std::string_view kStandInAttack = "arena library stand-in";

json stand_in_attacks() {
  return json::array({json{{"name", kStandInAttack}, {"to_hit", 0}, {"damage", "1"}}});
}

// An encounter file with `info` alone against a stand-in opponent. A
// monster without attacks gets a stand-in one so that it resolves (a
// creature must be able to fight); resolve_monster takes it out again.
std::string monster_encounter(const MonsterInfo& info) {
  json monster = {{"monster", info.name}};
  if (info.attacks.empty()) monster["attacks"] = stand_in_attacks();
  const json opponent = {
      {"name", info.name + " (opponent)"}, {"hp", 1}, {"ac", 10}, {"attacks", stand_in_attacks()}};
  json factions = json::array();
  factions.push_back({{"name", "Monster"}, {"members", json::array({monster})}});
  factions.push_back({{"name", "Opponent"}, {"members", json::array({opponent})}});
  const json encounter = {
      {"name", "arena library"}, {"rules", "5e"}, {"battles", 1}, {"factions", factions}};
  return encounter.dump();
}

// The monster through load_encounter; on failure (a bug: the library is part
// of the program) its problems, one per line.
Expected<ResolvedMonster, std::string> resolve_monster(const MonsterInfo& info) {
  auto encounter = load_encounter(monster_encounter(info), "<library monster " + info.name + ">");
  if (!encounter) return unexpected(fmt::format("{}", fmt::join(encounter.error(), "\n")));
  ResolvedMonster resolved{&info,
                           creature_of(*encounter, encounter->factions.front().members.front()),
                           !info.attacks.empty()};
  if (!resolved.can_fight) {
    resolved.creature.attacks.clear();
    resolved.creature.actions.clear();
  }
  return resolved;
}

Expected<std::vector<ResolvedMonster>, std::string> resolve_monsters(
    const std::vector<const MonsterInfo*>& infos) {
  std::vector<ResolvedMonster> resolved;
  resolved.reserve(infos.size());
  for (const MonsterInfo* info : infos) {
    auto monster = resolve_monster(*info);
    if (!monster) return unexpected(monster.error());
    resolved.push_back(std::move(*monster));
  }
  return resolved;
}

// Whether library attack `a` of `info` is the thrown half of one printed
// attack that the data splits in two for its damage at range ("Javelin"
// and "Javelin (thrown)": the bugbear's).
bool split_thrown_half(const MonsterInfo& info, std::size_t a) {
  constexpr std::string_view kThrown = " (thrown)";
  const std::string_view name = info.attacks[a].name;
  if (!name.ends_with(kThrown)) return false;
  const std::string_view printed = name.substr(0, name.size() - kThrown.size());
  return std::any_of(info.attacks.begin(), info.attacks.end(),
                     [&](const MonsterAttackInfo& other) { return other.name == printed; });
}

// The attacks of its stat block (not those its spells add), as printed.
std::size_t stat_block_attacks(const ResolvedMonster& monster) {
  if (!monster.can_fight) return 0;
  std::size_t printed = 0;
  for (std::size_t a = 0; a < monster.info->attacks.size(); ++a)
    printed += split_thrown_half(*monster.info, a) ? 0 : 1;
  return printed;
}

bool has_multiattack(const Creature& creature) {
  return std::any_of(creature.actions.begin(), creature.actions.end(),
                     [](const Action& action) { return action.name.starts_with("Multiattack"); });
}

// ---------------------------------------------------------------- library monsters

bool matches(const MonsterInfo& info, std::string_view search) {
  if (search.empty()) return true;
  const std::string needle = lowercase(search);
  return lowercase(info.name).find(needle) != std::string::npos ||
         lowercase(info.type).find(needle) != std::string::npos ||
         library_key(info.name).find(library_key(search)) != std::string::npos;
}

// The monsters the options select, by CR then name.
std::vector<const MonsterInfo*> select_monsters(const LibraryRequest& options,
                                                const CrRange& range) {
  std::vector<const MonsterInfo*> selected;
  for (const MonsterInfo& info : Library::builtin().monsters()) {
    if (range.contains(info.cr) && matches(info, options.search)) selected.push_back(&info);
  }
  std::stable_sort(selected.begin(), selected.end(),
                   [](const MonsterInfo* a, const MonsterInfo* b) {
                     if (a->cr != b->cr) return a->cr < b->cr;
                     return lowercase(a->name) < lowercase(b->name);
                   });
  return selected;
}

json monsters_json(const std::vector<ResolvedMonster>& monsters) {
  json out = json::array();
  for (const ResolvedMonster& monster : monsters) {
    const MonsterInfo& info = *monster.info;
    out.push_back({{"name", info.name},
                   {"size", info.size},
                   {"type", info.type},
                   {"cr", cr_text(info.cr)},
                   {"cr_value", info.cr},
                   {"ac", monster.creature.ac},
                   {"hp", monster.creature.hp.flat()},
                   {"attacks", stat_block_attacks(monster)},
                   {"multiattack", has_multiattack(monster.creature)},
                   {"not_modelled", monster.creature.warnings.size()}});
  }
  return out;
}

std::string monsters_table(const std::vector<ResolvedMonster>& monsters) {
  Columns table{
      {"name", "size", "type", "CR", "AC", "HP", "attacks", "multiattack", "not modelled"},
      {false, false, false, true, true, true, true, false, true},
      {}};
  for (const ResolvedMonster& monster : monsters) {
    const MonsterInfo& info = *monster.info;
    table.rows.push_back(
        {info.name, info.size, info.type, cr_text(info.cr), std::to_string(monster.creature.ac),
         std::to_string(monster.creature.hp.flat()), std::to_string(stat_block_attacks(monster)),
         has_multiattack(monster.creature) ? "yes" : "no",
         std::to_string(monster.creature.warnings.size())});
  }
  return fmt::format("{}\n{} of {} monsters\n", format_columns(table), monsters.size(),
                     Library::builtin().monsters().size());
}

View monsters_view(const LibraryRequest& request) {
  CrRange range;
  if (request.cr) {
    auto parsed = parse_cr_range(*request.cr);
    if (!parsed) return unexpected(parsed.error());
    range = *parsed;
  }
  auto monsters = resolve_monsters(select_monsters(request, range));
  if (!monsters) return unexpected(monsters.error());
  return json_or_table(request.json, *monsters, monsters_json, monsters_table);
}

// ---------------------------------------------------------------- library show

json abilities_json(const AbilityScores& abilities) {
  json out = json::object();
  for (std::size_t i = 0; i < kAbilityKeys.size(); ++i) {
    out[std::string(kAbilityKeys[i])] = abilities.scores[i];
  }
  return out;
}

// "STR 27 (+8)  DEX 10 (+0)  ..."
std::string abilities_text(const AbilityScores& abilities) {
  std::string text;
  for (std::size_t i = 0; i < kAbilityKeys.size(); ++i) {
    const auto ability = static_cast<Ability>(i);
    std::string label(key(ability));
    std::transform(label.begin(), label.end(), label.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    text += fmt::format("{}{} {} ({:+d})", i == 0 ? "" : "  ", label, abilities.score(ability),
                        abilities.modifier(ability));
  }
  return text;
}

json show_json(const ResolvedMonster& monster) {
  const MonsterInfo& info = *monster.info;
  json out = creature_json(monster.creature.name, monster.creature);
  out["size"] = info.size;
  out["type"] = info.type;
  out["cr"] = cr_text(info.cr);
  out["cr_value"] = info.cr;
  out["hit_dice"] = info.hit_dice;
  out["proficiency_bonus"] = info.proficiency_bonus;
  out["abilities"] = abilities_json(monster.creature.abilities);
  out["can_fight"] = monster.can_fight;
  out["no_effect_traits"] = info.trait_rules.no_effect;
  return out;
}

std::string show_table(const ResolvedMonster& monster) {
  const MonsterInfo& info = *monster.info;
  std::string out = fmt::format(
      "{}: {} {}, CR {}, hit dice {} (arena uses the average), proficiency {:+d}\n", info.name,
      info.size, info.type, cr_text(info.cr), info.hit_dice, info.proficiency_bonus);
  out += "  " + abilities_text(monster.creature.abilities) + "\n\n" +
         creature_table(monster.creature.name, monster.creature, info.trait_rules.no_effect);
  if (!monster.can_fight) {
    out +=
        "    it has no attack arena can make: in a battle it is a target that does nothing "
        "(give it \"attacks\" in an encounter file to make it fight)\n";
  }
  return out;
}

View show_view(const LibraryRequest& request) {
  const Library& library = Library::builtin();
  const MonsterInfo* info = library.monster(request.name);
  if (info == nullptr) {
    return unexpected(
        fmt::format("unknown monster \"{}\"{}", request.name,
                    did_you_mean(library_key(request.name), library.monster_names())));
  }
  auto monster = resolve_monster(*info);
  if (!monster) return unexpected(monster.error());
  return json_or_table(request.json, *monster, show_json, show_table);
}

// ---------------------------------------------------------------- library coverage

// The stat-block entries counted, in the order they are printed.
enum class EntryKind {
  Attack,
  HitRider,  // what an attack's hit does besides its damage
  Multiattack,
  SaveAction,
  Action,
  LegendaryAction,
  Reaction,
  Spell,
  Trait,
  Defence
};
constexpr std::array<std::string_view, 10> kEntryKindNames = {
    "attacks",           "riders of hits", "multiattacks", "save actions", "other actions",
    "legendary actions", "reactions",      "spells",       "traits",       "damage defences"};

// Entries arena plays by, those that cannot change a gridless fight (traits
// only), and those it leaves out.
struct EntryCount {
  int modelled = 0;
  int no_effect = 0;
  int not_modelled = 0;
  int total() const { return modelled + no_effect + not_modelled; }
  EntryCount& operator+=(const EntryCount& other) {
    modelled += other.modelled;
    no_effect += other.no_effect;
    not_modelled += other.not_modelled;
    return *this;
  }
};

struct NameCount {
  std::string name;
  int monsters = 0;     // monsters that have it
  int occurrences = 0;  // warnings that name it (a monster may have it twice)
};

// The kinds of entry that can deal damage or impose conditions.
constexpr std::array<EntryKind, 5> kDamagingKinds = {EntryKind::Attack, EntryKind::SaveAction,
                                                     EntryKind::Action, EntryKind::LegendaryAction,
                                                     EntryKind::Spell};

struct Coverage {
  int monsters = 0;
  int can_fight = 0;       // have an attack arena can make
  int fully_modelled = 0;  // no warning at all
  std::array<EntryCount, kEntryKindNames.size()> entries;
  // Modelled: attacks, save actions, legendary actions and spells that deal
  // damage or impose conditions; not modelled: those of kDamagingKinds
  // arena leaves out (damaging or not: a warning does not say).
  EntryCount damaging;
  std::map<std::string, NameCount> names;  // by normalised not-modelled name
  // Creature-type clauses of saves ("other than an elf or undead"): how
  // many, how many read into exclusions, and "Monster: Action: clause" for
  // each of the others.
  // Entries counted as modelled that only a battlefield plays (reactions, traits).
  int battlefield_reactions = 0;
  int battlefield_traits = 0;
  int target_clauses = 0;
  int target_clauses_read = 0;
  std::vector<std::string> unread_clauses;

  EntryCount& operator[](EntryKind kind) { return entries[static_cast<std::size_t>(kind)]; }
  const EntryCount& operator[](EntryKind kind) const {
    return entries[static_cast<std::size_t>(kind)];
  }
  EntryCount all() const {
    EntryCount sum;
    for (const EntryCount& entry : entries) sum += entry;
    return sum;
  }
};

constexpr std::string_view kNotModelled = "not modelled: ";

// What a warning's subject is: one of the stat block's traits, an attack's
// rider, a legendary action, a reaction, a spell, a damage defence, or else
// an action.
EntryKind warning_kind(std::string_view subject, const MonsterInfo& info) {
  if (std::find(info.traits.begin(), info.traits.end(), subject) != info.traits.end()) {
    return EntryKind::Trait;
  }
  if (subject.find(kOnAHit) != std::string_view::npos) return EntryKind::HitRider;
  if (subject.starts_with("Legendary: ")) return EntryKind::LegendaryAction;
  if (subject.starts_with("Reaction: ")) return EntryKind::Reaction;
  if (subject.starts_with("spell ")) return EntryKind::Spell;
  for (std::string_view defence : {"resistance to ", "immunity to ", "vulnerability to "}) {
    if (subject.starts_with(defence)) return EntryKind::Defence;
  }
  return EntryKind::Action;
}

// The name under which a warning's subject is counted, without its kind and
// its usage: "Legendary: Wing Attack (Costs 2 Actions)" -> "Wing Attack",
// "Fire Breath (Recharge 5-6)" -> "Fire Breath", "Touch on a hit: takes 5
// (1d10) fire damage ..." -> "Touch on a hit".
std::string counted_name(std::string_view subject) {
  if (const auto rider = subject.find(kOnAHit); rider != std::string_view::npos)
    return std::string(subject.substr(0, rider + kOnAHit.size() - 2));
  for (std::string_view prefix : {"Legendary: ", "Reaction: ", "Multiattack: "}) {
    if (subject.starts_with(prefix)) subject.remove_prefix(prefix.size());
  }
  while (subject.ends_with(')')) {
    const auto open = subject.rfind(" (");
    if (open == std::string_view::npos) break;
    subject = subject.substr(0, open);
  }
  return std::string(subject);
}

bool deals_damage_or_conditions(const std::vector<DamageDice>& damage,
                                const std::vector<ConditionEffect>& conditions) {
  return !damage.empty() || !conditions.empty();
}

// The modelled entries of `info` as `creature` plays it: its stat block's
// attacks, multiattack, save actions (not those only a legendary action
// uses), legendary actions, spells, traits and damage defences (those phrases
// that left no warning). Adds the damaging ones to `damaging`.
void add_modelled(Coverage& coverage, const ResolvedMonster& monster, int defences_not_modelled) {
  const MonsterInfo& info = *monster.info;
  const Creature& creature = monster.creature;
  coverage[EntryKind::Attack].modelled += static_cast<int>(stat_block_attacks(monster));
  // The creature's first attacks are the library's, in order (its thrown
  // twins come after them).
  for (std::size_t a = 0; monster.can_fight && a < info.attacks.size(); ++a) {
    if (split_thrown_half(info, a)) continue;
    const Attack& attack = creature.attacks[a];
    const int riders = (attack.on_hit_saves.empty() ? 0 : 1) +
                       (attack.on_hit_conditions.empty() ? 0 : 1);  // a save, conditions
    coverage[EntryKind::HitRider].modelled += riders;
    coverage[EntryKind::HitRider].no_effect +=
        static_cast<int>(info.attacks[a].riders_no_effect.size());
    coverage.damaging.modelled += riders > 0 || !attack.damage.empty() ? 1 : 0;
  }
  coverage[EntryKind::Multiattack].modelled += has_multiattack(creature) ? 1 : 0;
  for (const SaveInfo& save : info.save_actions) {
    if (save.legendary_only || save.turn_start_reaction > 0) continue;  // counted as a reaction
    ++coverage[EntryKind::SaveAction].modelled;
    coverage.damaging.modelled += deals_damage_or_conditions(save.damage, save.conditions) ? 1 : 0;
  }
  const int legendary = static_cast<int>(creature.legendary_actions.size());
  coverage[EntryKind::LegendaryAction].modelled += legendary;
  coverage.damaging.modelled += legendary;
  if (info.spellcasting) {
    std::set<std::string> spells;
    for (const SpellInfo& spell : info.spellcasting->spells) {
      if (!spells.insert(spell.name).second) continue;
      const bool damaging = !spell.conditions.empty() ||
                            std::any_of(spell.damage.begin(), spell.damage.end(),
                                        [](const auto& cast) { return !cast.second.empty(); });
      coverage.damaging.modelled += damaging ? 1 : 0;
    }
    coverage[EntryKind::Spell].modelled += static_cast<int>(spells.size());
  }
  for (const std::string& trait : info.traits) {
    switch (trait_status(info, trait)) {
      case TraitStatus::Modelled:
        ++coverage[EntryKind::Trait].modelled;
        break;
      case TraitStatus::NoEffect:
        ++coverage[EntryKind::Trait].no_effect;
        break;
      case TraitStatus::NotModelled:
        ++coverage[EntryKind::Trait].not_modelled;
        break;
      case TraitStatus::Battlefield:
        ++coverage[EntryKind::Trait].modelled;
        ++coverage.battlefield_traits;
        break;
    }
  }
  for (const std::string& entry : creature.battlefield_only) {
    if (!entry.starts_with("Reaction: ")) continue;  // the traits are counted above
    ++coverage[EntryKind::Reaction].modelled;
    ++coverage.battlefield_reactions;
  }
  for (const std::string& entry : info.trait_rules.no_effect) {
    if (entry.starts_with("Reaction: ")) ++coverage[EntryKind::Reaction].no_effect;
  }
  const auto phrases =
      info.resistances.size() + info.immunities.size() + info.vulnerabilities.size();
  coverage[EntryKind::Defence].modelled += static_cast<int>(phrases) - defences_not_modelled;
}

void add_target_clause(Coverage& coverage, const MonsterInfo& info, const SaveInfo& save,
                       std::string_view action) {
  if (save.target_clause.empty()) return;
  ++coverage.target_clauses;
  if (!save.excludes.empty()) {
    ++coverage.target_clauses_read;
  } else {
    coverage.unread_clauses.push_back(
        fmt::format("{}: {}: {}", info.name, action, save.target_clause));
  }
}

void add_target_clauses(Coverage& coverage, const MonsterInfo& info) {
  for (const MonsterAttackInfo& attack : info.attacks) {
    if (attack.save) add_target_clause(coverage, info, *attack.save, attack.name);
  }
  for (const SaveInfo& save : info.save_actions) add_target_clause(coverage, info, save, save.name);
}

void add_monster(Coverage& coverage, const ResolvedMonster& monster) {
  const Creature& creature = monster.creature;
  ++coverage.monsters;
  coverage.can_fight += monster.can_fight ? 1 : 0;
  coverage.fully_modelled += creature.warnings.empty() ? 1 : 0;
  std::set<std::string> seen;
  int defences_not_modelled = 0;
  for (std::string_view subject : creature.warnings) {
    if (subject.starts_with(kNotModelled)) subject.remove_prefix(kNotModelled.size());
    const EntryKind kind = warning_kind(subject, *monster.info);
    // Traits are counted by their status (add_modelled), all three ways.
    if (kind != EntryKind::Trait) ++coverage[kind].not_modelled;
    if (std::find(kDamagingKinds.begin(), kDamagingKinds.end(), kind) != kDamagingKinds.end()) {
      ++coverage.damaging.not_modelled;
    }
    defences_not_modelled += kind == EntryKind::Defence ? 1 : 0;
    const std::string name = counted_name(subject);
    NameCount& count = coverage.names[name];
    count.name = name;
    ++count.occurrences;
    if (seen.insert(name).second) ++count.monsters;
  }
  add_modelled(coverage, monster, defences_not_modelled);
  add_target_clauses(coverage, *monster.info);
}

// The not-modelled names, most frequent first; at most `top` (0: all).
std::vector<NameCount> ranked_names(const Coverage& coverage, int top) {
  std::vector<NameCount> ranked;
  for (const auto& [name, count] : coverage.names) ranked.push_back(count);
  std::stable_sort(ranked.begin(), ranked.end(), [](const NameCount& a, const NameCount& b) {
    if (a.monsters != b.monsters) return a.monsters > b.monsters;
    return a.occurrences > b.occurrences;
  });
  if (top > 0 && ranked.size() > static_cast<std::size_t>(top)) {
    ranked.resize(static_cast<std::size_t>(top));
  }
  return ranked;
}

// The share of the entries that matter in a fight without positions: what
// arena models of all but those with no effect there.
double share(const EntryCount& count) {
  const int relevant = count.modelled + count.not_modelled;
  return relevant == 0 ? 0.0 : static_cast<double>(count.modelled) / relevant;
}

json count_json(const EntryCount& count) {
  return {{"modelled", count.modelled},
          {"no_effect", count.no_effect},
          {"not_modelled", count.not_modelled},
          {"total", count.total()},
          {"share_modelled", share(count)}};
}

json coverage_json(const Coverage& coverage, int top) {
  json entries = json::object();
  for (std::size_t k = 0; k < kEntryKindNames.size(); ++k) {
    entries[std::string(kEntryKindNames[k])] = count_json(coverage.entries[k]);
  }
  json ranked = json::array();
  for (const NameCount& count : ranked_names(coverage, top)) {
    ranked.push_back(
        {{"name", count.name}, {"monsters", count.monsters}, {"occurrences", count.occurrences}});
  }
  json out = {
      {"monsters", coverage.monsters},
      {"can_fight", coverage.can_fight},
      {"fully_modelled", coverage.fully_modelled},
      {"entries", entries},
      {"damaging_actions", count_json(coverage.damaging)},
      {"gridless_traits", count_json(coverage[EntryKind::Trait])},
      {"not_modelled_names", coverage.names.size()},
      {"battlefield_only",
       {{"reactions", coverage.battlefield_reactions}, {"traits", coverage.battlefield_traits}}},
      {"target_clauses",
       {{"total", coverage.target_clauses},
        {"read", coverage.target_clauses_read},
        {"unread", coverage.unread_clauses}}},
      {"most_frequent", ranked}};
  out.update(count_json(coverage.all()));
  return out;
}

std::string coverage_table(const Coverage& coverage, int top) {
  std::string out = fmt::format(
      "SRD 5.1 bestiary: {} monsters; {} can fight in arena, {} have nothing arena leaves out\n\n",
      coverage.monsters, coverage.can_fight, coverage.fully_modelled);
  Columns entries{
      {"stat-block entries", "modelled", "no effect", "not modelled", "total", "modelled %"},
      {false, true, true, true, true, true},
      {}};
  auto add_row = [&](std::string_view label, const EntryCount& count) {
    entries.rows.push_back({std::string(label), std::to_string(count.modelled),
                            std::to_string(count.no_effect), std::to_string(count.not_modelled),
                            std::to_string(count.total()),
                            fmt::format("{:.1f}%", 100 * share(count))});
  };
  for (std::size_t k = 0; k < kEntryKindNames.size(); ++k) {
    add_row(kEntryKindNames[k], coverage.entries[k]);
  }
  add_row("all", coverage.all());
  out += format_columns(entries);
  const auto modelled_of = [](const EntryCount& count) {
    return fmt::format("modelled {} of {} ({:.1f}%)", count.modelled,
                       count.modelled + count.not_modelled, 100 * share(count));
  };
  out += fmt::format(
      "\ndamaging actions:                    {}, counting every action left out as damaging\n"
      "traits that change a gridless fight: {}; {} more have no effect in one\n",
      modelled_of(coverage.damaging), modelled_of(coverage[EntryKind::Trait]),
      coverage[EntryKind::Trait].no_effect);
  out += fmt::format(
      "played on a battlefield only:        {} reactions, {} traits (counted as modelled above)\n",
      coverage.battlefield_reactions, coverage.battlefield_traits);
  out += fmt::format(
      "creature-type clauses of saves:      {} read of {} (\"other than an elf or undead\": "
      "those creatures are unaffected)\n",
      coverage.target_clauses_read, coverage.target_clauses);
  for (const std::string& clause : coverage.unread_clauses)
    out += fmt::format("  not read: {}\n", clause);
  const auto ranked = ranked_names(coverage, top);
  out += fmt::format("\nmost frequent not modelled ({} of {} names):\n", ranked.size(),
                     coverage.names.size());
  Columns names{{"name", "monsters", "times"}, {false, true, true}, {}};
  for (const NameCount& count : ranked) {
    names.rows.push_back(
        {count.name, std::to_string(count.monsters), std::to_string(count.occurrences)});
  }
  out += format_columns(names);
  return out;
}

View coverage_view(const LibraryRequest& request) {
  std::vector<const MonsterInfo*> infos;
  for (const MonsterInfo& info : Library::builtin().monsters()) infos.push_back(&info);
  auto monsters = resolve_monsters(infos);
  if (!monsters) return unexpected(monsters.error());
  Coverage coverage;
  for (const ResolvedMonster& monster : *monsters) add_monster(coverage, monster);
  return json_or_table(
      request.json, coverage, [&](const Coverage& c) { return coverage_json(c, request.top); },
      [&](const Coverage& c) { return coverage_table(c, request.top); });
}

// ---------------------------------------------------------------- library weapons, armor

// The library's entries in its order, through their names (the names are
// what Library lists).
template <class Info, class Lookup>
std::vector<const Info*> entries(const std::vector<std::string>& names, Lookup lookup) {
  std::vector<const Info*> found;
  for (const std::string& name : names) found.push_back(lookup(name));
  return found;
}

// The properties arena plays by: finesse, light, heavy, two-handed, thrown,
// versatile (with its damage), reach.
std::vector<std::string> weapon_properties(const WeaponInfo& weapon) {
  std::vector<std::string> properties;
  if (weapon.finesse) properties.emplace_back("finesse");
  if (weapon.light) properties.emplace_back("light");
  if (weapon.heavy) properties.emplace_back("heavy");
  if (weapon.two_handed) properties.emplace_back("two-handed");
  if (weapon.thrown) properties.emplace_back("thrown");
  if (!weapon.versatile_damage.empty()) {
    properties.push_back(fmt::format("versatile ({})", to_string(weapon.versatile_damage)));
  }
  if (!weapon.ranged && weapon.reach > 5) properties.emplace_back("reach");
  return properties;
}

json weapon_json(const WeaponInfo& weapon) {
  json entry = {{"name", weapon.name},
                {"category", weapon.martial ? "martial" : "simple"},
                {"kind", weapon.ranged ? "ranged" : "melee"},
                {"damage", weapon.damage.empty() ? json(nullptr) : json(to_string(weapon.damage))},
                {"properties", weapon_properties(weapon)}};
  if (!weapon.ranged) entry["reach"] = weapon.reach;
  if (weapon.range_normal > 0) entry["range"] = {weapon.range_normal, weapon.range_long};
  return entry;
}

std::vector<std::string> weapon_row(const WeaponInfo& weapon) {
  return {weapon.name,
          fmt::format("{} {}", weapon.martial ? "martial" : "simple",
                      weapon.ranged ? "ranged" : "melee"),
          weapon.damage.empty() ? "none" : to_string(weapon.damage),
          fmt::format("{}", fmt::join(weapon_properties(weapon), ", ")),
          weapon.ranged ? "" : fmt::format("{} ft.", weapon.reach),
          weapon.range_normal > 0 ? fmt::format("{}/{} ft.", weapon.range_normal, weapon.range_long)
                                  : ""};
}

json armor_json(const ArmorInfo& armor) {
  return {{"name", armor.name},
          {"category", armor.category},
          {"base_ac", armor.base_ac},
          {"dex_bonus", armor.dex_bonus},
          {"max_dex_bonus", armor.max_dex_bonus ? json(*armor.max_dex_bonus) : json(nullptr)}};
}

// A shield's AC is a bonus ("+2"); DEX counts in full, up to a maximum, or not at all.
std::vector<std::string> armor_row(const ArmorInfo& armor) {
  std::string dex = "none";
  if (armor.dex_bonus) {
    dex = armor.max_dex_bonus ? fmt::format("max {:+d}", *armor.max_dex_bonus) : "full";
  }
  const std::string ac = armor.category == "shield" ? fmt::format("{:+d}", armor.base_ac)
                                                    : std::to_string(armor.base_ac);
  return {armor.name, armor.category, ac, dex};
}

View weapons_view(const LibraryRequest& request) {
  const Library& library = Library::builtin();
  const auto weapons = entries<WeaponInfo>(
      library.weapon_names(), [&](const std::string& name) { return library.weapon(name); });
  Columns table{{"name", "category", "damage", "properties", "reach", "range"},
                {false, false, false, false, true, true},
                {}};
  return list_json_or_table(request.json, weapons, table, weapon_json, weapon_row);
}

View armor_view(const LibraryRequest& request) {
  const Library& library = Library::builtin();
  const auto armor = entries<ArmorInfo>(
      library.armor_names(), [&](const std::string& name) { return library.armor(name); });
  Columns table{{"name", "category", "AC", "DEX bonus"}, {false, false, true, false}, {}};
  return list_json_or_table(request.json, armor, table, armor_json, armor_row);
}

}  // namespace

// The views it has, in the order a message about any other view lists them.
const std::string_view kLibraryViews[] = {"monsters", "show", "coverage", "weapons", "armor"};

View library_view(const LibraryRequest& request) {
  if (request.view == "monsters") return monsters_view(request);
  if (request.view == "show") return show_view(request);
  if (request.view == "coverage") return coverage_view(request);
  if (request.view == "weapons") return weapons_view(request);
  return armor_view(request);
}

}  // namespace arena::dnd5e
