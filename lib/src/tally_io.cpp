#include "arena/tally_io.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <numeric>

#include "arena/diagnostics.hpp"
#include "arena/json_source.hpp"
#include "json_reader.hpp"
#include "located_json.hpp"

namespace arena {

namespace {

using Json = nlohmann::ordered_json;

// A histogram's counts by value: a list, with, when it saw values from
// Histogram::kDenseValues up, those as [value, count] pairs beside it
// ({"counts": [...], "above": [[5000, 2], ...]}).
Json counts(const Histogram& histogram) {
  Json dense = histogram.dense_counts();
  if (histogram.counts_above().empty()) return dense;
  Json above = Json::array();
  for (const auto& [value, count] : histogram.counts_above()) above.push_back({value, count});
  return {{"counts", std::move(dense)}, {"above", std::move(above)}};
}

// A histogram of one figure of `battles` battles (as counts() writes it):
// counts that are not negative and add up to the battles (so every
// statistic of it is defined).
Histogram histogram_from(const LocatedJson& value, std::int64_t battles) {
  const bool split = value.has("counts") && value.has("above") && value.value().size() == 2;
  std::int64_t total = 0;
  const auto counted = [&](const LocatedJson& item) {
    const std::int64_t c = item.integer();
    if (c < 0 || c > battles)
      item.fail(fmt::format("a count out of range (0 to the {} battles)", battles));
    total += c;  // no overflow: each count is at most kMaxBattles, and a file at most 16 MiB
    return c;
  };
  std::vector<std::int64_t> counts;
  for (const LocatedJson& item : (split ? value["counts"] : value).elements())
    counts.push_back(counted(item));
  Histogram histogram = Histogram::from_counts(counts);
  // The pairs go up from the list's end (a list may run past kDenseValues:
  // an older tally's values were all in it).
  int last = std::max(Histogram::kDenseValues, static_cast<int>(counts.size())) - 1;
  if (split) {
    for (const LocatedJson& pair : value["above"].elements()) {
      if (!pair.value().is_array() || pair.value().size() != 2)
        pair.fail("not a [value, count] pair");
      const std::vector<LocatedJson> parts = pair.elements();
      const std::int64_t v = parts[0].integer();
      if (v <= last || v > INT_MAX) parts[0].fail("a value out of order or range");
      last = static_cast<int>(v);
      histogram.add(last, counted(parts[1]));
    }
  }
  if (total != battles) value.fail(fmt::format("{} battles counted, {} played", total, battles));
  return histogram;
}

// A count of battles: 0 to `battles`.
std::int64_t count_from(const LocatedJson& value, std::int64_t battles) {
  const auto count = value.integer();
  if (count < 0 || count > battles) value.fail(fmt::format("out of range (0 to {})", battles));
  return count;
}

// Calls `read` with the value of each of `names` in `object`, which must
// have those keys and no others; `list` is where the file lists them.
template <class Read>
void read_named(const LocatedJson& object, const LocatedJson& list,
                const std::vector<std::string>& names, Read read) {
  const std::string listed = names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "));
  if (!object.value().is_object()) {
    object.fail(fmt::format("expected an object of the names in {} ({}), found {}", list.pointer(),
                            listed, describe_json_type(object.value())));
  }
  if (object.value().size() != names.size()) {
    object.fail(fmt::format("expected the names in {} ({}) as its keys, found {} key{}",
                            list.pointer(), listed, object.value().size(),
                            object.value().size() == 1 ? "" : "s"));
  }
  for (const std::string& name : names) read(object[name]);
}

}  // namespace

BattleRange shard_range(std::int64_t total, int k, int n) {
  const std::int64_t first = total * k / n;
  return {first, total * (k + 1) / n - first};
}

std::string format_tally(const TallyFile& file) {
  const Tally& t = file.tally;
  const ReportLabels& labels = file.labels;
  // {"NAME": value} for each name of the ruleset's figures or measures.
  const auto named = [](const std::vector<std::string>& names, const auto& values, auto value) {
    Json out = Json::object();
    for (std::size_t i = 0; i < names.size(); ++i) out[names[i]] = value(values[i]);
    return out;
  };
  const auto count = [](std::int64_t c) { return c; };
  Json factions = Json::array();
  for (std::size_t f = 0; f < t.factions.size(); ++f) {
    factions.push_back({{"name", labels.factions[f]},
                        {"wins", t.factions[f].wins},
                        {"losses", t.factions[f].losses},
                        {"survivors", counts(t.factions[f].survivors)},
                        {"damage_dealt", counts(t.factions[f].damage_dealt)},
                        {"damage_taken", counts(t.factions[f].damage_taken)},
                        {"figures", named(labels.faction_figures, t.factions[f].figures, count)},
                        {"measures", named(labels.measures, t.factions[f].measures, counts)}});
  }
  Json combatants = Json::array();
  for (std::size_t c = 0; c < t.combatants.size(); ++c) {
    Json figures = Json::object();
    for (std::size_t i = 0; i < file.labels.figures.size(); ++i) {
      figures[file.labels.figures[i]] = t.combatants[c].figures[i];
    }
    combatants.push_back({{"name", file.labels.combatants[c].first},
                          {"faction", file.labels.combatants[c].second},
                          {"down", t.combatants[c].down},
                          {"dead", t.combatants[c].dead},
                          {"figures", figures},
                          {"damage_dealt", counts(t.combatants[c].damage_dealt)},
                          {"damage_taken", counts(t.combatants[c].damage_taken)},
                          {"kills", counts(t.combatants[c].kills)},
                          {"knockouts", counts(t.combatants[c].knockouts)},
                          {"measures", named(labels.measures, t.combatants[c].measures, counts)}});
    // Only a combatant that may join mid-battle is ever absent: the key is
    // left out for all others, as in files written before it existed.
    if (t.combatants[c].absent > 0) combatants.back()["absent"] = t.combatants[c].absent;
  }
  const Json out = {{"format", "arena-tally"},
                    {"format_version", kTallyFormatVersion},
                    {"scenario", file.labels.scenario},
                    {"rules", file.labels.rules},
                    {"seed", file.labels.seed},
                    {"fingerprint", file.fingerprint},
                    {"total_battles", file.total_battles},
                    {"first_battle", file.first_battle},
                    {"battles", t.battles},
                    {"draws", t.draws},
                    {"stalemates", t.stalemates},
                    {"rounds", counts(t.rounds)},
                    {"figures", file.labels.figures},
                    {"faction_figures", file.labels.faction_figures},
                    {"measures", file.labels.measures},
                    {"factions", factions},
                    {"combatants", combatants}};
  return out.dump() + "\n";
}

namespace {

// The tally of `json`; a JsonProblem at the first value that is missing or
// wrong, or that no run could have written.
TallyFile read_tally(const LocatedJson& json) {
  TallyFile out;
  out.labels.scenario = json["scenario"].string();
  out.labels.rules = json["rules"].string();
  out.labels.seed = json["seed"].unsigned_integer();
  out.fingerprint = json["fingerprint"].string();
  out.total_battles = json["total_battles"].integer();
  out.first_battle = json["first_battle"].integer();
  Tally& t = out.tally;
  t.battles = json["battles"].integer();
  if (out.total_battles < 1 || out.total_battles > kMaxBattles)
    json["total_battles"].fail(fmt::format("not from 1 to {} battles", kMaxBattles));
  // 0 for a shard of a run with fewer battles than shards.
  if (t.battles < 0 || t.battles > out.total_battles)
    json["battles"].fail(fmt::format("not from 0 to the {} of the run", out.total_battles));
  if (out.first_battle < 0 || out.first_battle > out.total_battles - t.battles) {
    json["first_battle"].fail(fmt::format("battles {} to {} are not in the run's 0 to {}",
                                          out.first_battle, out.first_battle + t.battles - 1,
                                          out.total_battles - 1));
  }
  t.draws = count_from(json["draws"], t.battles);
  t.stalemates = count_from(json["stalemates"], t.draws);
  t.rounds = histogram_from(json["rounds"], t.battles);
  out.labels.figures = json["figures"].strings();
  out.labels.faction_figures = json["faction_figures"].strings();
  out.labels.measures = json["measures"].strings();
  if (out.labels.faction_figures.size() > static_cast<std::size_t>(kMaxFactionFigures))
    json["faction_figures"].fail("more faction figures than arena counts");
  if (out.labels.measures.size() > static_cast<std::size_t>(kMaxMeasures))
    json["measures"].fail("more measures than arena counts");
  std::int64_t decided = t.draws;
  const LocatedJson factions = json["factions"];
  for (const LocatedJson& f : factions.elements()) {
    out.labels.factions.push_back(f["name"].string());
    t.factions.push_back({count_from(f["wins"], t.battles),
                          count_from(f["losses"], t.battles),
                          histogram_from(f["survivors"], t.battles),
                          histogram_from(f["damage_dealt"], t.battles),
                          histogram_from(f["damage_taken"], t.battles),
                          {},
                          {}});
    FactionTally& faction = t.factions.back();
    read_named(f["figures"], json["faction_figures"], out.labels.faction_figures,
               [&](const LocatedJson& v) { faction.figures.push_back(count_from(v, t.battles)); });
    read_named(f["measures"], json["measures"], out.labels.measures, [&](const LocatedJson& v) {
      faction.measures.push_back(histogram_from(v, t.battles));
    });
    decided += faction.wins;
  }
  if (out.labels.factions.size() < 2) factions.fail("fewer than two factions");
  if (decided != t.battles) {
    factions.fail(fmt::format("the wins and draws add up to {} battles, not the {} played", decided,
                              t.battles));
  }
  const LocatedJson combatants = json["combatants"];
  for (const LocatedJson& c : combatants.elements()) {
    out.labels.combatants.emplace_back(c["name"].string(), c["faction"].string());
    const auto& names = out.labels.factions;
    if (std::find(names.begin(), names.end(), out.labels.combatants.back().second) == names.end())
      c["faction"].fail("no faction of the file");
    CombatantTally combatant{count_from(c["down"], t.battles),
                             count_from(c["dead"], t.battles),
                             histogram_from(c["damage_dealt"], t.battles),
                             histogram_from(c["damage_taken"], t.battles),
                             histogram_from(c["kills"], t.battles),
                             histogram_from(c["knockouts"], t.battles),
                             {},
                             {}};
    if (c.has("absent")) combatant.absent = count_from(c["absent"], t.battles);
    if (combatant.down + combatant.dead + combatant.absent > t.battles) {
      c.fail(fmt::format("down, dead and absent in {} of {} battles",
                         combatant.down + combatant.dead + combatant.absent, t.battles));
    }
    read_named(c["figures"], json["figures"], out.labels.figures, [&](const LocatedJson& v) {
      combatant.figures.push_back(count_from(v, t.battles));
    });
    read_named(c["measures"], json["measures"], out.labels.measures, [&](const LocatedJson& v) {
      combatant.measures.push_back(histogram_from(v, t.battles));
    });
    t.combatants.push_back(std::move(combatant));
  }
  if (out.labels.combatants.empty()) combatants.fail("no combatants");
  return out;
}

}  // namespace

Expected<TallyFile, std::string> parse_tally(std::string_view text, const std::string& file) {
  // arena's own parser for a syntax error's line and column, the limits of
  // an encounter file (UTF-8, depth) and every value's position; nlohmann's
  // for the values (located_json.hpp).
  auto source = JsonSource::parse(text);
  if (!source) {
    Diagnostic syntax = source.error();
    syntax.message = "malformed tally file: " + syntax.message;
    return unexpected(format_diagnostic(file, syntax));
  }
  const auto json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object() || !json.contains("format") || json["format"] != "arena-tally") {
    return unexpected(fmt::format(
        "{}: not a tally file (make one with `arena simulate --shard K/N --format tally`)", file));
  }
  try {
    const LocatedJson root(json);
    if (root["format_version"].value() != kTallyFormatVersion) {
      root["format_version"].fail(
          fmt::format("tally format version {} is not supported (this arena reads {})",
                      json["format_version"].dump(), kTallyFormatVersion));
    }
    return read_tally(root);
  } catch (const JsonProblem& problem) {
    return unexpected(format_problem(file, *source, problem));
  }
}

