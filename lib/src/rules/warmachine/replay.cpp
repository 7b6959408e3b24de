// `arena replay` for warmachine: every roll with its dice, every deviation
// with its distance and direction, blast or direct hits, the focus spent,
// knockdowns and moves.
#include <fmt/format.h>

#include <cmath>

#include "rules/common/replay_with.hpp"
#include "rules/warmachine/ruleset.hpp"

namespace arena::warmachine {

namespace {

// "4+3+2"
std::string dice_text(std::span<const int> dice) {
  return fmt::format("{}", fmt::join(dice, "+"));
}

// Inches as a player measures them: "4.3", where the sums of a battle's
// moves leave "4.300000000000001".
double inches(double x) {
  return std::round(x * 1e6) / 1e6;
}

std::string focus_text(int spent) {
  return spent == 0 ? "" : fmt::format(", {} focus", spent);
}

class TextEvents : public NoEvents {
 public:
  TextEvents(const Encounter& encounter, const BattlePlan& plan, std::string& out)
      : encounter_(encounter), plan_(plan), out_(out) {}

  void round_begins(int round) { out_ += fmt::format("Round {}:\n", round); }

  void first_player(int faction, int d2) {
    out_ += fmt::format("{} goes first (d2: {})\n", side(faction), d2);
  }

  void turn(int faction) { out_ += fmt::format("  {}'s turn\n", side(faction)); }

  void stands_up(int model) { out_ += fmt::format("    {} stands up\n", who(model)); }

  void moves(int model, int target, double from, double to, bool charge) {
    out_ += fmt::format("    {} {} {}\" to {}\" of {}{}\n", who(model),
                        charge ? "charges" : "advances", inches(from - to), inches(to), who(target),
                        charge ? focus_text(kChargeFocus) : "");
  }

  void shot(int model, int target, int weapon, double distance, bool aimed, bool into_melee,
            const ShotResult& r) {
    const Warjack& me = plan_.models[static_cast<std::size_t>(model)];
    const Model& them = r.was_down ? plan_.down[static_cast<std::size_t>(target)]
                                   : plan_.models[static_cast<std::size_t>(target)].model;
    const RangedWeapon& w = me.model.ranged[static_cast<std::size_t>(weapon)];
    std::string line = fmt::format("    {} {}shoots {} at {} ({}\"): ", who(model),
                                   aimed ? "aims and " : "", w.name, who(target), inches(distance));
    if (r.out_of_reach) {
      line += distance > w.rng ? "out of reach, no hit roll"
                               : "stealth: a miss from beyond 5\", no hit roll";
    } else {
      line +=
          fmt::format("{} + RAT {}{}{} vs DEF {}: {}", dice_text(r.hit_roll.values()), me.model.rat,
                      aimed ? " + 2 aim" : "", into_melee ? " - 4 into melee" : "", them.def,
                      r.direct ? "direct hit" : "miss");
    }
    if (r.scattered) {
      line += fmt::format("; deviates {}\" (d6 {}) in direction {}: {}", inches(r.deviation),
                          r.deviation_die, r.direction_die, r.hit ? "blast hit" : "misses");
    }
    if (r.hit) {
      line += fmt::format("; damage {} + POW {} - ARM {} = {}", dice_text(r.damage_roll.values()),
                          hit_pow(w, r.direct), them.arm, r.damage);
    }
    if (r.critical) line += " (critical)";
    if (r.pushed > 0) line += fmt::format("; devastation throws it {}\"", inches(r.pushed));
    if (r.knocked_down && !r.was_down) line += "; knocked down";
    out_ += line + focus_text(r.focus_spent) + "\n";
  }

  void melee(int model, int target, int weapon, const MeleeResult& r) {
    const Warjack& me = plan_.models[static_cast<std::size_t>(model)];
    const Model& them = plan_.models[static_cast<std::size_t>(target)].model;
    const MeleeWeapon& w = me.model.melee[static_cast<std::size_t>(weapon)];
    std::string line = fmt::format("    {} strikes {} with {}: ", who(model), who(target), w.name);
    if (r.hit_roll.count == 0) {
      line += "knocked down, hit automatically";
    } else {
      line += fmt::format("{} + MAT {} vs DEF {}: {}", dice_text(r.hit_roll.values()), me.model.mat,
                          them.def, r.hit ? "hit" : "miss");
    }
    if (r.hit) {
      line +=
          fmt::format("; damage {}{} + P+S {} - ARM {} = {}", dice_text(r.damage_roll.values()),
                      r.charge_die ? " (charge)" : "", w.pow + me.model.str, them.arm, r.damage);
    }
    if (r.critical) line += " (critical)";
    if (r.knocked_down && !r.was_down) line += "; knocked down";
    out_ += line + focus_text(r.focus_spent) + "\n";
  }

  void destroyed(int model) { out_ += fmt::format("    {} is destroyed!\n", who(model)); }

  void ends(const BattleOutcome& outcome) { out_ += battle_end_line(encounter_, outcome); }

 private:
  const std::string& who(int c) const {
    return encounter_.combatants[static_cast<std::size_t>(c)].name;
  }
  const std::string& side(int f) const {
    return encounter_.factions[static_cast<std::size_t>(f)].name;
  }

  const Encounter& encounter_;
  const BattlePlan& plan_;
  std::string& out_;
};

}  // namespace

Replay replay(const Encounter& encounter, std::int64_t index) {
  return replay_with<Engine>(
      encounter, index,
      [&](const BattlePlan& plan, BattleState& state, auto& dice, std::string& text) {
        text += fmt::format("{} and {} start {}\" apart\n", encounter.factions[0].name,
                            encounter.factions[1].name, plan.distance);
        return play_battle(plan, state, dice, TextEvents(encounter, plan, text));
      });
}

}  // namespace arena::warmachine
