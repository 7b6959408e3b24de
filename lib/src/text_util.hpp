// Small text helpers for error messages over UTF-8 input. Private to libarena.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace arena {

// Bytes in the UTF-8 character that starts at text[i] (1 for a stray or
// invalid byte, and never past the end).
std::size_t utf8_length_at(std::string_view text, std::size_t i);

// Whether `text` is valid UTF-8, by the same strict test the JSON writer
// applies (so that text that passes can always be written into a report).
bool is_valid_utf8(std::string_view text);

// The character at text[i], quoted for a message: 'x', "'", '“', '\n',
// '\t', or byte 0xff for a byte that does not start a valid character.
std::string quoted_character_at(std::string_view text, std::size_t i);

}  // namespace arena
