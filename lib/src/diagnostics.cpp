#include "arena/diagnostics.hpp"

#include <fmt/format.h>

namespace arena {

void Diagnostics::add(SourcePos pos, std::string pointer, std::string message) {
  ++total_;
  if (kept_.size() < kMaxKept) kept_.push_back({pos, std::move(pointer), std::move(message)});
}

std::vector<std::string> Diagnostics::format(const std::string& file) const {
  std::vector<std::string> lines;
  for (const Diagnostic& diagnostic : kept_) lines.push_back(format_diagnostic(file, diagnostic));
  if (total_ > kept_.size()) {
    lines.push_back(fmt::format("{}: {} more problems not shown", file, total_ - kept_.size()));
  }
  return lines;
}

std::string format_diagnostic(const std::string& file, const Diagnostic& diagnostic) {
  const std::string& pointer = diagnostic.pointer.empty() ? std::string("/") : diagnostic.pointer;
  return fmt::format("{}:{}:{}: {}: {}", file, diagnostic.pos.line, diagnostic.pos.column, pointer,
                     diagnostic.message);
}

}  // namespace arena
