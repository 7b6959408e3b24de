#include "arena/svg_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <tuple>

#include "arena/check.hpp"
#include "text_util.hpp"

namespace arena {

namespace {

constexpr double kLeft = 60, kRight = 20, kTop = 40, kBottom = 50;
constexpr double kRowHeight = 26, kLegendHeight = 22;
// One colour per faction: an encounter has at most 16 (it had 7, and the
// 8th faction was drawn in the 1st one's blue).
constexpr const char* kPalette[] = {
    "#3366CC", "#CC2233", "#33AA55", "#DD8800", "#8844AA", "#119999", "#666666", "#E377C2",
    "#8C564B", "#BCBD22", "#17BECF", "#1F3A93", "#7F0000", "#2E7D32", "#FF5722", "#000000"};
// The longest label drawn in full (about 7 pixels a letter at font size
// 12, 8 at the title's 14); longer ones end in "..." and carry the whole
// name as a tooltip.
constexpr std::size_t kMaxLabelLetters = 50;
constexpr double kLetterPixels = 7, kTitleLetterPixels = 8;

// The bytes of `text`'s first `letters` letters (UTF-8 characters), all
// of it when it has no more.
std::size_t bytes_of_letters(const std::string& text, std::size_t letters) {
  std::size_t at = 0;
  for (std::size_t seen = 0; seen < letters && at < text.size(); ++seen)
    at += utf8_length_at(text, at);
  return at;
}

// Letters (UTF-8 characters) in `text`.
std::size_t letter_count(const std::string& text) {
  std::size_t letters = 0;
  for (std::size_t at = 0; at < text.size(); at += utf8_length_at(text, at)) ++letters;
  return letters;
}

// A text element's content: `text` escaped when it has at most `letters`
// letters (4 or more), else cut to fit with "..." and the whole of it as a
// tooltip.
std::string fitted(const std::string& text, std::size_t letters) {
  if (letter_count(text) <= letters) return escape_xml(text);
  const std::string cut = text.substr(0, bytes_of_letters(text, letters - 3));
  return fmt::format("{}...<title>{}</title>", escape_xml(cut), escape_xml(text));
}

// The letters that fit in `pixels` at `letter` pixels each (at least 4).
std::size_t letters_in(double pixels, double letter) {
  return static_cast<std::size_t>(std::max(4.0, pixels / letter));
}

const char* colour(std::size_t i) {
  return kPalette[i % std::size(kPalette)];
}

// A tick step of 1, 2 or 5 times a power of ten giving about `ticks` ticks over `span`.
double tick_step(double span, int ticks) {
  if (span <= 0) return 1;
  const double raw = span / ticks;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0}) {
    if (m * power >= raw) return m * power;
  }
  return 10 * power;
}

// A tick's value with as many decimals as its step has (0.6, not 0.6000000000000001).
std::string tick_label(double value, double step) {
  const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
  const double v = std::abs(value) < 1e-9 * step ? 0.0 : value;  // no "-0"
  return fmt::format("{:.{}f}", v, decimals);
}

struct Scale {
  double lo, hi, from, to;  // data [lo, hi] onto pixels [from, to]
  double operator()(double v) const {
    return hi == lo ? from : from + (v - lo) / (hi - lo) * (to - from);
  }
};

// The opening of an SVG element with a white background and a title.
std::string open_svg(int width, double height, const std::string& title) {
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1:.0f}\" "
      "viewBox=\"0 0 {0} {1:.0f}\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"{0}\" height=\"{1:.0f}\" fill=\"white\"/>\n"
      "<text x=\"{2}\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">{3}</text>\n",
      width, height, width / 2, fitted(title, letters_in(width - 20, kTitleLetterPixels)));
}

// Vertical grid lines with their labels below, at round values over [sx.lo, sx.hi].
// `min_step`: 1 for whole numbers (no "0.5" between rounds 0 and 1).
std::string x_ticks(const Scale& sx, double top, double bottom, int ticks, double min_step = 0) {
  std::string svg;
  const double step = std::max(min_step, tick_step(sx.hi - sx.lo, ticks));
  const double first = std::ceil(sx.lo / step);
  for (int i = 0; (first + i) * step <= sx.hi + 1e-9 * step; ++i) {
    const double v = (first + i) * step;
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#dddddd\" "
        "stroke-dasharray=\"3,3\"/>\n<text x=\"{0:.1f}\" y=\"{3}\" "
        "text-anchor=\"middle\">{4}</text>\n",
        sx(v), top, bottom, bottom + 16, tick_label(v, step));
  }
  return svg;
}

