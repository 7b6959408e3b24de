// `arena merge`: the report of a run played in shards (simulate --shard).
#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arena/tally_io.hpp"
#include "arena/text_file.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "simulation.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace arena::app {

namespace {

struct MergeOptions {
  std::vector<std::string> files;
  std::string format = "table";
  std::vector<double> quantiles = ReportOptions{}.quantiles;
  std::optional<std::string> output;
};

int run_merge(const MergeOptions& options) {
  check_quantiles(options.quantiles);
  std::vector<TallyFile> parts;
  for (const std::string& file : options.files) {
    auto text = read_text_file(file, "a tally file");
    if (!text) {
      print_error(text.error());
      return kExitBadInput;
    }
    auto part = parse_tally(*text, file);
    if (!part) {
      print_error(part.error());
      return kExitBadInput;
    }
    parts.push_back(std::move(part).value());
  }
  auto merged = merge_tallies(parts, options.files);
  if (!merged) {
    print_error(merged.error());
    return kExitBadInput;
  }
  if (options.format == "tally") return emit(options.output, format_tally(*merged));
  Report report = make_report(merged->labels, merged->tally, ReportOptions{options.quantiles});
  report.requested_battles = merged->total_battles;
  return emit(options.output, report_text(report, options.format, /*with_run=*/false,
                                          !options.output && is_terminal(stdout)));
}

}  // namespace

Command add_merge_command(CLI::App& app) {
  auto options = std::make_shared<MergeOptions>();
  CLI::App* cli =
      app.add_subcommand("merge", "Merge the tallies of a run played in shards into its report");
  cli->add_option("files", options->files, "Tally files (simulate --shard K/N --format tally)")
      ->required();
  cli->add_option("--format", options->format, "Output format")
      ->check(one_of({"table", "json", "csv", "tally"}))
      ->capture_default_str();
  add_quantiles_option(*cli, options->quantiles);
  add_output_option(*cli, options->output);
  cli->footer(
      "Examples:\n"
      "  for k in 0 1 2 3; do arena simulate big.json --shard $k/4 --format tally > part-$k.json; "
      "done\n"
      "  arena merge part-*.json --format json\n"
      "The merged report equals the single run's, byte for byte, except the run block.");
  return {cli, [options] { return run_merge(*options); }};
}

}  // namespace arena::app
