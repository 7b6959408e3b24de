// A strict, position-recording JSON parser (RFC 8259) into nlohmann::json.
#include "arena/json_source.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>

#include "text_util.hpp"

namespace arena {

namespace {

struct SyntaxError {
  SyntaxError(SourcePos at, std::string what) : pos(at), message(std::move(what)) {}
  SourcePos pos;
  std::string message;
  std::optional<std::string> pointer;  // the innermost value being read, set on the way out
};

}  // namespace

std::string json_pointer_child(const std::string& parent, std::string_view key) {
  std::string out = parent + '/';
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

std::string json_pointer_child(const std::string& parent, std::size_t index) {
  return fmt::format("{}/{}", parent, index);
}

bool json_pointer_within(const std::string& inner, const std::string& outer) {
  return inner == outer || (inner.starts_with(outer) && inner[outer.size()] == '/');
}

// Recursive descent; the depth bound keeps the recursion shallow.
class JsonParser {
 public:
  JsonParser(std::string_view text, JsonSource& out) : text_(text), out_(out) {}

  void parse_document() {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") i_ = 3;  // a UTF-8 byte order mark takes no column
    skip_space();
    if (at_end()) throw SyntaxError{pos_, "the file is empty: expected a JSON object"};
    out_.root_ = parse_value("", pos_, 0);
    skip_space();
    if (!at_end()) {
      throw SyntaxError{pos_, fmt::format("unexpected {} after the end of the document",
                                          quoted_character_at(text_, i_))};
    }
  }

 private:
  bool at_end() const { return i_ >= text_.size(); }
  unsigned char peek() const { return static_cast<unsigned char>(text_[i_]); }

  // Moves over n bytes, keeping line and column (columns count characters).
  void advance(std::size_t n = 1) {
    for (std::size_t k = 0; k < n && !at_end(); ++k, ++i_) {
      const unsigned char c = peek();
      if (c == '\n') {
        ++pos_.line;
        pos_.column = 1;
      } else if ((c & 0xC0) != 0x80) {  // not a UTF-8 continuation byte
        ++pos_.column;
      }
    }
  }

  void skip_space() {
    while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) {
      advance();
    }
  }

  [[noreturn]] void fail_here(const std::string& expected) const {
    if (at_end())
      throw SyntaxError{pos_, fmt::format("unexpected end of file: expected {}", expected)};
    if (peek() == '/') throw SyntaxError{pos_, "comments are not allowed in JSON"};
    throw SyntaxError{
        pos_, fmt::format("unexpected {}: expected {}", quoted_character_at(text_, i_), expected)};
  }

  void expect(char c, const char* what) {
    if (at_end() || peek() != static_cast<unsigned char>(c)) fail_here(what);
    advance();
  }

  nlohmann::json parse_value(const std::string& pointer, SourcePos key_pos, int depth) {
    try {
      return parse_value_at(pointer, key_pos, depth);
    } catch (SyntaxError& error) {
      if (!error.pointer) error.pointer = pointer;
      throw;
    }
  }

  nlohmann::json parse_value_at(const std::string& pointer, SourcePos key_pos, int depth) {
    skip_space();
    current_pointer_ = pointer;
    out_.positions_[pointer] = {key_pos, pos_};
    if (at_end()) fail_here("a value");
    switch (peek()) {
      case '{':
        return parse_object(pointer, depth + 1);
      case '[':
        return parse_array(pointer, depth + 1);
      case '"':
        return parse_string();
      case 't':
        return parse_literal("true", true);
      case 'f':
        return parse_literal("false", false);
      case 'n':
        return parse_literal("null", nullptr);
      default:
        if (peek() == '-' || (peek() >= '0' && peek() <= '9')) return parse_number();
        fail_here("a value (object, array, string, number, true, false or null)");
    }
  }

  void check_depth(int depth) const {
    if (depth > kMaxJsonDepth) {
      throw SyntaxError{pos_, fmt::format("nesting deeper than {} levels", kMaxJsonDepth)};
    }
  }

  nlohmann::json parse_object(const std::string& pointer, int depth) {
    check_depth(depth);
    advance();  // '{'
    nlohmann::json object = nlohmann::json::object();
    skip_space();
    if (!at_end() && peek() == '}') {
      advance();
      return object;
    }
    while (true) {
      skip_space();
      const SourcePos key_pos = pos_;
      if (at_end() || peek() != '"') fail_here("a key in double quotes");
      std::string key = parse_string();
      if (object.contains(key)) {
        const SourcePos first = out_.positions_[json_pointer_child(pointer, key)].key;
        SyntaxError error{key_pos, fmt::format("duplicate key \"{}\" (first at line {}, column {})",
                                               key, first.line, first.column)};
        error.pointer = json_pointer_child(pointer, key);
        throw error;
      }
      skip_space();
      expect(':', "':' after the key");
      const std::string child = json_pointer_child(pointer, key);
      object[key] = parse_value(child, key_pos, depth);
      skip_space();
      if (!at_end() && peek() == ',') {
        advance();
        continue;
      }
      expect('}', "',' or '}'");
      return object;
    }
  }

  nlohmann::json parse_array(const std::string& pointer, int depth) {
    check_depth(depth);
    advance();  // '['
    nlohmann::json array = nlohmann::json::array();
    skip_space();
    if (!at_end() && peek() == ']') {
      advance();
      return array;
    }
    while (true) {
      skip_space();
      array.push_back(parse_value(json_pointer_child(pointer, array.size()), pos_, depth));
      skip_space();
      if (!at_end() && peek() == ',') {
        advance();
        continue;
      }
      expect(']', "',' or ']'");
      return array;
    }
  }

  nlohmann::json parse_literal(std::string_view word, nlohmann::json value) {
    if (text_.substr(i_, word.size()) != word) {
      std::size_t end = i_;
      while (end < text_.size() && std::isalpha(static_cast<unsigned char>(text_[end]))) ++end;
      throw SyntaxError{pos_, fmt::format("invalid literal \"{}\": expected true, false or null",
                                          text_.substr(i_, end - i_))};
    }
    advance(word.size());
    return value;
  }

  nlohmann::json parse_number() {
    const SourcePos start_pos = pos_;
    const std::size_t start = i_;
    auto digits = [&] {
      const std::size_t from = i_;
      while (!at_end() && peek() >= '0' && peek() <= '9') advance();
      return i_ - from;
    };
    if (peek() == '-') advance();
    if (!at_end() && peek() == '0') {
      advance();
      if (!at_end() && peek() >= '0' && peek() <= '9') {
        throw SyntaxError{start_pos, "numbers must not have leading zeros"};
      }
    } else if (digits() == 0) {
      fail_here("a digit");
    }
    bool integral = true;
    if (!at_end() && peek() == '.') {
      integral = false;
      advance();
      if (digits() == 0) fail_here("a digit after '.'");
    }
    if (!at_end() && (peek() == 'e' || peek() == 'E')) {
      integral = false;
      advance();
      if (!at_end() && (peek() == '+' || peek() == '-')) advance();
      if (digits() == 0) fail_here("a digit in the exponent");
    }
    const std::string literal(text_.substr(start, i_ - start));
    if (integral) {
      errno = 0;
      const long long value = std::strtoll(literal.c_str(), nullptr, 10);
      if (errno != ERANGE) return value;
      // From 2^63 to 2^64 - 1 unsigned, as nlohmann reads it (a seed may be).
      if (literal.front() != '-') {
        errno = 0;
        const unsigned long long big = std::strtoull(literal.c_str(), nullptr, 10);
        if (errno != ERANGE) return big;
      }
      out_.big_integers_[current_pointer_] = literal;
    }
    const double value = std::strtod(literal.c_str(), nullptr);
    if (!std::isfinite(value)) throw SyntaxError{start_pos, "number out of range"};
    return value;
  }

  std::string parse_string() {
    advance();  // opening quote
    std::string out;
    while (true) {
      if (at_end()) throw SyntaxError{pos_, "unexpected end of file inside a string"};
      const unsigned char c = peek();
      if (c == '"') {
        advance();
        return out;
      }
      if (c == '\\') {
        parse_escape(out);
      } else if (c == '\n' || c == '\r') {
        throw SyntaxError{pos_,
                          "unterminated string: missing closing '\"' before the end of the line"};
      } else if (c < 0x20) {
        throw SyntaxError{pos_, fmt::format("{} in a string: write it as an escape (\\u{:04x})",
                                            quoted_character_at(text_, i_), c)};
      } else if (c < 0x80) {
        out += static_cast<char>(c);
        advance();
      } else {
        copy_utf8_sequence(out);
      }
    }
  }

  // Copies one multi-byte UTF-8 character, rejecting malformed, overlong and
  // surrogate encodings.
  void copy_utf8_sequence(std::string& out) {
    const unsigned char lead = peek();
    int length = 0;
    std::uint32_t code = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2, code = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3, code = lead & 0x0F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4, code = lead & 0x07;
    } else {
      throw SyntaxError{pos_, fmt::format("invalid UTF-8 (byte 0x{:02x})", lead)};
    }
    for (int k = 1; k < length; ++k) {
      if (i_ + k >= text_.size() || (static_cast<unsigned char>(text_[i_ + k]) & 0xC0) != 0x80) {
        throw SyntaxError{pos_,
                          fmt::format("invalid UTF-8 (truncated sequence at byte 0x{:02x})", lead)};
      }
      code = (code << 6) | (static_cast<unsigned char>(text_[i_ + k]) & 0x3F);
    }
    const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
    if (overlong || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) {
      throw SyntaxError{pos_, fmt::format("invalid UTF-8 (byte 0x{:02x})", lead)};
    }
    out.append(text_.substr(i_, static_cast<std::size_t>(length)));
    advance(static_cast<std::size_t>(length));
  }

