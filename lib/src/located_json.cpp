#include "located_json.hpp"

#include <fmt/format.h>

#include "arena/diagnostics.hpp"
#include "json_reader.hpp"

namespace arena {

bool LocatedJson::has(std::string_view key) const {
  return value_->is_object() && value_->contains(key);
}

LocatedJson LocatedJson::operator[](std::string_view key) const {
  if (!value_->is_object())
    fail(fmt::format("expected an object, found {}", describe_json_type(*value_)));
  const auto it = value_->find(key);
  if (it == value_->end()) fail(fmt::format("no \"{}\"", key));
  return LocatedJson(*it, json_pointer_child(pointer_, key));
}

std::vector<LocatedJson> LocatedJson::elements() const {
  if (!value_->is_array())
    fail(fmt::format("expected a list, found {}", describe_json_type(*value_)));
  std::vector<LocatedJson> out;
  out.reserve(value_->size());
  for (std::size_t i = 0; i < value_->size(); ++i)
    out.emplace_back((*value_)[i], json_pointer_child(pointer_, i));
  return out;
}

std::int64_t LocatedJson::integer() const {
  // nlohmann's get<> would cast 1e92 to an integer (undefined behaviour).
  if (!value_->is_number_integer() ||
      (value_->is_number_unsigned() && value_->get<std::uint64_t>() > INT64_MAX)) {
    fail(fmt::format("expected a whole number, found {}", describe_json_type(*value_)));
  }
  return value_->get<std::int64_t>();
}

std::uint64_t LocatedJson::unsigned_integer() const {
  if (!value_->is_number_unsigned())
    fail(fmt::format("expected a whole number from 0, found {}", describe_json_type(*value_)));
  return value_->get<std::uint64_t>();
}

std::string LocatedJson::string() const {
  if (!value_->is_string())
    fail(fmt::format("expected a string, found {}", describe_json_type(*value_)));
  return value_->get<std::string>();
}

std::vector<std::string> LocatedJson::strings() const {
  std::vector<std::string> out;
  for (const LocatedJson& element : elements()) out.push_back(element.string());
  return out;
}

void LocatedJson::fail(std::string message) const {
  throw JsonProblem{pointer_, std::move(message)};
}

std::string format_problem(const std::string& file, const JsonSource& source,
                           const JsonProblem& problem) {
  return format_diagnostic(
      file, {source.value_pos(problem.pointer), problem.pointer, problem.message, ""});
}

}  // namespace arena
