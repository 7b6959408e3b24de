// JsonSource: a JSON document together with where each of its values starts.
//
// nlohmann_json reports positions only for syntax errors, but every later
// problem ("/factions/1/members/0/hp: must be at least 1") must point at its
// line and column too. So arena parses JSON itself: a strict RFC 8259 parser
// that validates UTF-8, rejects duplicate keys, bounds nesting depth (no
// stack overflow on hostile input) and records the position of every value
// and key by JSON pointer. The values land in an nlohmann::json.
// Immutable after parsing; thread-safe to read.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unordered_map>

#include "arena/diagnostics.hpp"
#include "arena/expected.hpp"

namespace arena {

inline constexpr int kMaxJsonDepth = 64;

class JsonSource {
 public:
  // Parses `text`; a syntax error comes back as a Diagnostic.
  static Expected<JsonSource, Diagnostic> parse(std::string_view text);

  const nlohmann::json& root() const { return root_; }
  // For --set overrides; an edited value keeps the position of what it replaced.
  nlohmann::json& mutable_root() { return root_; }

  // Where the value at `pointer` starts; for a pointer that is not in the
  // document, its nearest ancestor's position.
  SourcePos value_pos(const std::string& pointer) const;
  // Where the key of the member at `pointer` starts (its value's position
  // for array elements and the root).
  SourcePos key_pos(const std::string& pointer) const;

  // The literal of an integer too large for 64 bits (stored as a double), so
  // that a range error can quote what the user wrote; nullptr otherwise.
  const std::string* big_integer(const std::string& pointer) const;
  // Every such literal, by pointer.
  const std::unordered_map<std::string, std::string>& big_integers() const { return big_integers_; }
  // For --set overrides: the literals at and under `pointer` become those of
  // the value written there, `literals` (by pointer within that value), so
  // that neither a replaced literal nor a lost one is quoted.
  void replace_big_integers(const std::string& pointer,
                            const std::unordered_map<std::string, std::string>& literals);

 private:
  friend class JsonParser;
  struct Positions {
    SourcePos key;
    SourcePos value;
  };
  const Positions* find(const std::string& pointer) const;

  nlohmann::json root_;
  std::unordered_map<std::string, Positions> positions_;
  std::unordered_map<std::string, std::string> big_integers_;
};

// "/a~1b/0" for the key "a/b" under "" and then index 0: escapes ~ and / (RFC 6901).
std::string json_pointer_child(const std::string& parent, std::string_view key);
std::string json_pointer_child(const std::string& parent, std::size_t index);
// Whether the value at pointer `inner` is the one at `outer` or inside it.
bool json_pointer_within(const std::string& inner, const std::string& outer);

}  // namespace arena
