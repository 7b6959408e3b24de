#include "arena/svg_plot.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

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

TEST(SvgPlotTest, AnOddLevelIsALineAndLabelsReplaceNumericTicks) {
  BandPlot plot{"Win", "AC", "p", {0, 1}, {{0.1, 0.2}, {0.3, 0.4}, {0.5, 0.6}}, 300, 200};
  plot.x_tick_labels = {"AC 14", "AC 18"};
  const std::string svg = band_plot_svg(plot);
  EXPECT_EQ(count(svg, "<polygon"), 1);
  EXPECT_EQ(count(svg, "<polyline"), 1);
  EXPECT_NE(svg.find(">AC 14</text>"), std::string::npos);
  EXPECT_NE(svg.find(">AC 18</text>"), std::string::npos);
}

TEST(SvgPlotTest, TickLabelsHaveTheDecimalsOfTheirStep) {
  // Steps of 0.2 summed in floating point reach 0.6000000000000001.
  IntervalChart chart{"t", "x", {{"a", 0.5, 0.4, 0.6}}, true, {{0.0, 1.0}}, 600};
  const std::string svg = interval_chart_svg(chart);
  for (const char* tick : {">0.0<", ">0.2<", ">0.4<", ">0.6<", ">0.8<", ">1.0<"})
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  EXPECT_EQ(svg.find("00000"), std::string::npos) << svg;
}

TEST(SvgPlotTest, IntervalBarsAreScaledAndMarkedRowsAreRed) {
  // Labels of 1 letter: 80 pixels of labels; [0, 1] onto 80..580; row i centred at
  // 40 + 26 (i + 0.5) + 4, its bar 0.7 of 26 pixels high.
  IntervalChart chart{"Win", "p", {}, true, {{0.0, 1.0}}, 600};
  chart.rows = {{"A", 0.5, 0.4, 0.6}, {"B", 0.25, 0.2, 0.3, 0.3, true}};
  const std::string svg = interval_chart_svg(chart);
  EXPECT_NE(svg.find("<rect x=\"80.0\" y=\"47.9\" width=\"250.0\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("width=\"125.0\" height=\"18.2\" fill=\"#CC2233\""), std::string::npos) << svg;
  // The interval's whisker from 0.4 to 0.6, and B's baseline tick at 0.3.
  EXPECT_NE(svg.find("<line x1=\"280.0\" y1=\"57.0\" x2=\"380.0\" y2=\"57.0\""), std::string::npos);
  EXPECT_NE(svg.find("x1=\"230.0\" y1=\"74.0\" x2=\"230.0\" y2=\"92.0\" stroke=\"black\" "
                     "stroke-width=\"3\""),
            std::string::npos);
}

TEST(SvgPlotTest, ColumnsOnePerPositiveHeightOfEachSeries) {
  ColumnChart chart{"Rounds", "rounds", "p", {0, 1, 2, 3}, {}};
  chart.series = {{"Heroes", {0, 0.5, 0.25, 0.25}}, {"Goblins", {0.5, 0, 0, 0.5}}};
  const std::string svg = column_chart_svg(chart);
  // Two legend squares, three columns and two columns.
  EXPECT_EQ(count(svg, "fill=\"#3366CC\""), 1 + 3);
  EXPECT_EQ(count(svg, "fill=\"#CC2233\""), 1 + 2);
  EXPECT_NE(svg.find(">Goblins</text>"), std::string::npos);
}

// Columns of 16 values each (a histogram of large values) tile the plot:
// 60..700 in three columns of 213.3 pixels, where each was drawn one value
// wide (0.5 pixels). Ticks on whole numbers only.
TEST(SvgPlotTest, ColumnsOfSeveralValuesAreAsWideAsTheirValues) {
  ColumnChart chart{"Damage", "damage (16 per column)", "p", {0, 16, 32}, {}};
  chart.series = {{"Heroes", {0.25, 0.5, 0.25}}};
  const std::string svg = column_chart_svg(chart);
  EXPECT_NE(svg.find("<rect x=\"60.0\" y=\""), std::string::npos) << svg;
  EXPECT_EQ(count(svg, "width=\"213.3\""), 3) << svg;
  ColumnChart one{"Rounds", "rounds", "p", {1, 2, 3}, {}};
  one.series = {{"Heroes", {0.25, 0.5, 0.25}}};
  const std::string small = column_chart_svg(one);
  EXPECT_EQ(small.find(">1.5</text>"), std::string::npos) << small;
  EXPECT_NE(small.find(">2</text>"), std::string::npos) << small;
}

