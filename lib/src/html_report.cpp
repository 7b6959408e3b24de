#include "arena/html_report.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace arena {

namespace {

// At most this many columns in a chart: past it, values share columns.
constexpr int kMaxColumns = 400;

// The columns of a chart of values 0..last: each `width` values wide,
// labelled by its first value.
struct ChartColumns {
  int width = 1;
  std::vector<int> x;
  // The x axis's label: `unit`, and how many values a column holds when more than one.
  std::string label(const char* unit) const {
    return width == 1 ? unit : fmt::format("{} ({} per column)", unit, width);
  }
};

ChartColumns columns_to(int last) {
  ChartColumns columns;
  columns.width = last / kMaxColumns + 1;
  for (int v = 0; v <= last; v += columns.width) columns.x.push_back(v);
  return columns;
}

// A histogram as probabilities over `columns`.
std::vector<double> probabilities(const Histogram& histogram, const ChartColumns& columns) {
  std::vector<double> p(columns.x.size(), 0.0);
  const double n = static_cast<double>(std::max<std::int64_t>(1, histogram.count()));
  histogram.for_each([&](int value, std::int64_t count) {
    const auto column = static_cast<std::size_t>(value / columns.width);
    if (column < p.size()) p[column] += static_cast<double>(count) / n;
  });
  return p;
}

// Damage dealt or taken per battle, one series per faction.
ColumnChart damage_chart(const Report& report, const Tally& tally, bool dealt) {
  int last = 0;
  for (const FactionTally& f : tally.factions)
    last = std::max(last, (dealt ? f.damage_dealt : f.damage_taken).max());
  ChartColumns columns = columns_to(last);
  ColumnChart chart{
      dealt ? "Damage dealt per battle, by faction" : "Damage taken per battle, by faction",
      columns.label("hit points"),
      "probability",
      columns.x,
      {}};
  for (std::size_t f = 0; f < tally.factions.size(); ++f) {
    const FactionTally& t = tally.factions[f];
    chart.series.push_back(
        {report.factions[f].name, probabilities(dealt ? t.damage_dealt : t.damage_taken, columns)});
  }
  return chart;
}

}  // namespace

std::string html_page(const std::string& title, const std::string& subtitle,
                      const std::vector<HtmlFigure>& figures) {
  std::string page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>{0}</title>\n<style>\n"
      "body {{ font-family: sans-serif; margin: 2em auto; max-width: 760px; color: #222; }}\n"
      "figure {{ margin: 1.5em 0; }} figcaption {{ color: #555; font-size: 0.9em; }}\n"
      "</style>\n</head>\n<body>\n<h1>{0}</h1>\n<p>{1}</p>\n",
      escape_xml(title), escape_xml(subtitle));
  for (const HtmlFigure& figure : figures) {
    page += fmt::format("<h2>{}</h2>\n<figure>\n{}", escape_xml(figure.heading), figure.svg);
    if (!figure.note.empty())
      page += fmt::format("<figcaption>{}</figcaption>\n", escape_xml(figure.note));
    page += "</figure>\n";
  }
  return page + "</body>\n</html>\n";
}

StackedBars fate_bars(const Report& report) {
  StackedBars bars{"Each combatant's fate at the end",
                   {"standing", "down", "dead"},
                   {},
                   720,
                   {"#33AA55", "#DD8800", "#CC2233"}};
  if (report.any_absent) {
    bars.categories.emplace_back("absent");
    bars.colours.emplace_back("#BBBBBB");
  }
  for (const CombatantReport& c : report.combatants) {
    bars.rows.push_back({c.name, {c.standing_probability, c.down_probability, c.dead_probability}});
    if (report.any_absent) bars.rows.back().parts.push_back(c.absent_probability);
  }
  return bars;
}

IntervalChart win_chart(const Report& report, const std::string& title) {
  IntervalChart chart{title, "probability (bars) with 95% interval", {}, true, {{0.0, 1.0}}};
  for (const FactionReport& f : report.factions) {
    chart.rows.push_back({f.name + " wins", f.win_probability, f.win_ci95.low, f.win_ci95.high});
  }
  const Interval draws = wilson_interval(report.draws, report.battles);
  chart.rows.push_back({"draw", report.draw_probability, draws.low, draws.high});
  return chart;
}

std::vector<HtmlFigure> run_figures(const Report& report, const Tally& tally) {
  std::vector<HtmlFigure> figures;
  figures.push_back({"Who wins", interval_chart_svg(win_chart(report, "Win probability")),
                     fmt::format("{} battles, seed {}", report.battles, report.seed)});
  const ChartColumns rounds = columns_to(tally.rounds.max());
  figures.push_back({"How long battles last",
                     column_chart_svg({"Rounds per battle",
                                       rounds.label("rounds"),
                                       "probability",
                                       rounds.x,
                                       {{"battles", probabilities(tally.rounds, rounds)}}}),
                     fmt::format("mean {:.2f} rounds", report.rounds.mean)});
  figures.push_back({"Damage dealt", column_chart_svg(damage_chart(report, tally, true)), ""});
  figures.push_back({"Damage taken", column_chart_svg(damage_chart(report, tally, false)), ""});
  figures.push_back({"Fates", stacked_bars_svg(fate_bars(report)), ""});
  return figures;
}

}  // namespace arena