  void parse_escape(std::string& out) {
    const SourcePos escape_pos = pos_;
    advance();  // backslash
    if (at_end()) throw SyntaxError{pos_, "unexpected end of file inside a string"};
    const char c = static_cast<char>(peek());
    advance();
    switch (c) {
      case '"':
        out += '"';
        return;
      case '\\':
        out += '\\';
        return;
      case '/':
        out += '/';
        return;
      case 'b':
        out += '\b';
        return;
      case 'f':
        out += '\f';
        return;
      case 'n':
        out += '\n';
        return;
      case 'r':
        out += '\r';
        return;
      case 't':
        out += '\t';
        return;
      case 'u':
        break;
      default:
        throw SyntaxError{escape_pos, fmt::format("invalid escape '\\{}'", c)};
    }
    std::uint32_t code = read_hex4(escape_pos);
    if (code >= 0xD800 && code <= 0xDBFF) {  // a surrogate pair
      if (text_.substr(i_, 2) != "\\u") throw SyntaxError{escape_pos, "unpaired UTF-16 surrogate"};
      advance(2);
      const std::uint32_t low = read_hex4(escape_pos);
      if (low < 0xDC00 || low > 0xDFFF) throw SyntaxError{escape_pos, "unpaired UTF-16 surrogate"};
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    } else if (code >= 0xDC00 && code <= 0xDFFF) {
      throw SyntaxError{escape_pos, "unpaired UTF-16 surrogate"};
    }
    append_utf8(out, code);
  }

