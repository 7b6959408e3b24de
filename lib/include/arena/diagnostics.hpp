// Diagnostics: problems found in a user's file, each with where it is.
//
// Every loader reports into a Diagnostics list instead of stopping at the
// first problem, so that a user fixes a file in one round. Each problem
// prints as `FILE:LINE:COL: /json/pointer: message` (DESIGN.md, contract 4).
// Not thread-safe; one list per load.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arena {

// A 1-based line and column (columns count characters, not bytes).
struct SourcePos {
  int line = 1;
  int column = 1;
  bool operator==(const SourcePos&) const = default;
};

struct Diagnostic {
  SourcePos pos;
  std::string pointer;  // JSON pointer of the value at fault, "" for the whole document
  std::string message;
  // Where else the problem lies, when not in the value at fault: the place
  // of a missing key, the first of two duplicates. "" when nowhere else.
  std::string also;
  bool operator==(const Diagnostic&) const = default;
};

class Diagnostics {
 public:
  // format() shows this many problems, the first in the file; past kMaxKept
  // problems are only counted (a hostile file cannot exhaust memory).
  static constexpr std::size_t kMaxShown = 20;
  static constexpr std::size_t kMaxKept = 10000;

  void add(SourcePos pos, std::string pointer, std::string message, std::string also = "");

  // What the reader looked up in a library and found ("/factions/1/members/0/monster:
  // monster \"goblin\" is Goblin"), for the log; not a problem.
  void note(std::string line) {
    if (notes_.size() < kMaxKept) notes_.push_back(std::move(line));
  }
  const std::vector<std::string>& notes() const { return notes_; }
  bool empty() const { return total_ == 0; }
  std::size_t total() const { return total_; }
  const std::vector<Diagnostic>& kept() const { return kept_; }

  // The first kMaxShown problems in file order as "FILE:LINE:COL: POINTER:
  // MESSAGE" lines (no "error: " prefix), plus a line saying how many more
  // were left out. A problem in a value that an edit wrote (`edits`: where
  // each wrote and what it was, later edits last), or whose `also` place an
  // edit wrote (a key it removed, a name it duplicated), names the edit
  // instead ("--set battles=abc: /battles: ..."): the file is not at fault.
  std::vector<std::string> format(
      const std::string& file,
      const std::vector<std::pair<std::string, std::string>>& edits = {}) const;

 private:
  std::vector<Diagnostic> kept_;
  std::size_t total_ = 0;
  std::vector<std::string> notes_;
};

// The one-line form of a problem: "FILE:LINE:COL: /pointer: message".
std::string format_diagnostic(const std::string& file, const Diagnostic& diagnostic);

// `text` with control characters escaped (\n, \t, \u001b), so that what a
// user wrote can neither break an error line nor drive the terminal.
std::string one_line(std::string_view text);

}  // namespace arena
