#include "encounter_input.hpp"

#include "arena/load.hpp"
#include "arena/overrides.hpp"
#include "logging.hpp"
#include "terminal.hpp"

namespace arena::app {

void add_encounter_options(CLI::App& command, EncounterInput& input) {
  command.add_option("file", input.file, "Encounter file (JSON)")->required();
  command.add_option("--set", input.sets,
                     "Override a value before reading: PATH=VALUE, PATH a JSON pointer "
                     "(/factions/0/members/0/hp) or names (factions.Heroes.members.Fighter.hp), "
                     "VALUE JSON or a bare string; repeatable");
}

std::optional<Encounter> load_encounter_or_report(const EncounterInput& input) {
  std::vector<Override> overrides;
  for (const std::string& text : input.sets) {
    auto parsed = parse_override(text);
    if (!parsed) {
      print_error(parsed.error());
      return std::nullopt;
    }
    overrides.push_back(std::move(parsed).value());
  }
  LoadLog load_log;
  auto encounter = load_encounter_file(input.file, overrides, &load_log);
  if (!encounter) {
    for (const std::string& line : encounter.error()) print_error(line);
    return std::nullopt;
  }
  log_loaded(input.file, *encounter, load_log);
  return std::move(encounter).value();
}

std::string top_level_key(const std::string& path) {
  const std::size_t start = path.starts_with('/') ? 1 : 0;
  return path.substr(start, path.find_first_of("/.=", start) - start);
}

}  // namespace arena::app
