// `arena replay` for 5e: the battle loop with an event sink that writes a
// line per event.
#include <fmt/format.h>

#include <algorithm>
#include <span>
#include <string>

#include "rules/common/replay_with.hpp"
#include "rules/dnd5e/action_value.hpp"
#include "rules/dnd5e/battle.hpp"
#include "rules/dnd5e/field_map.hpp"
#include "rules/dnd5e/ruleset.hpp"

namespace arena::dnd5e {

namespace {

std::string d20_text(RollMode mode, int first, int second, int natural) {
  switch (mode) {
    case RollMode::Normal:
      return fmt::format("d20 {}", first);
    case RollMode::Advantage:
      return fmt::format("d20 {} and {} (advantage: {})", first, second, natural);
    case RollMode::Disadvantage:
      return fmt::format("d20 {} and {} (disadvantage: {})", first, second, natural);
  }
  return {};
}

// "value 7.9: damage 3.8 + conditions 4.1", or "value 4.0" without conditions.
std::string value_text(const ValueParts& parts) {
  if (parts.conditions == 0) return fmt::format("value {:.1f}", parts.total());
  return fmt::format("value {:.1f}: damage {:.1f} + conditions {:.1f}", parts.total(), parts.damage,
                     parts.conditions);
}

// Why `self` took the action `chosen` against `target`: its value, and the
// other actions it could have taken with theirs, best first (per action
// cost for a legendary option). The values the turn chose by (turn.hpp):
// the plan's, in the target's state now. On a battlefield an action that
// cannot reach the target from where `self` stands is not a choice: it is
// marked "out of reach".
std::string why_text(const Encounter& encounter, const BattlePlan& plan, const BattleState& state,
                     int self, int target, std::string_view chosen, bool legendary) {
  const Creature& attacker = creature_of(encounter, self);
  if (!legendary && attacker.fixed_actions)
    return "    why: fixed actions, the first available in the order given\n";
  const int enemies = enemies_standing(plan, state, self);
  const TargetState now = detail::target_state(plan, state, self, target);
  const auto& options = legendary ? attacker.legendary_actions : attacker.actions;
  const auto planned = legendary ? plan.legendary_of(self) : plan.actions_of(self);
  const int feet = plan.field.enabled ? detail::feet_between(plan, state, self, target) : 0;
  struct Other {
    double value;
    std::string name;
    bool out_of_reach;
  };
  std::string mine;
  std::vector<Other> others;
  for (std::size_t i = 0; i < options.size(); ++i) {
    if (!detail::available_against(plan, state, self, planned[i], target)) continue;
    const BattlePlan::Value value = plan.valued(self, planned[i], target, enemies, now);
    const ValueParts parts{value.total - value.conditions, value.conditions};
    const double cost = legendary ? options[i].cost : 1;
    if (options[i].name == chosen && mine.empty()) {
      mine = value_text(parts);
    } else {
      const bool out_of_reach =
          plan.field.enabled && detail::action_limit(plan, self, planned[i], false) < feet;
      others.push_back({parts.total() / cost, options[i].name, out_of_reach});
    }
  }
  std::stable_sort(others.begin(), others.end(),
                   [](const Other& a, const Other& b) { return a.value > b.value; });
  std::string text = fmt::format("    why: {}{}", mine, others.empty() ? " (its only choice)" : "");
  for (std::size_t i = 0; i < others.size() && i < 3; ++i) {
    text +=
        fmt::format("{} {} ({:.1f}{}{})", i == 0 ? "; over" : ",", others[i].name, others[i].value,
                    legendary ? " per action" : "", others[i].out_of_reach ? ", out of reach" : "");
  }
  return text + "\n";
}

// Writes each battle event as a line of text; with `why`, why each action
// was chosen too, and with `map`, a map of the battlefield every round.
class TextEvents : public NoEvents {
 public:
  TextEvents(const Encounter& encounter, const BattlePlan& plan, const BattleState& state,
             std::string& out, bool why = false, bool map = false)
      : encounter_(encounter), plan_(plan), state_(state), out_(out), why_(why), map_(map) {}

  void initiative(int creature, int d20, int total) {
    if (!initiative_header_) {
      out_ += "Hit points:";
      for (std::size_t c = 0; c < encounter_.combatants.size(); ++c) {
        const CombatantState& s = state_.combatants[c];
        out_ += fmt::format("{} {} {}", c == 0 ? "" : ",", encounter_.combatants[c].name,
                            s.absent ? "absent until it joins" : std::to_string(s.hp));
      }
      out_ += "\nInitiative rolls:\n";
      initiative_header_ = true;
    }
    out_ += fmt::format("  {:<20} d20 {:>2} {:+d} = {}\n", who(creature), d20,
                        creature_of(encounter_, creature).initiative, total);
  }

