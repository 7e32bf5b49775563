// reference/eight against hand-worked examples and the independent oracle
// (oracle.h): ranks, parsing, replay, solvability and the table solver.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "eight/board.h"
#include "generator.h"
#include "eight/moves.h"
#include "eight/parse.h"
#include "random_board.h"
#include "eight/rank.h"
#include "eight/solvability.h"
#include "eight/solver.h"
#include "oracle.h"

namespace {

using eight_test::Oracle;
using eight_test::OracleReplay;

#ifdef JUDGE_SANITIZE_BUILD
constexpr size_t kStride = 13;  // sanitizers: every 13th board is plenty
#else
constexpr size_t kStride = 1;
#endif

eight::Board B(const std::string& compact) {
  auto b = eight::FromCompact(compact);
  EXPECT_TRUE(b.has_value()) << compact;
  return b.value_or(eight::kGoal);
}

TEST(EightBoard, CompactForms) {
  EXPECT_EQ(eight::ToCompact(eight::kGoal), "12345678x");
  EXPECT_EQ(eight::BlankIndex(eight::kGoal), 8);
  EXPECT_FALSE(eight::FromCompact("12345678"));
  EXPECT_FALSE(eight::FromCompact("123456788"));
  EXPECT_FALSE(eight::FromCompact("12345678X"));
  EXPECT_EQ(eight::FormatBoard(B("23415x768"), eight::Layout::kLine), "2 3 4 1 5 x 7 6 8\n");
  EXPECT_EQ(eight::FormatBoard(B("23415x768"), eight::Layout::kGrid), "2 3 4\n1 5 x\n7 6 8\n");
}

TEST(EightRank, BijectionInLexicographicOrder) {
  std::vector<std::string> all = eight_test::AllStates();  // sorted: '1' < ... < '8' < 'x'
  ASSERT_EQ(all.size(), eight::kPermutationCount);
  // Lexicographic order on cells with the blank as 0 puts the blank first, so
  // compare through the numeric cells rather than the characters.
  std::vector<std::array<uint8_t, 9>> cells;
  for (const auto& s : all) cells.push_back(B(s).cells);
  std::sort(cells.begin(), cells.end());
  for (uint32_t r = 0; r < eight::kPermutationCount; ++r) {
    eight::Board b{cells[r]};
    ASSERT_EQ(eight::Rank(b), r);
    ASSERT_EQ(eight::Unrank(r), b);
  }
}

TEST(EightParse, AnyWhitespaceSeparatesTokens) {
  const char* forms[] = {"2 3 4 1 5 x 7 6 8", "2 3 4\n1 5 x\n7 6 8\n", "2\t3\t4\r\n1 5 x\r\n7 6 8\r\n",
                         "\n\n  2   3 4 1\n5\fx\v7 6\n8  \n\n"};
  for (const char* f : forms) {
    eight::ParseResult r = eight::ParseBoards(f, eight::CaseCount::kExactlyOne);
    ASSERT_TRUE(r.ok()) << f << ": " << r.error;
    ASSERT_EQ(r.boards.size(), 1u);
    EXPECT_EQ(eight::ToCompact(r.boards[0]), "23415x768");
  }
  eight::ParseResult multi =
      eight::ParseBoards("1 2 3 4 5 6 7 8 x 2 3 4 1 5\nx 7 6 8\n", eight::CaseCount::kOneOrMore);
  ASSERT_TRUE(multi.ok()) << multi.error;
  ASSERT_EQ(multi.boards.size(), 2u);
  EXPECT_EQ(multi.boards[0], eight::kGoal);
}

TEST(EightParse, ErrorsNameCaseTokenAndLine) {
  using eight::CaseCount;
  auto err = [](const char* text, CaseCount c) { return eight::ParseBoards(text, c).error; };
  EXPECT_EQ(err("1 2 3 4 5 6 7 8 x\n1 2 3\n4 12 6 7 8 x", CaseCount::kOneOrMore),
            "case 2, token 5 (line 3): expected a tile 1-8 or the blank x, found '12'");
  EXPECT_EQ(err("1 2 3 4 5 6 7 8 0", CaseCount::kExactlyOne),
            "case 1, token 9 (line 1): expected a tile 1-8 or the blank x, found '0'");
  EXPECT_EQ(err("1 2 3 4 5 6 7 8 X", CaseCount::kExactlyOne),
            "case 1, token 9 (line 1): expected a tile 1-8 or the blank x, found 'X'");
  EXPECT_EQ(err(std::string("1 2 \x01\xff 4").c_str(), CaseCount::kExactlyOne),
            "case 1, token 3 (line 1): expected a tile 1-8 or the blank x, found '\\x01\\xff'");
  EXPECT_EQ(err("1 2 3 4 5 6 7 8 x 1", CaseCount::kOneOrMore),
            "case 2: expected 9 tokens, found 1 before the end of the input");
  EXPECT_EQ(err("1 2 3 4 5 6 7 8", CaseCount::kExactlyOne),
            "case 1: expected 9 tokens, found 8 before the end of the input");
  EXPECT_EQ(err("1 2 3 4 5 6 7 8 x\n1", CaseCount::kExactlyOne),
            "expected exactly 9 tokens (one board), found more: extra token '1' at line 2");
  EXPECT_EQ(err(" \n\t", CaseCount::kOneOrMore), "empty input: expected 9 tokens (one board), found none");
  EXPECT_EQ(err("1 2 3 4 5 6 7 8 x 1 2 3 4 5 6 7 x 3", CaseCount::kOneOrMore),
            "case 2: tile 3 appears twice (tokens 3 and 9)");
  EXPECT_EQ(err("1 x 3 4 5 6 7 8 x", CaseCount::kExactlyOne),
            "case 1: blank 'x' appears twice (tokens 2 and 9)");
  EXPECT_EQ(err("1 2 3 4 5 6 7 8 8", CaseCount::kExactlyOne),
            "case 1: no blank 'x' among the 9 tokens (tile 8 appears twice (tokens 8 and 9))");
  std::string long_token(100000, '7');
  std::string e = err(("1 2 " + long_token).c_str(), CaseCount::kExactlyOne);
  EXPECT_LT(e.size(), 120u) << e;
  EXPECT_NE(e.find("'77777777777777777777...'"), std::string::npos) << e;
}

TEST(EightMoves, LettersMoveTheBlank) {
  // From the goal the blank sits bottom right: up swaps it with 6, left with 8.
  EXPECT_EQ(OracleReplay("12345678x", "u"), "12345x786");
  auto up = eight::Replay(eight::kGoal, "u");
  EXPECT_EQ(up.stop, eight::ReplayResult::Stop::kCompleted);
  EXPECT_EQ(eight::ToCompact(up.board), "12345x786");
  EXPECT_EQ(eight::ToCompact(eight::Replay(eight::kGoal, "l").board), "1234567x8");
  EXPECT_EQ(eight::ToCompact(eight::Replay(B("x12345678"), "d").board), "312x45678");
  EXPECT_EQ(eight::ToCompact(eight::Replay(B("x12345678"), "r").board), "1x2345678");
  auto off = eight::Replay(eight::kGoal, "uud");
  EXPECT_EQ(off.stop, eight::ReplayResult::Stop::kCompleted);
  off = eight::Replay(eight::kGoal, "uuu");
  EXPECT_EQ(off.stop, eight::ReplayResult::Stop::kLeavesBoard);
  EXPECT_EQ(off.move_index, 2u);
  EXPECT_EQ(eight::ToCompact(off.board), "12x453786");
  auto bad = eight::Replay(eight::kGoal, "lU");
  EXPECT_EQ(bad.stop, eight::ReplayResult::Stop::kIllegalLetter);
  EXPECT_EQ(bad.move_index, 1u);
  EXPECT_EQ(eight::Replay(eight::kGoal, "r").stop, eight::ReplayResult::Stop::kLeavesBoard);
  EXPECT_EQ(eight::Replay(eight::kGoal, "d").stop, eight::ReplayResult::Stop::kLeavesBoard);
}

TEST(EightMoves, ReplayAgreesWithOracleOnRandomStrings) {
  common::Rng rng(7);
  for (int t = 0; t < 2000; ++t) {
    std::string moves;
    int len = static_cast<int>(rng.Below(40));
    for (int i = 0; i < len; ++i) moves += "udlr"[rng.Below(4)];
    eight::Board start = eight::UniformSolvableBoard(rng);
    auto mine = eight::Replay(start, moves);
    auto theirs = OracleReplay(eight::ToCompact(start), moves);
    ASSERT_EQ(mine.stop == eight::ReplayResult::Stop::kCompleted, theirs.has_value()) << moves;
    if (theirs) {
      ASSERT_EQ(eight::ToCompact(mine.board), *theirs);
    }
  }
}

TEST(EightSolvability, ParityEqualsOracleReachability) {
  const Oracle& oracle = Oracle::Get();
  ASSERT_EQ(oracle.ReachableCount(), 181440u);
  ASSERT_EQ(oracle.MaxDistance(), 31);
  size_t solvable = 0;
  for (const std::string& s : eight_test::AllStates()) {
    bool mine = eight::IsSolvable(B(s));
    ASSERT_EQ(mine, oracle.Distance(s) >= 0) << s;
    solvable += mine;
  }
  EXPECT_EQ(solvable, 181440u);
  EXPECT_EQ(eight::CountInversions(B("87654321x")), 28);
  EXPECT_EQ(eight::CountInversions(B("21345678x")), 1);
}

// Checks the solver on one state against the oracle.
void ExpectShortest(const std::string& state) {
  int want = Oracle::Get().Distance(state);
  eight::Board b = B(state);
  ASSERT_EQ(eight::ShortestDistance(b), want) << state;
  auto answer = eight::SolveShortest(b);
  if (want < 0) {
    ASSERT_FALSE(answer.has_value()) << state;
    return;
  }
  ASSERT_TRUE(answer.has_value()) << state;
  ASSERT_EQ(static_cast<int>(answer->size()), want) << state;
  ASSERT_EQ(OracleReplay(state, *answer), eight_test::kGoalState) << state << " " << *answer;
}

TEST(EightSolver, ShortestOnEveryDistanceLayer) {
  const Oracle& oracle = Oracle::Get();
  for (int d = 0; d <= eight::kMaxDistance; ++d) {
    const auto& layer = oracle.AtDistance(d);
    std::vector<uint32_t> ranks = eight::RanksAtDistance(d);
    ASSERT_EQ(ranks.size(), layer.size()) << "distance " << d;
    for (size_t i = 0; i < layer.size(); i += kStride) ExpectShortest(layer[i]);
  }
  EXPECT_EQ(oracle.AtDistance(31).size(), 2u);
  for (const std::string& s : oracle.AtDistance(31)) ExpectShortest(s);
  ExpectShortest(eight_test::kGoalState);
  EXPECT_EQ(eight::SolveShortest(eight::kGoal), "");
  EXPECT_TRUE(eight::RanksAtDistance(32).empty());
}

TEST(EightSolver, UnsolvableBoardsHaveNoAnswer) {
  std::vector<std::string> all = eight_test::AllStates();
  size_t checked = 0;
  for (size_t i = 0; i < all.size(); i += 7 * kStride) {
    if (Oracle::Get().Distance(all[i]) >= 0) continue;
    ExpectShortest(all[i]);
    ++checked;
  }
  EXPECT_GT(checked, 1000u);
}

TEST(EightSolver, GeneratedBoardsAgainstOracle) {
  // Thousands of boards from the package generator, mixed sources and unsolvable share.
  const char* sources[][2] = {{"depth", "uniform"}, {"depth", "12"}, {"depth", "40"},
                              {"distance", "31"},   {"distance", "30"}, {"distance", "0"}};
  size_t total = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    for (auto& src : sources) {
      eight::Params p = {{"cases", "150"}, {src[0], src[1]}, {"unsolvable", "30"}};
      eight::GeneratedInput g = eight::GenerateInput(seed, p, eight::CaseCount::kOneOrMore);
      ASSERT_TRUE(g.ok()) << g.error;
      eight::ParseResult parsed = eight::ParseBoards(g.text, eight::CaseCount::kOneOrMore);
      ASSERT_TRUE(parsed.ok()) << parsed.error;
      for (size_t i = 0; i < parsed.boards.size(); i += kStride) {
        ExpectShortest(eight::ToCompact(parsed.boards[i]));
        ++total;
      }
    }
  }
  EXPECT_GE(total, 3600u / kStride);
}

