// A small SVG writer for band plots: quantiles of a figure against a
// variable (damage against distance), drawn as nested translucent bands
// between each lower quantile and its mirror (the lowest with the highest,
// and so on inwards), with axes, ticks and labels. Self-contained SVG 1.1
// text, no scripts or external references. Pure; thread-safe.
#pragma once

#include <string>
#include <vector>

namespace arena {

struct BandPlot {
  std::string title;
  std::string x_label, y_label;
  std::vector<double> x;                    // increasing
  std::vector<std::vector<double>> levels;  // each over x, from the lowest quantile up
  int width = 720, height = 440;            // pixels
};

// Precondition: every level has x.size() values; x is not empty.
std::string band_plot_svg(const BandPlot& plot);

}  // namespace arena
