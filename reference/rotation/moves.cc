#include "rotation/moves.h"

namespace rotation {
namespace {

constexpr std::array<int, kMoveCount> kInverse = {5, 4, 7, 6, 1, 0, 3, 2};

}  // namespace

int InverseMove(int move) { return kInverse[move]; }

void ApplyMove(Board& board, int move) {
  const MoveCycle& c = kMoveCells[move];
  const uint8_t head = board.cells[c[0]];
  for (int i = 0; i + 1 < kMoveLength; ++i) board.cells[c[i]] = board.cells[c[i + 1]];
  board.cells[c[kMoveLength - 1]] = head;
}

}  // namespace rotation
