#include "eight/solver.h"

#include <algorithm>
#include <array>
#include <memory>
#include <type_traits>

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

// A board packed into 4-bit cells (cell i in bits 4i..4i+3), with the blank's index
// in bits 36..39 and, in the BFS queue, its rank in bits 40..58: the queue holds
// these so it never has to unrank or rank again.
using Packed = uint64_t;
constexpr int kBlankShift = 36;
constexpr int kRankShift = 40;

Packed Pack(const Board& b) {
  Packed p = 0;
  for (int i = 0; i < kCells; ++i) p |= Packed{b.cells[i]} << (4 * i);
  return p | Packed(BlankIndex(b)) << kBlankShift;
}

// popcount of 9-bit values, by table: the build must not depend on the CPU having
// a popcount instruction, and the software fallback is several times slower.
constexpr std::array<uint8_t, 512> MakeBitCounts() {
  std::array<uint8_t, 512> t{};
  for (unsigned i = 1; i < 512; ++i) t[i] = static_cast<uint8_t>(t[i >> 1] + (i & 1));
  return t;
}
constexpr auto kBitCount = MakeBitCounts();

constexpr uint32_t kFactorial[kCells] = {40320, 5040, 720, 120, 24, 6, 2, 1, 1};

// The Lehmer digits of a packed board: digit[i] = how many cells after i hold a
// smaller value; the rank (eight::Rank) is the sum of digit[i] * (8 - i)!.
void Digits(Packed p, int digit[kCells]) {
  unsigned unused = (1u << kCells) - 1;
  for (int i = 0; i < kCells; ++i) {
    unsigned v = (p >> (4 * i)) & 15;
    digit[i] = kBitCount[unused & ((1u << v) - 1)];
    unused &= ~(1u << v);
  }
}

uint32_t RankOfDigits(const int digit[kCells]) {
  uint32_t rank = 0;
  for (int i = 0; i < kCells - 1; ++i) rank += static_cast<uint32_t>(digit[i]) * kFactorial[i];
  return rank;
}

// Moves the blank at `blank` to `next` (swapping with the tile there) in a board
// given by its packed cells, Lehmer digits and rank: updates the digits in place
// and returns the new rank, in O(1). Only the digits of the cells from
// min(blank, next) to max(blank, next) change; the blank (value 0) has digit 0
// wherever it is.
//  - right (next = blank + 1, tile t there, c = digit[next]): t now precedes the
//    blank, so its digit becomes c + 1, and the blank's becomes 0.
//  - left (next = blank - 1): the reverse; t's digit drops from digit[next] by one.
//  - down (next = blank + 3), cells b1, b2 between: t jumps ahead of b1, b2 and the
//    blank: its digit counts them where smaller, plus the blank, plus its old digit;
//    b1 and b2 gain the blank behind them and lose t: digit + 1 - [t < b].
//  - up (next = blank - 3): the reverse of down.
template <int kStep>
[[gnu::always_inline]] inline uint32_t MoveBlankBy(uint32_t rank, int digit[kCells], Packed cells,
                                                  int blank) {
  const int next = blank + kStep;
  auto value = [cells](int i) { return static_cast<int>((cells >> (4 * i)) & 15); };
  auto f = [](int i) { return int64_t{kFactorial[i]}; };
  int64_t r = rank;
  if constexpr (kStep == 1) {
    int c = digit[next];
    r += (c + 1) * f(blank) - c * f(next);
    digit[blank] = c + 1;
  } else if constexpr (kStep == -1) {
    int c = digit[next] - 1;
    r += c * f(blank) - digit[next] * f(next);
    digit[blank] = c;
  } else if constexpr (kStep == 3) {
    int t = value(next), b1 = value(blank + 1), b2 = value(blank + 2);
    int d0 = (b1 < t) + (b2 < t) + 1 + digit[next];
    int d1 = digit[blank + 1] + 1 - (t < b1), d2 = digit[blank + 2] + 1 - (t < b2);
    r += d0 * f(blank) + (d1 - digit[blank + 1]) * f(blank + 1) +
         (d2 - digit[blank + 2]) * f(blank + 2) - digit[next] * f(next);
    digit[blank] = d0;
    digit[blank + 1] = d1;
    digit[blank + 2] = d2;
  } else {
    static_assert(kStep == -3);
    int t = value(next), b1 = value(next + 1), b2 = value(next + 2);
    int d0 = digit[next] - 1 - (b1 < t) - (b2 < t);
    int d1 = digit[next + 1] - 1 + (t < b1), d2 = digit[next + 2] - 1 + (t < b2);
    r += d0 * f(blank) + (d1 - digit[next + 1]) * f(next + 1) +
         (d2 - digit[next + 2]) * f(next + 2) - digit[next] * f(next);
    digit[next + 1] = d1;
    digit[next + 2] = d2;
    digit[blank] = d0;
  }
  digit[next] = 0;
  return static_cast<uint32_t>(r);
}

