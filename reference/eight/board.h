// The 8-puzzle board: nine cells, row by row, holding the tiles 1..8 and the blank.
//
// A Board is a plain value (copyable, no invariants enforced): the parser and the
// generators only produce permutations of 0..8; code that accepts boards from
// elsewhere checks IsPermutation first. Thread-safe as any value type.
#ifndef EIGHT_BOARD_H_
#define EIGHT_BOARD_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace eight {

inline constexpr int kCells = 9;
inline constexpr int kSide = 3;
inline constexpr uint8_t kBlank = 0;  // the blank's value in Board::cells; printed 'x'

struct Board {
  // cells[row * 3 + col]; 1..8 are tiles, kBlank is the blank.
  std::array<uint8_t, kCells> cells{};

  friend bool operator==(const Board&, const Board&) = default;
};

// 1 2 3 / 4 5 6 / 7 8 x.
inline constexpr Board kGoal{{1, 2, 3, 4, 5, 6, 7, 8, kBlank}};

// Index 0..8 of the blank; -1 when the board has none.
int BlankIndex(const Board& board);

// True when cells hold each of 0..8 exactly once.
bool IsPermutation(const Board& board);

inline bool IsGoal(const Board& board) { return board == kGoal; }

// The compact form used in messages: nine characters, e.g. "123456x78".
std::string ToCompact(const Board& board);

// Inverse of ToCompact: nine characters from "12345678x", each once. nullopt otherwise.
std::optional<Board> FromCompact(std::string_view compact);

// How a board is written as input text.
enum class Layout {
  kLine,  // "2 3 4 1 5 x 7 6 8\n"
  kGrid,  // three lines of three tokens
};

// The nine tokens of board separated by single spaces (and newlines for kGrid),
// ending with a newline.
std::string FormatBoard(const Board& board, Layout layout);

}  // namespace eight

#endif  // EIGHT_BOARD_H_
