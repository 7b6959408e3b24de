// JsonReader: typed access to a JsonSource that reports every problem, with
// its position, into a Diagnostics list instead of throwing.
//
// An ObjectReader reads one JSON object whose keys are known in advance;
// finish() reports every other key as unknown ("did you mean ..."), so a
// misspelt key is never silently ignored.
// Private to libarena. Not thread-safe; one reader per load.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arena/diagnostics.hpp"
#include "arena/json_source.hpp"

namespace arena {

// Where a value is and how to report problems about it.
class JsonContext {
 public:
  JsonContext(const JsonSource& source, Diagnostics& diagnostics)
      : source_(source), diagnostics_(diagnostics) {}

  // `also`: where else the problem lies (Diagnostic::also), "" when nowhere else.
  void error(const std::string& pointer, std::string message, std::string also = "") const {
    diagnostics_.add(source_.value_pos(pointer), pointer, std::move(message), std::move(also));
  }
  void key_error(const std::string& pointer, std::string message) const {
    diagnostics_.add(source_.key_pos(pointer), pointer, std::move(message));
  }
  // A problem at a character inside a string value: `offset` characters
  // after its opening quote (exact for strings without escapes).
  void error_in_string(const std::string& pointer, int offset, std::string message) const {
    SourcePos pos = source_.value_pos(pointer);
    pos.column += offset;
    diagnostics_.add(pos, pointer, std::move(message));
  }
  // A library name the file gave and what it resolved to, for the log
  // (--log-level info): `what` "monster", "weapon", ...
  void resolved(const std::string& pointer, std::string_view what, std::string_view asked,
                std::string_view found) const;
  const JsonSource& source() const { return source_; }
  // How many problems have been reported so far.
  std::size_t problems() const { return diagnostics_.total(); }

 private:
  const JsonSource& source_;
  Diagnostics& diagnostics_;
};

// "a string", "an integer", ...: how a JSON value's type reads in a message.
std::string describe_json_type(const nlohmann::json& value);

class ObjectReader {
 public:
  // Reports an error (and reads nothing) when the value is not an object.
  ObjectReader(const JsonContext& context, const nlohmann::json& value, std::string pointer,
               std::span<const std::string_view> known_keys);

  bool is_object() const { return object_ != nullptr; }
  const std::string& pointer() const { return pointer_; }
  std::string child(std::string_view key) const { return json_pointer_child(pointer_, key); }
  const JsonContext& context() const { return context_; }

  // The value of `key`, or nullptr when it is absent. `key` must be a known key.
  const nlohmann::json* get(std::string_view key);
  bool has(std::string_view key) const;

  // Reports a missing required key; returns the value otherwise.
  const nlohmann::json* require(std::string_view key);

  // Typed reads: nullopt when absent or wrong (wrong is reported).
  std::optional<std::int64_t> integer(std::string_view key, std::int64_t min, std::int64_t max);
  // Any whole number from 0 to 2^64 - 1 (a seed).
  std::optional<std::uint64_t> unsigned_integer(std::string_view key);
  std::optional<std::string> string(std::string_view key);
  std::optional<bool> boolean(std::string_view key);
  // A name: a string with more than spaces in it (a blank one printed as
  // nothing in every report).
  std::optional<std::string> name(std::string_view key = "name");
  // A non-empty array (reported when not an array, or empty and !allow_empty).
  const nlohmann::json* array(std::string_view key, bool allow_empty = false);

  // Keys that belong to another form (another ruleset's members): an
  // unknown key among them is reported as "unknown key "K" (`why(K)`)", which
  // says what the user mixed up rather than guessing a spelling (unless a
  // known key is one letter away: then it is a slip, and "did you mean").
  void set_foreign_keys(std::span<const std::string_view> keys,
                        std::function<std::string(std::string_view)> why) {
    foreign_keys_ = keys;
    foreign_why_ = std::move(why);
  }

  // What an unknown key means in this form, when it is not a spelling
  // ("ability scores go in \"abilities\"" for a member's "str"), or empty;
  // asked before anything else about the key.
  void set_key_note(std::function<std::string(std::string_view)> note) {
    key_note_ = std::move(note);
  }

  // Reports every key that no get() asked for.
  void finish();

 private:
  bool misspelt(std::string_view key) const;
  std::optional<std::string> suggest_key(std::string_view unknown) const;

  const JsonContext& context_;
  const nlohmann::json* object_ = nullptr;
  std::string pointer_;
  std::span<const std::string_view> known_keys_;
  std::span<const std::string_view> foreign_keys_;
  std::function<std::string(std::string_view)> foreign_why_;
  std::function<std::string(std::string_view)> key_note_;
};

// Checks a standalone value (an array element): reports and returns nullopt
// when it is not an integer within [min, max], or not a string.
std::optional<std::int64_t> read_integer(const JsonContext& context, const nlohmann::json& value,
                                         const std::string& pointer, std::int64_t min,
                                         std::int64_t max);
std::optional<std::string> read_string(const JsonContext& context, const nlohmann::json& value,
                                       const std::string& pointer);

}  // namespace arena
