// A small SVG writer for the plots of arena's reports: axes with ticks at 1,
// 2 or 5 times a power of ten, translucent bands, columns, bars with
// intervals and stacked bars. Each function returns one self-contained SVG
// 1.1 element (no scripts, no external references, text escaped), to be
// inlined in an HTML page or saved as a file. Pure; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arena {

// Quantiles of a figure against a variable (damage against distance, win
// probability against a swept value), drawn as nested translucent bands
// between each lower level and its mirror (the lowest with the highest, and
// so on inwards); with an odd number of levels the middle one is a line.
struct BandPlot {
  std::string title;
  std::string x_label, y_label;
  std::vector<double> x;                    // increasing
  std::vector<std::vector<double>> levels;  // each over x, from the lowest quantile up
  int width = 720, height = 440;            // pixels
  // When set, one per x: the x axis is labelled with them (swept values,
  // as many as fit), and the middle line marks each value.
  std::vector<std::string> x_tick_labels{};
  // A line under the title, when set: what the bands are.
  std::string note{};
};

// Precondition: every level has x.size() values; x is not empty.
std::string band_plot_svg(const BandPlot& plot);

// Values with their intervals, one row each: as bars from 0 (win
// probabilities) or as points (differences, figures against a baseline).
struct IntervalRow {
  std::string label;
  double value = 0, low = 0, high = 0;
  std::optional<double> reference{};  // drawn as a black tick (a baseline)
  bool marked = false;                // drawn in red (a failed check)
};
struct IntervalChart {
  std::string title, x_label;
  std::vector<IntervalRow> rows;
  bool bars = false;
  std::optional<std::pair<double, double>> range;  // default: the rows' span and 0
  int width = 720;
};
std::string interval_chart_svg(const IntervalChart& chart);

// Columns over whole numbers (a histogram), one translucent colour per series.
struct ColumnSeries {
  std::string label;
  std::vector<double> heights;  // over ColumnChart::x
};
struct ColumnChart {
  std::string title, x_label, y_label;
  std::vector<int> x;  // increasing, evenly spaced: the first value of each column
  std::vector<ColumnSeries> series;
  int width = 720, height = 320;
};
// Precondition: every series has x.size() heights; x is not empty.
std::string column_chart_svg(const ColumnChart& chart);

// One horizontal bar per row split into any number of categories (a
// creature's fates), each part a fraction of the whole bar.
struct StackedBarRow {
  std::string label;
  std::vector<double> parts;  // one per category, summing to at most 1
};
struct StackedBars {
  std::string title;
  std::vector<std::string> categories;
  std::vector<StackedBarRow> rows;
  int width = 720;
  std::vector<std::string> colours{};  // one per category; default: the palette
};
// Precondition: every row has one part per category.
std::string stacked_bars_svg(const StackedBars& chart);

// Escapes text for SVG and HTML text and attribute values.
std::string escape_xml(const std::string& text);

}  // namespace arena
