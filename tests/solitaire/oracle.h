// An independent oracle for Solitaire, written separately from reference/solitaire:
// plain one-directional breadth-first search over positions encoded as the sorted list
// of (row, column) pairs, kept in a std::unordered_map. No ranks, no bit masks, no
// pruning, no bidirectional meeting: slow, obvious, and sharing no code with the
// solver it checks.
#ifndef TESTS_SOLITAIRE_ORACLE_H_
#define TESTS_SOLITAIRE_ORACLE_H_

#include <array>
#include <cstddef>
#include <functional>
#include <random>
#include <unordered_map>
#include <utility>
#include <vector>

namespace solitaire_oracle {

// Four (row, column) pairs, 1-based, sorted ascending: pieces are identical.
using Position = std::array<std::pair<int, int>, 4>;

struct PositionHash {
  size_t operator()(const Position& p) const {
    size_t h = 0;
    for (auto [r, c] : p) h = h * 131 + static_cast<size_t>(r * 17 + c);
    return h;
  }
};

using Ball = std::unordered_map<Position, int, PositionHash>;

// Sorts the pairs (the canonical form of this encoding).
Position Normalize(Position p);

// Every position one move away: a piece steps to an empty orthogonal neighbour, or
// jumps over an occupied one to the empty cell just beyond; never off the board.
std::vector<Position> Neighbours(const Position& p);

// The distance from start of every position within max_depth moves.
Ball BallAround(const Position& start, int max_depth);

// The distance from start to target if at most limit, else -1 (search stops early).
int Distance(const Position& start, const Position& target, int limit);

// Four distinct cells drawn uniformly.
Position RandomPosition(std::mt19937_64& rng);

}  // namespace solitaire_oracle

#endif  // TESTS_SOLITAIRE_ORACLE_H_