// Horizontal grid lines from 0 to sy.hi with their labels on the left.
std::string y_ticks(const Scale& sy, double step, double left, double right) {
  std::string svg;
  for (int i = 0; i * step <= sy.hi + 1e-9 * step; ++i) {
    const double t = i * step;
    svg += fmt::format(
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#eeeeee\"/>\n"
        "<text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5}</text>\n",
        left, sy(t), right, left - 6, sy(t) + 4, tick_label(t, step));
  }
  return svg;
}

// The plot area's frame, the axis labels and the end of the element.
std::string close_svg(double left, double top, double right, double bottom, int height,
                      const std::string& x_label, const std::string& y_label) {
  std::string svg = fmt::format(
      "<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" fill=\"none\" stroke=\"black\"/>\n"
      "<text x=\"{4}\" y=\"{5}\" text-anchor=\"middle\">{6}</text>\n",
      left, top, right - left, bottom - top, (left + right) / 2, height - 12,
      fitted(x_label, letters_in(right - left, kLetterPixels)));
  if (!y_label.empty()) {
    svg += fmt::format(
        "<text x=\"16\" y=\"{0}\" text-anchor=\"middle\" transform=\"rotate(-90 16 "
        "{0})\">{1}</text>\n",
        (top + bottom) / 2, fitted(y_label, letters_in(bottom - top, kLetterPixels)));
  }
  return svg + "</svg>\n";
}

// A label's text element content: cut to kMaxLabelLetters (fitted).
std::string label_text(const std::string& label) {
  return fitted(label, kMaxLabelLetters);
}

// Pixels a label takes as label_text() draws it.
double label_pixels(const std::string& label) {
  return kLetterPixels * static_cast<double>(std::min(letter_count(label), kMaxLabelLetters));
}

// The swept values' labels under the x axis, centred on `xs` (increasing
// pixels) but kept inside the element's `width`: as many as fit without
// touching, from the first on.
std::string x_value_labels(const std::vector<double>& xs, const std::vector<std::string>& labels,
                           double y, int width) {
  std::string svg;
  double free_from = -1e9;  // where the last label drawn ends
  for (std::size_t k = 0; k < xs.size(); ++k) {
    const double size = label_pixels(labels[k]);
    const double start = std::clamp(xs[k] - size / 2, 2.0, std::max(2.0, width - 2 - size));
    if (start < free_from + 6) continue;
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\">{}</text>\n", start, y, label_text(labels[k]));
    free_from = start + size;
  }
  return svg;
}

// Where each legend entry goes, lines wrapped before `right`: x and line.
std::vector<std::pair<double, int>> legend_places(const std::vector<std::string>& labels,
                                                  double left, double right) {
  std::vector<std::pair<double, int>> places;
  double x = left;
  int line = 0;
  for (const std::string& label : labels) {
    const double width = 30 + label_pixels(label);
    if (x > left && x + width - 16 > right) {
      x = left;
      ++line;
    }
    places.emplace_back(x, line);
    x += width;
  }
  return places;
}

// Lines the legend of `labels` takes between `left` and `right`.
int legend_lines(const std::vector<std::string>& labels, double left, double right) {
  const auto places = legend_places(labels, left, right);
  return places.empty() ? 1 : places.back().second + 1;
}

// Coloured squares with labels under the title, from `y` down, in as many
// lines as they need before `right`: `colours` when given, else the palette.
std::string legend(const std::vector<std::string>& labels, double left, double y, double right,
                   const std::vector<std::string>& colours = {}) {
  std::string svg;
  const auto places = legend_places(labels, left, right);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const auto [x, line] = places[i];
    const double at = y + kLegendHeight * line;
    svg += fmt::format(
        "<rect x=\"{0:.1f}\" y=\"{1:.1f}\" width=\"10\" height=\"10\" fill=\"{2}\"/>\n"
        "<text x=\"{3:.1f}\" y=\"{4:.1f}\">{5}</text>\n",
        x, at - 9, i < colours.size() ? colours[i].c_str() : colour(i), x + 14, at,
        label_text(labels[i]));
  }
  return svg;
}

// Room for the longest row label, the plot to its right.
template <class Rows>
double label_width(const Rows& rows) {
  double longest = 0;
  for (const auto& row : rows) longest = std::max(longest, label_pixels(row.label));
  return std::max(longest + 16, 80.0);
}

// A row label right-aligned before the plot area, which starts at `left`.
std::string row_label(const std::string& label, double left, double y) {
  return fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", left - 8,
                     y + 4, label_text(label));
}

}  // namespace

