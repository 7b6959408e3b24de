// `arena library --rules warmachine`: the seed's models, and one of them in full.
#include <fmt/format.h>

#include "arena/suggest.hpp"
#include "rules/warmachine/library.hpp"
#include "rules/warmachine/ruleset.hpp"
#include "text_table.hpp"

namespace arena::warmachine {

namespace {

using nlohmann::json;

std::string weapons_text(const Model& m) {
  std::vector<std::string> names;
  for (const RangedWeapon& w : m.ranged) names.push_back(w.name);
  for (const MeleeWeapon& w : m.melee) names.push_back(w.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

Expected<std::string, std::string> models_view(bool as_json) {
  std::vector<const Model*> list;
  for (const Model& m : library_models()) list.push_back(&m);
  return list_json_or_table(
      as_json, list,
      Columns{
          {"name", "SPD", "STR", "MAT", "RAT", "DEF", "ARM", "base", "boxes", "weapons", "note"},
          {false, true, true, true, true, true, true, true, true, false, false},
          {}},
      [](const Model& m) {
        json out = model_json(m);
        out["note"] = m.note;
        return out;
      },
      [](const Model& m) {
        return std::vector<std::string>{m.name,
                                        std::to_string(m.spd),
                                        std::to_string(m.str),
                                        std::to_string(m.mat),
                                        std::to_string(m.rat),
                                        std::to_string(m.def),
                                        std::to_string(m.arm),
                                        fmt::format("{}", m.base),
                                        std::to_string(m.boxes),
                                        weapons_text(m),
                                        m.note};
      });
}

}  // namespace

const std::string_view kLibraryViews[2] = {"models", "show"};

Expected<std::string, std::string> library_view(const LibraryRequest& request) {
  if (request.view == "models") return models_view(request.json);
  const Model* m = library_model(request.name);
  if (m == nullptr) {
    return unexpected(fmt::format("unknown model \"{}\"{}", request.name,
                                  did_you_mean(library_key(request.name), library_model_keys())));
  }
  if (request.json) {
    json out = model_json(*m);
    out["note"] = m->note;
    return out.dump(2) + "\n";
  }
  return fmt::format("{}\n{}  note: {}\n", m->name, model_text(*m, "  "), m->note);
}

}  // namespace arena::warmachine
