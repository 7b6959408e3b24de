// libFuzzer target: the baseline reader behind `arena check` (parse_baseline,
// encounter_difference, missing_figures, compare_with_baseline) on arbitrary bytes:
//   - an error names the file (and, for most, where in it);
//   - a baseline that reads compares with a report of its own encounter
//     (same names and ruleset figures, one battle of zeros) without a
//     difference of encounter, giving finite p-values.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arena/baseline.hpp"
#include "arena/tally.hpp"
#include "fuzz_common.hpp"

namespace {

constexpr const char* kTarget = "fuzz_baseline";
const std::string kFile = "baseline.json";

// The ruleset figures a baseline's first combatant (or faction) reports:
// its keys "NAME_probability" other than the common ones.
std::vector<std::string> figures_of(const nlohmann::json& list, std::string_view common) {
  std::vector<std::string> figures;
  if (list.empty() || !list[0].is_object()) return figures;
  constexpr std::string_view kSuffix = "_probability";
  for (const auto& [key, value] : list[0].items()) {
    if (key.size() > kSuffix.size() && key.ends_with(kSuffix) && key != common)
      figures.push_back(key.substr(0, key.size() - kSuffix.size()));
  }
  return figures;
}

// A report of the baseline's encounter, from one battle in which nothing happened.
arena::Report report_like(const arena::Baseline& baseline) {
  arena::ReportLabels labels;
  labels.scenario = baseline.report["scenario"].get<std::string>();
  labels.rules = baseline.report["rules"].get<std::string>();
  labels.seed = baseline.seed;
  for (const auto& f : baseline.report["factions"])
    labels.factions.push_back(f["name"].get<std::string>());
  for (const auto& c : baseline.report["combatants"]) {
    labels.combatants.emplace_back(c["name"].get<std::string>(), c["faction"].get<std::string>());
  }
  labels.figures = figures_of(baseline.report["combatants"], "survival_probability");
  labels.faction_figures = figures_of(baseline.report["factions"], "win_probability");
  arena::Tally tally;
  tally.factions.resize(labels.factions.size());
  tally.combatants.resize(labels.combatants.size());
  for (auto& f : tally.factions) f.figures.assign(labels.faction_figures.size(), 0);
  for (auto& c : tally.combatants) c.figures.assign(labels.figures.size(), 0);
  tally.battles = 1;
  tally.draws = 1;
  tally.rounds.add(0);
  for (auto& f : tally.factions) {
    f.survivors.add(0);
    f.damage_dealt.add(0);
    f.damage_taken.add(0);
  }
  for (auto& c : tally.combatants) {
    c.damage_dealt.add(0);
    c.damage_taken.add(0);
    c.kills.add(0);
    c.knockouts.add(0);
  }
  return arena::make_report(labels, tally, arena::ReportOptions{baseline.quantiles});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using arena::fuzz::fail;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto baseline = arena::parse_baseline(text, kFile);
  if (!baseline) {
    if (!arena::fuzz::names_file(baseline.error(), kFile))
      fail(kTarget, "an error does not name the file", baseline.error());
    return 0;
  }
  const arena::Report report = report_like(*baseline);
  const std::string difference = arena::encounter_difference(*baseline, report);
  if (!difference.empty())
    fail(kTarget, "a report of the baseline's own encounter differs", difference);
  // Figures the first entries have and a later one lacks: refused, not compared.
  if (!arena::missing_figures(*baseline, report).empty()) return 0;
  for (const arena::Comparison& c : arena::compare_with_baseline(*baseline, report, 0.001, 0.01)) {
    if (!(c.p_value >= 0 && c.p_value <= 1)) fail(kTarget, "a p-value outside [0, 1]", c.what);
  }
  return 0;
}
