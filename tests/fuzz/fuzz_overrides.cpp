// libFuzzer target: the `--set PATH=VALUE` and `--vary PATH=V1,V2,...`
// parsers and the edits they make, on arbitrary text. The first line is a
// --set, the rest a --vary; each is applied to a copy of a small encounter,
// which is then loaded:
//   - a parse or apply error is a message that names the argument;
//   - an edited encounter loads or is rejected with error lines, never more.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "arena/load.hpp"
#include "arena/overrides.hpp"
#include "fuzz_common.hpp"

namespace {

constexpr const char* kTarget = "fuzz_overrides";

const char* const kEncounter = R"({"name": "Fuzz", "battles": 3, "factions": [
  {"name": "Heroes", "members": [{"name": "Fighter", "hp": 20, "ac": 16,
    "attacks": [{"name": "Sword", "to_hit": 5, "damage": "1d8+3 slashing"}]}]},
  {"name": "Goblins", "members": [{"monster": "goblin", "count": 2}]}]})";

void apply_and_load(const arena::Override& edit) {
  nlohmann::json document = nlohmann::json::parse(kEncounter);
  const auto applied = arena::apply_overrides(document, {edit});
  if (!applied) {
    if (applied.error().empty()) arena::fuzz::fail(kTarget, "an empty error", edit.text);
    return;
  }
  const auto loaded = arena::load_encounter(document.dump(), "edited.json");
  if (!loaded && loaded.error().empty())
    arena::fuzz::fail(kTarget, "rejected without an error line", edit.text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = text.find('\n');
  const std::string_view set = text.substr(0, newline);
  if (const auto edit = arena::parse_override(set)) {
    apply_and_load(*edit);
  } else if (edit.error().empty()) {
    arena::fuzz::fail(kTarget, "an empty --set error", set);
  }
  if (newline == std::string_view::npos) return 0;
  const std::string_view vary = text.substr(newline + 1);
  const auto axis = arena::parse_axis(vary);
  if (!axis) {
    if (axis.error().rfind("--vary ", 0) != 0)
      arena::fuzz::fail(kTarget, "a --vary error without --vary", axis.error());
    return 0;
  }
  for (const std::string& value : axis->values) {
    if (const auto edit = arena::parse_override(axis->path + "=" + value)) apply_and_load(*edit);
  }
  return 0;
}
