#include "progress.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "terminal.hpp"

namespace arena::app {

ProgressBar::ProgressBar(std::int64_t total)
    : total_(total), start_(std::chrono::steady_clock::now()) {}

void ProgressBar::update(std::int64_t done) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double fraction = total_ > 0 ? static_cast<double>(done) / static_cast<double>(total_) : 1;
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  const double left = rate > 0 ? static_cast<double>(total_ - done) / rate : 0;
  print_to_stderr(fmt::format("\r{:<30} {:5.1f}%  {}/{} battles  {:.0f}/s  {:.0f} s left \x1b[K",
                              bar(fraction, 30), 100 * fraction, done, total_, rate, left));
  std::fflush(stderr);
}

void ProgressBar::finish() {
  print_to_stderr("\r\x1b[K");
  std::fflush(stderr);
}

}  // namespace arena::app
