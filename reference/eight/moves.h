// Moves and their replay. A move swaps the blank with a neighbouring tile; its
// letter names the direction in which the BLANK travels: u up, d down, l left,
// r right.
//
// Replay is the checker's inner loop: a table lookup per letter and a swap, no
// allocation, linear in the length of the move string (well over 50 M moves/s).
#ifndef EIGHT_MOVES_H_
#define EIGHT_MOVES_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "eight/board.h"

namespace eight {

enum class Direction : uint8_t { kUp = 0, kDown = 1, kLeft = 2, kRight = 3 };
inline constexpr int kDirections = 4;

// 'u', 'd', 'l' or 'r'.
char Letter(Direction d);
// The direction of a letter; nullopt for anything but the four lower-case letters.
std::optional<Direction> FromLetter(char c);
Direction Opposite(Direction d);

// Where the blank goes from cell `blank` (0..8) moving d; -1 when it would leave the
// board.
int Neighbour(int blank, Direction d);

// Moves the blank of board (which must have one) in direction d. Returns false and
// leaves board unchanged when the blank would leave the board.
bool ApplyMove(Board& board, Direction d);

struct ReplayResult {
  enum class Stop {
    kCompleted,      // every letter applied
    kIllegalLetter,  // moves[move_index] is not one of u d l r
    kLeavesBoard,    // moves[move_index] would take the blank off the board
  };
  Stop stop = Stop::kCompleted;
  size_t move_index = 0;  // 0-based index of the offending letter when stopped
  Board board;            // the board after every letter before the stop
};

// Applies moves to start (a permutation of 0..8) letter by letter, stopping at the
// first illegal letter or move.
ReplayResult Replay(const Board& start, std::string_view moves);

}  // namespace eight

#endif  // EIGHT_MOVES_H_
