// `arena replay` for oldschool: the seed's verbose lines ("Bob swings at
// Alice and misses", "Eve attacks Bob for 6 damage", "Bob dies!"), each
// attack with its d20 and the roll it needed.
#include <fmt/format.h>

#include <algorithm>

#include "rules/common/replay_with.hpp"
#include "rules/oldschool/ruleset.hpp"

namespace arena::oldschool {

namespace {

class TextEvents : public NoEvents {
 public:
  TextEvents(const Encounter& encounter, std::string& out) : encounter_(encounter), out_(out) {}

  void round_begins(int round) { out_ += fmt::format("Round {}:\n", round); }

  void initiative(int faction, int d6) {
    out_ += fmt::format("  {} rolls {} for initiative\n",
                        encounter_.factions[static_cast<std::size_t>(faction)].name, d6);
  }
  void initiative_tie(std::span<const int> tied) { out_ += initiative_tie_line(encounter_, tied); }

  void attack(int attacker, int target, int d20, int needed, int damage) {
    // A roll of 1 or more always hits: "needs 1", not "needs -8".
    const std::string roll = fmt::format("d20 {}, needs {}", d20, std::max(needed, 1));
    if (damage == 0 && d20 < needed) {
      out_ += fmt::format("  {} swings at {} and misses ({})\n", who(attacker), who(target), roll);
    } else {
      out_ += fmt::format("  {} attacks {} for {} damage ({})\n", who(attacker), who(target),
                          damage, roll);
    }
  }

  void dies(int fighter) { out_ += fmt::format("  {} dies!\n", who(fighter)); }

  void ends(const BattleOutcome& outcome) { out_ += battle_end_line(encounter_, outcome); }

 private:
  const std::string& who(int c) const {
    return encounter_.combatants[static_cast<std::size_t>(c)].name;
  }

  const Encounter& encounter_;
  std::string& out_;
};

// "Bob (11/11) [Level 2, scimitar, chain mail, Green Banner]", as the seed
// lists its fighters, with the hit points rolled for this battle.
std::string fighter_line(const Encounter& encounter, int c, int hp) {
  const Fighter& fighter = fighter_of(encounter, c);
  const Combatant& combatant = encounter.combatants[static_cast<std::size_t>(c)];
  return fmt::format("  {} ({}/{}) [Level {}, {}, {}, {}]\n", combatant.name, hp, hp, fighter.level,
                     fighter.weapon, fighter.armor,
                     encounter.factions[static_cast<std::size_t>(combatant.faction)].name);
}

}  // namespace

Replay replay(const Encounter& encounter, std::int64_t index) {
  return replay_with<Engine>(
      encounter, index,
      [&](const BattlePlan& plan, BattleState& state, auto& dice, std::string& text) {
        std::string rounds;  // after the fighters with the hit points rolled for them
        const BattleOutcome outcome = play_battle(plan, state, dice, TextEvents(encounter, rounds));
        text += "Fighters:\n";
        for (int c = 0; c < plan.fighter_count(); ++c)
          text += fighter_line(encounter, c, state.fighters[c].max_hp);
        text += rounds;
        return outcome;
      });
}

}  // namespace arena::oldschool
