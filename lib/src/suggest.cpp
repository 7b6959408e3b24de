#include "arena/suggest.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace arena {

namespace {

char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// Whether `word` is one of the space-separated words of `candidate` ("plate"
// in "plate armor"), ignoring case.
bool is_word_of(std::string_view word, std::string_view candidate) {
  std::size_t start = 0;
  while (start <= candidate.size()) {
    std::size_t end = candidate.find(' ', start);
    if (end == std::string_view::npos) end = candidate.size();
    if (same_word(word, candidate.substr(start, end - start))) return true;
    start = end + 1;
  }
  return false;
}

// Whether `word` begins `candidate` and no other of `candidates`, ignoring
// case: "sim" for "simulate", "--batt" for "--battles".
template <class String>
bool begins_only(std::string_view word, std::string_view candidate,
                 std::span<const String> candidates) {
  const auto begins = [&](std::string_view text) {
    return text.size() > word.size() && same_word(word, text.substr(0, word.size()));
  };
  return begins(candidate) && std::count_if(candidates.begin(), candidates.end(),
                                            [&](const auto& other) { return begins(other); }) == 1;
}

// Whether `candidate` begins `word` and begins it alone, ignoring case,
// with three letters at least: "warning" for "warn".
template <class String>
bool is_only_stem_of(std::string_view word, std::string_view candidate,
                     std::span<const String> candidates) {
  const auto stem = [&](std::string_view text) {
    return text.size() >= 3 && text.size() < word.size() &&
           same_word(text, word.substr(0, text.size()));
  };
  return stem(candidate) && std::count_if(candidates.begin(), candidates.end(),
                                          [&](const auto& other) { return stem(other); }) == 1;
}

template <class String>
std::optional<std::string> closest(std::string_view word, std::span<const String> candidates) {
  // A third of the word's letters may differ, two in a short word, but never
  // all of them: "zz" is no typo of "hp".
  const int size = static_cast<int>(word.size());
  const int limit = std::min(std::max(2, size / 3), size - 1);
  int best_distance = limit + 1;
  std::optional<std::string> best;
  for (const auto& candidate : candidates) {
    const int distance = edit_distance(word, candidate);
    if (distance < best_distance) {
      best_distance = distance;
      best = std::string(candidate);
    }
  }
  const std::size_t dashes = std::min(word.find_first_not_of('-'), word.size());
  if (!best && word.size() - dashes >= 3) {  // "sim", "--thr": three letters past the dashes
    for (const auto& candidate : candidates) {
      const std::string_view text(candidate);
      const bool prefix = text.size() > word.size() && text[word.size()] == ' ' &&
                          same_word(word, text.substr(0, word.size()));
      if (prefix || is_word_of(word, candidate) || begins_only(word, text, candidates) ||
          is_only_stem_of(word, text, candidates))
        return std::string(candidate);
    }
  }
  return best;
}

template <class String>
std::string suggestion(std::string_view word, std::span<const String> candidates) {
  auto match = closest(word, candidates);
  return match ? fmt::format(" (did you mean '{}'?)", *match) : std::string();
}

}  // namespace

bool same_word(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](char x, char y) { return lower(x) == lower(y); });
}

int edit_distance(std::string_view a, std::string_view b) {
  std::vector<int> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const int substitution = diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitution});
    }
  }
  return row[b.size()];
}

std::optional<std::string> closest_match(std::string_view word,
                                         std::span<const std::string_view> candidates) {
  return closest(word, candidates);
}
std::optional<std::string> closest_match(std::string_view word,
                                         std::span<const std::string> candidates) {
  return closest(word, candidates);
}
std::string did_you_mean(std::string_view word, std::span<const std::string_view> candidates) {
  return suggestion(word, candidates);
}
std::string did_you_mean(std::string_view word, std::span<const std::string> candidates) {
  return suggestion(word, candidates);
}

std::string library_key(std::string_view name) {
  // "Crossbow, light" is looked up as "light crossbow", the way people say it.
  if (const auto comma = name.find(','); comma != std::string_view::npos) {
    return library_key(std::string(name.substr(comma + 1)) + " " +
                       std::string(name.substr(0, comma)));
  }
  std::string key;
  for (char c : name) {
    if (c == '-' || c == '_') c = ' ';
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c == ' ' && (key.empty() || key.back() == ' ')) continue;
    key += c;
  }
  while (!key.empty() && key.back() == ' ') key.pop_back();
  return key;
}

}  // namespace arena
