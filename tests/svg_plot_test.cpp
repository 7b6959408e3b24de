#include "arena/svg_plot.hpp"

#include <gtest/gtest.h>

#include <string>

namespace arena {
namespace {

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(SvgPlotTest, OneBandPerMirroredPairOfLevels) {
  BandPlot plot{"Damage", "Distance (inches)", "Damage", {0, 1, 2}, {}, 300, 200};
  plot.levels = {{0, 0, 0}, {1, 2, 3}, {2, 3, 4}, {5, 6, 7}};
  const std::string svg = band_plot_svg(plot);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_EQ(count(svg, "<polygon"), 2);
  EXPECT_NE(svg.find("Distance (inches)"), std::string::npos);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

TEST(SvgPlotTest, BandCornersAreScaledIntoThePlotArea) {
  // x 0..2 onto pixels 60..280; y 0..8 (ticks of 2 up to 7 rounded to 8) onto 150..40.
  BandPlot plot{"t", "x", "y", {0, 2}, {{0, 0}, {7, 7}}, 300, 200};
  const std::string svg = band_plot_svg(plot);
  EXPECT_NE(svg.find("<polygon points=\"60.0,150.0 280.0,150.0 280.0,53.8 60.0,53.8\""),
            std::string::npos)
      << svg;
}

TEST(SvgPlotTest, EscapesLabels) {
  BandPlot plot{"A <b> & \"c\"", "x", "y", {0, 1}, {{0, 0}, {1, 1}}, 300, 200};
  const std::string svg = band_plot_svg(plot);
  EXPECT_NE(svg.find("A &lt;b&gt; &amp; &quot;c&quot;"), std::string::npos);
  EXPECT_EQ(svg.find("<b>"), std::string::npos);
}

}  // namespace
}  // namespace arena
