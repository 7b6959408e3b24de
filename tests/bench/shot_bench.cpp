// Cost of `arena shoot`'s work: the exact damage distribution of the
// Destroyer's bombard against an Ironclad (focus 3, boosting both) at 211
// distances, 0 to 21 inches by 0.1, as the target (< 0.1 s) reads it.
#include <benchmark/benchmark.h>

#include "rules/warmachine/library.hpp"
#include "rules/warmachine/shot_distribution.hpp"

namespace {

void BM_ShotDistribution211(benchmark::State& state) {
  using namespace arena::warmachine;
  const Model* destroyer = library_model("Destroyer");
  const ShotSetup setup{
      destroyer, &destroyer->ranged[0], library_model("Ironclad"), 3, Boost::Both, false, 0};
  for (auto _ : state) {
    for (int i = 0; i <= 210; ++i) {
      benchmark::DoNotOptimize(shot_distribution(setup, i * 0.1));
    }
  }
}
BENCHMARK(BM_ShotDistribution211)->Unit(benchmark::kMicrosecond);

}  // namespace
