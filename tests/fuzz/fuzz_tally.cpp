// libFuzzer target: the tally reader behind `arena merge` (parse_tally,
// merge_tallies) on arbitrary bytes, and what a tally that reads promises:
//   - an error names the file first ("part.json: ..." or, for a syntax
//     error, "part.json:LINE:COL: ...");
//   - a whole run (one part) merges, makes a report in every format, and
//     writes back a tally that reads back to the same tally;
//   - the part merged with itself is refused (it overlaps).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "arena/report.hpp"
#include "arena/tally_io.hpp"
#include "fuzz_common.hpp"

namespace {

constexpr const char* kTarget = "fuzz_tally";
const std::string kFile = "part.json";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using arena::fuzz::fail;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto part = arena::parse_tally(text, kFile);
  if (!part) {
    if (!arena::fuzz::names_file(part.error(), kFile))
      fail(kTarget, "an error does not name the file", part.error());
    return 0;
  }
  if (!arena::merge_tallies({*part, *part}, {kFile, kFile}).has_value()) {
    // expected: a part overlaps itself
  } else {
    fail(kTarget, "a part merged with itself", text);
  }
  const auto whole = arena::merge_tallies({*part}, {kFile});
  if (!whole) return 0;  // a shard of a larger run
  const arena::Report report =
      arena::make_report(whole->labels, whole->tally, arena::ReportOptions{});
  (void)arena::format_json(report);
  (void)arena::format_csv(report);
  (void)arena::format_table(report);
  const std::string written = arena::format_tally(*whole);
  const auto again = arena::parse_tally(written, kFile);
  if (!again) fail(kTarget, "a written tally does not read back", again.error());
  if (!(again->tally == whole->tally))
    fail(kTarget, "a written tally reads back to another tally", written);
  return 0;
}