  std::uint32_t read_hex4(SourcePos escape_pos) {
    std::uint32_t code = 0;
    for (int k = 0; k < 4; ++k) {
      if (at_end() || !std::isxdigit(peek())) {
        throw SyntaxError{escape_pos, "invalid \\u escape: expected four hex digits"};
      }
      const char h = static_cast<char>(peek());
      code = code * 16 + static_cast<std::uint32_t>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
      advance();
    }
    return code;
  }

  static void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  std::string_view text_;
  JsonSource& out_;
  std::size_t i_ = 0;
  SourcePos pos_;
  std::string current_pointer_;  // of the scalar being read
};

Expected<JsonSource, Diagnostic> JsonSource::parse(std::string_view text) {
  JsonSource source;
  try {
    JsonParser(text, source).parse_document();
  } catch (const SyntaxError& error) {
    return unexpected(Diagnostic{error.pos, error.pointer.value_or(""), error.message, ""});
  }
  return source;
}

const JsonSource::Positions* JsonSource::find(const std::string& pointer) const {
  std::string path = pointer;
  while (true) {
    if (auto it = positions_.find(path); it != positions_.end()) return &it->second;
    if (path.empty()) return nullptr;
    path.erase(path.rfind('/'));
  }
}

const std::string* JsonSource::big_integer(const std::string& pointer) const {
  auto it = big_integers_.find(pointer);
  return it == big_integers_.end() ? nullptr : &it->second;
}

void JsonSource::replace_big_integers(
    const std::string& pointer, const std::unordered_map<std::string, std::string>& literals) {
  std::erase_if(big_integers_,
                [&](const auto& entry) { return json_pointer_within(entry.first, pointer); });
  for (const auto& [within, literal] : literals) big_integers_[pointer + within] = literal;
}

SourcePos JsonSource::value_pos(const std::string& pointer) const {
  const Positions* found = find(pointer);
  return found ? found->value : SourcePos{};
}

SourcePos JsonSource::key_pos(const std::string& pointer) const {
  const Positions* found = find(pointer);
  return found ? found->key : SourcePos{};
}

}  // namespace arena
