// `arena compare`: variants of an encounter on common random numbers.
//
// Variant v's battle i draws from the same Rng(seed, i) as every other
// variant's battle i, so the battles differ only by what the variants change.
// The difference in win probability against the first variant is estimated
// from the paired per-battle outcomes, whose variance is far smaller than
// that of two independent runs: the report shows both intervals and how
// many times fewer battles the pairing needs for the same precision.
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "arena/html_report.hpp"
#include "arena/report.hpp"
#include "commands.hpp"
#include "encounter_input.hpp"
#include "output.hpp"
#include "simulation.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace arena::app {

namespace {

struct CompareOptions {
  std::vector<std::string> files;     // FILE, or several files as the variants
  std::vector<std::string> sets;      // --set applied to every variant
  std::vector<std::string> variants;  // "NAME:PATH=VALUE;PATH=VALUE"
  SimulationOptions simulation;
  std::optional<std::int64_t> battles;
  std::optional<std::uint64_t> seed;
  std::string format = "table";
  std::optional<std::string> output;
  std::optional<std::string> html;
};

struct Variant {
  std::string name;
  EncounterInput input;
};

struct Played {
  Variant variant;
  Report report;
  std::vector<std::int8_t> winners;  // per battle: winning faction, -1 for a draw
};

// The paired difference of one faction's win indicator, variant minus reference.
struct PairedDifference {
  double difference = 0;
  Interval ci95;
  double paired_se = 0;
  double independent_se = 0;   // what two independent runs of this size would give
  std::int64_t differing = 0;  // battles won by the faction in one variant only
  bool significant = false;
};

// Only the battles whose outcomes differ between the variants tell the
// difference (paired_interval, report.hpp).
PairedDifference paired_difference(const std::vector<std::int8_t>& reference,
                                   const std::vector<std::int8_t>& variant, int faction) {
  std::int64_t only_variant = 0, only_reference = 0, reference_wins = 0, variant_wins = 0;
  for (std::size_t i = 0; i < reference.size(); ++i) {
    const bool a = reference[i] == faction, b = variant[i] == faction;
    only_variant += b && !a;
    only_reference += a && !b;
    reference_wins += a;
    variant_wins += b;
  }
  const std::int64_t pairs = static_cast<std::int64_t>(reference.size());
  const PairedInterval paired = paired_interval(only_variant, only_reference, pairs);
  PairedDifference d;
  d.difference = paired.difference;
  d.paired_se = paired.standard_error;
  d.ci95 = paired.ci95;
  const double n = static_cast<double>(pairs);
  const double p_ref = static_cast<double>(reference_wins) / n;
  const double p_var = static_cast<double>(variant_wins) / n;
  d.independent_se = std::sqrt((p_ref * (1 - p_ref) + p_var * (1 - p_var)) / n);
  d.differing = only_variant + only_reference;
  d.significant = d.ci95.low > 0 || d.ci95.high < 0;
  return d;
}

std::vector<Variant> variants_of(const CompareOptions& options) {
  std::vector<Variant> variants;
  if (options.files.size() > 1) {
    if (!options.variants.empty())
      throw UsageError("give either several files or --variant, not both");
    for (const std::string& file : options.files) {
      const std::string name = std::filesystem::path(file).stem().string();
      for (const Variant& earlier : variants) {
        if (earlier.name == name) {
          throw UsageError(
              fmt::format("{} and {} are both named {} in the report: rename one, or "
                          "compare one file with --variant",
                          earlier.input.file, file, name));
        }
      }
      variants.push_back({name, {file, settings_from("--set ", options.sets)}});
    }
    return variants;
  }
  if (options.variants.size() < 2) {
    throw UsageError(
        "compare needs at least two variants: --variant NAME:PATH=VALUE[;PATH=VALUE...] twice "
        "or more (NAME: alone for the file as it is), or several files");
  }
  for (const std::string& text : options.variants) {
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos || colon == 0) {
      throw UsageError(fmt::format("--variant {}: expected NAME:PATH=VALUE[;PATH=VALUE...]", text));
    }
    // A name of blanks is no name: its row would be labelled with nothing.
    if (text.find_first_not_of(" \t") >= colon)
      throw UsageError(fmt::format("--variant '{}': the name before the colon is blank", text));
    Variant variant{text.substr(0, colon),
                    {options.files.front(), settings_from("--set ", options.sets)}};
    for (const Variant& earlier : variants) {
      if (earlier.name == variant.name) {
        throw UsageError(
            fmt::format("--variant {}: the name \"{}\" is given twice", text, variant.name));
      }
    }
    std::string rest = text.substr(colon + 1);
    for (std::size_t start = 0; start < rest.size();) {
      std::size_t end = rest.find(';', start);
      if (end == std::string::npos) end = rest.size();
      const std::string set = rest.substr(start, end - start);
      // Every variant plays the same battles (common random numbers): its
      // own seed or battle count would be ignored.
      if (const std::string key = top_level_key(set); key == "seed" || key == "battles") {
        throw UsageError(fmt::format(
            "--variant {}: every variant plays the same battles, so a variant cannot set the {} "
            "({})",
            text, key, key == "seed" ? "give --seed to compare on other battles" : "give -n"));
      }
      if (end > start) variant.input.sets.push_back({"--variant " + variant.name + ":", set});
      start = end + 1;
    }
    variants.push_back(std::move(variant));
  }
  return variants;
}

