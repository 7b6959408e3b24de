#include "arena/overrides.hpp"

#include <fmt/format.h>

#include "arena/json_source.hpp"
#include "arena/suggest.hpp"
#include "text_util.hpp"

namespace arena {

namespace {

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.emplace_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

// A JSON pointer token with "~1" read as '/' and "~0" as '~' (RFC 6901).
std::string unescape_pointer_token(std::string_view token) {
  std::string out;
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
      out += token[++i] == '1' ? '/' : '~';
    } else {
      out += token[i];
    }
  }
  return out;
}

// An array index as RFC 6901 writes one: digits, without a leading zero.
bool is_index(const std::string& step) {
  return !step.empty() && step.size() < 10 &&
         step.find_first_not_of("0123456789") == std::string::npos &&
         (step == "0" || step.front() != '0');
}

// What an array element is called in a dotted path: its name, or the
// library entry it is (a 5e monster, a warmachine model).
std::vector<std::string> element_names(const nlohmann::json& element) {
  std::vector<std::string> names;
  if (!element.is_object()) return names;
  for (const char* key : {"name", "monster", "model"}) {
    if (element.contains(key) && element[key].is_string())
      names.push_back(element[key].get<std::string>());
  }
  return names;
}

// One step into an array: an index, or the element with that name.
Expected<std::size_t, std::string> array_step(const nlohmann::json& array, const std::string& step,
                                              const std::string& where) {
  if (is_index(step)) {
    const std::size_t index = std::stoul(step);
    if (index < array.size()) return index;
    return unexpected(fmt::format("{} has {} elements, no element {}", where, array.size(), index));
  }
  std::vector<std::string> known;
  std::vector<std::size_t> matches;
  for (std::size_t i = 0; i < array.size(); ++i) {
    bool named = false;
    for (const std::string& name : element_names(array[i])) {
      named = named || library_key(name) == library_key(step);
      known.push_back(name);
    }
    if (named) matches.push_back(i);
  }
  if (matches.size() == 1) return matches.front();
  // Two members of one monster (one of them renamed): editing the first
  // would change a creature the user may not have meant, without a word.
  if (matches.size() > 1) {
    return unexpected(
        fmt::format("{} has {} elements named \"{}\" (elements {}): give the index "
                    "of the one meant",
                    where, matches.size(), step, fmt::join(matches, ", ")));
  }
  // With no name close, the names there are (or that it has none).
  std::string help = did_you_mean(step, known);
  if (help.empty()) {
    help = known.empty() ? " (its elements have no names: give an index)"
                         : fmt::format(" (its elements: {})", fmt::join(known, ", "));
  }
  return unexpected(fmt::format("{} has no element named \"{}\"{}", where, step, help));
}

}  // namespace

Expected<Override, std::string> parse_override(std::string_view text, std::string_view source) {
  const std::size_t equals = text.find('=');
  if (equals == std::string_view::npos) {
    return unexpected(fmt::format("{}{}: expected PATH=VALUE", source, text));
  }
  // Reports and tallies are JSON: a name or key that is not UTF-8 could be
  // read but never written.
  if (!is_valid_utf8(text))
    return unexpected(fmt::format("{}{}: not valid UTF-8 text", source, text));
  Override result;
  result.source = std::string(source);
  result.text = std::string(text);
  result.path = std::string(text.substr(0, equals));
  if (result.path.empty()) return unexpected(fmt::format("{}{}: the path is empty", source, text));
  const std::string value(text.substr(equals + 1));
  // Read as a file's values are (JsonSource), so that a number too large
  // for 64 bits is quoted as written, as in a file.
  if (auto parsed = JsonSource::parse(value)) {
    result.value = parsed->root();
    result.big_integers = parsed->big_integers();
  } else {
    result.value = value;  // a bare string: chain mail
  }
  return result;
}

