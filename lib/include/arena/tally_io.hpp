// Tally files: the mergeable integer results of part of a run, as JSON.
//
// `arena simulate --shard K/N --format tally` writes one; `arena merge` reads
// several, checks that they come from the same encounter (its fingerprint)
// and together cover every battle of the run exactly once, and merges them
// into the tally the single run would have made: the same report, byte for
// byte, minus the `run` block. Pure functions; thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arena/expected.hpp"
#include "arena/report.hpp"
#include "arena/tally.hpp"

namespace arena {

// 2: per-combatant "figures"; 3: per-faction "figures", per-faction and
// per-combatant "measures".
inline constexpr int kTallyFormatVersion = 4;  // 4: fates, knock-outs, stalemates

struct TallyFile {
  ReportLabels labels;
  std::string fingerprint;         // of the encounter (encounter.hpp)
  std::int64_t total_battles = 0;  // of the whole run
  std::int64_t first_battle = 0;   // this part played [first, first + tally.battles)
  Tally tally;
};

// Battles [first, first + count) of shard `k` (0-based) of `n` over `total`
// battles: contiguous blocks that differ in size by at most one.
struct BattleRange {
  std::int64_t first = 0;
  std::int64_t count = 0;
};
BattleRange shard_range(std::int64_t total, int k, int n);

std::string format_tally(const TallyFile& file);

// Parses a tally file; errors name `file`.
Expected<TallyFile, std::string> parse_tally(std::string_view text, const std::string& file);

// Merges parts of one run; an error when they are of different encounters or
// runs, overlap, or leave battles out. `names` label the parts in messages.
Expected<TallyFile, std::string> merge_tallies(const std::vector<TallyFile>& parts,
                                               const std::vector<std::string>& names);

}  // namespace arena
