// Which boards can reach the goal.
//
// A move left/right keeps the row-major order of the tiles; a move up/down carries
// one tile past two others, changing the inversion count by 0 or +-2. So the parity
// of the number of inversions among the eight tiles (the blank ignored) never
// changes, and since the goal has none, only boards with an even count are
// solvable; all of those are (the 181,440 boards reached by the solver's BFS).
#ifndef EIGHT_SOLVABILITY_H_
#define EIGHT_SOLVABILITY_H_

#include "eight/board.h"

namespace eight {

// Pairs of tiles (blank excluded) that appear in the wrong order, row by row.
int CountInversions(const Board& board);

// True when board (a permutation of 0..8) can reach the goal.
bool IsSolvable(const Board& board);

}  // namespace eight

#endif  // EIGHT_SOLVABILITY_H_
