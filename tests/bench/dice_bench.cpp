// Cost of one roll of common expressions with the production generator.
#include <benchmark/benchmark.h>

#include "arena/dice.hpp"
#include "arena/rng.hpp"

namespace {

void roll_expression(benchmark::State& state, const char* text) {
  const arena::DiceExpr expr = *arena::DiceExpr::parse(text);
  arena::Rng rng(1, 0);
  for (auto _ : state) benchmark::DoNotOptimize(expr.roll(rng));
  state.SetItemsProcessed(state.iterations());
}

void raw_generator(benchmark::State& state) {
  arena::Rng rng(1, 0);
  for (auto _ : state) benchmark::DoNotOptimize(rng.next());
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

BENCHMARK(raw_generator);
BENCHMARK_CAPTURE(roll_expression, d20, "1d20");
BENCHMARK_CAPTURE(roll_expression, two_d6_plus_3, "2d6+3");
BENCHMARK_CAPTURE(roll_expression, eight_d6, "8d6");
BENCHMARK_CAPTURE(roll_expression, four_d6_kh3, "4d6kh3");
