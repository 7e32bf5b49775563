// The solver's speed machinery against independent checks: the board's symmetries
// are automorphisms of the moves (checked with the oracle's rules), the bounded table
// agrees with the full BFS at every depth, and the solver's answer does not depend on
// the table's depth and matches a plain greedy walk over the full table.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "oracle_rules.h"
#include "rotation/board.h"
#include "rotation/bounded_distance_table.h"
#include "rotation/cell_set.h"
#include "rotation/distance_table.h"
#include "rotation/moves.h"
#include "rotation/solver.h"
#include "rotation/symmetry.h"

namespace {

using rotation::Board;
using rotation::CellMask;
using rotation_oracle::Cells;

#ifdef JUDGE_SANITIZE_BUILD
constexpr int kScale = 10;
#else
constexpr int kScale = 1;
#endif

// The symmetries derived here from the picture: the grid squares of the '#' (rows 2
// and 4, columns 2 and 4 of a 7x7 grid) in reading order, and the eight maps
// (r, c) -> each of (r, c), (c, 6-r), (6-r, 6-c), (6-c, r) and their mirror images.
std::vector<std::array<int, 24>> GridSymmetries() {
  int index[7][7];
  std::array<std::array<int, 2>, 24> square{};
  int next = 0;
  for (int r = 0; r < 7; ++r)
    for (int c = 0; c < 7; ++c) {
      index[r][c] = -1;
      if (r == 2 || r == 4 || c == 2 || c == 4) {
        square[next] = {r, c};
        index[r][c] = next++;
      }
    }
  std::vector<std::array<int, 24>> maps;
  for (int mirror = 0; mirror < 2; ++mirror)
    for (int turn = 0; turn < 4; ++turn) {
      std::array<int, 24> map{};
      for (int i = 0; i < 24; ++i) {
        int r = square[i][0], c = square[i][1];
        if (mirror) c = 6 - c;
        for (int t = 0; t < turn; ++t) {
          const int nr = 6 - c, nc = r;  // counter-clockwise, unlike the library
          r = nr;
          c = nc;
        }
        map[i] = index[r][c];
      }
      maps.push_back(map);
    }
  return maps;
}

// out[map[i]] = cells[i].
Cells Transform(const Cells& cells, const std::array<int, 24>& map) {
  Cells out{};
  for (int i = 0; i < 24; ++i) out[map[i]] = cells[i];
  return out;
}

CellMask RandomSet(std::mt19937_64& rng) {
  std::array<int, 24> cells;
  for (int i = 0; i < 24; ++i) cells[i] = i;
  std::shuffle(cells.begin(), cells.end(), rng);
  CellMask set = 0;
  for (int k = 0; k < 8; ++k) set |= CellMask{1} << cells[k];
  return set;
}

TEST(RotationSymmetry, TheEightMapsAreTheGridSymmetries) {
  std::set<std::array<int, 24>> library, grid;
  for (const auto& map : rotation::kSymmetries) library.insert(map);
  for (const auto& map : GridSymmetries()) grid.insert(map);
  EXPECT_EQ(library.size(), 8u);
  EXPECT_EQ(library, grid);
  // Symmetry 0 is the identity; each maps the centre ring onto itself.
  for (int i = 0; i < 24; ++i) EXPECT_EQ(rotation::kSymmetries[0][i], i);
  for (const auto& map : rotation::kSymmetries) {
    CellMask ring = 0;
    for (int k = 0; k < 8; ++k) ring |= CellMask{1} << map[rotation_oracle::Ring()[k]];
    EXPECT_EQ(ring, rotation::kCentreMask);
  }
}

TEST(RotationSymmetry, EachSymmetryMapsTheMovesOntoTheMoves) {
  // With 24 distinct values a board is a permutation: s(move X(board)) must equal
  // move Y(s(board)) for exactly one Y, and X -> Y must be a bijection.
  Cells labels;
  for (int i = 0; i < 24; ++i) labels[i] = i;
  for (const auto& map : rotation::kSymmetries) {
    std::set<char> images;
    for (char x = 'A'; x <= 'H'; ++x) {
      Cells moved = labels;
      rotation_oracle::Apply(moved, x);
      const Cells lhs = Transform(moved, map);
      int matches = 0;
      for (char y = 'A'; y <= 'H'; ++y) {
        Cells rhs = Transform(labels, map);
        rotation_oracle::Apply(rhs, y);
        if (rhs == lhs) {
          ++matches;
          images.insert(y);
        }
      }
      EXPECT_EQ(matches, 1) << "move " << x;
    }
    EXPECT_EQ(images.size(), 8u);
  }
}

TEST(RotationSymmetry, TableDrivenGeneratorsMatchTheMaps) {
  std::mt19937_64 rng(21);
  for (int trial = 0; trial < 20000 / kScale; ++trial) {
    const CellMask set = RandomSet(rng);
    const CellMask turned = rotation::QuarterTurnMask(set);
    ASSERT_EQ(turned, rotation::ApplySymmetryToMask(set, 1));
    ASSERT_EQ(rotation::ReflectMask(set), rotation::ApplySymmetryToMask(set, 4));
    ASSERT_EQ(rotation::ReflectMask(rotation::ReflectMask(set)), set);
    ASSERT_EQ(rotation::QuarterTurnMask(rotation::QuarterTurnMask(
                  rotation::QuarterTurnMask(turned))),
              set);
  }
}

TEST(RotationSymmetry, FullTableDistancesAreInvariant) {
  const rotation::DistanceTable& table = rotation::DistanceTable::Get();
  for (uint32_t rank = 0; rank < rotation::kSetCount; rank += kScale) {
    const CellMask set = rotation::UnrankMask(rank);
    for (int s = 1; s < rotation::kSymmetryCount; ++s)
      ASSERT_EQ(table.SetDistance(rotation::ApplySymmetryToMask(set, s)),
                table.DistanceOfRank(rank))
          << std::hex << set << " symmetry " << s;
  }
}

TEST(RotationBoundedTable, AgreesWithTheFullBfsAtEveryDepth) {
  const rotation::DistanceTable& full = rotation::DistanceTable::Get();
  ASSERT_LE(full.MaxSetDistance(), rotation::BoundedDistanceTable::kMaxDepth);
  const std::vector<int> depths =
      kScale == 1 ? std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 14, 15}
                  : std::vector<int>{0, 3, 7, 15};
  for (int depth : depths) {
    const rotation::BoundedDistanceTable bounded(depth);
    ASSERT_EQ(bounded.depth(), depth);
    size_t within = 0;
    for (uint32_t rank = 0; rank < rotation::kSetCount; ++rank) {
      const int exact = full.DistanceOfRank(rank);
      within += exact <= depth;
      ASSERT_EQ(bounded.DistanceBound(rotation::UnrankMask(rank)), std::min(exact, depth + 1))
          << "depth " << depth << " rank " << rank;
    }
    EXPECT_EQ(bounded.SetsWithinDepth(), within) << "depth " << depth;
  }
  EXPECT_EQ(rotation::BoundedDistanceTable(-3).depth(), 0);
  EXPECT_EQ(rotation::BoundedDistanceTable(99).depth(), rotation::BoundedDistanceTable::kMaxDepth);
  EXPECT_EQ(rotation::BoundedDistanceTable::Get().depth(),
            rotation::BoundedDistanceTable::kDefaultDepth);
}

