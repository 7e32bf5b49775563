#include "rotation/solver.h"

#include <algorithm>
#include <array>

#include "rotation/cell_set.h"
#include "rotation/distance_table.h"
#include "rotation/moves.h"

namespace rotation {

Solution Solve(const Board& board) {
  const DistanceTable& table = DistanceTable::Get();
  std::array<CellMask, kDigitCount> sets;
  int distance = kCellCount * kMoveCount;  // above any real distance
  for (int d = 0; d < kDigitCount; ++d) {
    sets[d] = MaskOfDigit(board, d + 1);
    distance = std::min(distance, table.SetDistance(sets[d]));
  }
  Solution solution;
  solution.moves.reserve(distance);
  while (distance > 0) {
    int m = 0;
    for (; m < kMoveCount; ++m) {
      std::array<CellMask, kDigitCount> next;
      int next_distance = kCellCount * kMoveCount;
      for (int d = 0; d < kDigitCount; ++d) {
        next[d] = ApplyMoveToMask(sets[d], m);
        next_distance = std::min(next_distance, table.SetDistance(next[d]));
      }
      if (next_distance == distance - 1) {
        sets = next;
        break;
      }
    }
    // Some move always lowers an exact distance by one.
    solution.moves += MoveLetter(m);
    --distance;
  }
  for (int d = 0; d < kDigitCount; ++d)
    if (sets[d] == kCentreMask) solution.centre_digit = d + 1;
  return solution;
}

std::string FormatAnswer(const std::vector<Solution>& solutions) {
  std::string out;
  for (const Solution& s : solutions) {
    out += s.moves.empty() ? kNoMovesNeeded : s.moves;
    out += '\n';
    out += static_cast<char>('0' + s.centre_digit);
    out += '\n';
  }
  return out;
}

}  // namespace rotation