uint32_t MoveBlank(uint32_t rank, int digit[kCells], Packed cells, int blank, int next) {
  switch (next - blank) {
    case 1: return MoveBlankBy<1>(rank, digit, cells, blank);
    case -1: return MoveBlankBy<-1>(rank, digit, cells, blank);
    case 3: return MoveBlankBy<3>(rank, digit, cells, blank);
    default: return MoveBlankBy<-3>(rank, digit, cells, blank);
  }
}

// Packed cells after the tile at `next` slides into the blank at `blank`.
Packed SlideTile(Packed cells, int blank, int next) {
  Packed tile = (cells >> (4 * next)) & 15;
  return (cells & ~(Packed{15} << (4 * next))) | tile << (4 * blank);
}

class Table {
 public:
  Table() : entries_(new uint8_t[kPermutationCount]()) {
    // Exactly the solvable boards enter the queue: 9!/2 of them.
    std::unique_ptr<Packed[]> queue(new Packed[kPermutationCount / 2]);
    // The visited test reads a 45 KiB bitset, which stays in cache, rather than the
    // 355 KiB table, whose entries are then only written.
    std::unique_ptr<uint64_t[]> seen(new uint64_t[kPermutationCount / 64 + 1]());
    auto test_and_set = [&seen](uint32_t r) {
      uint64_t bit = uint64_t{1} << (r & 63);
      bool was = seen[r >> 6] & bit;
      seen[r >> 6] |= bit;
      return was;
    };
    size_t head = 0, tail = 0;
    Packed goal = Pack(kGoal);
    entries_[Rank(kGoal)] = kReached;
    test_and_set(Rank(kGoal));
    queue[tail++] = goal | Packed{Rank(kGoal)} << kRankShift;
    // Layer by layer: every board in [head, layer_end) is at distance `distance`.
    for (uint8_t distance = 0; head < tail; ++distance) {
      const size_t layer_end = tail;
      const uint8_t entry_bits = static_cast<uint8_t>(kReached | (distance + 1) << kDistanceShift);
      for (; head < layer_end; ++head) {
        Packed p = queue[head];
        int blank = static_cast<int>((p >> kBlankShift) & 15);
        const uint32_t rank = static_cast<uint32_t>(p >> kRankShift);
        Packed cells = p & ((Packed{1} << kBlankShift) - 1);
        int digit[kCells];
        Digits(cells, digit);
        // The four moves in the order u, d, l, r (the order fixes which shortest
        // answer the table gives), each with its step known at compile time.
        auto visit = [&](auto step, Direction back) {
          constexpr int kStep = decltype(step)::value;
          const int next = blank + kStep;
          int moved_digit[kCells];
          std::copy(digit, digit + kCells, moved_digit);
          uint32_t mr = MoveBlankBy<kStep>(rank, moved_digit, cells, blank);
          if (test_and_set(mr)) return;
          // From the new board, the blank returns toward the goal by `back`.
          entries_[mr] = static_cast<uint8_t>(entry_bits | static_cast<int>(back));
          queue[tail++] = SlideTile(cells, blank, next) | Packed(next) << kBlankShift |
                          Packed{mr} << kRankShift;
        };
        const int row = blank / kSide, col = blank % kSide;
        if (row > 0) visit(std::integral_constant<int, -kSide>{}, Direction::kDown);
        if (row < kSide - 1) visit(std::integral_constant<int, kSide>{}, Direction::kUp);
        if (col > 0) visit(std::integral_constant<int, -1>{}, Direction::kRight);
        if (col < kSide - 1) visit(std::integral_constant<int, 1>{}, Direction::kLeft);
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
  Packed cells = Pack(board) & ((Packed{1} << kBlankShift) - 1);
  int digit[kCells];
  Digits(cells, digit);
  uint32_t rank = RankOfDigits(digit);
  uint8_t e = table[rank];
  if (e == 0) return false;
  int blank = BlankIndex(board);
  // One table lookup and an O(1) rank update per move.
  while (Distance(e) != 0) {
    // Directions u d l r move the blank by -3, +3, -1, +1 cells; the table only
    // records moves that stay on the board.
    static constexpr int kStep[kDirections] = {-kSide, kSide, -1, 1};
    int d = e & kDirectionMask;
    out->push_back("udlr"[d]);
    int next = blank + kStep[d];
    rank = MoveBlank(rank, digit, cells, blank, next);
    cells = SlideTile(cells, blank, next);
    blank = next;
    e = table[rank];
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

SolveTextResult SolveText(std::string_view input, CaseCount count) {
  SolveTextResult r;
  ParseResult parsed = ParseBoards(input, count);
  if (!parsed.ok()) {
    r.error = parsed.error;
    return r;
  }
  for (const Board& b : parsed.boards) {
    if (!AppendShortest(b, &r.answer)) r.answer += "unsolvable";
    r.answer += '\n';
  }
  return r;
}

}  // namespace eight