TEST(SvgPlotTest, StackedBarsTakeAnyNumberOfCategories) {
  StackedBars bars{"Fates", {"standing", "down", "dead"}, {{"Fighter", {0.5, 0.25, 0.25}}}, 600};
  const std::string svg = stacked_bars_svg(bars);
  // Fighter's bar: 80..580 split 250 + 125 + 125, one colour per category, centred
  // under the legend at 40 + 22 + 13 + 4 = 79.
  EXPECT_NE(svg.find("<rect x=\"80.0\" y=\"69.9\" width=\"250.0\" height=\"18.2\" "
                     "fill=\"#3366CC\"/>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<rect x=\"330.0\" y=\"69.9\" width=\"125.0\" height=\"18.2\" "
                     "fill=\"#CC2233\"/>"),
            std::string::npos);
  EXPECT_NE(svg.find("<rect x=\"455.0\" y=\"69.9\" width=\"125.0\" height=\"18.2\" "
                     "fill=\"#33AA55\"/>"),
            std::string::npos);
  EXPECT_NE(svg.find(">dead</text>"), std::string::npos);
}

// Every x of a text element, in order.
std::vector<double> text_xs(const std::string& svg) {
  std::vector<double> xs;
  for (std::size_t at = svg.find("<text x=\""); at != std::string::npos;
       at = svg.find("<text x=\"", at + 1))
    xs.push_back(std::stod(svg.substr(at + 9)));
  return xs;
}

// Eleven factions of long names: the legend wraps inside the 720 pixels
// (entries were placed up to x = 1543, invisible), each faction has a
// colour of its own (the 8th was the 1st's blue), and a name too long for
// a row ends in "..." with the whole of it as a tooltip.
TEST(SvgPlotTest, ManyLongNamesStayInsideTheChart) {
  StackedBars bars{"Fates", {}, {}, 720};
  for (int i = 0; i < 11; ++i) bars.categories.push_back("The faction number " + std::to_string(i));
  const std::string name(92, 'N');
  bars.rows = {{name, std::vector<double>(11, 1.0 / 11)}};
  const std::string svg = stacked_bars_svg(bars);
  for (double x : text_xs(svg)) EXPECT_LT(x, 720) << svg;
  for (const char* c : {"#3366CC", "#E377C2", "#17BECF"}) EXPECT_EQ(count(svg, c), 2) << c;
  EXPECT_NE(svg.find(">" + std::string(47, 'N') + "...<title>" + name + "</title></text>"),
            std::string::npos)
      << svg;
  for (double x : text_xs(svg)) EXPECT_GE(x, 0) << svg;
}

// One point of a band plot is drawn one unit wide (its polygons had none).
TEST(SvgPlotTest, OnePointIsDrawnWithAWidth) {
  BandPlot plot{"t", "x", "y", {5}, {{1}, {3}}, 300, 200};
  const std::string svg = band_plot_svg(plot);
  const std::size_t at = svg.find("<polygon points=\"");
  ASSERT_NE(at, std::string::npos) << svg;
  EXPECT_NE(svg.substr(at, 40).find("60.0,"), std::string::npos) << svg;
  EXPECT_NE(svg.substr(at, 60).find("280.0,"), std::string::npos) << svg;
}

// One swept value (one row of a sweep) has its label and its point: the
// widened plot checked two labels against its one (an abort).
TEST(SvgPlotTest, OneSweptValueIsLabelledAndMarked) {
  BandPlot plot{"t", "AC", "p", {0}, {{0.1}, {0.3}, {0.5}}, 300, 200};
  plot.x_tick_labels = {"AC 18"};
  const std::string svg = band_plot_svg(plot);
  EXPECT_EQ(count(svg, ">AC 18</text>"), 1) << svg;
  EXPECT_EQ(count(svg, "<circle"), 1) << svg;
}

// Every text element on the line at `y` (the swept values' labels): its x and text.
std::vector<std::pair<double, std::string>> texts_on_line(const std::string& svg, int y) {
  std::vector<std::pair<double, std::string>> texts;
  const std::string line = "\" y=\"" + std::to_string(y) + "\">";
  for (std::size_t at = svg.find("<text x=\""); at != std::string::npos;
       at = svg.find("<text x=\"", at + 1)) {
    const std::size_t open = svg.find('"', at + 9);
    if (svg.compare(open, line.size(), line) != 0) continue;
    const std::size_t text = open + line.size();
    texts.emplace_back(std::stod(svg.substr(at + 9)), svg.substr(text, svg.find('<', text) - text));
  }
  return texts;
}