std::string escape_xml(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string band_plot_svg(const BandPlot& given) {
  ARENA_CHECK(!given.x.empty());
  // One point has no width to draw: its values over x - 0.5 to x + 0.5.
  BandPlot widened;
  if (given.x.size() == 1) {
    widened = given;
    widened.x = {given.x[0] - 0.5, given.x[0] + 0.5};
    for (auto& level : widened.levels) level.push_back(level.front());
  }
  const BandPlot& plot = given.x.size() == 1 ? widened : given;
  ARENA_CHECK(given.x_tick_labels.empty() || given.x_tick_labels.size() == given.x.size());
  for (const auto& level : plot.levels) ARENA_CHECK(level.size() == plot.x.size());
  double y_max = 0;
  for (const auto& level : plot.levels) {
    for (double v : level) y_max = std::max(y_max, v);
  }
  const double y_step = tick_step(y_max, 6);
  y_max = std::max(y_step, std::ceil(y_max / y_step) * y_step);
  // A note takes a line under the title, the plot starting below it.
  const double top = plot.note.empty() ? kTop : kTop + 14;
  const double bottom = plot.height - kBottom, right = plot.width - kRight;
  const Scale sx{plot.x.front(), plot.x.back(), kLeft, right};
  const Scale sy{0, y_max, bottom, top};

  std::string svg = open_svg(plot.width, plot.height, plot.title);
  if (!plot.note.empty()) {
    svg +=
        fmt::format("<text x=\"{}\" y=\"40\" text-anchor=\"middle\" font-size=\"11\">{}</text>\n",
                    plot.width / 2, fitted(plot.note, letters_in(plot.width - 20, 6)));
  }
  if (given.x_tick_labels.empty()) {
    svg += x_ticks(sx, top, bottom, 10);
  } else {
    std::vector<double> xs;
    for (double x : given.x) xs.push_back(sx(x));
    svg += x_value_labels(xs, given.x_tick_labels, bottom + 16, plot.width);
  }
  svg += y_ticks(sy, y_step, kLeft, right);
  // Bands: level i with its mirror, outermost first, so inner ones draw on top.
  const std::size_t n = plot.levels.size();
  const auto point = [&](std::size_t level, std::size_t k) {
    return fmt::format("{:.1f},{:.1f} ", sx(plot.x[k]), sy(plot.levels[level][k]));
  };
  for (std::size_t i = 0; i < n / 2; ++i) {
    std::string points;
    for (std::size_t k = 0; k < plot.x.size(); ++k) points += point(i, k);
    for (std::size_t k = plot.x.size(); k-- > 0;) points += point(n - 1 - i, k);
    points.pop_back();
    svg += fmt::format("<polygon points=\"{}\" fill=\"#CC2233\" fill-opacity=\"0.2\"/>\n", points);
  }
  if (n % 2 == 1) {
    std::string points;
    for (std::size_t k = 0; k < plot.x.size(); ++k) points += point(n / 2, k);
    points.pop_back();
    svg += fmt::format(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#CC2233\" stroke-width=\"2\"/>\n", points);
    // Swept values were played at their points alone: each is marked.
    if (!given.x_tick_labels.empty()) {
      for (std::size_t k = 0; k < given.x.size(); ++k) {
        svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"#CC2233\"/>\n",
                           sx(given.x[k]), sy(plot.levels[n / 2][k]));
      }
    }
  }
  return svg + close_svg(kLeft, top, right, bottom, plot.height, plot.x_label, plot.y_label);
}

std::string interval_chart_svg(const IntervalChart& chart) {
  double lo = 0, hi = 0;
  for (const IntervalRow& row : chart.rows) {
    lo = std::min({lo, row.low, row.value, row.reference.value_or(0)});
    hi = std::max({hi, row.high, row.value, row.reference.value_or(0)});
  }
  if (chart.range) {
    std::tie(lo, hi) = *chart.range;
  } else if (hi <= lo) {  // every row at 0 (a check of an unchanged run): 0 in the middle
    lo = -1;
    hi = 1;
  } else {  // room around the extreme rows, which sat on the frame
    const double pad = 0.05 * (hi - lo);
    if (lo < 0) lo -= pad;
    if (hi > 0) hi += pad;
  }
  if (hi <= lo) hi = lo + 1;
  const double bottom = kTop + kRowHeight * static_cast<double>(chart.rows.size()) + 8;
  const int height = static_cast<int>(bottom + kBottom);
  const double left = label_width(chart.rows), right = chart.width - kRight;
  const Scale sx{lo, hi, left, right};
  std::string svg = open_svg(chart.width, height, chart.title);
  svg += x_ticks(sx, kTop, bottom, 8);
  if (lo < 0 && hi > 0) {
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"black\"/>\n", sx(0),
        kTop, bottom);
  }
  for (std::size_t i = 0; i < chart.rows.size(); ++i) {
    const IntervalRow& row = chart.rows[i];
    const double y = kTop + kRowHeight * (static_cast<double>(i) + 0.5) + 4;
    const char* fill = row.marked ? "#CC2233" : "#3366CC";
    svg += row_label(row.label, left, y);
    if (chart.bars) {
      svg += fmt::format(
          "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" "
          "fill-opacity=\"0.6\"/>\n",
          std::min(sx(0), sx(row.value)), y - kRowHeight * 0.35, std::abs(sx(row.value) - sx(0)),
          kRowHeight * 0.7, fill);
    } else {
      svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"{}\"/>\n",
                         sx(row.value), y, fill);
    }
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{2:.1f}\" x2=\"{1:.1f}\" y2=\"{2:.1f}\" stroke=\"black\"/>\n"
        "<line x1=\"{0:.1f}\" y1=\"{3:.1f}\" x2=\"{0:.1f}\" y2=\"{4:.1f}\" stroke=\"black\"/>\n"
        "<line x1=\"{1:.1f}\" y1=\"{3:.1f}\" x2=\"{1:.1f}\" y2=\"{4:.1f}\" stroke=\"black\"/>\n",
        sx(row.low), sx(row.high), y, y - 5, y + 5);
    if (row.reference) {
      svg += fmt::format(
          "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"black\" "
          "stroke-width=\"3\"/>\n",
          sx(*row.reference), y - 9, y + 9);
    }
  }
  return svg + close_svg(left, kTop, right, bottom, height, chart.x_label, "");
}

