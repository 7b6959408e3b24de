#include "terminal.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace arena::app {

bool is_terminal(std::FILE* stream) {
  return ::isatty(::fileno(stream)) == 1;
}

void print_error(std::string_view message) {
  fmt::print(stderr, "error: {}\n", message);
}

std::string bar(double fraction, int width) {
  static constexpr const char* kEighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
  const int eighths = static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * width * 8));
  std::string text;
  for (int i = 0; i < eighths / 8; ++i) text += "█";
  text += kEighths[eighths % 8];
  return text;
}

}  // namespace arena::app
