// What `arena` logs on stderr (--log-level): at info, what was loaded, the
// threads and chunks of a run, and the time spent parsing, resolving,
// running and reporting; at debug, each creature's derived numbers. Logged
// once per load or run, never per battle, so a run costs the same at every
// level. stdout carries only the result.
#pragma once

#include <string>

#include "arena/encounter.hpp"
#include "arena/load.hpp"

namespace arena::app {

// Sets the default logger: stderr, "LEVEL: message", at `level` (spdlog's
// names), the level coloured when `color` and stderr is a terminal.
void set_up_logging(const std::string& level, bool color);

// The encounter loaded from `file`: its frame at info, the derived numbers at debug.
void log_loaded(const std::string& file, const Encounter& encounter, const LoadLog& load_log);

}  // namespace arena::app
