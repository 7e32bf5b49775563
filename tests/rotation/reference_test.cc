// The reference rules and solver against the independent oracles (oracle_*.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "oracle_rules.h"
#include "oracle_search.h"
#include "rotation/board.h"
#include "rotation/cell_set.h"
#include "rotation/distance_table.h"
#include "rotation/farthest_boards.h"
#include "rotation/input.h"
#include "rotation/moves.h"
#include "rotation/solver.h"

namespace {

using rotation::Board;
using rotation_oracle::Cells;

#ifdef JUDGE_SANITIZE_BUILD
constexpr int kScale = 10;  // sanitizers make everything ~5-10x slower
#else
constexpr int kScale = 1;
#endif

Cells ToCells(const Board& b) {
  Cells c;
  for (int i = 0; i < 24; ++i) c[i] = b.cells[i];
  return c;
}

Board FromCells(const Cells& c) {
  Board b;
  for (int i = 0; i < 24; ++i) b.cells[i] = static_cast<uint8_t>(c[i]);
  return b;
}

Cells UniformCells(std::mt19937_64& rng) {
  Cells c;
  for (int i = 0; i < 24; ++i) c[i] = 1 + i / 8;
  std::shuffle(c.begin(), c.end(), rng);
  return c;
}

// A random goal board (one digit on the centre ring, the other 16 cells a shuffle of
// the other two digits) scrambled by `depth` random oracle moves.
Cells ScrambledCells(std::mt19937_64& rng, int depth) {
  const int digit = std::uniform_int_distribution<int>(1, 3)(rng);
  std::vector<int> rest;
  for (int d = 1; d <= 3; ++d)
    if (d != digit) rest.insert(rest.end(), 8, d);
  std::shuffle(rest.begin(), rest.end(), rng);
  Cells c;
  c.fill(0);
  for (int k = 0; k < 8; ++k) c[rotation_oracle::Ring()[k]] = digit;
  for (int i = 0, next = 0; i < 24; ++i)
    if (c[i] == 0) c[i] = rest[next++];
  std::uniform_int_distribution<int> move('A', 'H');
  for (int i = 0; i < depth; ++i) rotation_oracle::Apply(c, static_cast<char>(move(rng)));
  return c;
}

// --- Rules -----------------------------------------------------------------------

TEST(RotationRules, MovesMatchTheGridGeometry) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 200; ++trial) {
    Cells c = UniformCells(rng);
    for (int m = 0; m < rotation::kMoveCount; ++m) {
      Board b = FromCells(c);
      rotation::ApplyMove(b, m);
      Cells expected = c;
      rotation_oracle::Apply(expected, rotation::MoveLetter(m));
      ASSERT_EQ(ToCells(b), expected) << "move " << rotation::MoveLetter(m);
    }
  }
}

TEST(RotationRules, InverseMovesUndoAndSevenStepsAreIdentity) {
  std::mt19937_64 rng(2);
  const Board start = FromCells(UniformCells(rng));
  for (int m = 0; m < rotation::kMoveCount; ++m) {
    Board b = start;
    rotation::ApplyMove(b, m);
    EXPECT_NE(b, start);
    rotation::ApplyMove(b, rotation::InverseMove(m));
    EXPECT_EQ(b, start) << rotation::MoveLetter(m);
    for (int i = 0; i < 7; ++i) rotation::ApplyMove(b, m);
    EXPECT_EQ(b, start) << rotation::MoveLetter(m);
  }
}

TEST(RotationRules, ReversedListsAsInTheStatement) {
  // E, F, G, H are B, A, D, C with their lists reversed.
  const char pairs[4][2] = {{'E', 'B'}, {'F', 'A'}, {'G', 'D'}, {'H', 'C'}};
  for (const auto& p : pairs) {
    auto a = rotation::kMoveCells[rotation::MoveFromLetter(p[0])];
    auto b = rotation::kMoveCells[rotation::MoveFromLetter(p[1])];
    std::reverse(b.begin(), b.end());
    EXPECT_EQ(a, b) << p[0];
  }
  EXPECT_EQ(rotation::MoveFromLetter('I'), -1);
  EXPECT_EQ(rotation::MoveFromLetter('a'), -1);
}

