#include "eight/solvability.h"

namespace eight {

int CountInversions(const Board& board) {
  int inversions = 0;
  for (int i = 0; i < kCells; ++i) {
    if (board.cells[i] == kBlank) continue;
    for (int j = i + 1; j < kCells; ++j)
      if (board.cells[j] != kBlank && board.cells[j] < board.cells[i]) ++inversions;
  }
  return inversions;
}

bool IsSolvable(const Board& board) { return CountInversions(board) % 2 == 0; }

}  // namespace eight