  void round_begins(int round) {
    if (round == 1) {
      out_ += "Turn order:";
      for (int c : state_.order) {
        out_ += ' ';
        out_ += who(c);
      }
      out_ += "\n";
      if (!state_.field.at.empty()) {
        out_ += "Positions:";
        for (std::size_t c = 0; c < state_.field.at.size(); ++c) {
          if (state_.combatants[c].absent) continue;
          const space::Square at = state_.field.at[c].at;
          out_ +=
              fmt::format("{} {} ({},{})", c == 0 ? "" : ",", who(static_cast<int>(c)), at.x, at.y);
        }
        out_ += "\n";
      }
    }
    out_ += fmt::format("Round {}\n", round);
    if (map_) out_ += field_map(encounter_, plan_, state_);
  }

  void moved(int creature, int feet, space::Square to) {
    out_ += fmt::format("  {} moves {} ft to ({},{})\n", who(creature), feet, to.x, to.y);
  }

  void joins(int creature, int from) {
    const space::Square at = state_.field.at[creature].at;
    out_ += fmt::format("  {} joins at ({},{}), split from {}: {} HP each\n", who(creature), at.x,
                        at.y, who(from), state_.combatants[creature].hp);
  }

  // A move's reaction says where the mover leaves from: on its first
  // step, no line of the move comes before it.
  void reaction(int creature, int trigger, const char* what, bool on_move) {
    const space::Square from = state_.field.at[trigger].at;
    out_ += fmt::format(
        "  {}: {} on {}{}\n", who(creature), what, who(trigger),
        on_move ? fmt::format(", as it leaves ({},{})", from.x, from.y) : std::string());
  }

  void cancelled(int creature, const char* what) {
    out_ += fmt::format("  {}: {}\n", who(creature), what);
  }

  void attack(int attacker, int target, int attack_index, const AttackRoll& roll, int damage,
              int hp_left) {
    const Creature& self = creature_of(encounter_, attacker);
    const Attack& attack = self.attacks[attack_index];
    std::string dice = attack.auto_hit
                           ? "automatic hit"
                           : d20_text(roll.mode, roll.first_d20, roll.second_d20, roll.natural);
    if (attack.auto_hit) {
      out_ += fmt::format("  {} hits {} with {}: {} damage, {} has {} HP\n", who(attacker),
                          who(target), attack.name, damage, who(target), hp_left);
      return;
    }
    std::string verdict;
    if (!roll.hit) {
      verdict = roll.natural == 1 ? "natural 1, miss" : "miss";
    } else {
      // A Battle Master's parry: its die, DEX and what it took off (before
      // resistance; never below 0, so not always their sum). A parry is a
      // battlefield reaction, so only then is there a field creature to read.
      std::string parried;
      if (roll.parry_die > 0) {
        const FieldCreature& parrier = plan_.field.creatures[target];
        parried = fmt::format(" (parried: d{} {} {:+d} = {} less)", parrier.superiority_die,
                              roll.parry_die, parrier.dex, roll.reduced);
      }
      // A riposte's superiority die, rolled with the hit's damage (damage.hpp).
      const int riposte = state_.field.riposte_rolled;
      const std::string added =
          riposte > 0 ? fmt::format(" (riposte: {}d{} {} added)", roll.critical ? 2 : 1,
                                    plan_.field.creatures[attacker].superiority_die, riposte)
                      : "";
      verdict =
          fmt::format("{}, {} damage{}{}, {} has {} HP", roll.critical ? "CRITICAL HIT" : "hit",
                      damage, parried, added, who(target), hp_left);
    }
    // On a battlefield, with a Shield cast this round or a parry against
    // this attack (reactions.hpp).
    const int ac = creature_of(encounter_, target).ac +
                   (state_.field.ac_bonus.empty() ? 0 : state_.field.ac_bonus[target]) +
                   roll.ac_raised;
    out_ += fmt::format("  {} attacks {} with {}: {} {:+d} = {} vs AC {}: {}\n", who(attacker),
                        who(target), attack.name, dice, attack.to_hit, roll.total, ac, verdict);
  }

  void falls(int creature, bool dead) {
    out_ += fmt::format("  {} {}\n", who(creature), dead ? "dies" : "falls unconscious");
  }

  void death_save(int creature, int d20, DeathSaveResult result) {
    const CombatantState& s = state_.combatants[creature];
    const char* what = "";
    switch (result) {
      case DeathSaveResult::Success:
        what = "success";
        break;
      case DeathSaveResult::Failure:
        what = "failure";
        break;
      case DeathSaveResult::DoubleFailure:
        what = "natural 1, two failures";
        break;
      case DeathSaveResult::RegainedHp:
        what = "natural 20, regains 1 HP and acts";
        break;
      case DeathSaveResult::Stable:  // the counts went back to 0 (become_stable)
        out_ +=
            fmt::format("  {} death save: d20 {}: third success, stable (both counts back to 0)\n",
                        who(creature), d20);
        return;
      case DeathSaveResult::Died:
        what = d20 == 1 ? "natural 1, two failures, the third: dies" : "third failure, dies";
        break;
    }
    // A natural 1 at two failures counts to 4 inside; the rules stop at 3.
    out_ += fmt::format("  {} death save: d20 {}: {} ({} successes, {} failures)\n", who(creature),
                        d20, what, s.death_successes, std::min<int>(s.death_failures, 3));
  }