TEST(RotationRules, GoalAndCentreDigitAgreeWithTheOracle) {
  std::mt19937_64 rng(3);
  int goals = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const Cells c = trial % 2 ? UniformCells(rng) : ScrambledCells(rng, trial % 3);
    const Board b = FromCells(c);
    EXPECT_EQ(rotation::CentreDigit(b), rotation_oracle::Centre(c));
    EXPECT_EQ(rotation::IsGoal(b), rotation_oracle::Centre(c) != 0);
    goals += rotation::IsGoal(b);
  }
  EXPECT_GT(goals, 100);  // both outcomes exercised
}

// --- Input parsing -----------------------------------------------------------------

const char kSample[] =
    "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
    "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n"
    "0\n";

TEST(RotationInput, ParsesTheSample) {
  const rotation::ParsedInput p = rotation::ParseInput(kSample);
  ASSERT_TRUE(p.ok()) << p.error;
  ASSERT_EQ(p.boards.size(), 2u);
  EXPECT_EQ(rotation::ToString(p.boards[0]), "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3");
  EXPECT_EQ(p.boards[1].cells[23], 3);
}

TEST(RotationInput, AnyWhitespaceIsAccepted) {
  std::string text = kSample;
  std::replace(text.begin(), text.end(), ' ', '\n');
  text = "\r\n\t " + text + "\r\n\n";
  const rotation::ParsedInput p = rotation::ParseInput(text);
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.boards, rotation::ParseInput(kSample).boards);
  const rotation::ParsedInput none = rotation::ParseInput("0");
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none.boards.empty());
}

struct BadInput {
  const char* text;
  const char* message;
};

TEST(RotationInput, ErrorsNameCaseTokenAndPosition) {
  const std::string good = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n";
  const BadInput cases[] = {
      {"", "input ends before the terminating 0 (no cases and no 0)"},
      {"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n",
       "input ends after case 1 without the terminating 0"},
      {"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3\n0\n",
       "case 1, token 24 (line 2, column 1): expected a digit 1..3, found '0'"},
      {"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1\n",
       "case 1, token 23 (line 2, column 1): input ends inside the case, expected 24 digits, "
       "found 22"},
      {"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 1 1 1 x",
       "case 2, token 5 (line 2, column 9): expected a digit 1..3, found 'x'"},
      {"4", "case 1, token 1 (line 1, column 1): expected a digit 1..3 or the terminating 0, "
            "found '4'"},
      {"1 1 1 1 1 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n",
       "case 1: digit 1 occurs 9 times, expected 8"},
      {"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n7 \n",
       "after the terminating 0 (line 3, column 1): expected the end of input, found '7'"},
      {"11 1", "case 1, token 1 (line 1, column 1): expected a digit 1..3 or the terminating 0, "
               "found '11'"},
  };
  for (const BadInput& c : cases) {
    const rotation::ParsedInput p = rotation::ParseInput(c.text);
    EXPECT_EQ(p.error, c.message) << "input: " << c.text;
  }
  const rotation::ParsedInput binary = rotation::ParseInput(std::string("1 \x01\xff\x00", 5));
  EXPECT_EQ(binary.error,
            "case 1, token 2 (line 1, column 3): expected a digit 1..3, found '\\x01\\xff\\x00'");
  const rotation::ParsedInput long_token = rotation::ParseInput(std::string(100, '2'));
  EXPECT_EQ(long_token.error,
            "case 1, token 1 (line 1, column 1): expected a digit 1..3 or the terminating 0, "
            "found '22222222222222222222'...");
}

// --- Cell sets and the distance table ---------------------------------------------

TEST(RotationCellSet, RankIsABijectionOntoAllSets) {
  std::vector<bool> seen(rotation::kSetCount, false);
  uint32_t count = 0;
  // Every 24-bit mask with 8 bits, by Gosper's hack.
  for (uint32_t x = 0xff; x < (1u << 24);) {
    const uint32_t r = rotation::RankMask(x);
    ASSERT_LT(r, rotation::kSetCount);
    ASSERT_FALSE(seen[r]) << std::hex << x;
    seen[r] = true;
    ASSERT_EQ(rotation::UnrankMask(r), x);
    ++count;
    const uint32_t c = x & -x, rr = x + c;
    x = (((rr ^ x) >> 2) / c) | rr;
  }
  EXPECT_EQ(count, rotation::kSetCount);
}

