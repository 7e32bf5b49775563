#include "rotation/farthest_boards.h"

#include <algorithm>
#include <array>

#include "rotation/cell_set.h"
#include "rotation/distance_table.h"

namespace rotation {
namespace {

constexpr CellMask kAllCells = (CellMask{1} << kCellCount) - 1;

Board BoardOf(const std::array<CellMask, kDigitCount>& sets) {
  Board board;
  for (int d = 0; d < kDigitCount; ++d)
    for (int cell = 0; cell < kCellCount; ++cell)
      if (sets[d] >> cell & 1) board.cells[cell] = static_cast<uint8_t>(d + 1);
  return board;
}

}  // namespace

FarthestBoards FindFarthestBoards() {
  const DistanceTable& table = DistanceTable::Get();
  FarthestBoards result;
  for (int t = table.MaxSetDistance(); t >= 0; --t) {
    std::vector<CellMask> far;  // sets at distance >= t, ascending masks
    for (uint32_t rank = 0; rank < kSetCount; ++rank)
      if (table.DistanceOfRank(rank) >= t) far.push_back(UnrankMask(rank));
    std::sort(far.begin(), far.end());
    // Each partition once: s1 < s2 < s3 as masks.
    for (size_t i = 0; i < far.size(); ++i) {
      for (size_t j = i + 1; j < far.size(); ++j) {
        if (far[i] & far[j]) continue;
        const CellMask s3 = kAllCells & ~(far[i] | far[j]);
        if (s3 < far[j] || table.SetDistance(s3) < t) continue;
        std::array<CellMask, kDigitCount> sets = {far[i], far[j], s3};
        std::sort(sets.begin(), sets.end());
        do {  // every assignment of the digits 1..3 to the three sets
          result.boards.push_back(BoardOf(sets));
        } while (std::next_permutation(sets.begin(), sets.end()));
      }
    }
    if (!result.boards.empty()) {
      // No partition had all three sets at t + 1 or more, so each board's minimum is t.
      result.distance = t;
      break;
    }
  }
  std::sort(result.boards.begin(), result.boards.end(),
            [](const Board& a, const Board& b) { return a.cells < b.cells; });
  return result;
}

}  // namespace rotation
