#include "eight/board.h"

namespace eight {

int BlankIndex(const Board& board) {
  for (int i = 0; i < kCells; ++i)
    if (board.cells[i] == kBlank) return i;
  return -1;
}

bool IsPermutation(const Board& board) {
  unsigned seen = 0;
  for (uint8_t v : board.cells) {
    if (v >= kCells || (seen >> v & 1u)) return false;
    seen |= 1u << v;
  }
  return true;
}

std::string ToCompact(const Board& board) {
  std::string s(kCells, '?');
  for (int i = 0; i < kCells; ++i) {
    uint8_t v = board.cells[i];
    s[i] = v == kBlank ? 'x' : v < kCells ? static_cast<char>('0' + v) : '?';
  }
  return s;
}

std::optional<Board> FromCompact(std::string_view compact) {
  if (compact.size() != kCells) return std::nullopt;
  Board b;
  for (int i = 0; i < kCells; ++i) {
    char c = compact[i];
    if (c == 'x')
      b.cells[i] = kBlank;
    else if (c >= '1' && c <= '8')
      b.cells[i] = static_cast<uint8_t>(c - '0');
    else
      return std::nullopt;
  }
  if (!IsPermutation(b)) return std::nullopt;
  return b;
}

std::string FormatBoard(const Board& board, Layout layout) {
  std::string compact = ToCompact(board);
  std::string out;
  out.reserve(2 * kCells);
  for (int i = 0; i < kCells; ++i) {
    out += compact[i];
    bool row_end = i % kSide == kSide - 1;
    out += (i == kCells - 1 || (layout == Layout::kGrid && row_end)) ? '\n' : ' ';
  }
  return out;
}

}  // namespace eight
