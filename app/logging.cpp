#include "logging.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "arena/rulesets.hpp"

namespace arena::app {

void set_up_logging(const std::string& level, bool color) {
  auto logger = spdlog::stderr_color_mt(
      "arena", color ? spdlog::color_mode::automatic : spdlog::color_mode::never);
  logger->set_pattern("%^%l%$: %v");
  logger->set_level(spdlog::level::from_str(level));
  spdlog::set_default_logger(logger);
}

void log_loaded(const std::string& file, const Encounter& encounter, const LoadLog& load_log) {
  if (!spdlog::should_log(spdlog::level::info)) return;
  // The file's battles and seed: -n and --seed apply to the run (its own log line).
  spdlog::info("loaded {}: \"{}\", {} rules; the file's {} battles, seed {}, at most {} round{}",
               file, encounter.name, name(encounter.rules), encounter.battles, encounter.seed,
               encounter.max_rounds, encounter.max_rounds == 1 ? "" : "s");
  for (const Faction& faction : encounter.factions) {
    std::vector<std::string> members;
    for (int c : faction.members)
      members.push_back(encounter.combatants[static_cast<std::size_t>(c)].name);
    spdlog::info("faction {}: {}", faction.name, fmt::join(members, ", "));
  }
  for (const std::string& line : load_log.names_resolved) spdlog::info("resolved {}", line);
  spdlog::info("parse {:.1f} ms, resolve {:.1f} ms", 1e3 * load_log.parse_seconds,
               1e3 * load_log.resolve_seconds);
  if (!spdlog::should_log(spdlog::level::debug)) return;
  // The derived numbers, as `arena validate` shows them, one log line per line.
  const std::string text = describe_factions(encounter);
  for (std::size_t begin = 0; begin < text.size();) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    if (end > begin) spdlog::debug("{}", text.substr(begin, end - begin));
    begin = end + 1;
  }
}

}  // namespace arena::app
