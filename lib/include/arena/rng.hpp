// Rng: the one random source of arena, built for the determinism contract.
//
// Every battle i of a run with master seed s draws all of its randomness from
// Rng(s, i) (and optionally a numbered stream of it), so results never depend on
// which thread plays the battle or in which order. The generator is
// xoshiro256** (Blackman & Vigna): 256 bits of state, period 2^256 - 1, passes
// BigCrush, about 1 ns per 64-bit output. Its state is filled from
// (seed, index, stream) through SplitMix64, a bijective mixer, so neighbouring
// indices give unrelated streams.
//
// Bounded integers use Lemire's multiply-and-reject method: exactly uniform (no
// modulo bias) and identical on every platform and standard library, unlike
// std::uniform_int_distribution.
//
// Thread-safety: an Rng is a plain value; give each thread its own.
#pragma once

#include <cstdint>

#include "arena/check.hpp"

namespace arena {

// SplitMix64 finaliser: a bijection on 64-bit words with strong avalanche.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// 128-bit products for Lemire's method (GCC and Clang; __extension__ keeps -Wpedantic quiet).
__extension__ using Uint128 = unsigned __int128;

class Rng {
 public:
  // The generator for battle `index` of a run seeded with `seed`. Distinct
  // `stream` numbers give independent generators for the same battle.
  Rng(std::uint64_t seed, std::uint64_t index, std::uint64_t stream = 0) {
    std::uint64_t z = mix64(mix64(seed ^ 0x6a09e667f3bcc909ULL) + index);
    z = mix64(z + 0x3c6ef372fe94f82bULL * (stream + 1));
    for (auto& word : state_) {
      z += 0x9e3779b97f4a7c15ULL;  // SplitMix64 sequence from the mixed key
      word = mix64(z);
    }
  }

  // A generator with the given raw state (not all zero); for reference-vector tests.
  static Rng from_state(std::uint64_t s0, std::uint64_t s1, std::uint64_t s2, std::uint64_t s3) {
    Rng rng(0, 0);
    rng.state_[0] = s0;
    rng.state_[1] = s1;
    rng.state_[2] = s2;
    rng.state_[3] = s3;
    return rng;
  }

  // The next 64 uniformly random bits.
  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // A uniform integer in [0, bound). Precondition: bound > 0.
  std::uint64_t below(std::uint64_t bound) {
    ARENA_CHECK(bound > 0);
    const Uint128 product = static_cast<Uint128>(next()) * bound;
    if (static_cast<std::uint64_t>(product) < bound) [[unlikely]]
      return below_rejecting(product, bound);
    return static_cast<std::uint64_t>(product >> 64);
  }

  // One die: a uniform integer in [1, sides]. Precondition: sides >= 1.
  int roll(int sides) { return static_cast<int>(below(static_cast<std::uint64_t>(sides))) + 1; }

  // A uniform double in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  bool operator==(const Rng&) const = default;

 private:
  // The rest of below() when the first product's low word is under `bound`
  // (probability below bound / 2^64): rejects products whose low word is
  // under 2^64 mod bound. Out of line, so that the common path inlined into
  // every die roll stays small (no division, no loop).
  [[gnu::noinline]] std::uint64_t below_rejecting(Uint128 product, std::uint64_t bound) {
    const std::uint64_t threshold = (0 - bound) % bound;  // 2^64 mod bound
    while (static_cast<std::uint64_t>(product) < threshold)
      product = static_cast<Uint128>(next()) * bound;
    return static_cast<std::uint64_t>(product >> 64);
  }

  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  std::uint64_t state_[4];
};

}  // namespace arena
