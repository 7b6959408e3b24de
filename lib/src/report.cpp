#include "arena/report.hpp"

#include <algorithm>
#include <cmath>

#include "arena/rulesets.hpp"

namespace arena {

std::vector<std::string> faction_names(const Report& report) {
  std::vector<std::string> names;
  for (const FactionReport& faction : report.factions) names.push_back(faction.name);
  return names;
}

Interval wilson_interval(std::int64_t successes, std::int64_t trials) {
  if (trials <= 0) return {0, 1};
  constexpr double z = 1.959963984540054;  // the 97.5% normal quantile
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double denominator = 1 + z * z / n;
  const double center = (p + z * z / (2 * n)) / denominator;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator;
  // With no successes (or no failures) the bound is exactly 0 (or 1) in real
  // arithmetic; rounding would leave 1e-19 or 0.9999999999999998 behind.
  const double low = successes <= 0 ? 0.0 : std::clamp(center - half, 0.0, 1.0);
  const double high = successes >= trials ? 1.0 : std::clamp(center + half, 0.0, 1.0);
  return {low, high};
}

PairedInterval paired_interval(std::int64_t only_second, std::int64_t only_first,
                               std::int64_t pairs) {
  constexpr double z = 1.959963984540054;
  const double n = static_cast<double>(pairs);
  const double second = (static_cast<double>(only_second) + 1) / (n + 2);
  const double first = (static_cast<double>(only_first) + 1) / (n + 2);
  const double adjusted = second - first;
  PairedInterval out;
  out.difference = static_cast<double>(only_second - only_first) / n;
  out.standard_error = std::sqrt(std::max(second + first - adjusted * adjusted, 0.0) / (n + 2));
  out.ci95 = {std::max(adjusted - z * out.standard_error, -1.0),
              std::min(adjusted + z * out.standard_error, 1.0)};
  return out;
}

Stat make_stat(const Histogram& histogram, const std::vector<double>& quantiles) {
  Stat stat;
  stat.mean = histogram.mean();
  stat.standard_error = histogram.standard_error();
  stat.min = histogram.min();
  stat.max = histogram.max();
  for (double q : quantiles) stat.quantiles.emplace_back(q, histogram.quantile(q));
  return stat;
}

ReportLabels report_labels(const Encounter& encounter) {
  ReportLabels labels{
      encounter.name,    std::string(name(encounter.rules)), encounter.seed,    {}, {},
      encounter.figures, encounter.faction_figures,          encounter.measures};
  for (const Faction& faction : encounter.factions) labels.factions.push_back(faction.name);
  for (const Combatant& combatant : encounter.combatants) {
    labels.combatants.emplace_back(
        combatant.name, encounter.factions[static_cast<std::size_t>(combatant.faction)].name);
  }
  return labels;
}

Report make_report(const Encounter& encounter, const Tally& tally, const ReportOptions& options) {
  return make_report(report_labels(encounter), tally, options);
}

Report make_report(const ReportLabels& labels, const Tally& tally, const ReportOptions& options) {
  ARENA_CHECK(tally.battles > 0);
  ARENA_CHECK(tally.factions.size() == labels.factions.size());
  ARENA_CHECK(tally.combatants.size() == labels.combatants.size());
  Report report;
  report.scenario = labels.scenario;
  report.rules = labels.rules;
  report.battles = tally.battles;
  report.seed = labels.seed;
  report.figures = labels.figures;
  report.faction_figures = labels.faction_figures;
  report.measures = labels.measures;
  const double n = static_cast<double>(tally.battles);
  for (std::size_t f = 0; f < labels.factions.size(); ++f) {
    const FactionTally& t = tally.factions[f];
    FactionReport faction;
    faction.name = labels.factions[f];
    faction.wins = t.wins;
    faction.win_probability = static_cast<double>(t.wins) / n;
    faction.win_ci95 = wilson_interval(t.wins, tally.battles);
    faction.losses = t.losses;
    faction.loss_probability = static_cast<double>(t.losses) / n;
    faction.loss_ci95 = wilson_interval(t.losses, tally.battles);
    faction.survivors = make_stat(t.survivors, options.quantiles);
    faction.damage_dealt = make_stat(t.damage_dealt, options.quantiles);
    faction.damage_taken = make_stat(t.damage_taken, options.quantiles);
    ARENA_CHECK(t.figures.size() == labels.faction_figures.size());
    ARENA_CHECK(t.measures.size() == labels.measures.size());
    for (std::int64_t count : t.figures)
      faction.figure_probabilities.push_back(static_cast<double>(count) / n);
    for (const Histogram& measure : t.measures)
      faction.measures.push_back(make_stat(measure, options.quantiles));
    report.factions.push_back(std::move(faction));
  }
  report.draws = tally.draws;
  report.draw_probability = static_cast<double>(tally.draws) / n;
  report.stalemates = tally.stalemates;
  report.rounds = make_stat(tally.rounds, options.quantiles);
  for (std::size_t c = 0; c < labels.combatants.size(); ++c) {
    const CombatantTally& t = tally.combatants[c];
    ARENA_CHECK(t.figures.size() == labels.figures.size());
    CombatantReport combatant;
    combatant.name = labels.combatants[c].first;
    combatant.faction = labels.combatants[c].second;
    combatant.survival_probability = static_cast<double>(tally.battles - t.dead - t.absent) / n;
    combatant.standing_probability =
        static_cast<double>(tally.battles - t.down - t.dead - t.absent) / n;
    combatant.down_probability = static_cast<double>(t.down) / n;
    combatant.dead_probability = static_cast<double>(t.dead) / n;
    combatant.absent_probability = static_cast<double>(t.absent) / n;
    report.any_absent = report.any_absent || t.absent > 0;
    for (std::int64_t count : t.figures)
      combatant.figure_probabilities.push_back(static_cast<double>(count) / n);
    combatant.damage_dealt = make_stat(t.damage_dealt, options.quantiles);
    combatant.damage_taken = make_stat(t.damage_taken, options.quantiles);
    combatant.kills = make_stat(t.kills, options.quantiles);
    combatant.knockouts = make_stat(t.knockouts, options.quantiles);
    ARENA_CHECK(t.measures.size() == labels.measures.size());
    for (const Histogram& measure : t.measures)
      combatant.measures.push_back(make_stat(measure, options.quantiles));
    report.combatants.push_back(std::move(combatant));
  }
  return report;
}

}  // namespace arena
