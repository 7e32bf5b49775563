#include "eight/solver.h"

#include <array>
#include <memory>

#include "eight/moves.h"
#include "eight/rank.h"

namespace eight {
namespace {

// Entry layout: bit 7 reached, bits 2..6 distance, bits 0..1 direction toward goal.
constexpr uint8_t kReached = 0x80;
constexpr int kDistanceShift = 2;
constexpr uint8_t kDistanceMask = 0x1f;
constexpr uint8_t kDirectionMask = 0x03;

uint8_t Distance(uint8_t entry) { return (entry >> kDistanceShift) & kDistanceMask; }

class Table {
 public:
  Table() : entries_(new uint8_t[kPermutationCount]()) {
    std::unique_ptr<uint32_t[]> queue(new uint32_t[kPermutationCount / 2]);
    size_t head = 0, tail = 0;
    uint32_t goal = Rank(kGoal);
    entries_[goal] = kReached;
    queue[tail++] = goal;
    while (head < tail) {
      uint32_t r = queue[head++];
      uint8_t next_distance = static_cast<uint8_t>(Distance(entries_[r]) + 1);
      Board board = Unrank(r);
      int blank = BlankIndex(board);
      for (int d = 0; d < kDirections; ++d) {
        int next = Neighbour(blank, static_cast<Direction>(d));
        if (next < 0) continue;
        Board moved = board;
        moved.cells[blank] = moved.cells[next];
        moved.cells[next] = kBlank;
        uint32_t mr = Rank(moved);
        if (entries_[mr] != 0) continue;
        // From `moved`, the blank returns toward the goal in the opposite direction.
        entries_[mr] = static_cast<uint8_t>(kReached | next_distance << kDistanceShift |
                                            static_cast<int>(Opposite(static_cast<Direction>(d))));
        queue[tail++] = mr;
      }
    }
  }

  uint8_t operator[](uint32_t rank) const { return entries_[rank]; }

 private:
  std::unique_ptr<uint8_t[]> entries_;
};

const Table& GetTable() {
  static const Table table;
  return table;
}

}  // namespace

void WarmUpSolver() { GetTable(); }

int ShortestDistance(const Board& board) {
  uint8_t e = GetTable()[Rank(board)];
  return e == 0 ? -1 : Distance(e);
}

bool AppendShortest(const Board& board, std::string* out) {
  const Table& table = GetTable();
  uint8_t e = table[Rank(board)];
  if (e == 0) return false;
  Board b = board;
  int blank = BlankIndex(b);
  while (Distance(e) != 0) {
    auto d = static_cast<Direction>(e & kDirectionMask);
    out->push_back(Letter(d));
    int next = Neighbour(blank, d);
    b.cells[blank] = b.cells[next];
    b.cells[next] = kBlank;
    blank = next;
    e = table[Rank(b)];
  }
  return true;
}

std::optional<std::string> SolveShortest(const Board& board) {
  std::string out;
  if (!AppendShortest(board, &out)) return std::nullopt;
  return out;
}

std::vector<uint32_t> RanksAtDistance(int d) {
  const Table& table = GetTable();
  std::vector<uint32_t> ranks;
  for (uint32_t r = 0; r < kPermutationCount; ++r) {
    uint8_t e = table[r];
    if (e != 0 && Distance(e) == d) ranks.push_back(r);
  }
  return ranks;
}

}  // namespace eight