  void action(int creature, int target, const char* name, bool legendary) {
    out_ += fmt::format("  {} {}{} ({})\n", who(creature),
                        legendary ? "legendary action: " : "uses ", name, who(target));
    if (why_) out_ += why_text(encounter_, plan_, state_, creature, target, name, legendary);
  }

  void save(int creature, const char* what, Ability ability, const SaveRoll& roll) {
    std::string verdict = roll.success ? "success" : "failure";
    if (roll.legendary_resistance)
      verdict = "failure, turned into a success by legendary resistance";
    if (roll.automatic_failure) {
      out_ += fmt::format("  {} {} save against {} (DC {}): automatic failure\n", who(creature),
                          key(ability), what, roll.dc);
      return;
    }
    out_ += fmt::format("  {} {} save against {}: {} {:+d} = {} vs DC {}: {}\n", who(creature),
                        key(ability), what,
                        d20_text(roll.mode, roll.first_d20, roll.second_d20, roll.natural),
                        roll.total - roll.natural, roll.total, roll.dc, verdict);
  }

  void damaged(int creature, int damage, int hp_left) {
    out_ += fmt::format("    {} takes {} damage, {} HP left\n", who(creature), damage, hp_left);
  }

  void condition(int creature, Condition condition, bool gained) {
    out_ += fmt::format("  {} {} {}\n", who(creature), gained ? "is now" : "is no longer",
                        name(condition));
  }

  void recharged(int creature, const char* resource) {
    out_ += fmt::format("  {} recharges {}\n", who(creature), resource);
  }

  void note(int creature, const char* what) {
    out_ += fmt::format("  {} {}\n", who(creature), what);
  }

  // "Young Red Dragon's Fire Breath (30-foot cone) catches Fighter, Wizard"
  void area(int creature, const char* what, std::span<const int> caught) {
    std::string shape;
    for (const SaveEffect& effect : creature_of(encounter_, creature).save_effects) {
      if (effect.name == what) shape = fmt::format(" ({})", effect.area);
    }
    std::string names;
    for (int c : caught) names += (names.empty() ? "" : ", ") + who(c);
    out_ += fmt::format("  {}'s {}{} catches {}\n", who(creature), what, shape,
                        names.empty() ? "nobody" : names);
  }

  void aftermath() { out_ += "After the battle:\n"; }

  void stabilises(int creature, int ally) {
    out_ += fmt::format("  {} stabilises {}\n", who(creature), who(ally));
  }

  void ends(const BattleOutcome& outcome) {
    if (outcome.stalemate) {
      // The harm table first, as battle.hpp's stalled() asks.
      const bool unharmed = plan_.harms.stalled(plan_.standing, state_.standing);
      out_ += unharmed ? stalemate_line(outcome.rounds)
                       : stalemate_line(outcome.rounds,
                                        "no one left can ever reach an enemy it can hurt");
    } else if (outcome.winner < 0) {
      out_ += fmt::format("Draw after {}\n", rounds_text(outcome.rounds));
    } else {
      out_ += fmt::format("Winner: {} after {}\n",
                          encounter_.factions[static_cast<std::size_t>(outcome.winner)].name,
                          rounds_text(outcome.rounds));
    }
  }

 private:
  const std::string& who(int creature) const {
    return encounter_.combatants[static_cast<std::size_t>(creature)].name;
  }

  const Encounter& encounter_;
  const BattlePlan& plan_;
  const BattleState& state_;
  std::string& out_;
  bool why_;
  bool map_;
  bool initiative_header_ = false;
};

}  // namespace

Replay replay(const Encounter& encounter, std::int64_t index) {
  return replay_with<Engine>(
      encounter, index,
      [&](const BattlePlan& plan, BattleState& state, auto& dice, std::string& text) {
        return play_battle(plan, state, dice, TextEvents(encounter, plan, state, text));
      });
}

Replay replay_options(const Encounter& encounter, std::int64_t index,
                      const ReplayOptions& options) {
  bool mapped = false;
  Replay result = replay_with<Engine>(
      encounter, index,
      [&](const BattlePlan& plan, BattleState& state, auto& dice, std::string& text) {
        mapped = options.map && plan.field.enabled;
        return play_battle(plan, state, dice,
                           TextEvents(encounter, plan, state, text, options.why, mapped));
      });
  result.mapped = mapped;
  return result;
}

}  // namespace arena::dnd5e
