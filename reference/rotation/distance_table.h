// Exact move distances for every set of 8 cells.
//
// Theory of operation
// -------------------
// Reaching the goal with digit d means moving the set of cells holding d onto the
// eight centre cells. Moves act on the board as cell permutations, so the sets of the
// three digits evolve independently under one shared move sequence, and
//   distance(board) = min over d of distance(set of d).
// The distance of a set is found once for all C(24,8) = 735,471 sets by one BFS from
// the centre set. The move graph is undirected (each move's inverse is a move), so BFS
// distance from the goal equals distance to the goal. One byte per set: 718 KiB kept;
// the BFS itself needs about 5 MiB more while it runs (a bitset over all 2^24 masks
// and the queue), freed at once.
//
// The table is built on first use (about 25 ms of CPU) and immutable after; Get() is
// thread-safe (a function-local static).
#ifndef ROTATION_DISTANCE_TABLE_H_
#define ROTATION_DISTANCE_TABLE_H_

#include <cstdint>
#include <memory>

#include "rotation/board.h"
#include "rotation/cell_set.h"

namespace rotation {

class DistanceTable {
 public:
  // The process-wide table, built on the first call.
  static const DistanceTable& Get();

  // Builds a fresh table (for tests and benchmarks; prefer Get()).
  DistanceTable();

  // Moves needed to bring set onto the centre cells. Precondition: popcount(set) == 8.
  int SetDistance(CellMask set) const { return distance_[RankMask(set)]; }

  // Same, by rank (0 .. kSetCount-1).
  int DistanceOfRank(uint32_t rank) const { return distance_[rank]; }

  // The largest SetDistance over all sets.
  int MaxSetDistance() const { return max_distance_; }

  // Moves needed to reach the goal from a legal board (each digit 8 times).
  int BoardDistance(const Board& board) const;

 private:
  std::unique_ptr<uint8_t[]> distance_;
  int max_distance_ = 0;
};

}  // namespace rotation

#endif  // ROTATION_DISTANCE_TABLE_H_