std::string column_chart_svg(const ColumnChart& chart) {
  ARENA_CHECK(!chart.x.empty());
  double y_max = 0;
  for (const ColumnSeries& series : chart.series) {
    ARENA_CHECK(series.heights.size() == chart.x.size());
    for (double h : series.heights) y_max = std::max(y_max, h);
  }
  const double y_step = tick_step(y_max, 5);
  y_max = std::max(y_step, std::ceil(y_max / y_step) * y_step);
  std::vector<std::string> labels;
  for (const ColumnSeries& series : chart.series) labels.push_back(series.label);
  const double right = chart.width - kRight;
  const double top = kTop + kLegendHeight * legend_lines(labels, kLeft, right);
  const double bottom = std::max(top + 100, chart.height - kBottom);
  const int height = static_cast<int>(bottom + kBottom);
  // A column covers the values from its x to the next one's (x is evenly
  // spaced: one value per column, or several when there are many).
  const int values_per_column = chart.x.size() > 1 ? chart.x[1] - chart.x[0] : 1;
  const Scale sx{chart.x.front() - 0.5, chart.x.back() + values_per_column - 0.5, kLeft, right};
  const Scale sy{0, y_max, bottom, top};
  std::string svg = open_svg(chart.width, height, chart.title);
  svg += legend(labels, kLeft, kTop + 10, right);
  svg += x_ticks(sx, top, bottom, 10, 1);
  svg += y_ticks(sy, y_step, kLeft, right);
  const double column = std::max(0.5, sx(values_per_column) - sx(0));
  for (std::size_t s = 0; s < chart.series.size(); ++s) {
    for (std::size_t k = 0; k < chart.x.size(); ++k) {
      const double h = chart.series[s].heights[k];
      if (h <= 0) continue;
      svg += fmt::format(
          "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" "
          "fill-opacity=\"0.5\"/>\n",
          sx(chart.x[k] - 0.5), sy(h), column, bottom - sy(h), colour(s));
    }
  }
  return svg + close_svg(kLeft, top, right, bottom, height, chart.x_label, chart.y_label);
}

std::string stacked_bars_svg(const StackedBars& chart) {
  const double left = label_width(chart.rows), right = chart.width - kRight;
  const double top = kTop + kLegendHeight * legend_lines(chart.categories, left, right);
  const double bottom = top + kRowHeight * static_cast<double>(chart.rows.size()) + 8;
  const int height = static_cast<int>(bottom + kBottom);
  const Scale sx{0, 1, left, right};
  std::string svg = open_svg(chart.width, height, chart.title);
  svg += legend(chart.categories, left, kTop + 10, right, chart.colours);
  svg += x_ticks(sx, top, bottom, 5);
  for (std::size_t i = 0; i < chart.rows.size(); ++i) {
    const StackedBarRow& row = chart.rows[i];
    ARENA_CHECK(row.parts.size() == chart.categories.size());
    const double y = top + kRowHeight * (static_cast<double>(i) + 0.5) + 4;
    svg += row_label(row.label, left, y);
    double start = 0;
    for (std::size_t c = 0; c < row.parts.size(); ++c) {
      svg += fmt::format(
          "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\"/>\n",
          sx(start), y - kRowHeight * 0.35, sx(start + row.parts[c]) - sx(start), kRowHeight * 0.7,
          c < chart.colours.size() ? chart.colours[c].c_str() : colour(c));
      start += row.parts[c];
    }
  }
  return svg + close_svg(left, top, right, bottom, height, "probability", "");
}

}  // namespace arena
