#include "encounter_input.hpp"

#include "arena/load.hpp"
#include "arena/overrides.hpp"
#include "logging.hpp"
#include "terminal.hpp"

namespace arena::app {

std::vector<Setting> settings_from(const std::string& source,
                                   const std::vector<std::string>& texts) {
  std::vector<Setting> settings;
  for (const std::string& text : texts) settings.push_back({source, text});
  return settings;
}

void add_encounter_options(CLI::App& command, EncounterInput& input) {
  command.add_option("file", input.file, "Encounter file (JSON)")->required();
  command.add_option_function<std::vector<std::string>>(
      "--set",
      [&input](const std::vector<std::string>& texts) {
        const std::vector<Setting> given = settings_from("--set ", texts);
        input.sets.insert(input.sets.end(), given.begin(), given.end());
      },
      "Override a value before reading: PATH=VALUE, PATH a JSON pointer "
      "(/factions/0/members/0/hp) or names (factions.Heroes.members.Fighter.hp), "
      "VALUE JSON or a bare string; repeatable");
}

std::optional<Encounter> load_encounter_or_report(const EncounterInput& input,
                                                  std::vector<std::string>* override_pointers) {
  std::vector<Override> overrides;
  for (const Setting& set : input.sets) {
    auto parsed = parse_override(set.text, set.source);
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
  if (override_pointers) *override_pointers = std::move(load_log.override_pointers);
  return std::move(encounter).value();
}

std::string top_level_key(const std::string& path) {
  const std::size_t start = path.starts_with('/') ? 1 : 0;
  return path.substr(start, path.find_first_of("/.=", start) - start);
}

}  // namespace arena::app
