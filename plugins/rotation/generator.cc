#include "generator.h"

#include <string_view>
#include <utility>
#include <vector>

#include "common/rng.h"
#include "rotation/distance_table.h"
#include "rotation/farthest_boards.h"
#include "rotation/moves.h"
#include "validator.h"

namespace rotation::judging {
namespace {

using judge::sdk::InvalidInput;
using judge::sdk::Options;

constexpr int kMaxDepth = 1000;

Board UniformBoard(common::Rng& rng) {
  Board board;
  for (int i = 0; i < kCellCount; ++i) board.cells[i] = static_cast<uint8_t>(1 + i / 8);
  for (int i = kCellCount - 1; i > 0; --i)  // Fisher-Yates
    std::swap(board.cells[i], board.cells[rng.Below(i + 1)]);
  return board;
}

// A random goal board: the centre holds one random digit, the other 16 cells a random
// arrangement of the other two digits' eight copies each.
Board RandomGoal(common::Rng& rng) {
  const int centre = 1 + static_cast<int>(rng.Below(kDigitCount));
  std::vector<uint8_t> rest;
  for (int d = 1; d <= kDigitCount; ++d)
    if (d != centre) rest.insert(rest.end(), kCellsPerDigit, static_cast<uint8_t>(d));
  for (size_t i = rest.size() - 1; i > 0; --i) std::swap(rest[i], rest[rng.Below(i + 1)]);
  Board board;
  size_t next = 0;
  for (int cell = 0; cell < kCellCount; ++cell) board.cells[cell] = static_cast<uint8_t>(centre);
  for (int cell = 0; cell < kCellCount; ++cell) {
    bool is_centre = false;
    for (int c : kCentreCells) is_centre = is_centre || c == cell;
    if (!is_centre) board.cells[cell] = rest[next++];
  }
  return board;
}

Board Scramble(common::Rng& rng, int depth) {
  Board board = RandomGoal(rng);
  int last = -1;
  for (int i = 0; i < depth; ++i) {
    int move;
    do move = static_cast<int>(rng.Below(kMoveCount));
    while (last >= 0 && move == InverseMove(last));
    ApplyMove(board, move);
    last = move;
  }
  return board;
}

// Computed on first use (tens of milliseconds), immutable after: thread-safe.
const FarthestBoards& Farthest() {
  static const FarthestBoards farthest = FindFarthestBoards();
  return farthest;
}

// A board at exactly `distance` moves from the goal (distance <= Farthest().distance).
Board AtDistance(common::Rng& rng, int distance) {
  const DistanceTable& table = DistanceTable::Get();
  if (distance == Farthest().distance)
    return Farthest().boards[rng.Below(Farthest().boards.size())];
  // Scrambles hit small distances often; uniform boards cover 6..12 (a distance-12
  // board needs about 2,300 draws, microseconds each).
  for (;;) {
    Board board = distance <= 6 ? Scramble(rng, distance) : UniformBoard(rng);
    if (table.BoardDistance(board) == distance) return board;
  }
}

// One distance of a `distances` list: 0..farthest, or "max".
int ParseDistance(std::string_view text) {
  const int farthest = Farthest().distance;
  if (text == "max") return farthest;
  int value = 0;
  bool ok = !text.empty() && text.size() <= 2;
  for (char c : text) {
    ok = ok && c >= '0' && c <= '9';
    value = value * 10 + (c - '0');
  }
  if (!ok || value > farthest)
    throw InvalidInput("parameter 'distances': expected numbers 0.." + std::to_string(farthest) +
                       " or max, separated by commas, found '" + std::string(text) + "'");
  return value;
}

// "3,10,max" -> {3, 10, 13}: one board per entry, 1..kMaxCases entries.
std::vector<int> ParseDistances(std::string_view list) {
  std::vector<int> distances;
  for (size_t start = 0;;) {
    const size_t comma = list.find(',', start);
    distances.push_back(ParseDistance(list.substr(start, comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (distances.size() > static_cast<size_t>(kMaxCases))
    throw InvalidInput("parameter 'distances': at most " + std::to_string(kMaxCases) +
                       " boards, found " + std::to_string(distances.size()));
  return distances;
}

void RejectRepeats(const Options& params) {
  const auto& items = params.items();
  for (size_t i = 0; i < items.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (items[i].first == items[j].first)
        throw InvalidInput("parameter '" + items[i].first + "' given more than once");
}

}  // namespace

std::string GenerateInput(uint64_t seed, const Options& params) {
  params.RequireKnown({"cases", "depth", "distance", "distances"});
  RejectRepeats(params);
  if (const auto list = params.Get("distances")) {
    if (params.Get("cases") || params.Get("depth") || params.Get("distance"))
      throw InvalidInput("parameter 'distances' excludes 'cases', 'depth' and 'distance'");
    common::Rng rng(seed);
    std::string out;
    for (int distance : ParseDistances(*list)) out += ToString(AtDistance(rng, distance)) + '\n';
    return out + "0\n";
  }
  const int cases = static_cast<int>(params.GetInt("cases", 10, 1, kMaxCases));
  const auto depth = params.Get("depth");
  const auto distance = params.Get("distance");
  if (depth && distance) throw InvalidInput("parameters 'depth' and 'distance' exclude each other");

  enum class Kind { kUniform, kScramble, kDistance } kind = Kind::kUniform;
  int amount = 0;
  if (depth && *depth != "uniform") {
    kind = Kind::kScramble;
    amount = static_cast<int>(params.GetInt("depth", 0, 0, kMaxDepth));
  } else if (distance) {
    kind = Kind::kDistance;
    const int farthest = Farthest().distance;
    amount = *distance == "max" ? farthest
                                : static_cast<int>(params.GetInt("distance", 0, 0, farthest));
  }

  common::Rng rng(seed);
  std::string out;
  for (int i = 0; i < cases; ++i) {
    Board board;
    switch (kind) {
      case Kind::kUniform: board = UniformBoard(rng); break;
      case Kind::kScramble: board = Scramble(rng, amount); break;
      case Kind::kDistance: board = AtDistance(rng, amount); break;
    }
    out += ToString(board);
    out += '\n';
  }
  out += "0\n";
  return out;
}

}  // namespace rotation::judging
