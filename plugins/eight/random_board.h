// Random boards for generators, drawn from a common::Rng (reproducible).
#ifndef PLUGINS_EIGHT_RANDOM_BOARD_H_
#define PLUGINS_EIGHT_RANDOM_BOARD_H_

#include "eight/board.h"
#include "common/rng.h"

namespace eight {

// Starts at the goal and makes `depth` random legal moves, never undoing the move
// just made. The result is solvable, at distance <= depth, of the parity of depth.
Board RandomWalkBoard(common::Rng& rng, int depth);

// A uniformly random solvable board (each of the 181,440 equally likely).
Board UniformSolvableBoard(common::Rng& rng);

// Swaps the first two tiles (blank skipped) in row-major order. A transposition
// flips the inversion parity, so this maps solvable boards one-to-one onto
// unsolvable ones and back; uniform in, uniform out.
Board FlipSolvability(const Board& board);

}  // namespace eight

#endif  // PLUGINS_EIGHT_RANDOM_BOARD_H_
