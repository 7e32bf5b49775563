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
  std::fill_n(distance_.get(), kSetCount, kUnseen);
  // Level-synchronous BFS. The queue holds masks, not ranks, so no state is ever
  // unranked; it is temporary (2.9 MB) and freed before the constructor returns.
  std::vector<CellMask> queue(kSetCount);
  size_t head = 0, tail = 0;
  distance_[RankMask(kCentreMask)] = 0;
  queue[tail++] = kCentreMask;
  uint8_t level = 0;
  while (head < tail) {
    const size_t level_end = tail;
    ++level;
    for (; head < level_end; ++head) {
      const CellMask set = queue[head];
      for (int m = 0; m < kMoveCount; ++m) {
        const CellMask image = ApplyMoveToMask(set, m);
        uint8_t& d = distance_[RankMask(image)];
        if (d == kUnseen) {
          d = level;
          queue[tail++] = image;
        }
      }
    }
  }
  max_distance_ = level - 1;  // the last level found nothing new
}

int DistanceTable::BoardDistance(const Board& board) const {
  int best = kUnseen;
  for (int digit = 1; digit <= kDigitCount; ++digit)
    best = std::min(best, SetDistance(MaskOfDigit(board, digit)));
  return best;
}

}  // namespace rotation
