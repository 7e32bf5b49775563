#include "rotation/solver.h"

#include <algorithm>
#include <array>
#include <string>

#include "rotation/cell_set.h"
#include "rotation/bounded_distance_table.h"
#include "rotation/moves.h"

namespace rotation {

namespace {

using Sets = std::array<CellMask, kDigitCount>;

// The line each move pulls: 0 left column (A, F), 1 right column (B, E), 2 upper row
// (C, H), 3 lower row (D, G).
constexpr std::array<int, kMoveCount> kLine = {0, 1, 2, 3, 1, 0, 3, 2};

// True when `next` after `last` cannot occur in the answer: it undoes `last` (never
// in a shortest answer), or the two moves pull the two disjoint columns (or the two
// disjoint rows) with the larger letter first. Such moves commute, so swapping them
// gives an answer as short and smaller, and the answer is the smallest.
constexpr bool Skipped(int last, int next) {
  if (kLine[last] == kLine[next]) return next != last;        // same line: only a repeat
  if ((kLine[last] ^ kLine[next]) == 1) return next < last;  // the parallel line
  return false;
}

// One IDA* run from one board; see solver.h.
class Search {
 public:
  explicit Search(const BoundedDistanceTable& table) : table_(table) {}

  // The lower bound of a board given by its three sets: exact when it is at most the
  // table's depth, table depth + 1 otherwise.
  int Bound(const Sets& sets) const {
    return std::min({table_.DistanceBound(sets[0]), table_.DistanceBound(sets[1]),
                     table_.DistanceBound(sets[2])});
  }

  Solution Run(const Sets& start) {
    const int h = Bound(start);
    for (limit_ = h;; limit_ = next_limit_) {
      next_limit_ = kUnbounded;
      path_.clear();
      if (Descend(start, h, 0, -1)) break;
    }
    Solution solution;
    solution.moves = path_;
    for (int d = 0; d < kDigitCount; ++d)
      if (goal_[d] == kCentreMask) solution.centre_digit = d + 1;
    return solution;
  }

 private:
  static constexpr int kUnbounded = 1 << 20;

  // Depth-first below sets (bound h, reached in g moves, last move `last` or -1),
  // children in A..H order: true once a goal is reached within limit_ moves.
  bool Descend(const Sets& sets, int h, int g, int last) {
    if (h == 0) {
      goal_ = sets;
      return true;
    }
    for (int m = 0; m < kMoveCount; ++m) {
      if (last >= 0 && Skipped(last, m)) continue;
      const Sets child = {ApplyMoveToMask(sets[0], m), ApplyMoveToMask(sets[1], m),
                          ApplyMoveToMask(sets[2], m)};
      const int child_h = Bound(child);
      if (g + 1 + child_h > limit_) {
        next_limit_ = std::min(next_limit_, g + 1 + child_h);
        continue;
      }
      path_ += MoveLetter(m);
      if (Descend(child, child_h, g + 1, m)) return true;
      path_.pop_back();
    }
    return false;
  }

  const BoundedDistanceTable& table_;
  int limit_ = 0, next_limit_ = 0;
  std::string path_;
  Sets goal_{};
};

}  // namespace

Solution Solve(const Board& board) { return Solve(board, BoundedDistanceTable::Get()); }

Solution Solve(const Board& board, const BoundedDistanceTable& table) {
  Sets sets;
  for (int d = 0; d < kDigitCount; ++d) sets[d] = MaskOfDigit(board, d + 1);
  return Search(table).Run(sets);
}

std::string FormatAnswer(const std::vector<Solution>& solutions) {
  std::string out;
  for (const Solution& s : solutions) {
    out += s.moves.empty() ? kNoMovesNeeded : s.moves;
    out += '\n';
    out += static_cast<char>('0' + s.centre_digit);
    out += '\n';
  }
  return out;
}

}  // namespace rotation
