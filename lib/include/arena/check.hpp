// ARENA_CHECK: aborts on a broken invariant (a bug in arena, never bad user input).
//
// Bad input is reported as a value (see expected.hpp) or as a LoadError at the
// load boundary; ARENA_CHECK is for conditions that no input can cause. It stays
// on in release builds: a silent wrong answer costs more than a branch.
#pragma once

#include <cstdio>
#include <cstdlib>

#define ARENA_CHECK(condition)                                                                  \
  do {                                                                                          \
    if (!(condition)) [[unlikely]] {                                                            \
      std::fprintf(stderr, "arena: internal check failed: %s at %s:%d\n", #condition, __FILE__, \
                   __LINE__);                                                                   \
      std::abort();                                                                             \
    }                                                                                           \
  } while (false)