TEST(RotationCellSet, MoveOnMasksMatchesMoveOnBoards) {
  std::mt19937_64 rng(4);
  for (int trial = 0; trial < 500; ++trial) {
    const Board b = FromCells(UniformCells(rng));
    for (int m = 0; m < rotation::kMoveCount; ++m) {
      Board moved = b;
      rotation::ApplyMove(moved, m);
      for (int d = 1; d <= 3; ++d)
        ASSERT_EQ(rotation::ApplyMoveToMask(rotation::MaskOfDigit(b, d), m),
                  rotation::MaskOfDigit(moved, d));
    }
  }
}

TEST(RotationDistanceTable, GoalSetIsAtZeroAndEverySetIsReached) {
  const rotation::DistanceTable& table = rotation::DistanceTable::Get();
  EXPECT_EQ(table.SetDistance(rotation::kCentreMask), 0);
  int zeros = 0, largest = 0;
  for (uint32_t r = 0; r < rotation::kSetCount; ++r) {
    zeros += table.DistanceOfRank(r) == 0;
    largest = std::max(largest, table.DistanceOfRank(r));
  }
  EXPECT_EQ(zeros, 1);
  EXPECT_EQ(largest, table.MaxSetDistance());
  EXPECT_LT(largest, 255);  // no set left unreached (the group acts transitively)
}

// --- Solver vs oracles --------------------------------------------------------------

void ExpectSameAnswer(const Cells& c, const rotation_oracle::Answer& oracle) {
  const rotation::Solution s = rotation::Solve(FromCells(c));
  ASSERT_EQ(s.moves, oracle.moves) << rotation::ToString(FromCells(c));
  ASSERT_EQ(s.centre_digit, oracle.digit) << rotation::ToString(FromCells(c));
  // And the answer replays to a goal with that digit under the oracle rules.
  Cells end = c;
  for (char m : s.moves) rotation_oracle::Apply(end, m);
  ASSERT_EQ(rotation_oracle::Centre(end), s.centre_digit);
}

TEST(RotationSolver, TheSampleAnswer) {
  const rotation::ParsedInput p = rotation::ParseInput(kSample);
  ASSERT_TRUE(p.ok());
  std::vector<rotation::Solution> s;
  for (const Board& b : p.boards) s.push_back(rotation::Solve(b));
  EXPECT_EQ(rotation::FormatAnswer(s), "AC\n2\nDDHH\n2\n");  // shared/problems.md
}

TEST(RotationSolver, AlreadySolvedBoardsNeedNoMoves) {
  std::mt19937_64 rng(6);
  for (int trial = 0; trial < 300; ++trial) {
    const Cells c = ScrambledCells(rng, 0);
    ASSERT_NE(rotation_oracle::Centre(c), 0);
    const rotation::Solution s = rotation::Solve(FromCells(c));
    EXPECT_EQ(s.moves, "");
    EXPECT_EQ(s.centre_digit, rotation_oracle::Centre(c));
  }
  EXPECT_EQ(rotation::FormatAnswer({rotation::Solution{"", 3}}), "No moves needed\n3\n");
}

TEST(RotationSolver, MatchesBruteForceOnThousandsOfScrambles) {
  std::mt19937_64 rng(7);
  int at_six = 0;
  for (int trial = 0; trial < 3000 / kScale; ++trial) {
    const Cells c = ScrambledCells(rng, 1 + trial % 6);
    const auto brute = rotation_oracle::BruteForce(c, 6);
    ASSERT_TRUE(brute.has_value()) << "a scramble of <= 6 moves is solvable in 6";
    ExpectSameAnswer(c, *brute);
    at_six += brute->moves.size() == 6;
  }
  EXPECT_GT(at_six, 10 / kScale);
}

