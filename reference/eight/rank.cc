#include "eight/rank.h"

#include <bit>

namespace eight {
namespace {

constexpr uint32_t kFactorial[kCells] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};

}  // namespace

uint32_t Rank(const Board& board) {
  uint32_t rank = 0;
  unsigned unused = (1u << kCells) - 1;  // bit v set while value v is not yet placed
  for (int i = 0; i < kCells; ++i) {
    unsigned v = board.cells[i];
    unsigned smaller_unused = static_cast<unsigned>(std::popcount(unused & ((1u << v) - 1)));
    rank += smaller_unused * kFactorial[kCells - 1 - i];
    unused &= ~(1u << v);
  }
  return rank;
}

Board Unrank(uint32_t r) {
  Board board;
  unsigned unused = (1u << kCells) - 1;
  for (int i = 0; i < kCells; ++i) {
    uint32_t f = kFactorial[kCells - 1 - i];
    unsigned k = r / f;  // pick the k-th smallest unused value
    r %= f;
    unsigned m = unused;
    for (unsigned j = 0; j < k; ++j) m &= m - 1;
    unsigned v = static_cast<unsigned>(std::countr_zero(m));
    board.cells[i] = static_cast<uint8_t>(v);
    unused &= ~(1u << v);
  }
  return board;
}

}  // namespace eight
