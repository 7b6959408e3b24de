#include "arena/tally_io.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <numeric>

#include "arena/diagnostics.hpp"
#include "arena/json_source.hpp"

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

// A whole number. nlohmann's get<> would cast 1e92 to an integer (undefined
// behaviour), so a tally's numbers are checked to be integers first.
std::int64_t integer_from(const nlohmann::json& value, const char* what) {
  if (!value.is_number_integer() ||
      (value.is_number_unsigned() && value.get<std::uint64_t>() > INT64_MAX)) {
    throw std::invalid_argument(fmt::format("{}: not a whole number", what));
  }
  return value.get<std::int64_t>();
}

// A histogram of one figure of `battles` battles (as counts() writes it):
// counts that are not negative and add up to the battles (so every
// statistic of it is defined).
Histogram histogram_from(const nlohmann::json& value, std::int64_t battles, const char* what) {
  const bool split = value.is_object() && value.size() == 2 && value.contains("counts") &&
                     value.contains("above") && value["above"].is_array();
  const nlohmann::json& dense = split ? value["counts"] : value;
  if (!dense.is_array()) throw std::invalid_argument(fmt::format("{}: not a list of counts", what));
  std::int64_t total = 0;
  const auto counted = [&](const nlohmann::json& item) {
    const std::int64_t c = integer_from(item, what);
    if (c < 0 || c > battles)
      throw std::invalid_argument(fmt::format("{}: a count out of range", what));
    total += c;  // no overflow: each count is at most kMaxBattles, and a file at most 16 MiB
    return c;
  };
  std::vector<std::int64_t> counts;
  for (const auto& item : dense) counts.push_back(counted(item));
  Histogram histogram = Histogram::from_counts(counts);
  // The pairs go up from the list's end (a list may run past kDenseValues:
  // an older tally's values were all in it).
  int last = std::max(Histogram::kDenseValues, static_cast<int>(counts.size())) - 1;
  for (const auto& pair : split ? value["above"] : nlohmann::json::array()) {
    if (!pair.is_array() || pair.size() != 2)
      throw std::invalid_argument(fmt::format("{}: not a [value, count] pair", what));
    const std::int64_t v = integer_from(pair[0], what);
    if (v <= last || v > INT_MAX)
      throw std::invalid_argument(fmt::format("{}: a value out of order or range", what));
    last = static_cast<int>(v);
    histogram.add(last, counted(pair[1]));
  }
  if (total != battles) {
    throw std::invalid_argument(
        fmt::format("{}: {} battles counted, {} played", what, total, battles));
  }
  return histogram;
}

// A count of battles: 0 to `battles`.
std::int64_t count_from(const nlohmann::json& value, std::int64_t battles, const char* what) {
  const auto count = integer_from(value, what);
  if (count < 0 || count > battles)
    throw std::invalid_argument(fmt::format("{}: out of range", what));
  return count;
}

// Calls `read` with the value of each of `names` in `object`, which must
// have those keys and no others.
template <class Read>
void read_named(const nlohmann::json& object, const std::vector<std::string>& names, Read read) {
  if (!object.is_object() || object.size() != names.size())
    throw std::invalid_argument("figures or measures: not those of the file");
  for (const std::string& name : names) read(object.at(name));
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

// nlohmann's message without its "[json.exception.type_error.302] " tag.
std::string without_tag(const std::string& message) {
  if (!message.starts_with("[json.exception.")) return message;
  const std::size_t end = message.find("] ");
  return end == std::string::npos ? message : message.substr(end + 2);
}

}  // namespace

