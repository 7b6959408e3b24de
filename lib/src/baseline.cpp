#include "arena/baseline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <vector>

#include "arena/diagnostics.hpp"
#include "arena/encounter.hpp"
#include "arena/json_source.hpp"
#include "located_json.hpp"

namespace arena {

namespace {

using nlohmann::json;

// A finite number.
bool is_number(const json& object, const char* key) {
  return object.is_object() && object.contains(key) && object[key].is_number() &&
         std::isfinite(object[key].get<double>());
}

// A probability, from 0 to 1: one outside would make every comparison with
// it a regression (or none), not a check.
bool is_probability(const json& object, const char* key) {
  return is_number(object, key) && object[key].get<double>() >= 0 && object[key].get<double>() <= 1;
}

// The largest mean a report's figure can have: a count per battle of rounds,
// hit points or creatures, far inside what a battle can reach.
constexpr double kMaxMean = 1e15;
// The most quantile levels a baseline may carry (each is a comparison).
constexpr std::size_t kMaxQuantileLevels = 100;

// A STAT of the report: mean and stderr at least (what comparisons read);
// every figure counts something, so its mean is from 0 to kMaxMean, and
// its standard error is not negative.
bool is_stat(const json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || !is_number(object[key], "mean") ||
      !is_number(object[key], "stderr"))
    return false;
  const double mean = object[key]["mean"].get<double>();
  return mean >= 0 && mean <= kMaxMean && object[key]["stderr"].get<double>() >= 0;
}

// The pointer of `object`'s `key` (at `pointer`) when it has one, else of
// the object: where a missing or wrong figure is shown.
std::string within(const std::string& pointer, const json& object, const char* key) {
  return object.is_object() && object.contains(key) ? pointer + "/" + key : pointer;
}

// Why `report` is not a report this version can compare with, and where,
// or nullopt.
std::optional<JsonProblem> shape_problem(const json& report) {
  const auto at = [](std::string pointer, std::string message) {
    return std::optional<JsonProblem>(JsonProblem{std::move(pointer), std::move(message)});
  };
  if (!report.is_object()) return at("", "not a JSON object");
  // (value("format", "") would throw on a "format" that is not a string.)
  if (report.contains("format") && report["format"] == "arena-tally") {
    return at("/format", "a tally file, not a report");
  }
  if (!report.contains("format_version")) return at("", "no format_version");
  if (!report["format_version"].is_number_integer())
    return at("/format_version", "no format_version");
  if (report["format_version"] != kReportFormatVersion) {
    return at("/format_version",
              fmt::format("report format version {} (this arena writes and reads {})",
                          report["format_version"].dump(), kReportFormatVersion));
  }
  const auto where = [&](const char* key) {
    return report.contains(key) ? fmt::format("/{}", key) : "";
  };
  if (!report.contains("seed") || !report["seed"].is_number_unsigned())
    return at(where("seed"), "no seed (a whole number from 0)");
  if (!report.contains("battles")) return at("", "no battles");
  if (!report["battles"].is_number_integer() || report["battles"] < 1) {
    return at("/battles",
              fmt::format("{} battles: expected a whole number from 1", report["battles"].dump()));
  }
  // check plays as many: a count beyond what a run may ask never ends.
  if (report["battles"] > kMaxBattles)
    return at("/battles", fmt::format("{} battles, over the {} a run may play",
                                      report["battles"].dump(), kMaxBattles));
  if (report.contains("partial") && report["partial"] == true)
    return at("/partial", "a run interrupted before its battles were played (partial)");
  // check replays battles 0 to N - 1: a shard's are others.
  if (report.contains("shard")) {
    return at("/shard",
              "the report of one shard's battles (merge the shards' tallies for the run's report)");
  }
  for (const char* key : {"scenario", "rules"}) {
    if (!report.contains(key) || !report[key].is_string())
      return at(where(key), fmt::format("no {}", key));
  }
  if (!is_stat(report, "rounds") || !report["rounds"].contains("quantiles") ||
      !report["rounds"]["quantiles"].is_object()) {
    return at(where("rounds"), "no rounds");
  }
  if (report["rounds"]["quantiles"].size() > kMaxQuantileLevels)
    return at("/rounds/quantiles", fmt::format("more than {} quantile levels", kMaxQuantileLevels));
  if (!report.contains("draws") || !is_probability(report["draws"], "probability"))
    return at(where("draws"), "no draw probability from 0 to 1");
  if (!report.contains("factions") || !report["factions"].is_array())
    return at(where("factions"), "no factions");
  for (std::size_t i = 0; i < report["factions"].size(); ++i) {
    const json& f = report["factions"][i];
    const char* wrong = nullptr;  // the first key missing or out of its range
    if (!f.is_object() || !f.contains("name") || !f["name"].is_string()) wrong = "name";
    for (const char* key : {"win_probability", "loss_probability"})
      if (!wrong && !is_probability(f, key)) wrong = key;
    for (const char* key : {"survivors", "damage_dealt", "damage_taken"})
      if (!wrong && !is_stat(f, key)) wrong = key;
    if (wrong) {
      return at(within(fmt::format("/factions/{}", i), f, wrong),
                "a faction without its name, win and loss probabilities from 0 to 1 and its "
                "figures");
    }
    // Its wins (where given) are its win probability's: a report edited by
    // hand in one and not the other is no run's (check compared the
    // probability and took it whole).
    if (f.contains("wins") && f["wins"].is_number_integer()) {
      const double battles = report["battles"].get<double>();
      const double wins = f["wins"].get<double>();
      if (std::abs(wins - f["win_probability"].get<double>() * battles) > 0.5) {
        return at(
            fmt::format("/factions/{}/wins", i),
            fmt::format("{} wins of {} battles, where its win_probability is {}", f["wins"].dump(),
                        report["battles"].dump(), f["win_probability"].dump()));
      }
    }
  }
  if (!report.contains("combatants") || !report["combatants"].is_array())
    return at(where("combatants"), "no combatants");
  std::vector<json> faction_names;
  for (const json& f : report["factions"]) faction_names.push_back(f["name"]);
  for (std::size_t i = 0; i < report["combatants"].size(); ++i) {
    const json& c = report["combatants"][i];
    const char* wrong = nullptr;  // the first key missing or out of its range
    for (const char* key : {"name", "faction"})
      if (!wrong && (!c.is_object() || !c.contains(key) || !c[key].is_string())) wrong = key;
    if (!wrong && !is_probability(c, "survival_probability")) wrong = "survival_probability";
    for (const char* key : {"damage_dealt", "damage_taken", "kills", "knockouts"})
      if (!wrong && !is_stat(c, key)) wrong = key;
    if (wrong) {
      return at(within(fmt::format("/combatants/{}", i), c, wrong),
                "a combatant without its name, faction, a survival probability from 0 to 1 and its "
                "figures");
    }
    if (std::find(faction_names.begin(), faction_names.end(), c["faction"]) == faction_names.end())
      return at(fmt::format("/combatants/{}/faction", i),
                fmt::format("a combatant of a faction the report does not have ({})",
                            c["faction"].dump()));
  }
  return std::nullopt;
}

double two_sided_p(double z) {
  return std::erfc(std::abs(z) / std::sqrt(2.0));
}

// A figure tested, before the family-wise threshold is known: whether its
// change is beyond the tolerance.
struct Tested {
  Comparison comparison;
  bool beyond = false;
};

// Two proportions of n battles each; the tolerance is absolute.
Tested compare_proportion(std::string what, double p1, double p2, double n, double tolerance) {
  const double pooled = (p1 + p2) / 2;
  const double se = std::sqrt(std::max(pooled * (1 - pooled), 0.0) * 2 / n);
  const double p_value = se > 0 ? two_sided_p((p2 - p1) / se) : (p1 == p2 ? 1.0 : 0.0);
  return {{std::move(what), p1, p2, p_value, true, false}, std::abs(p2 - p1) > tolerance};
}

// Two means with their standard errors; the tolerance is relative to the
// baseline's mean (a mean of 0 has none: any significant change fails).
Tested compare_mean(std::string what, const json& before, const Stat& after, double tolerance) {
  const double m1 = before.at("mean").get<double>(), se1 = before.at("stderr").get<double>();
  const double se = std::sqrt(se1 * se1 + after.standard_error * after.standard_error);
  const double p_value =
      se > 0 ? two_sided_p((after.mean - m1) / se) : (after.mean == m1 ? 1.0 : 0.0);
  return {{std::move(what), m1, after.mean, p_value, false, false},
          std::abs(after.mean - m1) > tolerance * std::abs(m1)};
}

std::vector<std::string> names_of(const json& list) {
  std::vector<std::string> names;
  for (const json& item : list) names.push_back(item.at("name").get<std::string>());
  return names;
}

}  // namespace

