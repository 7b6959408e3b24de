#include "arena/diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "arena/json_source.hpp"

namespace arena {

void Diagnostics::add(SourcePos pos, std::string pointer, std::string message, std::string also) {
  ++total_;
  if (kept_.size() < kMaxKept)
    kept_.push_back({pos, std::move(pointer), std::move(message), std::move(also)});
}

namespace {

// The edit that wrote the value at `pointer` or a value around it (the last
// one, as edits apply in order), or nullptr.
const std::pair<std::string, std::string>* edit_of(
    const std::string& pointer, const std::vector<std::pair<std::string, std::string>>& edits) {
  for (auto edit = edits.rbegin(); edit != edits.rend(); ++edit) {
    if (json_pointer_within(pointer, edit->first)) return &*edit;
  }
  return nullptr;
}

}  // namespace

std::vector<std::string> Diagnostics::format(
    const std::string& file, const std::vector<std::pair<std::string, std::string>>& edits) const {
  std::vector<Diagnostic> sorted = kept_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return a.pos.line != b.pos.line ? a.pos.line < b.pos.line : a.pos.column < b.pos.column;
  });
  std::vector<std::string> lines;
  const std::size_t shown = std::min(sorted.size(), kMaxShown);
  for (std::size_t i = 0; i < shown; ++i) {
    const auto* edit = edit_of(sorted[i].pointer, edits);
    if (!edit && !sorted[i].also.empty()) edit = edit_of(sorted[i].also, edits);
    const std::string& pointer = sorted[i].pointer.empty() ? std::string("/") : sorted[i].pointer;
    lines.push_back(
        edit ? one_line(fmt::format("{}: {}: {}", edit->second, pointer, sorted[i].message))
             : format_diagnostic(file, sorted[i]));
  }
  if (total_ > shown) {
    lines.push_back(fmt::format("{}: {} more problems not shown", file, total_ - shown));
  }
  return lines;
}

std::string format_diagnostic(const std::string& file, const Diagnostic& diagnostic) {
  const std::string& pointer = diagnostic.pointer.empty() ? std::string("/") : diagnostic.pointer;
  return one_line(fmt::format("{}:{}:{}: {}: {}", file, diagnostic.pos.line, diagnostic.pos.column,
                              pointer, diagnostic.message));
}

std::string one_line(std::string_view text) {
  std::string out;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += fmt::format("\\u{:04x}", byte);
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace arena
