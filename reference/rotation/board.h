// The Rotation Game board (POJ 2286): 24 cells in a '#' shape, numbered row by row.
//
//         0     1
//         2     3
//   4  5  6  7  8  9 10
//        11    12
//  13 14 15 16 17 18 19
//        20    21
//        22    23
//
// Each cell holds 1, 2 or 3 and, on a legal board, each digit occurs exactly 8 times.
// The goal is reached when the eight centre cells 6, 7, 8, 11, 12, 15, 16, 17 all hold
// the same digit. Boards are plain values: copy freely, no shared state.
#ifndef ROTATION_BOARD_H_
#define ROTATION_BOARD_H_

#include <array>
#include <cstdint>
#include <string>

namespace rotation {

inline constexpr int kCellCount = 24;
inline constexpr int kDigitCount = 3;      // digits 1..3
inline constexpr int kCellsPerDigit = 8;   // on a legal board
inline constexpr std::array<int, 8> kCentreCells = {6, 7, 8, 11, 12, 15, 16, 17};

struct Board {
  // cells[i] is the digit in cell i; 1..3 on a legal board.
  std::array<uint8_t, kCellCount> cells{};

  friend bool operator==(const Board&, const Board&) = default;
};

// True when the eight centre cells hold one digit.
bool IsGoal(const Board& board);

// The digit shared by all centre cells, or 0 when they differ.
int CentreDigit(const Board& board);

// How many cells hold digit (1..3).
int CountDigit(const Board& board, int digit);

// The 24 digits separated by single spaces (the input format of one case).
std::string ToString(const Board& board);

}  // namespace rotation

#endif  // ROTATION_BOARD_H_