Expected<std::string, std::string> resolve_override_path(const nlohmann::json& document,
                                                         std::string_view path) {
  const bool pointer = path.starts_with('/');
  std::vector<std::string> steps = split(pointer ? path.substr(1) : path, pointer ? '/' : '.');
  std::string resolved;
  const nlohmann::json* here = &document;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    std::string step = pointer ? unescape_pointer_token(steps[i]) : steps[i];
    const std::string where = resolved.empty() ? "the encounter" : resolved;
    const bool last = i + 1 == steps.size();
    if (here->is_array()) {
      auto index = array_step(*here, step, where);
      if (!index) return unexpected(index.error());
      resolved = json_pointer_child(resolved, *index);
      here = &(*here)[*index];
    } else if (here->is_object()) {
      if (!here->contains(step) && !last) {
        std::vector<std::string> keys;
        for (const auto& [key, value] : here->items()) keys.push_back(key);
        return unexpected(
            fmt::format("{} has no key \"{}\"{}", where, step, did_you_mean(step, keys)));
      }
      resolved = json_pointer_child(resolved, step);
      if (!last) here = &(*here)[step];
    } else {
      return unexpected(
          fmt::format("{} is a value, not an object or array: cannot go into \"{}\"", where, step));
    }
  }
  return resolved;
}

Expected<std::vector<AppliedOverride>, std::string> apply_overrides(
    nlohmann::json& document, const std::vector<Override>& overrides) {
  std::vector<AppliedOverride> applied;
  for (std::size_t i = 0; i < overrides.size(); ++i) {
    const Override& o = overrides[i];
    auto pointer = resolve_override_path(document, o.path);
    const std::string given = o.source + o.text;
    if (!pointer) return unexpected(fmt::format("{}: {}", given, pointer.error()));
    // Two values for one place from one source (two --set, or one
    // --variant's): the command line contradicts itself, and the last
    // would win without a word. (A sweep checks its axes itself, and says
    // what a row's label would get wrong: cmd_sweep.cpp.)
    for (std::size_t j = 0; j < i && o.source != "--vary "; ++j) {
      if (overrides[j].source == o.source && applied[j].pointer == *pointer) {
        return unexpected(fmt::format("{} and {} set the same value ({}): give it once",
                                      applied[j].given, given, *pointer));
      }
    }
    applied.push_back({*pointer, given});
    const nlohmann::json::json_pointer target(*pointer);
    if (o.value.is_null() && !target.empty() && document.contains(target.parent_pointer())) {
      // "PATH=null" removes the key, so that a script can drop an optional
      // one; from an object without it, it removes nothing.
      nlohmann::json& parent = document[target.parent_pointer()];
      if (parent.is_object()) {
        parent.erase(target.back());
        continue;
      }
    }
    document[target] = o.value;
  }
  return applied;
}

namespace {

// Splits on commas outside brackets, braces and quotes (a JSON string's:
// an escaped quote inside one does not end it).
std::vector<std::string> split_values(std::string_view text) {
  std::vector<std::string> values;
  std::string current;
  int depth = 0;
  bool quoted = false, escaped = false;
  for (char c : text) {
    if (escaped) {
      escaped = false;
    } else if (quoted && c == '\\') {
      escaped = true;
    } else if (c == '"') {
      quoted = !quoted;
    }
    if (!quoted && (c == '[' || c == '{')) ++depth;
    if (!quoted && (c == ']' || c == '}')) --depth;
    if (c == ',' && depth == 0 && !quoted) {
      values.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  values.push_back(current);
  return values;
}

}  // namespace

Expected<Axis, std::string> parse_axis(std::string_view text) {
  const std::size_t equals = text.find('=');
  if (equals == std::string_view::npos || equals == 0) {
    return unexpected(fmt::format("--vary {}: expected PATH=V1,V2,...", text));
  }
  if (!is_valid_utf8(text)) return unexpected(fmt::format("--vary {}: not valid UTF-8 text", text));
  Axis axis{std::string(text.substr(0, equals)), split_values(text.substr(equals + 1))};
  for (const std::string& value : axis.values) {
    if (value.empty())
      return unexpected(fmt::format("--vary {}: empty value (expected PATH=V1,V2,...)", text));
  }
  return axis;
}

}  // namespace arena
