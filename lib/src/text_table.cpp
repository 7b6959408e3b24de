#include "text_table.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace arena {

std::string format_columns(const Columns& table) {
  std::vector<std::size_t> widths(table.headers.size());
  for (std::size_t c = 0; c < widths.size(); ++c) widths[c] = table.headers[c].size();
  for (const auto& row : table.rows) {
    for (std::size_t c = 0; c < widths.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
  }
  auto line = [&](const std::vector<std::string>& cells) {
    std::string text;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string sep = c == 0 ? "" : "  ";
      text += table.right[c] ? fmt::format("{}{:>{}}", sep, cells[c], widths[c])
                             : fmt::format("{}{:<{}}", sep, cells[c], widths[c]);
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text + '\n';
  };
  std::string out = line(table.headers);
  for (const auto& row : table.rows) out += line(row);
  return out;
}

}  // namespace arena