TEST(EightSolver, ProblemStatementSample) {
  eight::Board sample = B("23415x768");
  auto replay = eight::Replay(sample, "ullddrurdllurdruldr");  // the statement's 19 moves
  EXPECT_TRUE(eight::IsGoal(replay.board));
  ExpectShortest("23415x768");
  // The statement's answer happens to be a shortest one (other 19-move answers exist).
  EXPECT_EQ(Oracle::Get().Distance("23415x768"), 19);
}

TEST(EightRandomBoard, FlipSolvabilityIsAnInvolutionThatFlipsParity) {
  for (const std::string& s : {std::string("12345678x"), std::string("x12345678"),
                               std::string("1x2345678"), std::string("87654321x")}) {
    eight::Board b = B(s);
    eight::Board f = eight::FlipSolvability(b);
    EXPECT_NE(eight::IsSolvable(b), eight::IsSolvable(f)) << s;
    EXPECT_EQ(eight::FlipSolvability(f), b) << s;
    EXPECT_EQ(eight::BlankIndex(f), eight::BlankIndex(b)) << s;
  }
}

TEST(EightRandomBoard, WalkStaysWithinDepthAndParity) {
  common::Rng rng(99);
  for (int depth : {0, 1, 2, 5, 13, 30, 200}) {
    for (int t = 0; t < 200; ++t) {
      int d = Oracle::Get().Distance(eight::ToCompact(eight::RandomWalkBoard(rng, depth)));
      ASSERT_GE(d, 0);
      ASSERT_LE(d, depth);
      ASSERT_EQ(d % 2, depth % 2);  // the blank's cell colour alternates with each move
    }
  }
}

TEST(EightRandomBoard, UniformCoversSolvableBoardsEvenly) {
  // 181,440 boards, 400,000 draws: every distance layer gets its share within 10%.
  common::Rng rng(5);
  std::vector<size_t> per_layer(32);
  const int draws = 400000 / static_cast<int>(kStride);
  for (int i = 0; i < draws; ++i)
    ++per_layer[eight::ShortestDistance(eight::UniformSolvableBoard(rng))];
  for (int d = 10; d <= 27; ++d) {  // layers big enough for a tight estimate
    double expected = draws * double(Oracle::Get().AtDistance(d).size()) / 181440.0;
    EXPECT_NEAR(per_layer[d], expected, expected * 0.1 + 30) << "distance " << d;
  }
}

}  // namespace