bool same_factions(const Report& a, const Report& b, const std::string& name) {
  if (faction_names(a) == faction_names(b)) return true;
  print_error(
      fmt::format("variant {} has other factions than the first variant: paired comparisons need "
                  "the same factions",
                  name));
  return false;
}

std::string table_text(const std::vector<Played>& runs) {
  const Report& first = runs.front().report;
  std::string out = fmt::format("{} battles per variant on common random numbers (seed {})\n\n",
                                first.battles, first.seed);
  std::size_t width = 24;  // the variant column: as wide as the longest name
  for (const Played& run : runs) width = std::max(width, run.variant.name.size());
  // The damage a faction deals at the --quantiles levels, after the pairing's columns.
  const std::string levels = "dealt " + quantile_levels_text(first.rounds);
  std::size_t dealt_width = levels.size();
  for (const Played& run : runs) {
    for (const FactionReport& r : run.report.factions)
      dealt_width = std::max(dealt_width, quantile_values_text(r.damage_dealt).size());
  }
  for (std::size_t f = 0; f < first.factions.size(); ++f) {
    out += fmt::format("{} wins:\n  {:<{}} {:>22}   {:>30}   {:<24}   {}\n", first.factions[f].name,
                       "variant", width, "win % [95%]", "vs first, paired [95%]",
                       "battles saved by pairing", levels);
    for (std::size_t v = 0; v < runs.size(); ++v) {
      const FactionReport& r = runs[v].report.factions[f];
      std::string diff = "(reference)", saved;
      if (v > 0) {
        const auto d = paired_difference(runs[0].winners, runs[v].winners, static_cast<int>(f));
        diff = fmt::format("{:+.2f} [{:+.2f}, {:+.2f}]{}", 100 * d.difference, 100 * d.ci95.low,
                           100 * d.ci95.high, d.significant ? " *" : "  ");
        // With no battle differing there is no variance to compare: the
        // ratio grew with the battles (270x) or was 0 for a faction that never wins.
        saved = d.differing == 0
                    ? "n/a: no battle differs"
                    : fmt::format("{:.1f}x", std::pow(d.independent_se / d.paired_se, 2));
      }
      out +=
          fmt::format("  {:<{}} {:>22}   {:>30}   {:<24}   {:>{}}\n", runs[v].variant.name, width,
                      fmt::format("{:.2f} [{:.2f}, {:.2f}]", 100 * r.win_probability,
                                  100 * r.win_ci95.low, 100 * r.win_ci95.high),
                      diff, saved, quantile_values_text(r.damage_dealt), dealt_width);
    }
    out += '\n';
  }
  out +=
      "* significant: the paired 95% interval excludes 0. Differences are in percentage points.\n";
  return out;
}

