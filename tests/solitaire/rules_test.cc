// Board, rank and move generation against definitions computed independently here.
#include <algorithm>
#include <cstdlib>
#include <set>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "solitaire/board.h"
#include "solitaire/moves.h"
#include "solitaire/rank.h"

namespace solitaire {
namespace {

TEST(SolitaireBoardTest, CellNumberingIsRowMajorFromOne) {
  EXPECT_EQ(CellAt(1, 1), 0);
  EXPECT_EQ(CellAt(1, 8), 7);
  EXPECT_EQ(CellAt(2, 1), 8);
  EXPECT_EQ(CellAt(8, 8), 63);
  for (int r = 1; r <= 8; ++r) {
    for (int c = 1; c <= 8; ++c) {
      EXPECT_EQ(RowOf(CellAt(r, c)), r);
      EXPECT_EQ(ColOf(CellAt(r, c)), c);
    }
  }
}

TEST(SolitaireBoardTest, PiecesAreIdenticalSoOrderDoesNotMatter) {
  Board a = BoardOf({CellAt(4, 4), CellAt(4, 5), CellAt(5, 4), CellAt(6, 5)});
  Board b = BoardOf({CellAt(6, 5), CellAt(4, 4), CellAt(5, 4), CellAt(4, 5)});
  EXPECT_EQ(a, b);
  EXPECT_TRUE(IsLegal(a));
  EXPECT_EQ(ToString(b), "4 4 4 5 5 4 6 5");
  auto cells = CellsOf(b);
  EXPECT_TRUE(std::is_sorted(cells.begin(), cells.end()));
}

TEST(SolitaireBoardTest, IsLegalCountsPieces) {
  EXPECT_FALSE(IsLegal(Board{0}));
  EXPECT_FALSE(IsLegal(Board{0b111}));
  EXPECT_FALSE(IsLegal(Board{0b11111}));
  EXPECT_TRUE(IsLegal(Board{0b1111ull << 60}));
}

TEST(SolitaireRankTest, RoundTripOverAllStates) {
  for (uint32_t r = 0; r < kStateCount; ++r) {
    const Board b = Unrank(r);
    ASSERT_TRUE(IsLegal(b)) << "rank " << r;
    ASSERT_EQ(Rank(b), r) << "rank " << r;
  }
}

TEST(SolitaireRankTest, EveryFourCellSetHasADistinctRankInRange) {
  // Enumerates the sets independently of Unrank: nested loops over a < b < c < d.
  std::vector<bool> seen(kStateCount, false);
  uint32_t count = 0;
  for (int a = 0; a < 64; ++a)
    for (int b = a + 1; b < 64; ++b)
      for (int c = b + 1; c < 64; ++c)
        for (int d = c + 1; d < 64; ++d) {
          const uint32_t r = Rank(BoardOf({a, b, c, d}));
          ASSERT_LT(r, kStateCount);
          ASSERT_FALSE(seen[r]) << "duplicate rank " << r;
          seen[r] = true;
          ++count;
        }
  EXPECT_EQ(count, kStateCount);
  // The combinatorial number system puts the lowest set first and the highest last.
  EXPECT_EQ(Rank(BoardOf({0, 1, 2, 3})), 0u);
  EXPECT_EQ(Rank(BoardOf({60, 61, 62, 63})), kStateCount - 1);
}

// Moves by the definition, cell by cell: a piece may go to an empty cell that is an
// orthogonal neighbour, or two cells away in a straight line with the cell between
// occupied. Returned as sorted (from, to, jump) triples.
std::vector<std::tuple<int, int, bool>> BruteForceMoves(Board board) {
  std::vector<std::tuple<int, int, bool>> moves;
  auto occupied = [&](int r, int c) { return (board.mask >> ((r - 1) * 8 + (c - 1))) & 1; };
  for (int from = 0; from < 64; ++from) {
    if (!(board.mask >> from & 1)) continue;
    const int fr = from / 8 + 1, fc = from % 8 + 1;
    for (int to = 0; to < 64; ++to) {
      const int tr = to / 8 + 1, tc = to % 8 + 1;
      if (occupied(tr, tc)) continue;
      const int dr = tr - fr, dc = tc - fc;
      if (std::abs(dr) + std::abs(dc) == 1) {
        moves.emplace_back(from, to, false);
      } else if ((std::abs(dr) == 2 && dc == 0) || (dr == 0 && std::abs(dc) == 2)) {
        if (occupied(fr + dr / 2, fc + dc / 2)) moves.emplace_back(from, to, true);
      }
    }
  }
  std::sort(moves.begin(), moves.end());
  return moves;
}

TEST(SolitaireMovesTest, MatchesBruteForceOnEveryState) {
#ifdef JUDGE_SANITIZE_BUILD
  const uint32_t stride = 61;  // a sample under the sanitizers
#else
  const uint32_t stride = 1;
#endif
  for (uint32_t r = 0; r < kStateCount; r += stride) {
    const Board board = Unrank(r);
    std::vector<std::tuple<int, int, bool>> got;
    for (const Move& m : LegalMoves(board)) {
      got.emplace_back(m.from, m.to, m.jump);
      const Board after = Apply(board, m);
      ASSERT_TRUE(IsLegal(after));
      ASSERT_TRUE(after.mask >> m.to & 1);
      ASSERT_FALSE(after.mask >> m.from & 1);
    }
    std::sort(got.begin(), got.end());
    ASSERT_EQ(got, BruteForceMoves(board)) << ToString(board);
  }
}

TEST(SolitaireMovesTest, CornerPieceStepsTwoWaysAndJumpsOverANeighbour) {
  // (1,1) with (1,2) beside it: the corner piece can go down, or jump right to (1,3).
  Board b = BoardOf({CellAt(1, 1), CellAt(1, 2), CellAt(5, 5), CellAt(8, 8)});
  std::set<std::pair<int, int>> from_corner;
  for (const Move& m : LegalMoves(b))
    if (m.from == CellAt(1, 1)) from_corner.insert({m.to, m.jump});
  EXPECT_EQ(from_corner, (std::set<std::pair<int, int>>{{CellAt(2, 1), 0}, {CellAt(1, 3), 1}}));
}

TEST(SolitaireMovesTest, NoJumpOffTheBoardOrOntoAPieceOrOverTwoPieces) {
  // Row 1: pieces at (1,6), (1,7), (1,8). (1,7) cannot jump right (off the board) but
  // jumps left over (1,6) to (1,5); (1,6) cannot jump right over (1,7) because (1,8) is
  // taken; (1,8) cannot go left at all (two pieces in a row).
  Board b = BoardOf({CellAt(1, 6), CellAt(1, 7), CellAt(1, 8), CellAt(4, 4)});
  for (const Move& m : LegalMoves(b)) EXPECT_FALSE(b.mask >> m.to & 1) << "onto a piece";
  std::set<int> from_middle;
  for (const Move& m : LegalMoves(b))
    if (m.from == CellAt(1, 7)) from_middle.insert(m.to);
  EXPECT_EQ(from_middle, (std::set<int>{CellAt(1, 5), CellAt(2, 7)}));
  std::set<int> from_first;
  for (const Move& m : LegalMoves(b))
    if (m.from == CellAt(1, 6)) from_first.insert(m.to);
  EXPECT_EQ(from_first, (std::set<int>{CellAt(1, 5), CellAt(2, 6)}));
  std::set<int> from_end;
  for (const Move& m : LegalMoves(b))
    if (m.from == CellAt(1, 8)) from_end.insert(m.to);
  EXPECT_EQ(from_end, (std::set<int>{CellAt(2, 8)}));
}

TEST(SolitaireMovesTest, AtMostSixteenMovesAndEveryMoveIsUndoable) {
  for (uint32_t r = 0; r < kStateCount; r += 997) {
    const Board board = Unrank(r);
    const auto moves = LegalMoves(board);
    ASSERT_LE(moves.size(), static_cast<size_t>(kMaxMoves));
    for (const Move& m : moves) {
      const Board after = Apply(board, m);
      bool back = false;
      for (const Move& n : LegalMoves(after)) back = back || Apply(after, n) == board;
      ASSERT_TRUE(back) << ToString(board);
    }
  }
}

}  // namespace
}  // namespace solitaire
