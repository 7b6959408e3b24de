#include "text_util.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace arena {

std::size_t utf8_length_at(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  std::size_t length = 1;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
  }
  if (i + length > text.size()) return 1;
  for (std::size_t k = 1; k < length; ++k) {
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 1;
  }
  return length;
}

bool is_valid_utf8(std::string_view text) {
  try {
    (void)nlohmann::json(std::string(text)).dump();
    return true;
  } catch (const nlohmann::json::type_error&) {
    return false;
  }
}

std::string quoted_character_at(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  switch (c) {
    case '\n':
      return "'\\n'";
    case '\t':
      return "'\\t'";
    case '\r':
      return "'\\r'";
    case '\'':
      return "\"'\"";
    default:
      break;
  }
  if (c < 0x20 || c == 0x7f) return fmt::format("control character U+{:04X}", c);
  if (c < 0x80) return fmt::format("'{}'", static_cast<char>(c));
  const std::size_t length = utf8_length_at(text, i);
  if (length == 1) return fmt::format("byte 0x{:02x}", c);
  return fmt::format("'{}'", text.substr(i, length));
}

}  // namespace arena
