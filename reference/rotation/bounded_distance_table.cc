#include "rotation/bounded_distance_table.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "rotation/moves.h"

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
    return true;
  };
  std::vector<CellMask> frontier = {kCentreMask}, next;
  mark(kCentreMask, 0);
  sets_within_depth_ = 1;
  for (int level = 1; level <= depth_ && !frontier.empty(); ++level) {
    next.clear();
    for (const CellMask set : frontier)
      for (int m = 0; m < kMoveCount; ++m) {
        const CellMask image = ApplyMoveToMask(set, m);
        if (mark(image, level)) next.push_back(image);
      }
    sets_within_depth_ += next.size();
    std::swap(frontier, next);
  }
}

}  // namespace rotation
