// `arena replay` for knave: every opposed save with its roll, the defense
// and the result, the wear of weapons and armor, saving throws, the death
// table and who gets up from it, morale rolls and flights.
#include <fmt/format.h>

#include "rules/common/replay_with.hpp"
#include "rules/knave/ruleset.hpp"

namespace arena::knave {

namespace {

class TextEvents : public NoEvents {
 public:
  TextEvents(const Encounter& encounter, const BattlePlan& plan, std::string& out)
      : encounter_(encounter), plan_(plan), out_(out) {}

  void round_begins(int round) { out_ += fmt::format("Round {}:\n", round); }

  void initiative(int faction, int d6) {
    out_ += fmt::format("  {} rolls {} for initiative\n",
                        encounter_.factions[static_cast<std::size_t>(faction)].name, d6);
  }
  void initiative_tie(std::span<const int> tied) { out_ += initiative_tie_line(encounter_, tied); }

  void attack(const AttackRoll& r) {
    const Ability ability = plan_.attacks[r.attack].ability;
    const std::string die =
        r.mode == 0 ? fmt::format("d20 {}", r.d20)
                    : fmt::format("2d20 {} and {}, {} {}", r.d20, r.other,
                                  r.mode > 0 ? "advantage keeps" : "disadvantage keeps", r.d20);
    out_ += fmt::format("  {} attacks {} with {}: {} {:+} {} = {} against defense {}: {}\n",
                        who(r.attacker), who(r.target), attack_name(r.attacker, r.attack), die,
                        r.bonus, name(ability), r.d20 + r.bonus, r.defense,
                        r.hit ? fmt::format("hit, {} damage", r.damage) : "miss");
  }

  void weapon_wears(int c, int attack, int quality) {
    out_ += fmt::format("  {}'s {} loses a point of quality ({}){}\n", who(c),
                        attack_name(c, attack), quality, quality == 0 ? ": broken" : "");
  }

  void armor_wears(int c, int piece, int quality) {
    const Creature& creature = creature_of(encounter_, c);
    const int i = piece - static_cast<int>(plan_.creatures[c].armor_pieces.first);
    out_ += fmt::format("  {}'s {} loses a point of quality ({}){}\n", who(c),
                        creature.armor_pieces[static_cast<std::size_t>(i)].name, quality,
                        quality == 0 ? ": worn out, no bonus" : "");
  }

  void save(int user, int target, int s, int d20, int bonus, bool success, int damage) {
    const SaveAbility& ability = save_ability(user, s);
    out_ += fmt::format("  {} uses {} on {}: d20 {} {:+} {} = {}, needs more than 15: {}{}\n",
                        who(user), ability.name, who(target), d20, bonus, name(ability.save),
                        d20 + bonus, success ? "saved" : "failed",
                        ability.damage ? fmt::format(", {} damage", damage) : "");
  }

  void condition(int c, int condition, int rounds, int before) {
    const int left = std::max(rounds, before);
    out_ += fmt::format("  {} {} {} for {} round{}{}\n", who(c), before > 0 ? "stays" : "is",
                        name(static_cast<Condition>(condition)), left, left == 1 ? "" : "s",
                        before > 0 ? fmt::format(" (rolled {}, {} left)", rounds, before) : "");
  }

  void loses_turn(int c) { out_ += fmt::format("  {} is paralysed and loses its turn\n", who(c)); }

  void death_table(int c, int d8, int ability, int loss, int value) {
    if (ability < 0) {
      out_ += fmt::format("  {} rolls {} on the death table: dead\n", who(c), d8);
    } else {
      out_ += fmt::format("  {} rolls {} on the death table: loses {} {} (now {:+}){}\n", who(c),
                          d8, loss, kAbilityKeys[static_cast<std::size_t>(ability)], value,
                          value < -10 ? ", below -10" : "");
    }
  }

  void gets_up(int c, int hp) {
    out_ += fmt::format("  {} gets up with {} HP and fights on\n", who(c), hp);
  }

  void falls(int c, Status status) {
    out_ += fmt::format("  {} {}\n", who(c), status == Status::Dead ? "dies!" : "is down");
  }

  void morale(int c, int roll, int morale) {
    out_ += fmt::format("  {} rolls {} on 2d6 for morale {}: {}\n", who(c), roll, morale,
                        roll <= morale ? "holds" : "fails");
  }

  void flees(int c) { out_ += fmt::format("  {} flees!\n", who(c)); }

  void ends(const BattleOutcome& outcome) { out_ += battle_end_line(encounter_, outcome); }

 private:
  const std::string& who(int c) const {
    return encounter_.combatants[static_cast<std::size_t>(c)].name;
  }
  const std::string& attack_name(int c, int attack) const {
    const int i = attack - static_cast<int>(plan_.creatures[c].attacks.first);
    return creature_of(encounter_, c).attacks[static_cast<std::size_t>(i)].name;
  }
  const SaveAbility& save_ability(int c, int s) const {
    const int i = s - static_cast<int>(plan_.creatures[c].saves.first);
    return creature_of(encounter_, c).save_abilities[static_cast<std::size_t>(i)];
  }

  const Encounter& encounter_;
  const BattlePlan& plan_;
  std::string& out_;
};

// "Goblin 1 (5 HP) [monster, HD 1, defense 11, morale 7, Goblins]", with
// the hit points rolled for this battle.
std::string creature_line(const Encounter& encounter, int c, int hp) {
  const Creature& cr = creature_of(encounter, c);
  const Combatant& combatant = encounter.combatants[static_cast<std::size_t>(c)];
  const std::string what =
      cr.monster ? fmt::format("monster, HD {}", cr.hd) : fmt::format("level {}", cr.level);
  return fmt::format("  {} ({} HP) [{}, defense {}{}, {}]\n", combatant.name, hp, what,
                     cr.full_armor() + 10,
                     cr.morale > 0 ? fmt::format(", morale {}", cr.morale) : "",
                     encounter.factions[static_cast<std::size_t>(combatant.faction)].name);
}

}  // namespace

Replay replay(const Encounter& encounter, std::int64_t index) {
  return replay_with<Engine>(
      encounter, index,
      [&](const BattlePlan& plan, BattleState& state, auto& dice, std::string& text) {
        std::string rounds;  // after the creatures with the hit points rolled for them
        const BattleOutcome outcome =
            play_battle(plan, state, dice, TextEvents(encounter, plan, rounds));
        text += "Creatures:\n";
        for (int c = 0; c < plan.creature_count(); ++c)
          text += creature_line(encounter, c, state.creatures[c].max_hp);
        text += rounds;
        return outcome;
      });
}

}  // namespace arena::knave
