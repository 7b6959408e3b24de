// The report's three formats: JSON and CSV for scripts (stable schemas,
// documented in the README), a table for people.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "arena/report.hpp"

namespace arena {

namespace {

using Json = nlohmann::ordered_json;  // keys in the documented order

std::string level_key(double level) {
  return fmt::format("{}", level);
}

Json stat_json(const Stat& stat) {
  Json quantiles = Json::object();
  for (const auto& [level, value] : stat.quantiles) quantiles[level_key(level)] = value;
  return Json{{"mean", stat.mean},
              {"stderr", stat.standard_error},
              {"min", stat.min},
              {"max", stat.max},
              {"quantiles", quantiles}};
}

std::string csv_stat_header(const char* name, const Stat& stat) {
  std::string header = fmt::format(",{0}_mean,{0}_stderr", name);
  for (const auto& [level, value] : stat.quantiles)
    header += fmt::format(",{}_q{}", name, level_key(level));
  return header;
}

std::string csv_stat(const Stat& stat) {
  std::string row = fmt::format(",{},{}", stat.mean, stat.standard_error);
  for (const auto& [level, value] : stat.quantiles) row += fmt::format(",{}", value);
  return row;
}

// "p5 12  p50 20  p95 31" for a table cell.
std::string quantile_cell(const Stat& stat) {
  std::string cell;
  for (const auto& [level, value] : stat.quantiles) {
    cell += fmt::format("{}p{:g} {}", cell.empty() ? "" : "  ", level * 100, value);
  }
  return cell;
}

}  // namespace

std::string quantile_levels_text(const Stat& stat) {
  std::string text;
  for (const auto& [level, value] : stat.quantiles)
    text += fmt::format("{}p{:g}", text.empty() ? "" : "/", 100 * level);
  return text;
}

std::string quantile_values_text(const Stat& stat) {
  std::string text;
  for (const auto& [level, value] : stat.quantiles)
    text += fmt::format("{}{}", text.empty() ? "" : "/", value);
  return text;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string format_json(const Report& report, bool with_run) {
  Json factions = Json::array();
  for (const FactionReport& f : report.factions) {
    Json faction{{"name", f.name},
                 {"wins", f.wins},
                 {"win_probability", f.win_probability},
                 {"win_ci95", {f.win_ci95.low, f.win_ci95.high}},
                 {"losses", f.losses},
                 {"loss_probability", f.loss_probability},
                 {"loss_ci95", {f.loss_ci95.low, f.loss_ci95.high}},
                 {"survivors", stat_json(f.survivors)},
                 {"damage_dealt", stat_json(f.damage_dealt)},
                 {"damage_taken", stat_json(f.damage_taken)}};
    for (std::size_t i = 0; i < report.faction_figures.size(); ++i)
      faction[report.faction_figures[i] + "_probability"] = f.figure_probabilities[i];
    for (std::size_t i = 0; i < report.measures.size(); ++i)
      faction[report.measures[i]] = stat_json(f.measures[i]);
    factions.push_back(std::move(faction));
  }
  Json combatants = Json::array();
  for (const CombatantReport& c : report.combatants) {
    Json combatant{{"name", c.name},
                   {"faction", c.faction},
                   {"survival_probability", c.survival_probability},
                   {"standing_probability", c.standing_probability},
                   {"down_probability", c.down_probability},
                   {"dead_probability", c.dead_probability}};
    if (report.any_absent) combatant["absent_probability"] = c.absent_probability;
    for (std::size_t i = 0; i < report.figures.size(); ++i) {
      combatant[report.figures[i] + "_probability"] = c.figure_probabilities[i];
    }
    combatant["damage_dealt"] = stat_json(c.damage_dealt);
    combatant["damage_taken"] = stat_json(c.damage_taken);
    combatant["kills"] = stat_json(c.kills);
    combatant["knockouts"] = stat_json(c.knockouts);
    for (std::size_t i = 0; i < report.measures.size(); ++i)
      combatant[report.measures[i]] = stat_json(c.measures[i]);
    combatants.push_back(std::move(combatant));
  }
  Json out = {{"format_version", kReportFormatVersion},
              {"scenario", report.scenario},
              {"rules", report.rules},
              {"battles", report.battles},
              {"seed", report.seed},
              {"partial", report.partial},
              {"factions", factions},
              {"draws",
               {{"count", report.draws},
                {"probability", report.draw_probability},
                {"stalemates", report.stalemates}}},
              {"rounds", stat_json(report.rounds)},
              {"combatants", combatants}};
  if (report.partial) out["requested_battles"] = report.requested_battles;
  if (report.shard) {
    out["shard"] = {{"first_battle", report.shard->first_battle},
                    {"run_battles", report.shard->run_battles}};
  }
  if (report.precision) {
    out["precision"] = {{"target", report.precision->target},
                        {"widest_half_interval", report.precision->widest_half_interval},
                        {"reached", report.precision->reached}};
  }
  if (with_run) {
    out["run"] = {
        {"threads", report.run.threads},
        {"seconds", report.run.seconds},
        {"battles_per_second",
         report.run.seconds > 0 ? static_cast<double>(report.battles) / report.run.seconds : 0.0}};
  }
  return out.dump(2) + "\n";
}

std::string format_csv(const Report& report) {
  const Stat& sample = report.rounds;  // every stat has the same quantile levels
  std::string figure_columns;
  for (const std::string& figure : report.figures)
    figure_columns += fmt::format(",{}_probability", figure);
  for (const std::string& figure : report.faction_figures)
    figure_columns += fmt::format(",{}_probability", figure);
  std::string measure_columns;
  for (const std::string& measure : report.measures)
    measure_columns += csv_stat_header(measure.c_str(), sample);
  const std::string no_figures(report.figures.size(), ',');
  const std::string no_faction_figures(report.faction_figures.size(), ',');
  std::string out =
      "kind,name,faction,battles,wins,win_probability,win_ci95_low,win_ci95_high,"
      "survival_probability,standing_probability,down_probability,dead_probability,"
      "loss_probability,loss_ci95_low,loss_ci95_high" +
      figure_columns + csv_stat_header("survivors", sample) +
      csv_stat_header("damage_dealt", sample) + csv_stat_header("damage_taken", sample) +
      csv_stat_header("kills", sample) + csv_stat_header("knockouts", sample) + measure_columns +
      (report.any_absent ? ",absent_probability" : "") + "\n";
  const std::string no_stat(1 + sample.quantiles.size() + 1, ',');  // empty cells of one stat
  for (const FactionReport& f : report.factions) {
    out += fmt::format("faction,{},{},{},{},{},{},{},", csv_field(f.name), csv_field(f.name),
                       report.battles, f.wins, f.win_probability, f.win_ci95.low, f.win_ci95.high);
    out += fmt::format(",,,,{},{},{}", f.loss_probability, f.loss_ci95.low, f.loss_ci95.high);
    out += no_figures;
    for (double p : f.figure_probabilities) out += fmt::format(",{}", p);
    out += csv_stat(f.survivors) + csv_stat(f.damage_dealt) + csv_stat(f.damage_taken) + no_stat +
           no_stat;
    for (const Stat& measure : f.measures) out += csv_stat(measure);
    out += report.any_absent ? ",\n" : "\n";
  }
  for (const CombatantReport& c : report.combatants) {
    out += fmt::format("combatant,{},{},{},,,,,{}", csv_field(c.name), csv_field(c.faction),
                       report.battles, c.survival_probability);
    out +=
        fmt::format(",{},{},{},,,", c.standing_probability, c.down_probability, c.dead_probability);
    for (double p : c.figure_probabilities) out += fmt::format(",{}", p);
    out += no_faction_figures + no_stat + csv_stat(c.damage_dealt) + csv_stat(c.damage_taken) +
           csv_stat(c.kills) + csv_stat(c.knockouts);
    for (const Stat& measure : c.measures) out += csv_stat(measure);
    if (report.any_absent) out += fmt::format(",{}", c.absent_probability);
    out += "\n";
  }
  return out;
}

namespace {

// Why a --precision run stopped short of its precision: interrupted, or
// at its --max-battles.
std::string precision_stop(const Report& report) {
  return report.partial ? "interrupted" : "--max-battles hit";
}

}  // namespace

std::string run_notes(const Report& report) {
  std::string notes;
  if (report.partial)
    notes += fmt::format(" (PARTIAL: interrupted, {} requested)", report.requested_battles);
  if (report.shard) {
    notes +=
        fmt::format(" (ONE SHARD: battles {} to {} of {})", report.shard->first_battle,
                    report.shard->first_battle + report.battles - 1, report.shard->run_battles);
  }
  if (report.precision && !report.precision->reached)
    notes += fmt::format(" (precision NOT reached: {})", precision_stop(report));
  return notes;
}

std::string format_table(const Report& report, const TableStyle& style) {
  const auto win_bar = [&style](double p) {
    return style.win_bar ? "  " + style.win_bar(p) : std::string();
  };
  const std::string bar_header(style.win_bar ? 2 + style.bar_width : 0, ' ');
  std::string out = fmt::format("{} ({} rules): {} battles, seed {}{}\n\n", report.scenario,
                                report.rules, report.battles, report.seed, run_notes(report));
  std::size_t width = 9;  // "combatant"
  for (const FactionReport& f : report.factions) width = std::max(width, f.name.size());
  for (const CombatantReport& c : report.combatants) width = std::max(width, c.name.size());
  std::string extra_headers;  // the ruleset's faction figures and measures
  for (const std::string& figure : report.faction_figures)
    extra_headers += fmt::format("  {:>8}", figure);
  for (const std::string& measure : report.measures)
    extra_headers += fmt::format("  {:>12}", measure);
  out += fmt::format("{:<{}}  {:>9}  {:>8}{}  {:>17}  {:>9}  {:>9}  {:>10}  {:>10}{}\n", "faction",
                     width, "wins", "win %", bar_header, "95% interval", "survivors", "one dies",
                     "dealt", "taken", extra_headers);
  for (const FactionReport& f : report.factions) {
    std::string extra;
    for (double p : f.figure_probabilities) extra += fmt::format("  {:>7.1f}%", 100 * p);
    for (const Stat& measure : f.measures) extra += fmt::format("  {:>12.2f}", measure.mean);
    out += fmt::format(
        "{:<{}}  {:>9}  {:>7.2f}%{}  {:>17}  {:>9.2f}  {:>8.1f}%  {:>10.1f}  {:>10.1f}{}\n", f.name,
        width, f.wins, 100 * f.win_probability, win_bar(f.win_probability),
        fmt::format("[{:.2f}, {:.2f}]", 100 * f.win_ci95.low, 100 * f.win_ci95.high),
        f.survivors.mean, 100 * f.loss_probability, f.damage_dealt.mean, f.damage_taken.mean,
        extra);
  }
  out += fmt::format(
      "{:<{}}  {:>9}  {:>7.2f}%{}{}\n", "draws", width, report.draws, 100 * report.draw_probability,
      win_bar(report.draw_probability),
      report.stalemates > 0
          ? fmt::format("  ({} stalemates: no one could hurt anyone)", report.stalemates)
          : std::string());
  if (report.precision) {
    out += fmt::format(
        "\nprecision: {} battles for every win interval's half-width at most {:.2f} points ({}: "
        "{:.2f})\n",
        report.battles, 100 * report.precision->target,
        report.precision->reached ? "reached" : "NOT reached, " + precision_stop(report),
        100 * report.precision->widest_half_interval);
  }
  out +=
      fmt::format("\nrounds: mean {:.2f}   {}\n", report.rounds.mean, quantile_cell(report.rounds));
  out += "\ndamage dealt by faction:";
  for (const FactionReport& f : report.factions) {
    out += fmt::format("\n  {:<{}}  {}", f.name, width, quantile_cell(f.damage_dealt));
  }
  std::string figure_headers = report.any_absent ? fmt::format("  {:>8}", "absent") : "";
  for (const std::string& figure : report.figures) figure_headers += fmt::format("  {:>8}", figure);
  std::string measure_headers;
  for (const std::string& measure : report.measures)
    measure_headers += fmt::format("  {:>12}", measure);
  out +=
      fmt::format("\n\n{:<{}}  {:<{}}  {:>8}  {:>6}  {:>6}{}  {:>8}  {:>8}  {:>6}  {:>6}{}   {}\n",
                  "combatant", width, "faction", width, "standing", "down", "dead", figure_headers,
                  "dealt", "taken", "kills", "KOs", measure_headers, "dealt quantiles");
  for (const CombatantReport& c : report.combatants) {
    std::string figures =
        report.any_absent ? fmt::format("  {:>7.1f}%", 100 * c.absent_probability) : "";
    for (double p : c.figure_probabilities) figures += fmt::format("  {:>7.1f}%", 100 * p);
    std::string measures;
    for (const Stat& measure : c.measures) measures += fmt::format("  {:>12.2f}", measure.mean);
    out += fmt::format(
        "{:<{}}  {:<{}}  {:>7.1f}%  {:>5.1f}%  {:>5.1f}%{}  {:>8.1f}  {:>8.1f}  {:>6.2f}  "
        "{:>6.2f}{}   "
        "{}\n",
        c.name, width, c.faction, width, 100 * c.standing_probability, 100 * c.down_probability,
        100 * c.dead_probability, figures, c.damage_dealt.mean, c.damage_taken.mean, c.kills.mean,
        c.knockouts.mean, measures, quantile_cell(c.damage_dealt));
  }
  if (report.run.seconds > 0) {
    out += fmt::format("\n{} thread{}, {:.2f} s, {:.0f} battles/s\n", report.run.threads,
                       report.run.threads == 1 ? "" : "s", report.run.seconds,
                       static_cast<double>(report.battles) / report.run.seconds);
  }
  return out;
}

}  // namespace arena
