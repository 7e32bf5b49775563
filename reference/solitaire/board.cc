#include "solitaire/board.h"

#include <bit>

namespace solitaire {

Board BoardOf(const std::array<Cell, kPieceCount>& cells) {
  Board board;
  for (Cell cell : cells) board.mask |= uint64_t{1} << cell;
  return board;
}

std::array<Cell, kPieceCount> CellsOf(Board board) {
  std::array<Cell, kPieceCount> cells{};
  uint64_t rest = board.mask;
  for (Cell& cell : cells) {
    cell = std::countr_zero(rest);
    rest &= rest - 1;
  }
  return cells;
}

bool IsLegal(Board board) { return std::popcount(board.mask) == kPieceCount; }

std::string ToString(Board board) {
  std::string text;
  for (Cell cell : CellsOf(board)) {
    if (!text.empty()) text += ' ';
    text += std::to_string(RowOf(cell));
    text += ' ';
    text += std::to_string(ColOf(cell));
  }
  return text;
}

}  // namespace solitaire
