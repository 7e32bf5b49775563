// The eight symmetries of the board: the rotations and reflections of the '#' shape.
//
// Drawn on a 7x7 grid (rows and columns 0..6, the centre at (3, 3)), the 24 cells
// are the two full rows 2 and 4, the two full columns 2 and 4, and nothing else; the
// dihedral group of the square maps that shape onto itself, the centre ring onto
// itself, and each line onto a line. A symmetry s therefore maps the move pulling a
// line onto the move pulling its image line in the image direction: for every move
// m there is a move m' with s(m(set)) = m'(s(set)). So distance(s(set)) =
// distance(set), which lets the bounded BFS expand one set per orbit (tests check
// the automorphism property on every set).
#ifndef ROTATION_SYMMETRY_H_
#define ROTATION_SYMMETRY_H_

#include <array>

#include "rotation/board.h"
#include "rotation/cell_set.h"

namespace rotation {

inline constexpr int kSymmetryCount = 8;

using CellMap = std::array<int, kCellCount>;  // cell i goes to map[i]

// The grid coordinates (row, column) of each cell.
inline constexpr std::array<std::array<int, 2>, kCellCount> kCellPositions = {{
    {0, 2}, {0, 4}, {1, 2}, {1, 4},                                  // 0..3
    {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6},          // 4..10
    {3, 2}, {3, 4},                                                  // 11, 12
    {4, 0}, {4, 1}, {4, 2}, {4, 3}, {4, 4}, {4, 5}, {4, 6},          // 13..19
    {5, 2}, {5, 4}, {6, 2}, {6, 4},                                  // 20..23
}};

// Symmetry s = 4 * reflect + quarter_turns: quarter_turns clockwise turns by 90
// degrees, after a left-right reflection when reflect is 1. Symmetry 0 is the
// identity.
constexpr std::array<CellMap, kSymmetryCount> MakeSymmetries() {
  std::array<CellMap, kSymmetryCount> maps{};
  for (int s = 0; s < kSymmetryCount; ++s)
    for (int cell = 0; cell < kCellCount; ++cell) {
      int r = kCellPositions[cell][0], c = kCellPositions[cell][1];
      if (s >= 4) c = 6 - c;
      for (int t = 0; t < s % 4; ++t) {
        const int turned_r = c, turned_c = 6 - r;  // clockwise quarter turn
        r = turned_r;
        c = turned_c;
      }
      maps[s][cell] = -1;
      for (int other = 0; other < kCellCount; ++other)
        if (kCellPositions[other][0] == r && kCellPositions[other][1] == c) maps[s][cell] = other;
    }
  return maps;
}
inline constexpr std::array<CellMap, kSymmetryCount> kSymmetries = MakeSymmetries();

// The image of set under symmetry s (0..kSymmetryCount-1), cell by cell. The
// bounded BFS uses the faster table-driven QuarterTurnMask and ReflectMask.
CellMask ApplySymmetryToMask(CellMask set, int s);

namespace internal {
// images[g][b][v]: the image under generator g (0 quarter turn, 1 reflection) of the
// cells given by value v of byte b.
extern const std::array<std::array<std::array<CellMask, 256>, 3>, 2> kGeneratorImages;
}  // namespace internal

// The image of set under symmetry 1 (a clockwise quarter turn).
inline CellMask QuarterTurnMask(CellMask set) {
  const auto& t = internal::kGeneratorImages[0];
  return t[0][set & 0xff] | t[1][(set >> 8) & 0xff] | t[2][(set >> 16) & 0xff];
}

// The image of set under symmetry 4 (the left-right reflection).
inline CellMask ReflectMask(CellMask set) {
  const auto& t = internal::kGeneratorImages[1];
  return t[0][set & 0xff] | t[1][(set >> 8) & 0xff] | t[2][(set >> 16) & 0xff];
}

}  // namespace rotation

#endif  // ROTATION_SYMMETRY_H_
