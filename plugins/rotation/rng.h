// A small deterministic random number generator (SplitMix64) for the generator.
//
// Generated tests must be identical on every machine and standard library, so this
// replaces <random>'s distributions, whose output is implementation-defined.
// Not thread-safe: one instance per generation.
#ifndef ROTATION_PLUGIN_RNG_H_
#define ROTATION_PLUGIN_RNG_H_

#include <cstdint>

namespace rotation::judging {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, n) for n > 0, exactly (rejection of the biased tail).
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

}  // namespace rotation::judging

#endif  // ROTATION_PLUGIN_RNG_H_