Expected<Baseline, std::string> parse_baseline(std::string_view text, const std::string& file) {
  constexpr const char* kMakeOne = "make one with `arena simulate FILE --format json`";
  // arena's own parser for a syntax error's and every value's position;
  // nlohmann's for the values, which keeps a seed up to 2^64 - 1 exact
  // (located_json.hpp).
  auto source = JsonSource::parse(text);
  if (!source) {
    Diagnostic syntax = source.error();
    syntax.message = fmt::format("not a report (not JSON: {}; {})", syntax.message, kMakeOne);
    return unexpected(format_diagnostic(file, syntax));
  }
  Baseline baseline{file, std::move(*source), {}, 0, 0, {}};
  baseline.report = json::parse(text, nullptr, /*allow_exceptions=*/false);
  std::optional<JsonProblem> problem = shape_problem(baseline.report);
  if (!problem) {
    for (const auto& [level, value] : baseline.report["rounds"]["quantiles"].items()) {
      char* end = nullptr;
      const double q = std::strtod(level.c_str(), &end);
      if (level.empty() || *end != '\0' || !(q > 0 && q <= 1)) {
        problem = JsonProblem{json_pointer_child("/rounds/quantiles", level),
                              fmt::format("bad quantile level \"{}\"", level)};
        break;
      }
      baseline.quantiles.push_back(q);
    }
  }
  if (problem) {
    problem->message = fmt::format("not a report this arena can check against ({}; {})",
                                   problem->message, kMakeOne);
    return unexpected(format_problem(file, baseline.source, *problem));
  }
  // How long the run took and why it stopped are not figures: a re-run of
  // a --precision run's battles is identical to it.
  baseline.report.erase("run");
  baseline.report.erase("precision");
  baseline.seed = baseline.report["seed"].get<std::uint64_t>();
  baseline.battles = baseline.report["battles"].get<std::int64_t>();
  return baseline;
}

