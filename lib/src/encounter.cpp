#include "arena/encounter.hpp"

#include <fmt/format.h>

#include "digest.hpp"
#include "rules/registry.hpp"

namespace arena {

std::string fingerprint(const Encounter& encounter) {
  Digest digest;
  digest.add("{}|{}|{}|{}", encounter.name, name(encounter.rules), encounter.seed,
             encounter.max_rounds);
  for (const Faction& faction : encounter.factions) {
    digest.add("{}", faction.name);
    for (int member : faction.members) digest.add("{}", member);
  }
  for (const Combatant& c : encounter.combatants) {
    digest.add("{}|{}|{}", c.name, c.faction, c.member);
    if (c.joins_later) digest.add("later");
  }
  ruleset_hooks(encounter.rules).digest(encounter, digest);
  return fmt::format("{:016x}", digest.value());
}

}  // namespace arena
