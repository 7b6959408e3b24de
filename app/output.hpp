// Where a command's result goes: stdout, or with -o/--output a file that is
// written whole or not at all (write_text_file_atomically), so that an
// interrupted shard never leaves a truncated file that looks whole.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <optional>
#include <string>

namespace arena::app {

// A validator accepting a path that can be written (an existing file or
// device that is writable, or a new file in a writable folder), so that a
// wrong path is found before a run rather than after it.
CLI::Validator writable_file();

// Why the parsed `command` must not run because a file it would write
// (-o/--output, --html, --plot) is one it reads (FILE, --baseline), where
// the result would replace its own input, or one its other output writes,
// where one result would replace the other. "" when none is.
std::string output_clash(const CLI::App& command);

// Adds -o/--output FILE to `command`.
void add_output_option(CLI::App& command, std::optional<std::string>& output);

// Adds --html FILE to `command`: a self-contained page with plots.
void add_html_option(CLI::App& command, std::optional<std::string>& html);

// Writes the HTML page that `page` makes to `path` when given (whole or not
// at all); false after an "error: ..." when it cannot be written. The page
// is made only when it is asked for.
bool write_html(const std::optional<std::string>& path, const std::function<std::string()>& page);

// Prints `text` on stdout, or writes it to `output`; returns the exit code
// (kExitBadInput after an "error: ..." when the file cannot be written).
int emit(const std::optional<std::string>& output, const std::string& text);

}  // namespace arena::app
