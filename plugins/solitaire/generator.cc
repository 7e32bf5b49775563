#include "generator.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <vector>

#include "common/rng.h"
#include "solitaire/board.h"
#include "solitaire/moves.h"
#include "solitaire/solver.h"
#include "validator.h"

namespace solitaire_plugin {
namespace {

using judge::sdk::InvalidInput;
using solitaire::Board;
using solitaire::Cell;

enum class Layout { kRandom, kCorners, kCluster };

struct Band {
  bool random = true;
  int low = 0, high = 0;
};

Band ParseBand(const std::string& text) {
  Band band;
  if (text == "random") return band;
  const std::string expected =
      "parameter 'distance': expected random, N or A..B with 0 <= A <= B <= " +
      std::to_string(kMaxGeneratedDistance) + ", found '" + text + "'";
  auto read = [&](std::string_view s, int* value) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *value);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size()) throw InvalidInput(expected);
  };
  const size_t dots = text.find("..");
  const std::string_view view(text);
  read(view.substr(0, dots), &band.low);
  band.high = band.low;
  if (dots != std::string::npos) read(view.substr(dots + 2), &band.high);
  if (band.low < 0 || band.low > band.high || band.high > kMaxGeneratedDistance) throw InvalidInput(expected);
  band.random = false;
  return band;
}

Layout ParseLayout(const std::string& text) {
  if (text == "random") return Layout::kRandom;
  if (text == "corners") return Layout::kCorners;
  if (text == "cluster") return Layout::kCluster;
  throw InvalidInput("parameter 'layout': expected random, corners or cluster, found '" + text + "'");
}

// Four distinct cells drawn uniformly from candidates.
Board Pick(std::vector<Cell> candidates, common::Rng& rng) {
  std::array<Cell, solitaire::kPieceCount> cells{};
  for (int i = 0; i < solitaire::kPieceCount; ++i) {
    const size_t j = i + rng.Below(candidates.size() - i);
    std::swap(candidates[i], candidates[j]);
    cells[i] = candidates[i];
  }
  return solitaire::BoardOf(cells);
}

std::vector<Cell> Window(int top, int left, int size) {
  std::vector<Cell> cells;
  for (int r = top; r < top + size; ++r)
    for (int c = left; c < left + size; ++c) cells.push_back(solitaire::CellAt(r, c));
  return cells;
}

Board Place(Layout layout, common::Rng& rng) {
  using solitaire::kSide;
  switch (layout) {
    case Layout::kRandom:
      return Pick(Window(1, 1, kSide), rng);
    case Layout::kCorners: {
      if (rng.Below(2) == 0) {
        std::vector<Cell> corners;
        for (int top : {1, kSide - 1})
          for (int left : {1, kSide - 1})
            for (Cell c : Window(top, left, 2)) corners.push_back(c);
        return Pick(corners, rng);
      }
      const int top = rng.Below(2) == 0 ? 1 : kSide - 2;
      const int left = rng.Below(2) == 0 ? 1 : kSide - 2;
      return Pick(Window(top, left, 3), rng);
    }
    case Layout::kCluster:
      return Pick(Window(1 + static_cast<int>(rng.Below(kSide - 2)),
                         1 + static_cast<int>(rng.Below(kSide - 2)), 3),
                  rng);
  }
  return Board{};
}

// The end of a self-avoiding random walk of `length` moves from start; half of the
// steps go to a state with the largest lower bound from start, to get far quickly.
Board WalkAway(Board start, int length, common::Rng& rng) {
  std::vector<uint64_t> visited{start.mask};
  std::vector<Board> options, farthest;
  Board at = start;
  for (int step = 0; step < length; ++step) {
    options.clear();
    farthest.clear();
    int best = -1;
    solitaire::ForEachMove(at, [&](solitaire::Move, Board next) {
      if (std::find(visited.begin(), visited.end(), next.mask) != visited.end()) return;
      options.push_back(next);
      const int bound = solitaire::LowerBound(start, next);
      if (bound > best) farthest.clear();
      if (bound >= best) {
        best = bound;
        farthest.push_back(next);
      }
    });
    if (options.empty()) break;
    const std::vector<Board>& pool = rng.Below(2) == 0 ? farthest : options;
    at = pool[rng.Below(pool.size())];
    visited.push_back(at.mask);
  }
  return at;
}

// Sets *target to a board exactly `distance` moves from start; false after a bounded
// number of attempts (the caller then draws a new start).
bool TargetAt(Board start, int distance, common::Rng& rng, solitaire::Solver& solver, Board* target) {
  if (distance == 0) {
    *target = start;
    return true;
  }
  constexpr int kAttempts = 64;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    const Board end = WalkAway(start, distance + static_cast<int>(rng.Below(3)), rng);
    if (solver.Reachable(start, end, distance) && !solver.Reachable(start, end, distance - 1)) {
      *target = end;
      return true;
    }
  }
  return false;
}

// "r c r c r c r c" with the cells in a random order.
void AppendLine(Board board, common::Rng& rng, std::string* out) {
  auto cells = solitaire::CellsOf(board);
  for (size_t i = cells.size() - 1; i > 0; --i) std::swap(cells[i], cells[rng.Below(i + 1)]);
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) *out += ' ';
    *out += std::to_string(solitaire::RowOf(cells[i]));
    *out += ' ';
    *out += std::to_string(solitaire::ColOf(cells[i]));
  }
  *out += '\n';
}

}  // namespace

std::string GenerateInput(uint64_t seed, const judge::sdk::Options& params) {
  params.RequireKnown({"cases", "distance", "layout"});
  const int64_t cases = params.GetInt("cases", 100, 1, kMaxCases);
  const Band band = ParseBand(params.GetString("distance", "random"));
  const Layout layout = ParseLayout(params.GetString("layout", "random"));

  common::Rng rng(seed);
  solitaire::Solver solver;
  std::string out;
  for (int64_t i = 0; i < cases; ++i) {
    Board start = Place(layout, rng), target;
    if (band.random) {
      target = Place(layout, rng);
    } else {
      const int distance = band.low + static_cast<int>(rng.Below(band.high - band.low + 1));
      while (!TargetAt(start, distance, rng, solver, &target)) start = Place(layout, rng);
    }
    AppendLine(start, rng, &out);
    AppendLine(target, rng, &out);
  }
  return out;
}

}  // namespace solitaire_plugin
