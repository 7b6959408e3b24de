#include "json_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "arena/check.hpp"
#include "arena/diagnostics.hpp"
#include "arena/suggest.hpp"

namespace arena {

void JsonContext::resolved(const std::string& pointer, std::string_view what,
                           std::string_view asked, std::string_view found) const {
  diagnostics_.note(fmt::format("{}: {} \"{}\" is {}", pointer, what, one_line(asked), found));
}

std::string describe_json_type(const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::null:
      return "null";
    case nlohmann::json::value_t::object:
      return "an object";
    case nlohmann::json::value_t::array:
      return "an array";
    case nlohmann::json::value_t::string:
      return fmt::format("the string \"{}\"", value.get<std::string>());
    case nlohmann::json::value_t::boolean:
      return value.get<bool>() ? "true" : "false";
    case nlohmann::json::value_t::number_float:
      return fmt::format("the number {}", value.dump());
    default:
      return fmt::format("the number {}", value.dump());
  }
}

ObjectReader::ObjectReader(const JsonContext& context, const nlohmann::json& value,
                           std::string pointer, std::span<const std::string_view> known_keys)
    : context_(context), pointer_(std::move(pointer)), known_keys_(known_keys) {
  if (value.is_object()) {
    object_ = &value;
  } else {
    context_.error(pointer_,
                   fmt::format("expected an object, found {}", describe_json_type(value)));
  }
}

bool ObjectReader::has(std::string_view key) const {
  return object_ != nullptr && object_->contains(key);
}

const nlohmann::json* ObjectReader::get(std::string_view key) {
  if (object_ == nullptr) return nullptr;
  ARENA_CHECK(std::find(known_keys_.begin(), known_keys_.end(), key) != known_keys_.end());
  auto it = object_->find(key);
  return it == object_->end() ? nullptr : &*it;
}

const nlohmann::json* ObjectReader::require(std::string_view key) {
  const nlohmann::json* value = get(key);
  if (value == nullptr && object_ != nullptr && !misspelt(key)) {
    context_.error(pointer_, fmt::format("missing required key \"{}\"", key),
                   json_pointer_child(pointer_, key));
  }
  return value;
}

std::optional<std::int64_t> ObjectReader::integer(std::string_view key, std::int64_t min,
                                                  std::int64_t max) {
  const nlohmann::json* value = get(key);
  if (value == nullptr) return std::nullopt;
  return read_integer(context_, *value, child(key), min, max);
}

std::optional<std::uint64_t> ObjectReader::unsigned_integer(std::string_view key) {
  const nlohmann::json* value = get(key);
  if (value == nullptr) return std::nullopt;
  const std::string pointer = child(key);
  if (value->is_number_unsigned()) return value->get<std::uint64_t>();  // never negative
  const std::string* literal = context_.source().big_integer(pointer);
  if (literal == nullptr && !value->is_number_integer()) {
    context_.error(pointer,
                   fmt::format("expected an integer, found {}", describe_json_type(*value)));
    return std::nullopt;
  }
  if (literal == nullptr && value->get<std::int64_t>() >= 0) return value->get<std::int64_t>();
  context_.error(pointer, fmt::format("{} is out of range: must be from 0 to {}",
                                      literal ? *literal : value->dump(), UINT64_MAX));
  return std::nullopt;
}

std::optional<std::string> ObjectReader::string(std::string_view key) {
  const nlohmann::json* value = get(key);
  if (value == nullptr) return std::nullopt;
  return read_string(context_, *value, child(key));
}

std::optional<std::string> ObjectReader::name(std::string_view key) {
  auto text = string(key);
  if (text && text->find_first_not_of(" \t") == std::string::npos) {
    context_.error(child(key), text->empty() ? "must not be empty" : "must not be blank");
    return std::nullopt;
  }
  return text;
}

std::optional<bool> ObjectReader::boolean(std::string_view key) {
  const nlohmann::json* value = get(key);
  if (value == nullptr) return std::nullopt;
  if (!value->is_boolean()) {
    context_.error(child(key),
                   fmt::format("expected true or false, found {}", describe_json_type(*value)));
    return std::nullopt;
  }
  return value->get<bool>();
}

const nlohmann::json* ObjectReader::array(std::string_view key, bool allow_empty) {
  const nlohmann::json* value = get(key);
  if (value == nullptr) return nullptr;
  if (!value->is_array()) {
    context_.error(child(key),
                   fmt::format("expected an array, found {}", describe_json_type(*value)));
    return nullptr;
  }
  if (value->empty() && !allow_empty) {
    context_.error(child(key), "must not be empty");
    return nullptr;
  }
  return value;
}

