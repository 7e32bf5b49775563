#include "rotation/bounded_distance_table.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "rotation/moves.h"
#include "rotation/symmetry.h"

namespace rotation {

const BoundedDistanceTable& BoundedDistanceTable::Get() {
  static const BoundedDistanceTable table(kDefaultDepth);
  return table;
}

BoundedDistanceTable::BoundedDistanceTable(int depth)
    : within_(new uint64_t[(kSetCount + 63) / 64]()),
      packed_(new uint8_t[(kSetCount + 1) / 2]()),
      depth_(std::clamp(depth, 0, kMaxDepth)) {
  // Marks set as at distance level unless it was seen; true when newly marked. The
  // bitset answers "seen" from a small, cache-resident array; the 4-bit entry is
  // written once per set.
  const auto mark = [this](CellMask set, int level) {
    const uint32_t rank = RankMask(set);
    uint64_t& word = within_[rank >> 6];
    const uint64_t bit = uint64_t{1} << (rank & 63);
    if (word & bit) return false;
    word |= bit;
    packed_[rank >> 1] = static_cast<uint8_t>(packed_[rank >> 1] | level << ((rank & 1) * 4));
    ++sets_within_depth_;
    return true;
  };
  // Marks the whole orbit of set under the symmetries (symmetry.h): all its members
  // lie at the same distance. The orbit is set and its reflection, each turned 0..3
  // quarter turns.
  const auto mark_orbit = [&mark](CellMask set, int level) {
    CellMask turned = set, reflected = ReflectMask(set);
    for (int turns = 0; turns < 4; ++turns) {
      mark(turned, level);
      mark(reflected, level);
      turned = QuarterTurnMask(turned);
      reflected = QuarterTurnMask(reflected);
    }
  };
  // The frontiers hold one set per orbit: when a set is first reached its whole orbit
  // is marked, so a move reaching any other member of the orbit finds it seen.
  std::vector<CellMask> frontier = {kCentreMask}, next;
  mark_orbit(kCentreMask, 0);
  for (int level = 1; level <= depth_ && !frontier.empty(); ++level) {
    next.clear();
    for (const CellMask set : frontier)
      for (int m = 0; m < kMoveCount; ++m) {
        const CellMask image = ApplyMoveToMask(set, m);
        if (!IsWithinDepth(image)) {
          mark_orbit(image, level);
          next.push_back(image);
        }
      }
    std::swap(frontier, next);
  }
}

}  // namespace rotation
