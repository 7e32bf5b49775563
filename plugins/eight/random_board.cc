#include "random_board.h"

#include <utility>

#include "eight/moves.h"
#include "eight/solvability.h"

namespace eight {

Board RandomWalkBoard(common::Rng& rng, int depth) {
  Board b = kGoal;
  int blank = BlankIndex(b);
  int last = -1;  // direction of the previous move
  for (int step = 0; step < depth; ++step) {
    Direction options[kDirections];
    int n = 0;
    for (int d = 0; d < kDirections; ++d) {
      auto dir = static_cast<Direction>(d);
      if (Neighbour(blank, dir) < 0) continue;
      if (last >= 0 && dir == Opposite(static_cast<Direction>(last))) continue;
      options[n++] = dir;
    }
    Direction d = options[rng.Below(n)];
    int next = Neighbour(blank, d);
    std::swap(b.cells[blank], b.cells[next]);
    blank = next;
    last = static_cast<int>(d);
  }
  return b;
}

Board UniformSolvableBoard(common::Rng& rng) {
  Board b = kGoal;
  for (int i = kCells - 1; i > 0; --i) {
    int j = static_cast<int>(rng.Below(i + 1));
    std::swap(b.cells[i], b.cells[j]);
  }
  return IsSolvable(b) ? b : FlipSolvability(b);
}

Board FlipSolvability(const Board& board) {
  Board b = board;
  int first = b.cells[0] == kBlank ? 1 : 0;
  int second = b.cells[first + 1] == kBlank ? first + 2 : first + 1;
  std::swap(b.cells[first], b.cells[second]);
  return b;
}

}  // namespace eight
