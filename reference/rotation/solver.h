// The reference solver: a shortest move sequence, the lexicographically smallest
// among the shortest ones, and the centre digit it leaves.
//
// With the exact board distance k from DistanceTable, the first letter of the answer
// is the smallest move whose resulting board has distance k - 1 (some shortest
// sequence starts with it, and none starts with a smaller letter); repeating from that
// board yields the whole answer in O(k * 8) table lookups. The distance of a board is
// the minimum over its three digits, so several digits may tie; taking the minimum
// again after each candidate move handles that without special cases.
//
// Thread-safe: uses only the immutable DistanceTable::Get().
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
