// A dense numbering of the canonical states: every set of 4 of the 64 cells gets a
// distinct rank in 0 .. C(64,4) - 1 = 635,375.
//
// The rank is the set's index in the combinatorial number system: for occupied cells
// a < b < c < d, rank = C(a,1) + C(b,2) + C(c,3) + C(d,4). It lets the solver keep one
// byte per state in a flat array (635,376 bytes) instead of a hash set or an 8^8 array.
// Rank is inline (the solver calls it for every generated state): four bit scans and
// four lookups in a compile-time table. Both functions are thread-safe.
#ifndef SOLITAIRE_RANK_H_
#define SOLITAIRE_RANK_H_

#include <array>
#include <cstdint>

#include "solitaire/board.h"

namespace solitaire {

inline constexpr uint32_t kStateCount = 635376;  // C(64, 4)

namespace internal {

// kBinomial[k][n] = C(n, k) for k = 0..4, n = 0..64.
constexpr std::array<std::array<uint32_t, kCellCount + 1>, kPieceCount + 1> MakeBinomials() {
  std::array<std::array<uint32_t, kCellCount + 1>, kPieceCount + 1> c{};
  for (int n = 0; n <= kCellCount; ++n) {
    c[0][n] = 1;
    for (int k = 1; k <= kPieceCount; ++k) c[k][n] = n == 0 ? 0 : c[k][n - 1] + c[k - 1][n - 1];
  }
  return c;
}
inline constexpr auto kBinomial = MakeBinomials();
static_assert(kBinomial[kPieceCount][kCellCount] == kStateCount);

}  // namespace internal

// The rank of a legal board, 0 .. kStateCount - 1. Precondition: IsLegal(board).
inline uint32_t Rank(Board board) {
  uint64_t rest = board.mask;
  uint32_t rank = 0;
  for (int k = 1; k <= kPieceCount; ++k) {
    rank += internal::kBinomial[k][__builtin_ctzll(rest)];
    rest &= rest - 1;
  }
  return rank;
}

// The board of a rank. Precondition: rank < kStateCount.
Board Unrank(uint32_t rank);

}  // namespace solitaire

#endif  // SOLITAIRE_RANK_H_