Expected<TallyFile, std::string> parse_tally(std::string_view text, const std::string& file) {
  // arena's own parser first, for a syntax error's line and column and the
  // limits of an encounter file (UTF-8, depth); its values are not used, as
  // it keeps no integer above 2^63 exact (a seed may be up to 2^64 - 1).
  if (auto source = JsonSource::parse(text); !source) {
    Diagnostic syntax = source.error();
    syntax.message = "malformed tally file: " + syntax.message;
    return unexpected(format_diagnostic(file, syntax));
  }
  try {
    const auto json = nlohmann::json::parse(text);
    if (!json.is_object() || !json.contains("format") || json["format"] != "arena-tally") {
      return unexpected(fmt::format(
          "{}: not a tally file (make one with `arena simulate --shard K/N --format tally`)",
          file));
    }
    if (json.at("format_version") != kTallyFormatVersion) {
      return unexpected(fmt::format("{}: tally format version {} is not supported (expected {})",
                                    file, json.at("format_version").dump(), kTallyFormatVersion));
    }
    TallyFile out;
    out.labels.scenario = json.at("scenario").get<std::string>();
    out.labels.rules = json.at("rules").get<std::string>();
    if (!json.at("seed").is_number_unsigned())
      return unexpected(fmt::format("{}: the seed is not a whole number", file));
    out.labels.seed = json.at("seed").get<std::uint64_t>();
    out.fingerprint = json.at("fingerprint").get<std::string>();
    out.total_battles = integer_from(json.at("total_battles"), "total_battles");
    out.first_battle = integer_from(json.at("first_battle"), "first_battle");
    Tally& t = out.tally;
    t.battles = integer_from(json.at("battles"), "battles");
    if (out.total_battles < 1 || out.total_battles > kMaxBattles || t.battles < 1 ||
        out.first_battle < 0 || out.first_battle > out.total_battles - t.battles) {
      return unexpected(fmt::format("{}: inconsistent battle counts (battles {} to {} of {})", file,
                                    out.first_battle, out.first_battle + t.battles - 1,
                                    out.total_battles));
    }
    t.draws = count_from(json.at("draws"), t.battles, "draws");
    t.stalemates = count_from(json.at("stalemates"), t.draws, "stalemates");
    t.rounds = histogram_from(json.at("rounds"), t.battles, "rounds");
    out.labels.figures = json.at("figures").get<std::vector<std::string>>();
    out.labels.faction_figures = json.at("faction_figures").get<std::vector<std::string>>();
    out.labels.measures = json.at("measures").get<std::vector<std::string>>();
    if (out.labels.faction_figures.size() > static_cast<std::size_t>(kMaxFactionFigures) ||
        out.labels.measures.size() > static_cast<std::size_t>(kMaxMeasures)) {
      return unexpected(
          fmt::format("{}: more faction figures or measures than arena counts", file));
    }
    std::int64_t decided = t.draws;
    for (const auto& f : json.at("factions")) {
      out.labels.factions.push_back(f.at("name").get<std::string>());
      t.factions.push_back({count_from(f.at("wins"), t.battles, "wins"),
                            count_from(f.at("losses"), t.battles, "losses"),
                            histogram_from(f.at("survivors"), t.battles, "survivors"),
                            histogram_from(f.at("damage_dealt"), t.battles, "damage dealt"),
                            histogram_from(f.at("damage_taken"), t.battles, "damage taken"),
                            {},
                            {}});
      FactionTally& faction = t.factions.back();
      read_named(f.at("figures"), out.labels.faction_figures, [&](const nlohmann::json& v) {
        faction.figures.push_back(count_from(v, t.battles, "figures"));
      });
      read_named(f.at("measures"), out.labels.measures, [&](const nlohmann::json& v) {
        faction.measures.push_back(histogram_from(v, t.battles, "measures"));
      });
      decided += faction.wins;
    }
    if (out.labels.factions.size() < 2 || decided != t.battles) {
      return unexpected(
          fmt::format("{}: inconsistent battle counts (wins and draws do not add up)", file));
    }
    for (const auto& c : json.at("combatants")) {
      out.labels.combatants.emplace_back(c.at("name").get<std::string>(),
                                         c.at("faction").get<std::string>());
      const auto& factions = out.labels.factions;
      if (std::find(factions.begin(), factions.end(), out.labels.combatants.back().second) ==
          factions.end()) {
        return unexpected(fmt::format("{}: combatant \"{}\" of no faction of the file", file,
                                      out.labels.combatants.back().first));
      }
      CombatantTally combatant{count_from(c.at("down"), t.battles, "down"),
                               count_from(c.at("dead"), t.battles, "dead"),
                               histogram_from(c.at("damage_dealt"), t.battles, "damage dealt"),
                               histogram_from(c.at("damage_taken"), t.battles, "damage taken"),
                               histogram_from(c.at("kills"), t.battles, "kills"),
                               histogram_from(c.at("knockouts"), t.battles, "knockouts"),
                               {},
                               {}};
      if (c.contains("absent")) combatant.absent = count_from(c.at("absent"), t.battles, "absent");
      if (combatant.down + combatant.dead + combatant.absent > t.battles) {
        return unexpected(
            fmt::format("{}: inconsistent battle counts (\"{}\" down, dead and absent)", file,
                        out.labels.combatants.back().first));
      }
      read_named(c.at("figures"), out.labels.figures, [&](const nlohmann::json& v) {
        combatant.figures.push_back(count_from(v, t.battles, "figures"));
      });
      read_named(c.at("measures"), out.labels.measures, [&](const nlohmann::json& v) {
        combatant.measures.push_back(histogram_from(v, t.battles, "measures"));
      });
      t.combatants.push_back(std::move(combatant));
    }
    if (out.labels.combatants.empty()) return unexpected(fmt::format("{}: no combatants", file));
    return out;
  } catch (const nlohmann::json::exception& error) {  // a key missing, a value of another type
    return unexpected(fmt::format("{}: malformed tally file: {}", file, without_tag(error.what())));
  } catch (const std::exception& error) {
    return unexpected(fmt::format("{}: malformed tally file: {}", file, error.what()));
  }
}

Expected<TallyFile, std::string> merge_tallies(const std::vector<TallyFile>& parts,
                                               const std::vector<std::string>& names) {
  if (parts.empty()) return unexpected(std::string("no tally files to merge"));
  const TallyFile& first = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (parts[i].fingerprint != first.fingerprint || parts[i].labels.seed != first.labels.seed) {
      return unexpected(
          fmt::format("{} and {} are from different encounters or seeds (fingerprints {} and {})",
                      names[0], names[i], first.fingerprint, parts[i].fingerprint));
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
  // Every battle exactly once: sort the parts by their first battle and walk.
  std::vector<std::size_t> order(parts.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return parts[a].first_battle < parts[b].first_battle;
  });
  std::int64_t next = 0;
  for (std::size_t i : order) {
    const std::int64_t begin = parts[i].first_battle, end = begin + parts[i].tally.battles;
    if (begin > next) {
      return unexpected(
          fmt::format("battles {} to {} are in no part (missing shard, or an interrupted one?)",
                      next, begin - 1));
    }
    if (begin < next) {
      return unexpected(fmt::format("{} overlaps another part: battles {} to {} are in both",
                                    names[i], begin, std::min(next, end) - 1));
    }
    next = end;
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
