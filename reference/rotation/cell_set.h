// Sets of 8 of the 24 cells, the state space of the distance table.
//
// The cells holding one digit form a set of 8 cells; a move permutes cells, so it maps
// sets to sets. A set is a 24-bit mask (bit i = cell i). Its rank is its index in the
// combinatorial number system: for cells c1 < c2 < ... < c8 the rank is
// sum_k C(c_k, k), a bijection onto 0 .. C(24,8)-1 = 735,470.
//
// Both operations are table-driven, one lookup per byte of the mask, so the BFS that
// fills the distance table spends a few nanoseconds per edge. The lookup tables are
// constant data computed at compile time: thread-safe, no initialisation order issues.
#ifndef ROTATION_CELL_SET_H_
#define ROTATION_CELL_SET_H_

#include <array>
#include <cstdint>

#include "rotation/board.h"

namespace rotation {

using CellMask = uint32_t;

inline constexpr uint32_t kSetCount = 735471;  // C(24, 8)

// The set of the eight centre cells: the only goal set of a digit.
inline constexpr CellMask kCentreMask = (1u << 6) | (1u << 7) | (1u << 8) | (1u << 11) |
                                        (1u << 12) | (1u << 15) | (1u << 16) | (1u << 17);

// The cells of board holding digit.
CellMask MaskOfDigit(const Board& board, int digit);

namespace internal {
// The lookup tables behind the two inline functions below (defined in cell_set.cc).
// images[m][b][v]: the image under move m of the cells given by value v of byte b.
extern const std::array<std::array<std::array<CellMask, 256>, 3>, 8> kImages;
// rank_parts[b][k][v]: the rank contribution of the cells in byte b (value v) when k
// cells of the set lie in the lower bytes.
extern const std::array<std::array<std::array<uint32_t, 256>, 9>, 3> kRankParts;
// Population count of a byte (no dependency on the CPU's popcnt instruction).
extern const std::array<uint8_t, 256> kByteCounts;
}  // namespace internal

// The image of set under move (0..7): where the values in those cells go.
inline CellMask ApplyMoveToMask(CellMask set, int move) {
  const auto& t = internal::kImages[move];
  return t[0][set & 0xff] | t[1][(set >> 8) & 0xff] | t[2][(set >> 16) & 0xff];
}

// The rank of an 8-cell set, 0 .. kSetCount-1. Precondition: popcount(set) == 8.
inline uint32_t RankMask(CellMask set) {
  const uint32_t low = set & 0xff, mid = (set >> 8) & 0xff, high = (set >> 16) & 0xff;
  const int below_mid = internal::kByteCounts[low];
  const int below_high = below_mid + internal::kByteCounts[mid];
  return internal::kRankParts[0][0][low] + internal::kRankParts[1][below_mid][mid] +
         internal::kRankParts[2][below_high][high];
}

// The inverse of RankMask. Precondition: rank < kSetCount.
CellMask UnrankMask(uint32_t rank);

}  // namespace rotation

#endif  // ROTATION_CELL_SET_H_
