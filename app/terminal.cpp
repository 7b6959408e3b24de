#include "terminal.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

namespace arena::app {

bool is_terminal(std::FILE* stream) {
  return ::isatty(::fileno(stream)) == 1;
}

void print_to_stderr(std::string_view text) {
  std::fwrite(text.data(), 1, text.size(), stderr);
}

void print_error(std::string_view message) {
  print_to_stderr(fmt::format("error: {}\n", message));
}

std::string bar(double fraction, int width) {
  static constexpr const char* kEighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
  const int eighths = static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * width * 8));
  std::string text;
  for (int i = 0; i < eighths / 8; ++i) text += "█";
  text += kEighths[eighths % 8];
  return text;
}

namespace {
bool g_no_color = false;
}  // namespace

void set_no_color(bool no_color) {
  g_no_color = no_color;
}

bool color_allowed() {
  const char* env = std::getenv("NO_COLOR");
  return !g_no_color && (env == nullptr || *env == '\0');
}

std::string win_bar(double fraction, int width) {
  std::string text = bar(fraction, width);
  const int eighths = static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * width * 8));
  const int cells = eighths / 8 + (eighths % 8 != 0 ? 1 : 0);
  text += std::string(static_cast<std::size_t>(width - cells), ' ');
  return color_allowed() ? "\x1b[32m" + text + "\x1b[0m" : text;
}

}  // namespace arena::app