// 96 swept values do not fit 720 pixels: as many as fit are labelled, each
// apart from the next, all inside; long values at the ends stay inside.
TEST(SvgPlotTest, SweptValueLabelsThatDoNotFitAreThinnedAndKeptInside) {
  BandPlot plot{"t", "hp", "p", {}, {{}, {}, {}}, 720, 440};
  for (int k = 0; k < 96; ++k) {
    plot.x.push_back(k);
    plot.x_tick_labels.push_back(std::to_string(10 + 2 * k));
    for (auto& level : plot.levels) level.push_back(0.5);
  }
  const std::string svg = band_plot_svg(plot);
  const auto labels = texts_on_line(svg, 440 - 50 + 16);
  ASSERT_GE(labels.size(), 10u) << svg;
  EXPECT_LT(labels.size(), 96u);
  for (std::size_t i = 1; i < labels.size(); ++i) {  // 7 pixels a letter, 6 between
    const auto& [x, text] = labels[i - 1];
    EXPECT_GE(labels[i].first, x + 7.0 * static_cast<double>(text.size()) + 6) << text;
  }
  EXPECT_EQ(count(svg, "<circle"), 96);  // every value is still marked

  BandPlot ends{"t", "weapons", "p", {0, 1}, {{0.1, 0.2}, {0.3, 0.4}, {0.5, 0.6}}, 720, 440};
  ends.x_tick_labels = {R"(["greatsword","javelin"])", R"(["rapier","dagger","shortbow"])"};
  const auto both = texts_on_line(band_plot_svg(ends), 440 - 50 + 16);
  ASSERT_EQ(both.size(), 2u);
  EXPECT_GE(both[0].first, 0);                   // centred on x = 60 it began at -20
  EXPECT_LE(both[1].first + 7.0 * 28, 720 - 2);  // centred on x = 700 it ended at 798
}

// A title, an axis label or a label longer than its room is cut with the
// whole of it as a tooltip; letters are counted, not bytes.
TEST(SvgPlotTest, LongTitlesAndAxisLabelsAreCutToFitAndLettersAreCounted) {
  const std::string name(120, 'L');
  BandPlot plot{
      name + " win probability", "probability (" + name + ")", "p", {0, 1}, {{0.1, 0.2}}, 720, 440};
  const std::string svg = band_plot_svg(plot);
  EXPECT_NE(svg.find("...<title>" + name + " win probability</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("...<title>probability (" + name + ")</title>"), std::string::npos) << svg;
  // 36 Cyrillic letters are 64 bytes, and under the 50 letters of a label.
  const std::string cyrillic = "Дружина князя Владимира Святого ещё";
  StackedBars bars{"Fates", {"standing"}, {{cyrillic, {1.0}}}, 720};
  EXPECT_NE(stacked_bars_svg(bars).find(">" + cyrillic + "</text>"), std::string::npos);
}

// Points of an automatic range: all at 0 (an unchanged check) in the
// middle, not on the left edge; extreme ones inside the frame, not on it.
TEST(SvgPlotTest, IntervalPointsStayOffTheFrame) {
  const IntervalChart zeros{"t", "x", {{"a", 0, 0, 0}, {"b", 0, 0, 0}}, false, std::nullopt, 600};
  EXPECT_EQ(count(interval_chart_svg(zeros), "<circle cx=\"330.0\""), 2);  // plot: 80 to 580
  const IntervalChart spread{"t",   "x",          {{"a", -4, -4, -4}, {"b", 6, 6, 6}},
                             false, std::nullopt, 600};
  const std::string svg = interval_chart_svg(spread);
  for (const char* edge : {"<circle cx=\"80.0\"", "<circle cx=\"580.0\""})
    EXPECT_EQ(svg.find(edge), std::string::npos) << svg;
}

// What the bands are, when the plot says: a line under the title.
TEST(SvgPlotTest, ANoteSaysWhatTheBandsAre) {
  BandPlot plot{"Damage", "Distance", "Damage", {0, 1}, {{0, 0}, {1, 1}}, 300, 200};
  plot.note = "bands, outside in: min to max, 0.1 to 0.9";
  EXPECT_NE(band_plot_svg(plot).find(">bands, outside in: min to max, 0.1 to 0.9</text>"),
            std::string::npos);
}

}  // namespace
}  // namespace arena