// Boards where two digits are equally close: the minimum over digits must be taken
// again after every candidate move, whichever digit ends up in the centre.
TEST(RotationSolver, MatchesBruteForceWhenDigitsTie) {
  const rotation::DistanceTable& table = rotation::DistanceTable::Get();
  std::mt19937_64 rng(12);
  int ties = 0, digit_changes = 0;
  for (int trial = 0; trial < 400000 && ties < 50 / kScale; ++trial) {
    const Cells c = ScrambledCells(rng, 2 + trial % 4);
    const Board b = FromCells(c);
    int distance[3];
    for (int d = 0; d < 3; ++d) distance[d] = table.SetDistance(rotation::MaskOfDigit(b, d + 1));
    const int best = std::min({distance[0], distance[1], distance[2]});
    if ((distance[0] == best) + (distance[1] == best) + (distance[2] == best) < 2) continue;
    const auto brute = rotation_oracle::BruteForce(c, 6);
    ASSERT_TRUE(brute.has_value());
    ExpectSameAnswer(c, *brute);
    ++ties;
    // The smallest digit that ties is not always the one the answer gathers.
    int smallest_tied = 0;
    while (distance[smallest_tied] != best) ++smallest_tied;
    digit_changes += brute->digit != smallest_tied + 1;
  }
  EXPECT_EQ(ties, 50 / kScale);
  EXPECT_GT(digit_changes, 0);
}

TEST(RotationSolver, MatchesBruteForceOnUniformBoardsWithinSixMoves) {
  std::mt19937_64 rng(8);
  int compared = 0;
  for (int trial = 0; trial < 20000 / kScale && compared < 400 / kScale; ++trial) {
    const Cells c = UniformCells(rng);
    if (rotation::DistanceTable::Get().BoardDistance(FromCells(c)) > 6) continue;
    const auto brute = rotation_oracle::BruteForce(c, 6);
    ASSERT_TRUE(brute.has_value());
    ExpectSameAnswer(c, *brute);
    ++compared;
  }
  EXPECT_GE(compared, 400 / kScale);
}

TEST(RotationSolver, MatchesIdaStarOnDeepBoards) {
  std::mt19937_64 rng(9);
  // Uniform boards (distances 7..11 mostly), then boards at distance 12.
  std::vector<Cells> boards;
  for (int i = 0; i < 16 / kScale + 2; ++i) boards.push_back(UniformCells(rng));
  for (int found = 0; found < 6 / kScale + 1;) {
    const Cells c = UniformCells(rng);
    if (rotation::DistanceTable::Get().BoardDistance(FromCells(c)) == 12) {
      boards.push_back(c);
      ++found;
    }
  }
  for (const Cells& c : boards) ExpectSameAnswer(c, rotation_oracle::IdaStar(c));
}

TEST(RotationSolver, FarthestBoardsFromTheTableAgreeWithIdaStar) {
  const rotation::FarthestBoards far = rotation::FindFarthestBoards();
  const rotation::DistanceTable& table = rotation::DistanceTable::Get();
  ASSERT_FALSE(far.boards.empty());
  EXPECT_EQ(far.boards.size() % 6, 0u);  // closed under renaming the digits
  for (const Board& b : far.boards) {
    ASSERT_EQ(table.BoardDistance(b), far.distance);
    ASSERT_EQ(rotation::Solve(b).moves.size(), static_cast<size_t>(far.distance));
  }
  // No uniform board is farther.
  std::mt19937_64 rng(10);
  for (int i = 0; i < 200000 / kScale; ++i)
    ASSERT_LE(table.BoardDistance(FromCells(UniformCells(rng))), far.distance);
  // The oracle confirms the distance (and the exact answer) on a few of them.
  const size_t step = far.boards.size() / (kScale == 1 ? 3 : 1);
  for (size_t i = 0; i < far.boards.size(); i += step) {
    const Cells c = ToCells(far.boards[i]);
    const rotation_oracle::Answer oracle = rotation_oracle::IdaStar(c);
    EXPECT_EQ(static_cast<int>(oracle.moves.size()), far.distance);
    ExpectSameAnswer(c, oracle);
  }
}

TEST(RotationSolver, ConcurrentFirstUseIsSafe) {
  // Several threads race to build the table and solve the same boards.
  std::mt19937_64 rng(11);
  std::vector<Board> boards;
  for (int i = 0; i < 50; ++i) boards.push_back(FromCells(UniformCells(rng)));
  std::vector<std::vector<rotation::Solution>> results(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (const Board& b : boards) results[t].push_back(rotation::Solve(b));
    });
  for (auto& th : threads) th.join();
  for (int t = 1; t < 4; ++t)
    for (size_t i = 0; i < boards.size(); ++i) {
      EXPECT_EQ(results[t][i].moves, results[0][i].moves);
      EXPECT_EQ(results[t][i].centre_digit, results[0][i].centre_digit);
    }
}

}  // namespace
