// The test generator: random legal inputs, a pure function of (seed, params).
//
// Parameters (key=value; anything else is InvalidInput naming the key):
//   cases=N         number of cases, 1..kMaxCases (validator.h; default 100)
//   distance=D      random (default): the target is placed like the start, at any
//                   distance; or N (0..10): every pair exactly N moves apart; or A..B:
//                   each pair exactly d moves apart, d drawn uniformly from A..B.
//                   Exact distances come from random walks away from the start (self-
//                   avoiding, half their steps chosen to lengthen the lower bound),
//                   kept only when the reference solver confirms the distance.
//   layout=L        where the start's pieces stand: random (default: any 4 cells),
//                   corners (in the 2x2 blocks at the board's corners, or bunched in
//                   one corner's 3x3 block: edge and corner moves, jumps against the
//                   border) or cluster (4 cells of one 3x3 window anywhere: jump-heavy).
// Each configuration lists its cells in a random order (pieces are identical; a
// solution that tells them apart is caught). The random source is a SplitMix64 stream
// with our own integer sampling, so the output is the same on every platform.
#ifndef PLUGINS_SOLITAIRE_GENERATOR_H_
#define PLUGINS_SOLITAIRE_GENERATOR_H_

#include <cstdint>
#include <string>

#include "judge_plugin_sdk.h"

namespace solitaire_plugin {

inline constexpr int kMaxGeneratedDistance = 10;

std::string GenerateInput(uint64_t seed, const judge::sdk::Options& params);

}  // namespace solitaire_plugin

#endif  // PLUGINS_SOLITAIRE_GENERATOR_H_
