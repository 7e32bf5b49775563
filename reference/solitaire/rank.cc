#include "solitaire/rank.h"

namespace solitaire {

Board Unrank(uint32_t rank) {
  // Greedy from the largest cell down: the k-th cell is the largest n with C(n,k) <= rank
  // (below the cell chosen before it).
  Board board;
  int n = kCellCount;
  for (int k = kPieceCount; k >= 1; --k) {
    do {
      --n;
    } while (internal::kBinomial[k][n] > rank);
    rank -= internal::kBinomial[k][n];
    board.mask |= uint64_t{1} << n;
  }
  return board;
}

}  // namespace solitaire
