// Plain-text tables and JSON-or-table output for the library views of every
// ruleset. Private to libarena.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace arena {

// A plain-text table: columns padded to their widest cell; the columns marked
// in `right` are right-aligned (numbers).
struct Columns {
  std::vector<std::string> headers;
  std::vector<bool> right;
  std::vector<std::vector<std::string>> rows;
};

// The header line, then a line per row; trailing spaces trimmed.
std::string format_columns(const Columns& table);

// `value` as indented JSON (with a final newline) when `json`, else as the
// text `to_table` makes of it.
template <class Value, class ToJson, class ToTable>
std::string json_or_table(bool json, const Value& value, ToJson to_json, ToTable to_table) {
  return json ? to_json(value).dump(2) + "\n" : to_table(value);
}

// `items` (pointers) as a JSON array of `to_json` objects or as `header`
// with a row per item made by `to_row`.
template <class Info, class ToJson, class ToRow>
std::string list_json_or_table(bool json, const std::vector<const Info*>& items,
                               const Columns& header, ToJson to_json, ToRow to_row) {
  if (json) {
    nlohmann::json out = nlohmann::json::array();
    for (const Info* item : items) out.push_back(to_json(*item));
    return out.dump(2) + "\n";
  }
  Columns table = header;
  for (const Info* item : items) table.rows.push_back(to_row(*item));
  return format_columns(table);
}

}  // namespace arena
