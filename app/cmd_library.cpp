// `arena library`: a ruleset's built-in library and what arena makes of it.
// For 5e (the default): `monsters` lists and filters the SRD 5.1 bestiary,
// `show` prints one monster as a battle resolves it, `coverage` counts what
// arena models of the whole bestiary, `weapons` and `armor` list the
// equipment; other rulesets have their own lists (`--rules oldschool`).
// The views themselves are the ruleset's (arena/rulesets.hpp); this file
// wires them to the command line.
#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arena/rulesets.hpp"
#include "commands.hpp"
#include "terminal.hpp"
#include "usage_error.hpp"

namespace arena::app {

namespace {

// What every `library` subcommand reads: the ruleset (default: the
// encounter files' default) and the format.
struct LibraryOptions {
  std::string rules{name(Encounter{}.rules)};
  std::string format = "table";
  std::vector<std::string> words;  // show: the name, possibly unquoted (show adult red dragon)
  LibraryRequest request;
};

int run_view(LibraryOptions& options, const char* view) {
  const auto rules = parse_ruleset(options.rules);
  LibraryRequest& request = options.request;
  request.view = view;
  request.json = options.format == "json";
  for (const std::string& word : options.words)
    request.name += (request.name.empty() ? "" : " ") + word;
  auto text = library_view(*rules, request);
  if (!text) {
    print_error(text.error());
    return kExitBadInput;
  }
  fmt::print("{}", *text);
  return kExitOk;
}

// ---------------------------------------------------------------- the command

// A subcommand of `library` with its --rules and --format options and its examples.
CLI::App* add_subcommand(CLI::App& library, const char* name, const char* description,
                         LibraryOptions& options, const std::string& examples) {
  CLI::App* cli = library.add_subcommand(name, description);
  const auto names = ruleset_names();
  cli->add_option("--rules", options.rules, "The ruleset whose library to show")
      ->check(one_of(std::vector<std::string>(names.begin(), names.end())))
      ->capture_default_str();
  cli->add_option("--format", options.format, "Output format")
      ->check(one_of({"table", "json"}))
      ->capture_default_str();
  cli->footer("Examples:\n" + examples);
  return cli;
}

}  // namespace

Command add_library_command(CLI::App& app) {
  CLI::App* cli = app.add_subcommand("library",
                                     "List a ruleset's built-in library (for 5e: the SRD 5.1 "
                                     "monsters, weapons and armor) and what "
                                     "arena models of it");
  cli->require_subcommand(1);
  cli->footer(
      "Examples:\n"
      "  arena library monsters --search goblin\n"
      "  arena library show \"adult red dragon\"\n"
      "  arena library coverage\n"
      "  arena library weapons --format json\n"
      "  arena library weapons --rules oldschool");
  // Each subcommand keeps its options; a view the chosen ruleset lacks is an error.
  struct View {
    const char* name;
    CLI::App* cli;
    std::shared_ptr<LibraryOptions> options;
  };
  std::vector<View> views;
  const auto add = [&](const char* name, const char* description, const std::string& examples) {
    auto options = std::make_shared<LibraryOptions>();
    views.push_back({name, add_subcommand(*cli, name, description, *options, examples), options});
    return views.back();
  };
  const View monsters =
      add("monsters", "List the SRD 5.1 monsters, by challenge rating then name",
          "  arena library monsters --cr 1/4-1\n"
          "  arena library monsters --search dragon --cr 10-20\n"
          "  arena library monsters --format json | jq '.[] | select(.multiattack) | .name'");
  monsters.cli->add_option("--search", monsters.options->request.search,
                           "Only monsters whose name or type contains TEXT (any case)");
  monsters.cli->add_option("--cr", monsters.options->request.cr,
                           "Only challenge ratings in MIN-MAX (1-5, 1/4-2), or exactly one (5)");
  const View show = add(
      "show",
      "Show a monster as arena resolves it: HP, AC, attacks, actions, defences, what is not "
      "modelled",
      "  arena library show \"adult red dragon\"\n  arena library show giant-spider --format json");
  show.cli
      ->add_option("name", show.options->words,
                   "Monster name (any case; spaces, hyphens or underscores)")
      ->required();
  const View coverage =
      add("coverage",
          "Count what arena models of the whole bestiary, and the most frequent things it does not",
          "  arena library coverage\n  arena library coverage --top 0 --format json");
  coverage.cli
      ->add_option("--top", coverage.options->request.top,
                   "How many of the most frequent not-modelled names to list (0: all)")
      ->check(whole_number_from(0, 100000))
      ->capture_default_str();
  add("models", "List the Warmachine models (--rules warmachine)",
      "  arena library models --rules warmachine\n  arena library show destroyer --rules "
      "warmachine");
  add("weapons", "List the weapon table",
      "  arena library weapons\n  arena library weapons --format json\n  arena library weapons "
      "--rules oldschool\n  arena library weapons --rules knave");
  add("armor", "List the armor table",
      "  arena library armor\n  arena library armor --format json\n  arena library armor --rules "
      "oldschool\n  arena library armor --rules knave");
  return {cli, [views] {
            for (const View& view : views) {
              if (view.cli->parsed()) return run_view(*view.options, view.name);
            }
            return kExitBadInput;
          }};
}

}  // namespace arena::app
