#include "arena/encounter.hpp"

namespace arena {

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
