#include "solitaire/solver.h"

#include <algorithm>

#include "solitaire/moves.h"
#include "solitaire/rank.h"

namespace solitaire {
namespace {

// kCost[a][b] = ceil(Manhattan(a, b) / 2): the fewest moves one piece needs from a to b
// if every move were a jump.
constexpr std::array<std::array<uint8_t, kCellCount>, kCellCount> MakeCosts() {
  std::array<std::array<uint8_t, kCellCount>, kCellCount> cost{};
  for (Cell a = 0; a < kCellCount; ++a) {
    for (Cell b = 0; b < kCellCount; ++b) {
      int dr = RowOf(a) - RowOf(b), dc = ColOf(a) - ColOf(b);
      int manhattan = (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
      cost[a][b] = static_cast<uint8_t>((manhattan + 1) / 2);
    }
  }
  return cost;
}
constexpr auto kCost = MakeCosts();

using CostRows = std::array<std::array<uint8_t, kPieceCount>, kCellCount>;

// The cheapest one-to-one matching of the cells of mask onto the four columns of rows:
// the best of the 24 matchings, as the best of the 6 ways to split the columns between
// the first two cells and the last two, each half matched the cheaper of 2 ways.
int MatchingCost(uint64_t mask, const CostRows& rows) {
  const auto& a = rows[__builtin_ctzll(mask)];
  mask &= mask - 1;
  const auto& b = rows[__builtin_ctzll(mask)];
  mask &= mask - 1;
  const auto& c = rows[__builtin_ctzll(mask)];
  mask &= mask - 1;
  const auto& d = rows[__builtin_ctzll(mask)];
  auto ab = [&](int x, int y) { return std::min(a[x] + b[y], a[y] + b[x]); };
  auto cd = [&](int x, int y) { return std::min(c[x] + d[y], c[y] + d[x]); };
  int best = ab(0, 1) + cd(2, 3);
  best = std::min(best, ab(0, 2) + cd(1, 3));
  best = std::min(best, ab(0, 3) + cd(1, 2));
  best = std::min(best, ab(1, 2) + cd(0, 3));
  best = std::min(best, ab(1, 3) + cd(0, 2));
  best = std::min(best, ab(2, 3) + cd(0, 1));
  return best;
}

CostRows CostRowsTo(Board to) {
  const auto cells = CellsOf(to);
  CostRows rows{};
  for (Cell c = 0; c < kCellCount; ++c)
    for (int j = 0; j < kPieceCount; ++j) rows[c][j] = kCost[c][cells[j]];
  return rows;
}

}  // namespace

int LowerBound(Board from, Board to) { return MatchingCost(from.mask, CostRowsTo(to)); }

Solver::Solver() : stamp_(kStateCount, 0) {}

void Solver::StartSide(Side& side, Board root, Board other) {
  side.cost_to = CostRowsTo(other);
  for (Cell c = 0; c < kCellCount; ++c) {
    const auto& row = side.cost_to[c];
    side.nearest[c] = std::min(std::min(row[0], row[1]), std::min(row[2], row[3]));
  }
  int bound = 0;
  for (Cell c : CellsOf(root)) bound += side.nearest[c];
  side.mark = ++last_mark_;
  side.depth = 0;
  side.frontier.clear();
  side.frontier.push_back(Node{root.mask, bound});
  stamp_[Rank(root)] = side.mark;
}

bool Solver::Grow(Side& side, const Side& other, int max_moves) {
  const int g = ++side.depth;
  // On the last layer the two depths add up to max_moves: states are only looked up.
  const bool last_layer = side.depth + other.depth == max_moves;
  const uint8_t mine = side.mark, theirs = other.mark;
  bool met = false;
  side.next.clear();
  for (const Node& node : side.frontier) {
    ForEachMove(Board{node.mask}, [&](Move move, Board child) {
      const int bound = node.bound - side.nearest[move.from] + side.nearest[move.to];
      if (g + bound > max_moves) return;
      uint8_t& stamp = stamp_[Rank(child)];
      if (stamp == theirs) met = true;
      if (stamp == mine || last_layer || met) return;
      stamp = mine;
      if (g + MatchingCost(child.mask, side.cost_to) > max_moves) return;
      side.next.push_back(Node{child.mask, bound});
    });
    if (met) return true;
  }
  side.frontier.swap(side.next);
  return false;
}

bool Solver::Reachable(Board start, Board target, int max_moves) {
  if (start == target) return true;
  if (max_moves <= 0 || LowerBound(start, target) > max_moves) return false;

  // Two fresh marks; clear the array when the counter would run out.
  if (last_mark_ > UINT8_MAX - 2) {
    std::fill(stamp_.begin(), stamp_.end(), 0);
    last_mark_ = 0;
  }
  Side& forward = sides_[0];
  Side& backward = sides_[1];
  StartSide(forward, start, target);
  StartSide(backward, target, start);
  while (forward.depth + backward.depth < max_moves) {
    const bool grow_forward = forward.frontier.size() <= backward.frontier.size();
    Side& side = grow_forward ? forward : backward;
    if (Grow(side, grow_forward ? backward : forward, max_moves)) return true;
    if (side.frontier.empty()) return false;
  }
  return false;
}

int Solver::Distance(Board start, Board target, int limit) {
  for (int k = 0; k <= limit; ++k) {
    if (Reachable(start, target, k)) return k;
  }
  return -1;
}

}  // namespace solitaire
