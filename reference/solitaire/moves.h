// The moves of Solitaire.
//
// One move takes one piece in one of the four directions (up, down, left, right):
//  - a step, to the neighbouring cell when that cell is empty; or
//  - a jump, over the neighbouring cell when it holds a piece, to the cell just beyond
//    it in the same direction, when that cell is empty.
// Pieces never leave the board, so a move whose destination is off the board does not
// exist. A piece therefore has at most one move per direction and a board at most 16.
// Every move can be undone by one move (a step back, or a jump back over the same,
// unmoved, piece), so "reachable within k moves" is symmetric in start and target.
//
// ForEachMove is a header template so the solver's inner loop is inlined; the
// neighbour tables it reads are compile-time constants.
#ifndef SOLITAIRE_MOVES_H_
#define SOLITAIRE_MOVES_H_

#include <array>
#include <cstdint>
#include <vector>

#include "solitaire/board.h"

namespace solitaire {

inline constexpr int kDirectionCount = 4;  // up, down, left, right
inline constexpr int kMaxMoves = kPieceCount * kDirectionCount;

struct Move {
  Cell from = 0;
  Cell to = 0;
  bool jump = false;  // true when the piece jumped over a neighbour

  friend bool operator==(const Move&, const Move&) = default;
};

namespace internal {

struct NeighbourTables {
  // next[d][c]: the cell one step from c in direction d; -1 off the board.
  // beyond[d][c]: the cell two steps from c in direction d; -1 off the board.
  std::array<std::array<int8_t, kCellCount>, kDirectionCount> next{};
  std::array<std::array<int8_t, kCellCount>, kDirectionCount> beyond{};
};

constexpr NeighbourTables MakeNeighbourTables() {
  constexpr int kDr[kDirectionCount] = {-1, 1, 0, 0};
  constexpr int kDc[kDirectionCount] = {0, 0, -1, 1};
  NeighbourTables t;
  for (int d = 0; d < kDirectionCount; ++d) {
    for (Cell c = 0; c < kCellCount; ++c) {
      int r = RowOf(c), col = ColOf(c);
      auto at = [](int rr, int cc) -> int8_t {
        return rr >= 1 && rr <= kSide && cc >= 1 && cc <= kSide ? int8_t(CellAt(rr, cc)) : int8_t{-1};
      };
      t.next[d][c] = at(r + kDr[d], col + kDc[d]);
      t.beyond[d][c] = at(r + 2 * kDr[d], col + 2 * kDc[d]);
    }
  }
  return t;
}

inline constexpr NeighbourTables kNeighbours = MakeNeighbourTables();

}  // namespace internal

// Calls visit(Move, Board after) for every legal move of board, pieces in increasing
// cell order, directions up, down, left, right. Precondition: IsLegal(board).
template <typename Visit>
inline void ForEachMove(Board board, Visit&& visit) {
  const uint64_t occupied = board.mask;
  for (uint64_t rest = occupied; rest != 0; rest &= rest - 1) {
    const Cell from = __builtin_ctzll(rest);
    for (int d = 0; d < kDirectionCount; ++d) {
      const int next = internal::kNeighbours.next[d][from];
      if (next < 0) continue;
      Move move{from, next, false};
      if (occupied >> next & 1) {
        const int beyond = internal::kNeighbours.beyond[d][from];
        if (beyond < 0 || (occupied >> beyond & 1)) continue;
        move = Move{from, beyond, true};
      }
      visit(move, Board{occupied ^ (uint64_t{1} << from) ^ (uint64_t{1} << move.to)});
    }
  }
}

// The legal moves of board, in ForEachMove order. Precondition: IsLegal(board).
std::vector<Move> LegalMoves(Board board);

// The board after move. Precondition: move is one of LegalMoves(board).
Board Apply(Board board, Move move);

}  // namespace solitaire

#endif  // SOLITAIRE_MOVES_H_