nlohmann::ordered_json differences_json(const std::vector<Played>& runs, std::size_t v) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (std::size_t f = 0; f < runs[v].report.factions.size(); ++f) {
    const auto d = paired_difference(runs[0].winners, runs[v].winners, static_cast<int>(f));
    out.push_back({{"faction", runs[v].report.factions[f].name},
                   {"difference", d.difference},
                   {"ci95", {d.ci95.low, d.ci95.high}},
                   {"stderr_paired", d.paired_se},
                   {"stderr_independent", d.independent_se},
                   {"significant", d.significant}});
  }
  return out;
}

// What a variant set, "PATH=VALUE" each, for the JSON report.
std::vector<std::string> set_texts(const std::vector<Setting>& sets) {
  std::vector<std::string> texts;
  for (const Setting& set : sets) texts.push_back(set.text);
  return texts;
}

std::string json_text(const std::vector<Played>& runs) {
  nlohmann::ordered_json out = {{"format_version", kReportFormatVersion},
                                {"variants", nlohmann::json::array()}};
  for (std::size_t v = 0; v < runs.size(); ++v) {
    nlohmann::ordered_json entry = {
        {"name", runs[v].variant.name},
        {"set", set_texts(runs[v].variant.input.sets)},
        {"report", nlohmann::ordered_json::parse(format_json(runs[v].report, false))}};
    if (v > 0) entry["versus_first"] = differences_json(runs, v);
    out["variants"].push_back(entry);
  }
  return out.dump(2) + "\n";
}

std::string csv_text(const std::vector<Played>& runs) {
  std::string out =
      "variant,faction,battles,win_probability,win_ci95_low,win_ci95_high,difference,difference_"
      "ci95_low,"
      "difference_ci95_high,stderr_paired,stderr_independent,significant,damage_dealt_mean";
  // The damage dealt at the --quantiles levels, as sweep's CSV has it.
  for (const auto& [level, value] : runs.front().report.rounds.quantiles)
    out += fmt::format(",damage_dealt_q{}", level);
  out += '\n';
  for (std::size_t v = 0; v < runs.size(); ++v) {
    for (std::size_t f = 0; f < runs[v].report.factions.size(); ++f) {
      const FactionReport& r = runs[v].report.factions[f];
      out +=
          fmt::format("{},{},{},{},{},{}", csv_field(runs[v].variant.name), csv_field(r.name),
                      runs[v].report.battles, r.win_probability, r.win_ci95.low, r.win_ci95.high);
      if (v == 0) {
        out += ",,,,,,";
      } else {
        const auto d = paired_difference(runs[0].winners, runs[v].winners, static_cast<int>(f));
        out += fmt::format(",{},{},{},{},{},{}", d.difference, d.ci95.low, d.ci95.high, d.paired_se,
                           d.independent_se, d.significant);
      }
      out += fmt::format(",{}", r.damage_dealt.mean);
      for (const auto& [level, value] : r.damage_dealt.quantiles) out += fmt::format(",{}", value);
      out += '\n';
    }
  }
  return out;
}

// The page: each variant's win probabilities, then the paired differences
// from the reference with their intervals.
std::string html_text(const std::vector<Played>& runs) {
  const Report& first = runs.front().report;
  std::vector<HtmlFigure> figures;
  IntervalChart differences{"Win probability, variant minus " + runs.front().variant.name,
                            "paired difference with 95% interval",
                            {},
                            false,
                            std::nullopt};
  for (std::size_t v = 0; v < runs.size(); ++v) {
    figures.push_back({"Variant " + runs[v].variant.name,
                       interval_chart_svg(win_chart(runs[v].report, "Win probability")), ""});
    if (v == 0) continue;
    for (std::size_t f = 0; f < first.factions.size(); ++f) {
      const auto d = paired_difference(runs[0].winners, runs[v].winners, static_cast<int>(f));
      differences.rows.push_back({runs[v].variant.name + ": " + first.factions[f].name,
                                  d.difference, d.ci95.low, d.ci95.high, std::nullopt,
                                  d.significant});
    }
  }
  if (!differences.rows.empty()) {
    figures.insert(figures.begin(), {"Paired differences", interval_chart_svg(differences),
                                     "in red: the interval excludes 0"});
  }
  return html_page(first.scenario + ": comparison",
                   fmt::format("{} battles per variant on common random numbers, seed {}",
                               first.battles, first.seed),
                   figures);
}

