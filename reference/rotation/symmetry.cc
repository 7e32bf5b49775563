#include "rotation/symmetry.h"

namespace rotation {
namespace {

using GeneratorTable = std::array<std::array<std::array<CellMask, 256>, 3>, 2>;
constexpr GeneratorTable MakeGeneratorImages() {
  GeneratorTable t{};
  constexpr int kGenerators[2] = {1, 4};
  for (int g = 0; g < 2; ++g)
    for (int b = 0; b < 3; ++b)
      for (int v = 0; v < 256; ++v) {
        CellMask out = 0;
        for (int bit = 0; bit < 8; ++bit)
          if (v >> bit & 1) out |= CellMask{1} << kSymmetries[kGenerators[g]][8 * b + bit];
        t[g][b][v] = out;
      }
  return t;
}

// Every cell lands on a cell, and no two on the same one.
constexpr bool AllPermutations() {
  for (const CellMap& map : kSymmetries) {
    CellMask seen = 0;
    for (int to : map) {
      if (to < 0) return false;
      seen |= CellMask{1} << to;
    }
    if (seen != (CellMask{1} << kCellCount) - 1) return false;
  }
  return true;
}
static_assert(AllPermutations());

}  // namespace

namespace internal {
constexpr GeneratorTable kGeneratorImages = MakeGeneratorImages();
}  // namespace internal

CellMask ApplySymmetryToMask(CellMask set, int s) {
  CellMask out = 0;
  for (int cell = 0; cell < kCellCount; ++cell)
    if (set >> cell & 1) out |= CellMask{1} << kSymmetries[s][cell];
  return out;
}

}  // namespace rotation
