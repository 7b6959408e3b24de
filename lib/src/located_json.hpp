// LocatedJson: a value of a file that arena wrote and reads back (a tally,
// a saved report), with its JSON pointer.
//
// Those files are checked as they are read, value by value; a value that is
// missing or wrong throws a JsonProblem naming its pointer, and the reader
// turns that into "FILE:LINE:COL: /pointer: message" with the position the
// file's JsonSource recorded (DESIGN.md, contract 4): a hand-edited file is
// pointed at as exactly as an encounter file. The values themselves come
// from nlohmann's parse.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "arena/json_source.hpp"

namespace arena {

struct JsonProblem {
  std::string pointer;
  std::string message;
};

class LocatedJson {
 public:
  explicit LocatedJson(const nlohmann::json& value, std::string pointer = "")
      : value_(&value), pointer_(std::move(pointer)) {}

  const nlohmann::json& value() const { return *value_; }
  const std::string& pointer() const { return pointer_; }

  // Whether this is an object with `key`.
  bool has(std::string_view key) const;
  // The member `key` of this object; a problem (at this object) when this is
  // not an object or has no such member.
  LocatedJson operator[](std::string_view key) const;
  // The elements of this array; a problem when it is not one.
  std::vector<LocatedJson> elements() const;

  // A whole number; a problem when it is not one (1e92, 0.5, a string) or
  // is beyond 64 bits signed.
  std::int64_t integer() const;
  // A whole number from 0 to 2^64 - 1.
  std::uint64_t unsigned_integer() const;
  std::string string() const;
  std::vector<std::string> strings() const;

  [[noreturn]] void fail(std::string message) const;

 private:
  const nlohmann::json* value_;
  std::string pointer_;
};

// "FILE:LINE:COL: /pointer: message" for a problem in `source`'s document.
std::string format_problem(const std::string& file, const JsonSource& source,
                           const JsonProblem& problem);

}  // namespace arena
