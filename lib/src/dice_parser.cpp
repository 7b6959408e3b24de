// The dice-expression parser: a hand-written scanner over the text that keeps
// the column of every token, so that errors point at the exact character.
#include <fmt/format.h>

#include <cctype>
#include <limits>
#include <string>

#include "arena/dice.hpp"
#include "arena/suggest.hpp"
#include "text_util.hpp"

namespace arena {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_letter(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

}  // namespace

class DiceParser {
 public:
  explicit DiceParser(std::string_view text) : text_(text) {}

  // dice := ['-'] term { ('+' | '-') term }, stopping before a damage type.
  Expected<DiceExpr, DiceError> parse_dice() {
    DiceExpr expr;
    int terms = 0;
    long long constant = 0;
    skip_space();
    bool negative = false;
    last_operator_ = '\0';
    if (peek() == '-') {
      negative = true;
      last_operator_ = '-';
      ++pos_;
      skip_space();
    }
    while (true) {
      if (at_end() || !(is_digit(peek()) || peek() == 'd' || peek() == 'D')) {
        return expected_term();
      }
      if (++terms > kMaxTerms) {
        return fail(pos_, fmt::format("too many terms (at most {})", kMaxTerms));
      }
      if (auto error = parse_term(negative, expr, constant)) return unexpected(*error);
      skip_space();
      // A '+' followed by a letter belongs to the damage list, not to this expression.
      if (peek() == '+' && !letter_after_operator()) {
        negative = false;
      } else if (peek() == '-') {
        negative = true;
      } else {
        break;
      }
      last_operator_ = peek();
      ++pos_;
      skip_space();
    }
    expr.constant_ = static_cast<int>(constant);
    return expr;
  }

  // damage := dice [TYPE] { ('+' | ',') dice TYPE }
  Expected<std::vector<DamageDice>, DiceError> parse_damage() {
    std::vector<DamageDice> parts;
    while (true) {
      skip_space();
      const std::size_t part_start = pos_;
      auto dice = parse_dice();
      if (!dice) return unexpected(dice.error());
      DamageDice part{std::move(dice).value(), DamageType::Untyped};
      if (is_letter(peek())) {
        auto type = parse_type();
        if (!type) return unexpected(type.error());
        part.type = *type;
      }
      skip_space();
      const bool more = peek() == '+' || peek() == ',';
      if (part.type == DamageType::Untyped && peek() == '+') {
        // "2d6+ fire": the '+' was left dangling before the type.
        const char op = text_[pos_++];
        skip_space();
        return fail(pos_, fmt::format("expected dice or a number after '{}'", op));
      }
      if (part.type == DamageType::Untyped && (more || !parts.empty())) {
        return fail(part_start, "each part of a damage list needs a damage type");
      }
      parts.push_back(std::move(part));
      if (const std::int64_t most = damage_reach(parts); most > kMaxDamage) {
        return fail(part_start,
                    fmt::format("this damage can add up to {} (at most {})", most, kMaxDamage));
      }
      if (at_end()) return parts;
      if (!more) return unexpected_character();
      const char separator = text_[pos_++];
      skip_space();
      if (at_end()) {
        return fail(pos_, fmt::format("expected dice or a number after '{}'", separator));
      }
    }
  }

