#include "oracle.h"

#include <algorithm>
#include <set>

namespace solitaire_oracle {

Position Normalize(Position p) {
  std::sort(p.begin(), p.end());
  return p;
}

std::vector<Position> Neighbours(const Position& p) {
  static const int kDr[] = {-1, 1, 0, 0};
  static const int kDc[] = {0, 0, -1, 1};
  auto on_board = [](int r, int c) { return r >= 1 && r <= 8 && c >= 1 && c <= 8; };
  auto occupied = [&](int r, int c) {
    return std::find(p.begin(), p.end(), std::make_pair(r, c)) != p.end();
  };
  std::vector<Position> out;
  for (int i = 0; i < 4; ++i) {
    for (int d = 0; d < 4; ++d) {
      int r = p[i].first + kDr[d], c = p[i].second + kDc[d];
      if (!on_board(r, c)) continue;
      if (occupied(r, c)) {
        r += kDr[d];
        c += kDc[d];
        if (!on_board(r, c) || occupied(r, c)) continue;
      }
      Position q = p;
      q[i] = {r, c};
      out.push_back(Normalize(q));
    }
  }
  return out;
}

Ball BallAround(const Position& start, int max_depth) {
  Ball ball;
  std::vector<Position> layer{Normalize(start)};
  ball[layer[0]] = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    std::vector<Position> next;
    for (const Position& p : layer)
      for (const Position& q : Neighbours(p))
        if (ball.emplace(q, depth).second) next.push_back(q);
    layer.swap(next);
  }
  return ball;
}

int Distance(const Position& start, const Position& target, int limit) {
  const Position goal = Normalize(target);
  std::set<Position> seen{Normalize(start)};
  std::vector<Position> layer{Normalize(start)};
  for (int depth = 0;; ++depth) {
    for (const Position& p : layer)
      if (p == goal) return depth;
    if (depth == limit) return -1;
    std::vector<Position> next;
    for (const Position& p : layer)
      for (const Position& q : Neighbours(p))
        if (seen.insert(q).second) next.push_back(q);
    layer.swap(next);
  }
}

Position RandomPosition(std::mt19937_64& rng) {
  std::set<std::pair<int, int>> cells;
  while (cells.size() < 4) cells.insert({static_cast<int>(rng() % 8) + 1, static_cast<int>(rng() % 8) + 1});
  Position p;
  std::copy(cells.begin(), cells.end(), p.begin());
  return p;
}

}  // namespace solitaire_oracle
