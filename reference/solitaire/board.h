// The Solitaire board (POJ 1198): an 8x8 grid holding four identical pieces.
//
// Cells are numbered 0..63 row by row: cell = (row - 1) * 8 + (col - 1) for the
// problem's 1-based row and column (row 1 is the top, column 1 the left). Because the
// pieces are identical, a position is the SET of the four occupied cells; Board stores
// it as a 64-bit occupancy mask (bit i = cell i). That mask is the canonical state: two
// inputs listing the same cells in different orders give equal Boards, and iterating
// the set bits yields the cells already sorted. Boards are plain values.
#ifndef SOLITAIRE_BOARD_H_
#define SOLITAIRE_BOARD_H_

#include <array>
#include <cstdint>
#include <string>

namespace solitaire {

inline constexpr int kSide = 8;        // rows and columns, numbered 1..kSide
inline constexpr int kCellCount = 64;  // kSide * kSide
inline constexpr int kPieceCount = 4;

// A cell index 0..63. Row and column below are the problem's 1-based numbers.
using Cell = int;

constexpr Cell CellAt(int row, int col) { return (row - 1) * kSide + (col - 1); }
constexpr int RowOf(Cell cell) { return cell / kSide + 1; }
constexpr int ColOf(Cell cell) { return cell % kSide + 1; }

struct Board {
  // Bit i set = a piece on cell i. A legal board has exactly kPieceCount bits set.
  uint64_t mask = 0;

  friend bool operator==(const Board&, const Board&) = default;
};

// The board with pieces on the given cells. Precondition: the cells are distinct and
// in 0..63 (parsing checks this and reports the offending tokens).
Board BoardOf(const std::array<Cell, kPieceCount>& cells);

// The four occupied cells in increasing order. Precondition: a legal board.
std::array<Cell, kPieceCount> CellsOf(Board board);

// True when exactly kPieceCount cells are occupied.
bool IsLegal(Board board);

// The input format of one configuration: "r1 c1 r2 c2 r3 c3 r4 c4", cells in increasing
// order, single spaces, no newline.
std::string ToString(Board board);

}  // namespace solitaire

#endif  // SOLITAIRE_BOARD_H_