  bool at_end() const { return pos_ >= text_.size(); }
  std::size_t position() const { return pos_; }
  Unexpected<DiceError> unexpected_character() const {
    if (at_end()) return fail(pos_, "unexpected end of expression");
    return fail(pos_, fmt::format("unexpected character {}", quoted_character_at(text_, pos_)));
  }
  // An error at byte `pos`, reported at its character column.
  Unexpected<DiceError> fail(std::size_t pos, std::string message) const {
    int column = 1;
    for (std::size_t i = 0; i < pos && i < text_.size(); ++i) {
      column += (static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80;
    }
    return unexpected(DiceError{column, std::move(message)});
  }

 private:
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  void skip_space() {
    while (!at_end() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }
  bool letter_after_operator() const {
    std::size_t p = pos_ + 1;
    while (p < text_.size() && text_[p] == ' ') ++p;
    return p < text_.size() && is_letter(text_[p]) && text_[p] != 'd' && text_[p] != 'D';
  }

  Unexpected<DiceError> expected_term() const {
    if (!at_end()) return unexpected_character();
    if (last_operator_ == '\0') return fail(0, "empty dice expression");
    return fail(pos_, fmt::format("expected dice or a number after '{}'", last_operator_));
  }

  // Reads digits at pos_ into `value`; an error when they overflow an int.
  std::optional<DiceError> read_number(int& value) {
    const std::size_t start = pos_;
    long long n = 0;
    while (is_digit(peek())) {
      n = n * 10 + (peek() - '0');
      if (n > std::numeric_limits<int>::max()) {
        return DiceError{static_cast<int>(start) + 1, "number too large"};
      }
      ++pos_;
    }
    value = static_cast<int>(n);
    return std::nullopt;
  }

  std::optional<DiceError> parse_term(bool negative, DiceExpr& expr, long long& constant) {
    const std::size_t start = pos_;
    int count = 1;
    if (is_digit(peek())) {
      if (auto error = read_number(count)) return error;
    }
    if (peek() != 'd' && peek() != 'D') {  // a constant
      constant += negative ? -count : count;
      if (constant > kMaxConstant || constant < -kMaxConstant) {
        return DiceError{static_cast<int>(start) + 1,
                         fmt::format("constant too large (at most {})", kMaxConstant)};
      }
      return std::nullopt;
    }
    ++pos_;  // the 'd'
    if (!is_digit(peek())) {
      return DiceError{static_cast<int>(pos_) + 1, "expected the number of sides after 'd'"};
    }
    const std::size_t sides_pos = pos_;
    int sides = 0;
    if (auto error = read_number(sides)) return error;
    if (count < 1) return DiceError{static_cast<int>(start) + 1, "dice count must be at least 1"};
    if (count > kMaxDice) {
      return DiceError{static_cast<int>(start) + 1,
                       fmt::format("too many dice: {} (at most {} per term)", count, kMaxDice)};
    }
    if (sides < 1) {
      return DiceError{static_cast<int>(sides_pos) + 1, "a die needs at least 1 side"};
    }
    if (sides > kMaxSides) {
      return DiceError{static_cast<int>(sides_pos) + 1,
                       fmt::format("too many sides: {} (at most {})", sides, kMaxSides)};
    }
    DiceTerm term{count, sides, count, false, negative};
    if (peek() == 'k' || peek() == 'K') {
      if (auto error = parse_keep(term)) return error;
    }
    expr.terms_.push_back(term);
    return std::nullopt;
  }

  std::optional<DiceError> parse_keep(DiceTerm& term) {
    const std::size_t k_pos = pos_++;
    const char which = static_cast<char>(std::tolower(static_cast<unsigned char>(peek())));
    if (which != 'h' && which != 'l') {
      return DiceError{static_cast<int>(pos_) + 1, "expected 'h' or 'l' after 'k' (kh3, kl1)"};
    }
    ++pos_;
    if (!is_digit(peek())) {
      return DiceError{static_cast<int>(pos_) + 1,
                       fmt::format("expected the number of dice to keep after 'k{}'", which)};
    }
    int keep = 0;
    if (auto error = read_number(keep)) return error;
    if (keep < 1) return DiceError{static_cast<int>(k_pos) + 1, "must keep at least 1 die"};
    if (keep > term.count) {
      return DiceError{static_cast<int>(k_pos) + 1,
                       fmt::format("cannot keep {} of {} dice", keep, term.count)};
    }
    term.keep = keep;
    term.keep_lowest = which == 'l' && keep < term.count;  // "4d6kl4" is plain 4d6
    return std::nullopt;
  }

  Expected<DamageType, DiceError> parse_type() {
    const std::size_t start = pos_;
    // A word: letters, and any non-ASCII bytes so that "fïre" reads whole.
    while (is_letter(peek()) || static_cast<unsigned char>(peek()) >= 0x80) ++pos_;
    const std::string_view word = text_.substr(start, pos_ - start);
    if (auto type = parse_damage_type(word)) return *type;
    return fail(start, fmt::format("unknown damage type '{}'{}", word,
                                   did_you_mean(word, damage_type_names())));
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  char last_operator_ = '\0';  // the operator before the term being read, for messages
};

Expected<DiceExpr, DiceError> DiceExpr::parse(std::string_view text) {
  DiceParser parser(text);
  auto expr = parser.parse_dice();
  if (!expr) return expr;
  if (!parser.at_end()) {
    auto damage = parse_damage(text);
    if (damage && damage->size() == 1) {
      return parser.fail(parser.position(), "a damage type is not allowed here");
    }
    return parser.unexpected_character();
  }
  return expr;
}

Expected<std::vector<DamageDice>, DiceError> parse_damage(std::string_view text) {
  return DiceParser(text).parse_damage();
}

}  // namespace arena
