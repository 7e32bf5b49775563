// The package's test generator: a pure function of (seed, parameters).
//
// Parameters (each at most once; unknown keys are rejected):
//   cases=N        number of boards, 1..30 (default 10)
//   depth=K        scramble: a random goal board, then K random moves (0..1000), each
//                  not undoing the previous one; the distance is at most K
//   depth=uniform  a uniformly random board (a shuffle of eight 1s, 2s and 3s)
//   distance=D     boards at exactly distance D (0..13, or "max": the largest, 13):
//                  rejection sampling from scrambles (small D) or uniform boards,
//                  and a uniform pick among all farthest boards for D = max
//   distances=L    one board per entry of the comma-separated list L, in its order,
//                  each at exactly that distance (0..13 or max): a file that mixes
//                  easy and hard boards, as the original's one data file did; it
//                  excludes cases, depth and distance
// depth and distance exclude each other; with neither, depth=uniform.
#ifndef ROTATION_PLUGIN_GENERATOR_H_
#define ROTATION_PLUGIN_GENERATOR_H_

#include <cstdint>
#include <string>

#include "judge_plugin_sdk.h"

namespace rotation::judging {

// A legal input (it passes ValidateInput). Throws judge::sdk::InvalidInput naming the
// parameter on an unknown, repeated or out-of-range parameter. Thread-safe.
std::string GenerateInput(uint64_t seed, const judge::sdk::Options& params);

}  // namespace rotation::judging

#endif  // ROTATION_PLUGIN_GENERATOR_H_
