// Small helpers for writing to the terminal: whether a stream is a terminal,
// and the shape of error messages, so every subcommand reports the same way.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace arena::app {

bool is_terminal(std::FILE* stream);

// Prints `text` on stderr. A failure to write there is ignored: there is
// nowhere left to report it, and the exit code still tells.
void print_to_stderr(std::string_view text);

// Prints "error: MESSAGE" on stderr.
void print_error(std::string_view message);

// A horizontal bar of `fraction` (0..1) of `width` cells, in eighth-blocks.
std::string bar(double fraction, int width);

// Whether output may be coloured: not after --no-color, nor when the
// NO_COLOR environment variable is set and not empty (no-color.org).
void set_no_color(bool no_color);
bool color_allowed();

// `bar` padded to exactly `width` cells, green when colour is allowed.
std::string win_bar(double fraction, int width);

}  // namespace arena::app
