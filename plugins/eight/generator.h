// Test input generation for both 8-puzzle packages, from a seed and "key=value"
// parameters. The output is a pure function of (seed, params, count): the same
// arguments give the same bytes on every machine (common/rng.h).
//
// Parameters (each optional; a key given twice takes its last value):
//   cases=N        boards in the file, 1..100000 (CaseCount::kOneOrMore only; default 10)
//   depth=uniform  each solvable board uniformly random among all 181,440 (default)
//   depth=D        a random walk of D moves (0..100000) from the goal, no move undone
//   distance=K     uniformly random among the boards exactly K moves (0..31) from the
//                  goal; excludes depth
//   unsolvable=P   each board is unsolvable with probability P percent (0..100;
//                  default 20): a board drawn as above with two tiles swapped
//   layout=line    one board per line (default); grid: three lines of three tokens;
//                  messy: random runs of spaces, tabs, newlines and CRLF between tokens
#ifndef PLUGINS_EIGHT_GENERATOR_H_
#define PLUGINS_EIGHT_GENERATOR_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "eight/parse.h"

namespace eight {

using Params = std::vector<std::pair<std::string, std::string>>;

struct GeneratedInput {
  std::string text;   // the input file; valid for ParseBoards(text, count)
  std::string error;  // one line naming the bad parameter; empty on success

  bool ok() const { return error.empty(); }
};

GeneratedInput GenerateInput(uint64_t seed, const Params& params, CaseCount count);

}  // namespace eight

#endif  // PLUGINS_EIGHT_GENERATOR_H_
