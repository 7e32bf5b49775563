// Dense numbering of boards: the Lehmer code (Cantor expansion) of the nine cells as
// a permutation of 0..8, a bijection between permutations and 0 .. 9!-1 in
// lexicographic order. The solver's table is indexed by it.
#ifndef EIGHT_RANK_H_
#define EIGHT_RANK_H_

#include <cstdint>

#include "eight/board.h"

namespace eight {

inline constexpr uint32_t kPermutationCount = 362880;  // 9!

// The rank of board, which must be a permutation of 0..8. O(9).
uint32_t Rank(const Board& board);

// The board of rank r < kPermutationCount. O(9).
Board Unrank(uint32_t r);

}  // namespace eight

#endif  // EIGHT_RANK_H_