std::string encounter_difference(const Baseline& baseline, const Report& report) {
  const json& before = baseline.report;
  std::vector<std::string> differences;
  if (before["scenario"] != report.scenario) {
    differences.push_back(
        fmt::format("scenario {} instead of \"{}\"", before["scenario"].dump(), report.scenario));
  }
  if (before["rules"] != report.rules) {
    differences.push_back(
        fmt::format("rules {} instead of \"{}\"", before["rules"].dump(), report.rules));
  }
  // `one`: what one of them is called ("faction"), its plural with an s.
  const auto compare_names = [&](const char* one, const json& list, std::vector<std::string> now) {
    const std::vector<std::string> then = names_of(list);
    if (then == now) return;
    if (then.size() != now.size()) {
      differences.push_back(fmt::format("{} {}s instead of {}", then.size(), one, now.size()));
      return;
    }
    for (std::size_t i = 0; i < now.size(); ++i) {
      if (then[i] != now[i]) {
        differences.push_back(fmt::format("{} {} of {} is \"{}\" instead of \"{}\"", one, i + 1,
                                          now.size(), then[i], now[i]));
        return;
      }
    }
  };
  std::vector<std::string> factions, combatants;
  for (const FactionReport& f : report.factions) factions.push_back(f.name);
  for (const CombatantReport& c : report.combatants) combatants.push_back(c.name);
  compare_names("faction", before["factions"], factions);
  compare_names("combatant", before["combatants"], combatants);
  return fmt::format("{}", fmt::join(differences, "; "));
}

namespace {

// A combatant's figures that are probabilities, beyond survival: its fate
// "down", "absent" when some combatant was (dead is 1 - survival - absent),
// then the ruleset's own.
std::vector<std::string> combatant_figures(const Report& report) {
  std::vector<std::string> names = {"down"};
  if (report.any_absent) names.emplace_back("absent");
  names.insert(names.end(), report.figures.begin(), report.figures.end());
  return names;
}
std::vector<double> combatant_probabilities(const Report& report,
                                            const CombatantReport& combatant) {
  std::vector<double> probabilities = {combatant.down_probability};
  if (report.any_absent) probabilities.push_back(combatant.absent_probability);
  probabilities.insert(probabilities.end(), combatant.figure_probabilities.begin(),
                       combatant.figure_probabilities.end());
  return probabilities;
}

}  // namespace

