// A small deterministic random number generator (SplitMix64).
//
// Generated tests must be the same on every machine and library version, so the
// generators use this instead of <random> distributions, whose output the standard
// leaves implementation-defined. Not thread-safe: one instance per generation.
#ifndef EIGHT_RNG_H_
#define EIGHT_RNG_H_

#include <cstdint>

namespace eight {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, n), n > 0; rejection sampling keeps it exactly uniform.
  uint64_t Below(uint64_t n) {
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = Next();
    while (x >= limit);
    return x % n;
  }

 private:
  uint64_t state_;
};

}  // namespace eight

#endif  // EIGHT_RNG_H_
