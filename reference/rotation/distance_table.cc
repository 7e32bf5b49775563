#include "rotation/distance_table.h"

#include <algorithm>
#include <vector>

#include "rotation/moves.h"

namespace rotation {
namespace {
constexpr uint8_t kUnseen = 0xff;
}  // namespace

const DistanceTable& DistanceTable::Get() {
  static const DistanceTable table;
  return table;
}

DistanceTable::DistanceTable() : distance_(new uint8_t[kSetCount]) {
  // Level-synchronous BFS over masks. "Seen" is a bitset over all 2^24 masks (2 MiB),
  // so the inner loop never ranks; each set is ranked once afterwards, when its level
  // is written to the table. The queue ends up holding every set exactly once, in
  // BFS order. Both are temporary (about 5 MiB) and freed before returning.
  std::vector<uint64_t> seen(size_t{1} << (kCellCount - 6));
  std::vector<CellMask> queue(kSetCount);
  std::vector<size_t> level_ends;  // queue[level_ends[k-1] .. level_ends[k]) is level k
  size_t head = 0, tail = 0;
  queue[tail++] = kCentreMask;
  seen[kCentreMask >> 6] |= uint64_t{1} << (kCentreMask & 63);
  while (head < tail) {
    const size_t level_end = tail;
    level_ends.push_back(level_end);
    for (; head < level_end; ++head) {
      const CellMask set = queue[head];
      for (int m = 0; m < kMoveCount; ++m) {
        const CellMask image = ApplyMoveToMask(set, m);
        uint64_t& word = seen[image >> 6];
        const uint64_t bit = uint64_t{1} << (image & 63);
        if (!(word & bit)) {
          word |= bit;
          queue[tail++] = image;
        }
      }
    }
  }
  // Every set is reachable (the moves generate all arrangements); kUnseen would mark
  // one that is not, and the tests check that none is.
  std::fill_n(distance_.get(), kSetCount, kUnseen);
  size_t i = 0;
  for (size_t level = 0; level < level_ends.size(); ++level)
    for (; i < level_ends[level]; ++i) distance_[RankMask(queue[i])] = static_cast<uint8_t>(level);
  max_distance_ = static_cast<int>(level_ends.size()) - 1;
}

int DistanceTable::BoardDistance(const Board& board) const {
  int best = kUnseen;
  for (int digit = 1; digit <= kDigitCount; ++digit)
    best = std::min(best, SetDistance(MaskOfDigit(board, digit)));
  return best;
}

}  // namespace rotation