std::string missing_figures(const Baseline& baseline, const Report& report) {
  const json& before = baseline.report;
  std::optional<JsonProblem> missing;
  const auto require = [&](const json& entry, const std::string& pointer, const std::string& who,
                           bool stat, const std::string& key) {
    const bool present = stat ? is_stat(entry, key.c_str()) : is_probability(entry, key.c_str());
    if (missing || present) return;
    missing = JsonProblem{
        entry.contains(key) ? json_pointer_child(pointer, key) : pointer,
        fmt::format("no \"{}\" for {}, {}", key, who,
                    stat ? "a mean and a standard error" : "a probability from 0 to 1")};
  };
  const auto require_all = [&](const char* list, std::size_t i, const std::string& who,
                               const std::vector<std::string>& figures) {
    const json& entry = before[list][i];
    const std::string pointer = fmt::format("/{}/{}", list, i);
    for (const std::string& figure : figures)
      require(entry, pointer, who, false, figure + "_probability");
    for (const std::string& measure : report.measures) require(entry, pointer, who, true, measure);
  };
  for (std::size_t f = 0; f < report.factions.size(); ++f)
    require_all("factions", f, report.factions[f].name, report.faction_figures);
  for (std::size_t c = 0; c < report.combatants.size(); ++c)
    require_all("combatants", c, report.combatants[c].name, combatant_figures(report));
  return missing ? format_problem(baseline.file, baseline.source, *missing) : "";
}

std::vector<Comparison> compare_with_baseline(const Baseline& baseline, const Report& report,
                                              double alpha, double tolerance) {
  const json& before = baseline.report;
  std::vector<Tested> out;
  const double n = static_cast<double>(report.battles);
  const auto proportion = [&](std::string what, const json& b, const char* key, double after) {
    out.push_back(
        compare_proportion(std::move(what), b.at(key).get<double>(), after, n, tolerance));
  };
  const auto mean = [&](std::string what, const json& b, const char* key, const Stat& after) {
    out.push_back(compare_mean(std::move(what), b.at(key), after, tolerance));
  };
  // The ruleset's figures (probabilities) and measures (means) of a faction or combatant.
  const auto add_ruleset_figures =
      [&](const std::string& who, const json& b, const std::vector<std::string>& names,
          const std::vector<double>& probabilities, const std::vector<Stat>& measures) {
        // Named in words, as the fixed figures are ("fled probability", "ability lost").
        const auto words = [](std::string key) {
          std::replace(key.begin(), key.end(), '_', ' ');
          return key;
        };
        for (std::size_t i = 0; i < names.size(); ++i) {
          const std::string key = names[i] + "_probability";
          proportion(who + " " + words(key), b, key.c_str(), probabilities[i]);
        }
        for (std::size_t i = 0; i < report.measures.size(); ++i) {
          const std::string& key = report.measures[i];
          mean(who + " " + words(key), b, key.c_str(), measures[i]);
        }
      };
  for (std::size_t f = 0; f < report.factions.size(); ++f) {
    const json& b = before["factions"][f];
    const FactionReport& r = report.factions[f];
    const std::string who = "faction " + r.name;
    proportion(who + " win probability", b, "win_probability", r.win_probability);
    proportion(who + " loss probability", b, "loss_probability", r.loss_probability);
    mean(who + " survivors", b, "survivors", r.survivors);
    mean(who + " damage dealt", b, "damage_dealt", r.damage_dealt);
    mean(who + " damage taken", b, "damage_taken", r.damage_taken);
    add_ruleset_figures(who, b, report.faction_figures, r.figure_probabilities, r.measures);
  }
  proportion("draw probability", before.at("draws"), "probability", report.draw_probability);
  mean("rounds", before, "rounds", report.rounds);
  for (std::size_t c = 0; c < report.combatants.size(); ++c) {
    const json& b = before["combatants"][c];
    const CombatantReport& r = report.combatants[c];
    const std::string who = r.name + " (" + r.faction + ")";
    proportion(who + " survival probability", b, "survival_probability", r.survival_probability);
    mean(who + " damage dealt", b, "damage_dealt", r.damage_dealt);
    mean(who + " damage taken", b, "damage_taken", r.damage_taken);
    mean(who + " kills", b, "kills", r.kills);
    mean(who + " knockouts", b, "knockouts", r.knockouts);
    add_ruleset_figures(who, b, combatant_figures(report), combatant_probabilities(report, r),
                        r.measures);
  }
  // Bonferroni over every figure tested: alpha bounds the chance that any
  // figure of an unchanged balance fails, however many the encounter reports.
  const double each = alpha / static_cast<double>(out.size());
  std::vector<Comparison> compared;
  for (Tested& t : out) {
    t.comparison.failed = t.comparison.p_value < each && t.beyond;
    compared.push_back(std::move(t.comparison));
  }
  return compared;
}

}  // namespace arena
