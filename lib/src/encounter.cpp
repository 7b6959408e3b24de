#include "arena/encounter.hpp"

#include <fmt/format.h>

namespace arena {

namespace {

// FNV-1a over a canonical text of the encounter.
class Digest {
 public:
  template <class... Args>
  void add(fmt::format_string<Args...> format, Args&&... args) {
    for (char c : fmt::format(format, std::forward<Args>(args)...)) {
      hash_ = (hash_ ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    }
    hash_ = (hash_ ^ 0xff) * 0x100000001b3ULL;  // field separator
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

void add_set(Digest& digest, const DamageTypeSet& set) {
  for (int t = 0; t < kDamageTypeCount; ++t) digest.add("{}", set.contains(static_cast<DamageType>(t)));
}

void add_creature(Digest& digest, const Creature& c) {
  digest.add("{}|{}|{}|{}|{}|{}|{}", c.name, c.faction, c.hp.to_string(), c.ac, c.initiative, c.pc,
             static_cast<int>(c.tactics.target));
  for (int score : c.abilities.scores) digest.add("{}", score);
  for (const Attack& a : c.attacks) {
    digest.add("{}|{}|{}|{}|{}|{}|{}|{}|{}", a.name, static_cast<int>(a.kind), a.to_hit, to_string(a.damage),
               a.reach, a.range_normal, a.range_long, a.disadvantage, a.magical);
  }
  for (const Action& action : c.actions) {
    digest.add("{}", action.name);
    for (int attack : action.attacks) digest.add("{}", attack);
  }
  for (const DamageTypeSet* set : {&c.resistances, &c.immunities, &c.vulnerabilities,
                                   &c.nonmagical_resistances, &c.nonmagical_immunities}) {
    add_set(digest, *set);
  }
}

}  // namespace

std::string fingerprint(const Encounter& encounter) {
  Digest digest;
  digest.add("{}|{}|{}|{}", encounter.name, static_cast<int>(encounter.rules), encounter.seed,
             encounter.max_rounds);
  for (const Faction& faction : encounter.factions) {
    digest.add("{}|{}", faction.name, static_cast<int>(faction.tactics.target));
    for (int member : faction.members) digest.add("{}", member);
  }
  for (const Creature& creature : encounter.creatures) add_creature(digest, creature);
  return fmt::format("{:016x}", digest.value());
}

std::string_view name(Ruleset rules) {
  switch (rules) {
    case Ruleset::Dnd5e: return "5e";
    case Ruleset::Knave: return "knave";
    case Ruleset::OldSchool: return "oldschool";
    case Ruleset::Warmachine: return "warmachine";
  }
  return "5e";
}

}  // namespace arena
