// Random boards for generators, drawn from an eight::Rng (reproducible).
#ifndef EIGHT_RANDOM_BOARD_H_
#define EIGHT_RANDOM_BOARD_H_

#include "eight/board.h"
#include "eight/rng.h"

namespace eight {

// Starts at the goal and makes `depth` random legal moves, never undoing the move
// just made. The result is solvable, at distance <= depth, of the parity of depth.
Board RandomWalkBoard(Rng& rng, int depth);

// A uniformly random solvable board (each of the 181,440 equally likely).
Board UniformSolvableBoard(Rng& rng);

// Swaps the first two tiles (blank skipped) in row-major order. A transposition
// flips the inversion parity, so this maps solvable boards one-to-one onto
// unsolvable ones and back; uniform in, uniform out.
Board FlipSolvability(const Board& board);

}  // namespace eight

#endif  // EIGHT_RANDOM_BOARD_H_
