// The reference solver: a shortest move sequence, the lexicographically smallest
// among the shortest ones, and the centre digit it leaves.
//
// Theory of operation
// -------------------
// The distance of a board is the minimum over its three digits of the distance of
// the digit's cell set (distance_table.h). The solver reads set distances from the
// BoundedDistanceTable, which knows them exactly up to its depth k (7) and otherwise
// only that they exceed k, so h(board) = min over digits of min(distance, k + 1) =
// min(distance(board), k + 1): exact near the goal, a lower bound elsewhere, and
// changing by at most 1 per move.
//
// With that bound it runs IDA*: depth-first searches with limits L = h(start),
// h(start) + 1, ..., children in A..H order, a child entered only when moves so far +
// 1 + h(child) <= L. The first limit that reaches a goal is the distance D, and the
// first goal reached is the smallest string of length D: the search visits strings
// in lexicographic order and prunes only strings that cannot reach a goal within L.
// Where h is exact, g + h >= D, so nodes near the goal are entered only on the last
// iteration and only along shortest paths; the work is the tree of moves from the
// start until the board gets within k moves, about 7^(D - k) nodes (a few hundred for
// a typical uniform board at distance 9).
//
// Two move patterns never occur in the answer and are skipped: a move undoing the
// previous one (never in a shortest answer), and two moves pulling the two parallel,
// disjoint columns (or rows) with the larger letter first (they commute, so the
// swapped string is as short and smaller).
//
// The bounded table is built on first use in about 0.7 ms (the full 735,471-set
// table takes about 25 ms); see tools/bench/rotation/README.md for the measurements.
//
// Thread-safe: uses only the immutable BoundedDistanceTable::Get() (or the table
// passed in).
#ifndef ROTATION_SOLVER_H_
#define ROTATION_SOLVER_H_

#include <string>
#include <vector>

#include "rotation/board.h"
#include "rotation/bounded_distance_table.h"

namespace rotation {

struct Solution {
  std::string moves;      // letters 'A'..'H'; empty when the board is already a goal
  int centre_digit = 0;   // the centre digit after the moves
};

// Precondition: board is legal (each digit 1..3 exactly 8 times).
Solution Solve(const Board& board);

// The same with a given table (any depth gives the same answer; deeper tables build
// slower and search faster). For tests and measurements.
Solution Solve(const Board& board, const BoundedDistanceTable& table);

// The expected output for solutions: per case a line with the moves (or
// "No moves needed") and a line with the centre digit, each ending in '\n'.
std::string FormatAnswer(const std::vector<Solution>& solutions);

// The words printed instead of moves for a board that is already a goal.
inline constexpr const char* kNoMovesNeeded = "No moves needed";

}  // namespace rotation

#endif  // ROTATION_SOLVER_H_
