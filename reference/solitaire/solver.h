// The solver: can the target configuration be reached from the start in at most k
// moves? The problem asks k = 8 (kProblemMoveLimit).
//
// Theory of operation
// -------------------
// Moves are reversible (moves.h), so the search runs from both ends at once. Each side
// is a breadth-first search that grows one whole layer at a time; the side with the
// smaller frontier grows next, as long as the two depths add up to less than k. Every
// state a side reaches is stamped with that side's mark in a flat byte array indexed by
// the state's rank (rank.h); a side that generates a state carrying the other side's
// mark has found a path of length <= k, and the answer is yes. When the depths add up
// to k (or a frontier runs empty) without a meeting, the answer is no: any path of
// length L <= k has a state within the forward depth of the start and within the
// backward depth of the target, and whichever side reached it second would have met
// the other's mark.
//
// Pruning keeps the layers small. One move carries one piece at most 2 cells
// (Manhattan distance), so a state needs at least
//   - sum over its pieces of ceil(distance to the nearest cell of the other root / 2)
//     (the "nearest" bound, updated in O(1) per move), and at least
//   - the cheapest one-to-one matching of its cells onto the other root's cells with
//     cost ceil(distance / 2) (the "matching" bound, stronger and dearer)
// more moves to reach the other root. A state at depth g whose bound exceeds k - g lies
// on no path of length <= k: a child failing the nearest bound is dropped before it is
// ranked; a new state failing the matching bound is stamped (it is still a genuine
// state at that depth, so a meeting there is still a real path) but not expanded.
// The matching bound of the two roots rejects most random pairs before any search.
//
// Memory: the stamp array has one byte per state (635,376 bytes). Each search takes
// two fresh marks from a generation counter instead of clearing the array; the array
// is cleared only when the 8-bit counter runs out, once per 127 searches. The
// frontiers hold at most one layer of states (a few thousand for k = 8).
#ifndef SOLITAIRE_SOLVER_H_
#define SOLITAIRE_SOLVER_H_

#include <array>
#include <cstdint>
#include <vector>

#include "solitaire/board.h"

namespace solitaire {

inline constexpr int kProblemMoveLimit = 8;

// A lower bound on the number of moves between two legal boards: the cheapest
// one-to-one matching of their cells, each pair costing ceil(Manhattan distance / 2).
int LowerBound(Board from, Board to);

// Not thread-safe: use one Solver per thread. Reusing one Solver across many calls is
// what makes it fast (no allocation and no clearing per call).
class Solver {
 public:
  Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // True when target can be reached from start in at most max_moves moves.
  // Preconditions: both boards legal. Any max_moves works; the time grows quickly with
  // it (layers multiply about tenfold per move until they near the 635,376 states);
  // memory beyond the stamp array is two layers of states per side.
  bool Reachable(Board start, Board target, int max_moves);

  // The least number of moves from start to target when it is at most limit, else -1.
  // Preconditions as Reachable, with limit in place of max_moves.
  int Distance(Board start, Board target, int limit);

 private:
  struct Node {
    uint64_t mask;
    int bound;  // the nearest bound of this state towards the other side's root
  };
  // One end of the bidirectional search.
  struct Side {
    uint8_t mark = 0;  // the stamp of the states this side reached
    int depth = 0;     // the depth of the states in frontier
    std::vector<Node> frontier;
    std::vector<Node> next;
    // nearest[c]: ceil(distance / 2) from cell c to the nearest cell of the other root.
    std::array<uint8_t, kCellCount> nearest{};
    // cost_to[c][j]: ceil(distance / 2) from cell c to the j-th cell of the other root.
    std::array<std::array<uint8_t, kPieceCount>, kCellCount> cost_to{};
  };

  // Readies side to search from root towards other, with a fresh mark.
  void StartSide(Side& side, Board root, Board other);
  // Grows side by one layer under the budget max_moves. Returns true on meeting the
  // other side's mark.
  bool Grow(Side& side, const Side& other, int max_moves);

  std::vector<uint8_t> stamp_;  // indexed by Rank, kStateCount entries
  uint8_t last_mark_ = 0;
  std::array<Side, 2> sides_;
};

}  // namespace solitaire

#endif  // SOLITAIRE_SOLVER_H_
