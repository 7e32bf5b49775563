#include "eight/moves.h"

#include <array>
#include <utility>

namespace eight {
namespace {

constexpr int8_t kNoCell = -1;

// kNeighbour[cell][direction]: the blank's next cell, or kNoCell.
constexpr std::array<std::array<int8_t, kDirections>, kCells> MakeNeighbours() {
  std::array<std::array<int8_t, kDirections>, kCells> t{};
  for (int cell = 0; cell < kCells; ++cell) {
    int row = cell / kSide, col = cell % kSide;
    t[cell][0] = row > 0 ? static_cast<int8_t>(cell - kSide) : kNoCell;
    t[cell][1] = row < kSide - 1 ? static_cast<int8_t>(cell + kSide) : kNoCell;
    t[cell][2] = col > 0 ? static_cast<int8_t>(cell - 1) : kNoCell;
    t[cell][3] = col < kSide - 1 ? static_cast<int8_t>(cell + 1) : kNoCell;
  }
  return t;
}
constexpr auto kNeighbour = MakeNeighbours();

constexpr uint8_t kNotALetter = 0xff;
constexpr std::array<uint8_t, 256> MakeLetterTable() {
  std::array<uint8_t, 256> t{};
  for (auto& v : t) v = kNotALetter;
  t['u'] = 0;
  t['d'] = 1;
  t['l'] = 2;
  t['r'] = 3;
  return t;
}
constexpr auto kLetterToDirection = MakeLetterTable();

}  // namespace

char Letter(Direction d) { return "udlr"[static_cast<int>(d)]; }

std::optional<Direction> FromLetter(char c) {
  uint8_t v = kLetterToDirection[static_cast<unsigned char>(c)];
  if (v == kNotALetter) return std::nullopt;
  return static_cast<Direction>(v);
}

Direction Opposite(Direction d) { return static_cast<Direction>(static_cast<int>(d) ^ 1); }

int Neighbour(int blank, Direction d) { return kNeighbour[blank][static_cast<int>(d)]; }

bool ApplyMove(Board& board, Direction d) {
  int blank = BlankIndex(board);
  int next = kNeighbour[blank][static_cast<int>(d)];
  if (next == kNoCell) return false;
  std::swap(board.cells[blank], board.cells[next]);
  return true;
}

ReplayResult Replay(const Board& start, std::string_view moves) {
  ReplayResult r;
  r.board = start;
  uint8_t* cells = r.board.cells.data();
  int blank = BlankIndex(start);
  const size_t n = moves.size();
  for (size_t i = 0; i < n; ++i) {
    uint8_t d = kLetterToDirection[static_cast<unsigned char>(moves[i])];
    if (d == kNotALetter) {
      r.stop = ReplayResult::Stop::kIllegalLetter;
      r.move_index = i;
      return r;
    }
    int next = kNeighbour[blank][d];
    if (next == kNoCell) {
      r.stop = ReplayResult::Stop::kLeavesBoard;
      r.move_index = i;
      return r;
    }
    cells[blank] = cells[next];
    cells[next] = kBlank;
    blank = next;
  }
  return r;
}

}  // namespace eight
