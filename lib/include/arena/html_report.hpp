// The HTML report (--html FILE): one self-contained page of figures, inline
// SVG and CSS, no script and nothing fetched from the network, so that it
// opens anywhere and can be mailed or archived as one file. Pure; thread-safe.
#pragma once

#include <string>
#include <vector>

#include "arena/report.hpp"
#include "arena/svg_plot.hpp"
#include "arena/tally.hpp"

namespace arena {

struct HtmlFigure {
  std::string heading;
  std::string svg;   // one <svg> element
  std::string note;  // a line of text under it, may be empty
};

// The page: a title, a line under it, and the figures in order.
std::string html_page(const std::string& title, const std::string& subtitle,
                      const std::vector<HtmlFigure>& figures);

// Each combatant's fate as stacked bars: standing, down and dead, one row
// per combatant (stacked_bars_svg draws any number of categories).
StackedBars fate_bars(const Report& report);

// The figures of one run: win (and draw) probabilities with their 95%
// intervals, the rounds histogram, damage dealt and taken per faction, and
// each combatant's fate. Precondition: `tally` is the one `report` was made of.
std::vector<HtmlFigure> run_figures(const Report& report, const Tally& tally);

// "Heroes" win probabilities with intervals as an IntervalChart row list.
IntervalChart win_chart(const Report& report, const std::string& title);

}  // namespace arena