int run_compare(const CompareOptions& options) {
  const CatchInterrupts catching;
  check_quantiles(options.simulation.quantiles);
  const std::vector<Variant> variants = variants_of(options);
  std::vector<Played> runs;
  std::int64_t battles = 0;
  std::uint64_t seed = 0;
  for (const Variant& variant : variants) {
    auto encounter = load_encounter_or_report(variant.input);
    if (!encounter) return kExitBadInput;
    // Common random numbers: every variant plays the first one's battles.
    if (runs.empty()) {
      battles = options.battles.value_or(encounter->battles);
      seed = options.seed.value_or(encounter->seed);
    } else if (variant.input.file != runs.front().variant.input.file) {
      // Another file's own seed and battle count give way to the first's.
      if (!options.seed && encounter->seed != seed) {
        spdlog::warn(
            "{}: its seed {} gives way to the first file's, {}: every variant plays the "
            "same battles (--seed picks others)",
            variant.input.file, encounter->seed, seed);
      }
      if (!options.battles && encounter->battles != battles) {
        spdlog::warn("{}: its {} battles give way to the first file's {} (-n sets them)",
                     variant.input.file, encounter->battles, battles);
      }
    }
    encounter->battles = battles;
    encounter->seed = seed;
    Played played{variant, {}, {}};
    const RunResult result = play(*encounter, 0, battles, options.simulation, &played.winners);
    if (result.partial) {
      print_error("interrupted: the comparison did not finish");
      return 130;
    }
    played.report =
        make_report(*encounter, result.tally, ReportOptions{options.simulation.quantiles});
    if (!runs.empty() && !same_factions(runs.front().report, played.report, variant.name))
      return kExitBadInput;
    runs.push_back(std::move(played));
  }
  if (!write_html(options.html, [&] { return html_text(runs); })) return kExitBadInput;
  if (options.format == "json") return emit(options.output, json_text(runs));
  if (options.format == "csv") return emit(options.output, csv_text(runs));
  return emit(options.output, table_text(runs));
}

}  // namespace

Command add_compare_command(CLI::App& app) {
  auto options = std::make_shared<CompareOptions>();
  CLI::App* cli = app.add_subcommand(
      "compare",
      "Compare variants on common random numbers: paired differences in win probability");
  cli->add_option("files", options->files, "Encounter file, or several files to compare")
      ->required();
  cli->add_option("--variant", options->variants,
                  "NAME:PATH=VALUE[;PATH=VALUE...]; the first variant is the reference");
  cli->add_option("--set", options->sets, "Override applied to every variant (PATH=VALUE)");
  add_run_options(*cli, options->battles, options->seed, options->format, {"table", "json", "csv"},
                  "Battles per variant (default: the first file's)");
  add_simulation_options(*cli, options->simulation);
  add_quantiles_option(*cli, options->simulation.quantiles);
  add_output_option(*cli, options->output);
  add_html_option(*cli, options->html);
  cli->footer(
      "Examples:\n"
      "  arena compare scenarios/fighter-greatsword.json scenarios/fighter-sword-and-shield.json\n"
      "  arena compare fight.json --variant base: --variant "
      "plate:factions.Heroes.members.Fighter.armor=plate\n"
      "Variant v's battle i rolls the same dice as the first variant's battle i.");
  return {cli, [options] { return run_compare(*options); }};
}

}  // namespace arena::app
