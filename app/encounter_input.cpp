#include "encounter_input.hpp"

#include "arena/library.hpp"
#include "arena/resolve.hpp"
#include "terminal.hpp"

namespace arena::app {

std::optional<Encounter> load_encounter_or_report(const std::string& path) {
  auto encounter = load_encounter_file(path, Library::builtin());
  if (!encounter) {
    for (const std::string& line : encounter.error()) print_error(line);
    return std::nullopt;
  }
  return std::move(encounter).value();
}

}  // namespace arena::app
