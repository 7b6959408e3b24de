#include "arena/svg_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "arena/check.hpp"

namespace arena {

namespace {

constexpr double kLeft = 60, kRight = 20, kTop = 40, kBottom = 50;

// Escapes text for an SVG text node.
std::string escape(const std::string& text) {
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

struct Scale {
  double lo, hi, from, to;  // data [lo, hi] onto pixels [from, to]
  double operator()(double v) const {
    return hi == lo ? from : from + (v - lo) / (hi - lo) * (to - from);
  }
};

}  // namespace

std::string band_plot_svg(const BandPlot& plot) {
  ARENA_CHECK(!plot.x.empty());
  for (const auto& level : plot.levels) ARENA_CHECK(level.size() == plot.x.size());
  double y_max = 0;
  for (const auto& level : plot.levels) {
    for (double v : level) y_max = std::max(y_max, v);
  }
  const double y_step = tick_step(y_max, 6);
  y_max = std::max(y_step, std::ceil(y_max / y_step) * y_step);
  const Scale sx{plot.x.front(), plot.x.back(), kLeft, plot.width - kRight};
  const Scale sy{0, y_max, plot.height - kBottom, kTop};

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n"
      "<text x=\"{2}\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">{3}</text>\n",
      plot.width, plot.height, plot.width / 2, escape(plot.title));
  // Grid and ticks.
  const double x_step = tick_step(plot.x.back() - plot.x.front(), 10);
  for (double t = std::ceil(plot.x.front() / x_step) * x_step; t <= plot.x.back() + 1e-9;
       t += x_step) {
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#dddddd\" "
        "stroke-dasharray=\"3,3\"/>\n<text x=\"{0:.1f}\" y=\"{3}\" "
        "text-anchor=\"middle\">{4}</text>\n",
        sx(t), kTop, plot.height - kBottom, plot.height - kBottom + 16, t);
  }
  for (double t = 0; t <= y_max + 1e-9; t += y_step) {
    svg += fmt::format(
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#eeeeee\"/>\n"
        "<text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5}</text>\n",
        kLeft, sy(t), plot.width - kRight, kLeft - 6, sy(t) + 4, t);
  }
  // Bands: level i with its mirror, outermost first, so inner ones draw on top.
  const std::size_t n = plot.levels.size();
  for (std::size_t i = 0; i < n / 2; ++i) {
    std::string points;
    for (std::size_t k = 0; k < plot.x.size(); ++k)
      points += fmt::format("{:.1f},{:.1f} ", sx(plot.x[k]), sy(plot.levels[i][k]));
    for (std::size_t k = plot.x.size(); k-- > 0;)
      points += fmt::format("{:.1f},{:.1f} ", sx(plot.x[k]), sy(plot.levels[n - 1 - i][k]));
    points.pop_back();
    svg += fmt::format("<polygon points=\"{}\" fill=\"#CC2233\" fill-opacity=\"0.2\"/>\n", points);
  }
  // Frame and axis labels.
  svg += fmt::format(
      "<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" fill=\"none\" stroke=\"black\"/>\n"
      "<text x=\"{4}\" y=\"{5}\" text-anchor=\"middle\">{6}</text>\n"
      "<text x=\"16\" y=\"{7}\" text-anchor=\"middle\" transform=\"rotate(-90 16 "
      "{7})\">{8}</text>\n"
      "</svg>\n",
      kLeft, kTop, plot.width - kLeft - kRight, plot.height - kTop - kBottom,
      (kLeft + plot.width - kRight) / 2, plot.height - 12, escape(plot.x_label),
      (kTop + plot.height - kBottom) / 2, escape(plot.y_label));
  return svg;
}

}  // namespace arena
