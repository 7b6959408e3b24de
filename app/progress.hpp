// A progress bar on stderr: done/total, rate and time left, redrawn in place.
#pragma once

#include <chrono>
#include <cstdint>

namespace arena::app {

class ProgressBar {
 public:
  explicit ProgressBar(std::int64_t total);
  void update(std::int64_t done);
  // Clears the bar's line so the report starts on a clean terminal.
  void finish();

 private:
  std::int64_t total_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace arena::app
