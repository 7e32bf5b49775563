// The eight moves of the Rotation Game, named 'A'..'H'.
//
// A move pulls one line of seven cells by one step, cyclically: every value moves one
// place towards the head of the move's list and the head's value goes to the tail.
//   A: 0 2 6 11 15 20 22      (left column, pulled up)
//   B: 1 3 8 12 17 21 23      (right column, pulled up)
//   C: 10 9 8 7 6 5 4         (upper row, pulled right)
//   D: 19 18 17 16 15 14 13   (lower row, pulled right)
//   E, F, G, H: the lists of B, A, D, C reversed (their inverses).
// Moves are numbered 0..7 in letter order; that order is the tie-break order.
#ifndef ROTATION_MOVES_H_
#define ROTATION_MOVES_H_

#include <array>

#include "rotation/board.h"

namespace rotation {

inline constexpr int kMoveCount = 8;
inline constexpr int kMoveLength = 7;

using MoveCycle = std::array<int, kMoveLength>;

// The cell list of each move, head first, indexed 0..7 for 'A'..'H'.
inline constexpr std::array<MoveCycle, kMoveCount> kMoveCells = {{
    {0, 2, 6, 11, 15, 20, 22},     // A
    {1, 3, 8, 12, 17, 21, 23},     // B
    {10, 9, 8, 7, 6, 5, 4},        // C
    {19, 18, 17, 16, 15, 14, 13},  // D
    {23, 21, 17, 12, 8, 3, 1},     // E = B reversed
    {22, 20, 15, 11, 6, 2, 0},     // F = A reversed
    {13, 14, 15, 16, 17, 18, 19},  // G = D reversed
    {4, 5, 6, 7, 8, 9, 10},        // H = C reversed
}};

// 'A' + move.
inline char MoveLetter(int move) { return static_cast<char>('A' + move); }

// 0..7 for 'A'..'H', -1 for any other character.
inline int MoveFromLetter(char c) { return c >= 'A' && c <= 'H' ? c - 'A' : -1; }

// The move that undoes move m (A<->F, B<->E, C<->H, D<->G).
int InverseMove(int move);

// Applies move m to board in place.
void ApplyMove(Board& board, int move);

}  // namespace rotation

#endif  // ROTATION_MOVES_H_