// The old, slow method, written here independently of the solver: with exact
// distances from the full table, take the first move (A..H) that lowers the board's
// distance by one.
std::string GreedyWalk(Board board) {
  const rotation::DistanceTable& table = rotation::DistanceTable::Get();
  std::string moves;
  for (int d = table.BoardDistance(board); d > 0; --d) {
    for (int m = 0; m < rotation::kMoveCount; ++m) {
      Board next = board;
      rotation::ApplyMove(next, m);
      if (table.BoardDistance(next) == d - 1) {
        board = next;
        moves += rotation::MoveLetter(m);
        break;
      }
    }
  }
  return moves;
}

TEST(RotationBoundedTable, AnswersDoNotDependOnTheTableDepth) {
  std::mt19937_64 rng(22);
  const rotation::BoundedDistanceTable shallow(5), deep(10),
      complete(rotation::BoundedDistanceTable::kMaxDepth);
  for (int trial = 0; trial < 10000 / kScale; ++trial) {
    Cells c;
    for (int i = 0; i < 24; ++i) c[i] = 1 + i / 8;
    std::shuffle(c.begin(), c.end(), rng);
    Board b;
    for (int i = 0; i < 24; ++i) b.cells[i] = static_cast<uint8_t>(c[i]);
    const rotation::Solution s = rotation::Solve(b);
    ASSERT_EQ(s.moves, GreedyWalk(b)) << rotation::ToString(b);
    ASSERT_EQ(rotation::Solve(b, deep).moves, s.moves) << rotation::ToString(b);
    ASSERT_EQ(rotation::Solve(b, complete).moves, s.moves) << rotation::ToString(b);
    if (trial < 300 / kScale) {
      ASSERT_EQ(rotation::Solve(b, shallow).moves, s.moves);
    }
    Cells end = c;
    for (char m : s.moves) rotation_oracle::Apply(end, m);
    ASSERT_EQ(rotation_oracle::Centre(end), s.centre_digit);
  }
}

}  // namespace
