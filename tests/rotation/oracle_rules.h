// Independent oracle rules for the Rotation Game, written from the picture in the
// statement rather than from reference/rotation's move lists: the board is a 7x7 grid
// where the '#' shape is rows 2 and 4 and columns 2 and 4, and a move shifts a whole
// row or column by one step with wrap-around. The tests compare the reference library
// against these rules, so a typo in either shows up as a disagreement.
#ifndef ROTATION_TESTS_ORACLE_RULES_H_
#define ROTATION_TESTS_ORACLE_RULES_H_

#include <array>
#include <string>

namespace rotation_oracle {

// Values of the 24 cells in reading order (row by row, left to right).
using Cells = std::array<int, 24>;

// Applies the move named letter ('A'..'H') to cells.
//   A / F: column 2 up / down       B / E: column 4 up / down
//   C / H: row 2 right / left       D / G: row 4 right / left
void Apply(Cells& cells, char letter);

// The 8 cells of the centre ring (reading-order indices).
const int* Ring();

// The digit shared by the 3x3 centre ring (rows 2..4, columns 2..4, minus the hole at
// row 3, column 3), or 0 when those cells differ.
int Centre(const Cells& cells);

}  // namespace rotation_oracle

#endif  // ROTATION_TESTS_ORACLE_RULES_H_
