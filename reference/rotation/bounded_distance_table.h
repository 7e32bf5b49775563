// Exact move distances for the sets of 8 cells near the goal, built in under a
// millisecond: the table behind the solver.
//
// Theory of operation
// -------------------
// DistanceTable knows the distance of all 735,471 sets, but its BFS applies 5.9
// million moves (about 25 ms). Most of that work is for sets far from the goal, which
// a solver never needs exactly: a board 10 moves away only has to be searched until
// it gets within a few moves of the goal. This table is the same BFS from the centre
// set stopped after `depth` levels (45,091 sets within 7 moves, 1/16 of the space),
// so it answers
//   DistanceBound(set) = min(distance(set), depth + 1),
// exact for sets within depth moves and a lower bound for every other set (a set not
// reached by the BFS is at least depth + 1 moves away). That bound changes by at
// most 1 per move (it is a clamped distance), so it is a consistent heuristic for the
// solver's IDA* (solver.h).
//
// The BFS uses the board's eight symmetries (symmetry.h): they preserve distances,
// so when a set is first reached its whole orbit is marked at that level, and only
// that one set is kept in the frontier and expanded. That cuts the moves applied
// about eightfold.
//
// Storage, indexed by rank (cell_set.h): a bit per set "within depth" (90 KiB, the
// BFS's "seen" set and the lookup's first test) and 4 bits per set for the distance
// (359 KiB, read only for sets within depth). A dense byte array of only the sets
// within depth, numbered by a prefix count over the bitset, touches 60 fewer pages
// but measured no faster (it needs a second pass over the orbits and popcounts).
//
// Immutable after construction; Get() is thread-safe (a function-local static).
#ifndef ROTATION_BOUNDED_DISTANCE_TABLE_H_
#define ROTATION_BOUNDED_DISTANCE_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <memory>

#include "rotation/cell_set.h"

namespace rotation {

class BoundedDistanceTable {
 public:
  // The depth Get() uses, chosen by measurement (tools/bench/rotation/README.md).
  static constexpr int kDefaultDepth = 7;
  // The largest depth a 4-bit entry holds; deeper than any set's distance (14), so
  // a table of this depth is complete.
  static constexpr int kMaxDepth = 15;

  // The process-wide table of kDefaultDepth, built on the first call.
  static const BoundedDistanceTable& Get();

  // Runs the BFS to depth (0..kMaxDepth; clamped into that range).
  explicit BoundedDistanceTable(int depth);

  int depth() const { return depth_; }

  // min(moves needed to bring set onto the centre cells, depth() + 1).
  // Precondition: popcount(set) == 8.
  int DistanceBound(CellMask set) const {
    const uint32_t rank = RankMask(set);
    if (!(within_[rank >> 6] >> (rank & 63) & 1)) return depth_ + 1;
    return (packed_[rank >> 1] >> ((rank & 1) * 4)) & 0xf;
  }

  // True when set lies within depth() moves. Precondition: popcount(set) == 8.
  bool IsWithinDepth(CellMask set) const {
    const uint32_t rank = RankMask(set);
    return within_[rank >> 6] >> (rank & 63) & 1;
  }

  // How many sets lie within depth() moves of the goal.
  size_t SetsWithinDepth() const { return sets_within_depth_; }

 private:
  std::unique_ptr<uint64_t[]> within_;  // bit per rank: within depth_ moves
  std::unique_ptr<uint8_t[]> packed_;   // 4 bits per rank: the distance, if within
  int depth_ = 0;
  size_t sets_within_depth_ = 0;
};

}  // namespace rotation

#endif  // ROTATION_BOUNDED_DISTANCE_TABLE_H_
