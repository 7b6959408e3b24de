// Expected<T, E>: a value or an error, for operations whose failure is ordinary
// (bad user input). C++20 has no std::expected; this is the small part we need.
// Not thread-safe beyond what T and E are.
#pragma once

#include <utility>
#include <variant>

#include "arena/check.hpp"

namespace arena {

template <class E>
struct Unexpected {
  E error;
};

template <class E>
Unexpected<E> unexpected(E error) {
  return Unexpected<E>{std::move(error)};
}

template <class T, class E>
class Expected {
 public:
  Expected(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Expected(Unexpected<E> failure) : state_(std::in_place_index<1>, std::move(failure.error)) {}

  bool has_value() const { return state_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  // Precondition: has_value().
  const T& value() const& {
    ARENA_CHECK(has_value());
    return std::get<0>(state_);
  }
  T& value() & {
    ARENA_CHECK(has_value());
    return std::get<0>(state_);
  }
  T&& value() && {
    ARENA_CHECK(has_value());
    return std::get<0>(std::move(state_));
  }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }

  // Precondition: !has_value().
  const E& error() const {
    ARENA_CHECK(!has_value());
    return std::get<1>(state_);
  }

 private:
  std::variant<T, E> state_;
};

}  // namespace arena