// Whether an unknown key of this object is a near miss for `key`: its
// "did you mean" already tells the user, so "missing key" would be noise.
bool ObjectReader::misspelt(std::string_view key) const {
  for (const auto& [present, value] : object_->items()) {
    if (std::find(known_keys_.begin(), known_keys_.end(), present) != known_keys_.end()) continue;
    if (suggest_key(present) == key) return true;
  }
  return false;
}

// The known key an unknown one was probably meant to be: a common synonym,
// else the closest spelling.
std::optional<std::string> ObjectReader::suggest_key(std::string_view unknown) const {
  static constexpr std::pair<std::string_view, std::string_view> kSynonyms[] = {
      {"hitpoints", "hp"},   {"hit_points", "hp"},     {"health", "hp"},
      {"armor_class", "ac"}, {"armour", "armor"},      {"strength", "str"},
      {"dexterity", "dex"},  {"constitution", "con"},  {"intelligence", "int"},
      {"wisdom", "wis"},     {"charisma", "cha"},      {"weapon", "weapons"},
      {"attack", "attacks"}, {"member", "members"},    {"faction", "factions"},
      {"ruleset", "rules"},  {"rounds", "max_rounds"}, {"hit", "to_hit"},
      {"tohit", "to_hit"},   {"creatures", "members"}, {"quantity", "count"},
  };
  for (const auto& [synonym, known] : kSynonyms) {
    if (same_word(unknown, synonym) &&
        std::find(known_keys_.begin(), known_keys_.end(), known) != known_keys_.end()) {
      return std::string(known);
    }
  }
  return closest_match(unknown, known_keys_);
}

void ObjectReader::finish() {
  if (object_ == nullptr) return;
  for (const auto& [key, value] : object_->items()) {
    if (std::find(known_keys_.begin(), known_keys_.end(), key) != known_keys_.end()) continue;
    if (const std::string note = key_note_ ? key_note_(key) : std::string(); !note.empty()) {
      context_.key_error(child(key), fmt::format("unknown key \"{}\" ({})", key, note));
      continue;
    }
    const auto suggestion = suggest_key(key);
    // Another form's key: say so, unless it is a plain slip ("weapons" for
    // "weapon"; a key of two letters is too short to tell: 5e's "at" is not
    // a slip of "mat").
    const bool slip = suggestion && key.size() > 2 && edit_distance(key, *suggestion) <= 1;
    if (!slip &&
        std::find(foreign_keys_.begin(), foreign_keys_.end(), key) != foreign_keys_.end()) {
      context_.key_error(child(key),
                         fmt::format("unknown key \"{}\" ({})", key, foreign_why_(key)));
      continue;
    }
    context_.key_error(child(key),
                       fmt::format("unknown key \"{}\"{}", key,
                                   suggestion ? fmt::format(" (did you mean '{}'?)", *suggestion)
                                              : std::string()));
  }
}

std::optional<std::int64_t> read_integer(const JsonContext& context, const nlohmann::json& value,
                                         const std::string& pointer, std::int64_t min,
                                         std::int64_t max) {
  // The range in full where the number is above it ("at least 0" read as if
  // 2^63 were fine), else its lower bound alone when there is no upper one.
  const auto out_of_range = [&](const std::string& number, bool above) {
    context.error(pointer,
                  fmt::format("{} is out of range: must be {}", number,
                              max == INT64_MAX && !above ? fmt::format("at least {}", min)
                                                         : fmt::format("from {} to {}", min, max)));
    return std::nullopt;
  };
  if (const std::string* literal = context.source().big_integer(pointer))
    return out_of_range(*literal, !literal->starts_with('-'));
  if (!value.is_number_integer()) {
    context.error(pointer, fmt::format("expected an integer, found {}", describe_json_type(value)));
    return std::nullopt;
  }
  // A --set value above 2^63 - 1 is unsigned (it read as a negative number).
  if (value.is_number_unsigned() && value.get<std::uint64_t>() > INT64_MAX)
    return out_of_range(std::to_string(value.get<std::uint64_t>()), true);
  const auto number = value.get<std::int64_t>();
  if (number < min || number > max) return out_of_range(std::to_string(number), number > max);
  return number;
}

std::optional<std::string> read_string(const JsonContext& context, const nlohmann::json& value,
                                       const std::string& pointer) {
  if (!value.is_string()) {
    context.error(pointer, fmt::format("expected a string, found {}", describe_json_type(value)));
    return std::nullopt;
  }
  std::string text = value.get<std::string>();
  // Names and words land in tables and replays on a terminal: a line break
  // would break a table's rows, an escape would drive the terminal.
  const bool control = std::any_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f;
  });
  if (control) {
    context.error(pointer, fmt::format("\"{}\": control characters (a line break, a tab, an "
                                       "escape) are not allowed",
                                       one_line(text)));
    return std::nullopt;
  }
  return text;
}

}  // namespace arena
