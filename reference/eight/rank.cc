#include "eight/rank.h"

#include <array>
#include <bit>

namespace eight {
namespace {

constexpr uint32_t kFactorial[kCells] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};

// popcount of 9-bit values by table: no dependence on a popcount instruction, whose
// portable software fallback is several times slower on the solver's hot path.
constexpr std::array<uint8_t, 512> MakeBitCounts() {
  std::array<uint8_t, 512> t{};
  for (unsigned i = 1; i < 512; ++i) t[i] = static_cast<uint8_t>(t[i >> 1] + (i & 1));
  return t;
}
constexpr auto kBitCount = MakeBitCounts();

}  // namespace

uint32_t Rank(const Board& board) {
  uint32_t rank = 0;
  unsigned unused = (1u << kCells) - 1;  // bit v set while value v is not yet placed
  for (int i = 0; i < kCells - 1; ++i) {  // the last digit is always 0
    unsigned v = board.cells[i];
    rank += kBitCount[unused & ((1u << v) - 1)] * kFactorial[kCells - 1 - i];
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
