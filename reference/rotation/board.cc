#include "rotation/board.h"

namespace rotation {

int CentreDigit(const Board& board) {
  const int digit = board.cells[kCentreCells[0]];
  for (int cell : kCentreCells)
    if (board.cells[cell] != digit) return 0;
  return digit;
}

bool IsGoal(const Board& board) { return CentreDigit(board) != 0; }

int CountDigit(const Board& board, int digit) {
  int count = 0;
  for (uint8_t v : board.cells) count += v == digit;
  return count;
}

std::string ToString(const Board& board) {
  std::string s;
  s.reserve(2 * kCellCount);
  for (int i = 0; i < kCellCount; ++i) {
    if (i) s += ' ';
    s += static_cast<char>('0' + board.cells[i]);
  }
  return s;
}

}  // namespace rotation
