// The one random number generator of the puzzles' generators, tests and benchmarks:
// SplitMix64 with our own integer sampling.
//
// Generated tests must be the same bytes on every machine and library version (the
// committed package data is regenerated from recipes and compared), so nothing here
// uses <random>'s distributions, whose output the standard leaves to the library.
// Not thread-safe: one instance per generation.
#ifndef COMMON_RNG_H_
#define COMMON_RNG_H_

#include <cstdint>

namespace common {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, n), n > 0: the biased tail is rejected, so exactly uniform.
  uint64_t Below(uint64_t n) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = Next();
    while (x >= limit);
    return x % n;
  }

 private:
  uint64_t state_;
};

}  // namespace common

#endif  // COMMON_RNG_H_
