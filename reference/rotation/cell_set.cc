#include "rotation/cell_set.h"

#include <array>

#include "rotation/moves.h"

namespace rotation {
namespace {

constexpr int kBytes = 3;  // a 24-bit mask

constexpr std::array<std::array<uint32_t, 9>, 25> MakeBinomials() {
  std::array<std::array<uint32_t, 9>, 25> c{};
  for (int n = 0; n <= 24; ++n) {
    c[n][0] = 1;
    for (int k = 1; k <= 8 && k <= n; ++k) c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
  }
  return c;
}
constexpr auto kBinomial = MakeBinomials();
static_assert(kBinomial[24][8] == kSetCount);

// Where each cell's value goes under each move: dest[m][cell].
constexpr std::array<std::array<int, kCellCount>, kMoveCount> MakeDestinations() {
  std::array<std::array<int, kCellCount>, kMoveCount> dest{};
  for (int m = 0; m < kMoveCount; ++m) {
    for (int cell = 0; cell < kCellCount; ++cell) dest[m][cell] = cell;
    // The value at list[i+1] moves to list[i]; the head's value moves to the tail.
    for (int i = 0; i < kMoveLength; ++i)
      dest[m][kMoveCells[m][(i + 1) % kMoveLength]] = kMoveCells[m][i];
  }
  return dest;
}

using ImageTable = std::array<std::array<std::array<CellMask, 256>, kBytes>, kMoveCount>;
constexpr ImageTable MakeImages() {
  constexpr auto dest = MakeDestinations();
  ImageTable t{};
  for (int m = 0; m < kMoveCount; ++m)
    for (int b = 0; b < kBytes; ++b)
      for (int v = 0; v < 256; ++v) {
        CellMask out = 0;
        for (int bit = 0; bit < 8; ++bit)
          if (v >> bit & 1) out |= CellMask{1} << dest[m][8 * b + bit];
        t[m][b][v] = out;
      }
  return t;
}
// The j-th set bit of v, at cell p, adds C(p, k + j).
using RankTable = std::array<std::array<std::array<uint32_t, 256>, 9>, kBytes>;
constexpr RankTable MakeRankParts() {
  RankTable t{};
  for (int b = 0; b < kBytes; ++b)
    for (int k = 0; k <= 8; ++k)
      for (int v = 0; v < 256; ++v) {
        uint32_t sum = 0;
        int j = k;
        for (int bit = 0; bit < 8; ++bit)
          if (v >> bit & 1) {
            ++j;
            if (j <= 8) sum += kBinomial[8 * b + bit][j];
          }
        t[b][k][v] = sum;
      }
  return t;
}
constexpr std::array<uint8_t, 256> MakeByteCounts() {
  std::array<uint8_t, 256> t{};
  for (int v = 0; v < 256; ++v)
    for (int bit = 0; bit < 8; ++bit) t[v] += (v >> bit) & 1;
  return t;
}

}  // namespace

namespace internal {
constexpr ImageTable kImages = MakeImages();
constexpr RankTable kRankParts = MakeRankParts();
constexpr std::array<uint8_t, 256> kByteCounts = MakeByteCounts();
}  // namespace internal

CellMask MaskOfDigit(const Board& board, int digit) {
  CellMask mask = 0;
  for (int i = 0; i < kCellCount; ++i)
    if (board.cells[i] == digit) mask |= CellMask{1} << i;
  return mask;
}

CellMask UnrankMask(uint32_t rank) {
  // Greedy decoding of the combinatorial number system, largest cell first.
  CellMask set = 0;
  int cell = kCellCount - 1;
  for (int k = 8; k >= 1; --k) {
    while (kBinomial[cell][k] > rank) --cell;
    rank -= kBinomial[cell][k];
    set |= CellMask{1} << cell;
    --cell;
  }
  return set;
}

}  // namespace rotation