Expected<TallyFile, std::string> merge_tallies(const std::vector<TallyFile>& parts,
                                               const std::vector<std::string>& names) {
  if (parts.empty()) return unexpected(std::string("no tally files to merge"));
  const TallyFile& first = parts.front();
  // A part named twice is a slip of the command line, an empty one too,
  // though it would add nothing.
  for (std::size_t i = 1; i < parts.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (names[i] == names[j]) return unexpected(fmt::format("{} is named twice", names[i]));
    }
  }
  for (std::size_t i = 1; i < parts.size(); ++i) {
    // The seed first: the fingerprint covers it too, and says less.
    if (parts[i].labels.seed != first.labels.seed) {
      return unexpected(fmt::format("{} and {} are from different seeds ({} and {})", names[0],
                                    names[i], first.labels.seed, parts[i].labels.seed));
    }
    if (parts[i].fingerprint != first.fingerprint) {
      return unexpected(
          fmt::format("{} and {} are from different encounters (fingerprints {} and {})", names[0],
                      names[i], first.fingerprint, parts[i].fingerprint));
    }
    const ReportLabels& a = first.labels;
    const ReportLabels& b = parts[i].labels;
    if (a.scenario != b.scenario || a.rules != b.rules || a.factions != b.factions ||
        a.combatants != b.combatants || a.figures != b.figures ||
        a.faction_figures != b.faction_figures || a.measures != b.measures) {
      return unexpected(fmt::format(
          "{} and {} have the same fingerprint but not the same factions and combatants "
          "(edited by hand?)",
          names[0], names[i]));
    }
    if (parts[i].total_battles != first.total_battles) {
      return unexpected(
          fmt::format("{} and {} are parts of runs of different sizes ({} and {} battles)",
                      names[0], names[i], first.total_battles, parts[i].total_battles));
    }
  }
  // Every battle exactly once: sort the parts by their first battle and walk
  // (past the empty ones, which hold none).
  std::vector<std::size_t> order(parts.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return parts[a].first_battle < parts[b].first_battle;
  });
  std::int64_t next = 0;
  std::size_t last = 0;  // the part that ends at `next`
  for (std::size_t i : order) {
    if (parts[i].tally.battles == 0) continue;
    const std::int64_t begin = parts[i].first_battle, end = begin + parts[i].tally.battles;
    if (begin > next) {
      return unexpected(
          fmt::format("battles {} to {} are in no part (missing shard, or an interrupted one?)",
                      next, begin - 1));
    }
    if (begin < next) {
      const bool same = parts[last].first_battle == begin && next == end;
      return unexpected(fmt::format("{} overlaps {}: battles {} to {} are in both{}", names[i],
                                    names[last], begin, std::min(next, end) - 1,
                                    same ? " (the same shard twice?)" : ""));
    }
    next = end;
    last = i;
  }
  if (next != first.total_battles) {
    return unexpected(
        fmt::format("battles {} to {} are in no part (missing shard, or an interrupted one?)", next,
                    first.total_battles - 1));
  }
  TallyFile merged = first;
  merged.first_battle = 0;
  merged.tally = Tally();
  for (const TallyFile& part : parts) merged.tally.merge(part.tally);
  return merged;
}

}  // namespace arena
