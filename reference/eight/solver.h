// The reference solver: shortest solutions from a table of every solvable board.
//
// Theory of operation
// -------------------
// A breadth-first search from the goal over board ranks (eight/rank.h) visits all
// 181,440 solvable boards once. For each board reached it records one byte: a
// "reached" bit, its distance to the goal (0..31, five bits) and the direction in
// which the blank moves to step one closer (two bits: the move that undoes the BFS
// edge that first reached it). Answering a board is then a walk: look up the byte,
// apply its move, repeat until the distance is 0. Every answer is a shortest one;
// unreached boards (byte 0) are exactly the unsolvable ones.
//
// Speed: the BFS queue holds boards packed into 4-bit cells (no unranking), the
// visited test reads a 45 KiB bitset, and a neighbour's rank is derived from the
// board's Lehmer digits in O(1) (only the digits of the cells the move passes over
// change), both in the BFS and in the walk: the table builds in about 10 ms and a
// walk costs O(1) per move plus one O(9) rank at its start.
//
// The table (9! bytes, about 355 KiB) is built lazily on first use as a
// function-local static: C++ guarantees exactly one initialisation even when
// several threads call in at once; afterwards it is immutable, so every function
// here is thread-safe.
#ifndef EIGHT_SOLVER_H_
#define EIGHT_SOLVER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eight/board.h"
#include "eight/parse.h"

namespace eight {

// The largest distance of any solvable board from the goal.
inline constexpr int kMaxDistance = 31;

// Builds the table now (otherwise the first query does).
void WarmUpSolver();

// Length of a shortest solution of board (a permutation of 0..8); -1 when unsolvable.
// O(9).
int ShortestDistance(const Board& board);

// A shortest solution as u/d/l/r letters ("" for the goal); nullopt when unsolvable.
std::optional<std::string> SolveShortest(const Board& board);

// Appends a shortest solution of board to *out and returns true; returns false and
// leaves *out unchanged when unsolvable.
bool AppendShortest(const Board& board, std::string* out);

// Ranks (eight/rank.h) of every board at exactly distance d (0..kMaxDistance), in
// increasing order. One pass over the table.
std::vector<uint32_t> RanksAtDistance(int d);

// The reference answer file for an input file: one line per board, a shortest
// solution or "unsolvable".
struct SolveTextResult {
  std::string answer;
  std::string error;  // the parse error; empty on success
};
SolveTextResult SolveText(std::string_view input, CaseCount count);

}  // namespace eight

#endif  // EIGHT_SOLVER_H_
