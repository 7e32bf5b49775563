// The rotation plugin: checker verdicts and messages, validator, generator, and the
// C entry point of the built plugin.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "checker.h"
#include "generator.h"
#include "judge/plugin_abi.h"
#include "judge_plugin_sdk.h"
#include "oracle_rules.h"
#include "oracle_search.h"
#include "rotation/distance_table.h"
#include "rotation/input.h"
#include "rotation/solver.h"
#include "validator.h"
#include "support/files.h"

namespace {

using judge::sdk::CheckResult;
using judge::sdk::CheckVerdict;
using judge::sdk::InvalidInput;
using judge::sdk::Options;

const std::string kSample =
    "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
    "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n"
    "0\n";
const std::string kSampleAnswer = "AC\n2\nDDHH\n2\n";  // shared/problems.md
const std::string kSolvedBoard = "1 3 1 3 1 3 2 2 2 1 3 2 2 1 3 2 2 2 1 3 1 3 1 3";

CheckResult Check(const std::string& input, const std::string& output,
                  const std::string& options = "", const std::string& answer = "") {
  return rotation::judging::CheckOutput(input, output, answer, Options::Parse(options));
}

#define EXPECT_VERDICT(result, v, msg)                \
  do {                                                \
    const CheckResult r_ = (result);                  \
    EXPECT_EQ(r_.verdict, CheckVerdict::v) << r_.message; \
    EXPECT_EQ(r_.message, msg);                       \
  } while (0)

// --- Checker: accepted and tolerated -----------------------------------------------

TEST(RotationChecker, AcceptsTheReferenceAnswer) {
  EXPECT_VERDICT(Check(kSample, kSampleAnswer), kAccepted, "2 cases");
  EXPECT_VERDICT(Check(kSample, kSampleAnswer, "", kSampleAnswer), kAccepted, "2 cases");
  EXPECT_VERDICT(Check(kSample, kSampleAnswer, "tie_break=lexicographic"), kAccepted, "2 cases");
  EXPECT_VERDICT(Check("0\n", ""), kAccepted, "0 cases");
}

TEST(RotationChecker, ToleratesTrailingWhitespaceCrlfAndMissingFinalNewline) {
  for (const std::string out : {"AC  \n2\t\nDDHH\n2\n", "AC\r\n2\r\nDDHH\r\n2\r\n",
                                "AC\n2\nDDHH\n2", "AC\n2\nDDHH\n2\n\n\n  \n"})
    EXPECT_VERDICT(Check(kSample, out), kAccepted, "2 cases");
}

TEST(RotationChecker, NoMovesNeededOnASolvedBoard) {
  const std::string input = kSolvedBoard + "\n0\n";
  EXPECT_VERDICT(Check(input, "No moves needed\n2\n"), kAccepted, "1 case");
  EXPECT_VERDICT(Check(input, "no moves needed\n2\n"), kPresentationError,
                 "case 1: expected exactly 'No moves needed', found 'no moves needed'");
  EXPECT_VERDICT(Check(input, "No  moves needed\n2\n"), kPresentationError,
                 "case 1: expected exactly 'No moves needed', found 'No  moves needed'");
  EXPECT_VERDICT(Check(input, "AF\n2\n"), kWrongAnswer,
                 "case 1: 2 moves, shortest is 0 (expected 'No moves needed')");
  EXPECT_VERDICT(Check(input, "\n2\n"), kWrongAnswer,
                 "case 1: empty move line, expected 'No moves needed'");
  EXPECT_VERDICT(Check(input, "No moves needed\n1\n"), kWrongAnswer,
                 "case 1: printed centre digit 1, but the centre holds 2 after the moves");
  EXPECT_VERDICT(Check(kSample, "No moves needed\n2\nDDHH\n2\n"), kWrongAnswer,
                 "case 1: 'No moves needed', but the board needs 2 moves");
}

// --- Checker: presentation errors ---------------------------------------------------

TEST(RotationChecker, PresentationErrors) {
  EXPECT_VERDICT(Check(kSample, "AC\n2\n\nDDHH\n2\n"), kPresentationError,
                 "line 3: blank line (allowed only after the last case)");
  EXPECT_VERDICT(Check(kSample, "\nAC\n2\nDDHH\n2\n"), kPresentationError,
                 "line 1: blank line (allowed only after the last case)");
  EXPECT_VERDICT(Check(kSample, "A C\n2\nDDHH\n2\n"), kPresentationError,
                 "case 1: line 1, column 2: whitespace inside the move line");
  EXPECT_VERDICT(Check(kSample, "AC\n2\nDD\tHH\n2\n"), kPresentationError,
                 "case 2: line 3, column 3: whitespace inside the move line");
  EXPECT_VERDICT(Check(kSample, " AC\n2\nDDHH\n2\n"), kPresentationError,
                 "case 1: line 1: leading whitespace before the moves");
  EXPECT_VERDICT(Check(kSample, "AC\n 2\nDDHH\n2\n"), kPresentationError,
                 "case 1: line 2: leading whitespace before the digit");
}

TEST(RotationChecker, WrongContentOutranksPresentation) {
  EXPECT_VERDICT(Check(kSample, "AC\n2\n\nDDHH\n3\n"), kWrongAnswer,
                 "case 2: printed centre digit 3, but the centre holds 2 after the moves");
  EXPECT_VERDICT(Check(kSample, "A C\n2\nDDHA\n2\n"), kWrongAnswer,
                 "case 2: ends in a board whose centre is not one digit (after 4 moves)");
}

// --- Checker: wrong answers -----------------------------------------------------------

TEST(RotationChecker, WrongLineCountsAndEmptyOutput) {
  EXPECT_VERDICT(Check(kSample, ""), kWrongAnswer,
                 "empty output, expected 4 lines (2 per case, 2 cases)");
  EXPECT_VERDICT(Check(kSample, " \n\r\n"), kWrongAnswer,
                 "empty output, expected 4 lines (2 per case, 2 cases)");
  EXPECT_VERDICT(Check(kSample, "AC\n2\n"), kWrongAnswer,
                 "output has 2 lines, expected 4 (2 per case, 2 cases)");
  EXPECT_VERDICT(Check(kSample, "AC\n2\nDDHH\n2\nAC\n"), kWrongAnswer,
                 "output has 5 lines, expected 4 (2 per case, 2 cases)");
  EXPECT_VERDICT(Check(kSample, "AC\n\n2\n\nDDHH\n"), kWrongAnswer,
                 "output has 5 lines (2 blank), expected 4 (2 per case, 2 cases)");
  EXPECT_VERDICT(Check(kSample, "AC 2\nDDHH 2\n"), kWrongAnswer,
                 "output has 2 lines, expected 4 (2 per case, 2 cases)");
  EXPECT_VERDICT(Check("0\n", "AC\n"), kWrongAnswer,
                 "output has 1 line, expected 0 (2 per case, 0 cases)");
  EXPECT_VERDICT(Check(kSolvedBoard + "\n0\n", ""), kWrongAnswer,
                 "empty output, expected 2 lines (2 per case, 1 case)");
}

TEST(RotationChecker, DigitBeforeMovesIsWrong) {
  EXPECT_VERDICT(Check(kSample, "2\nAC\n2\nDDHH\n"), kWrongAnswer,
                 "case 1: move 1 '2' is not a move (A..H)");
}

TEST(RotationChecker, IllegalLetters) {
  // Three cases: the third board needs moves; its fifth letter is Z.
  const std::string input = kSolvedBoard + "\n" + kSample;
  EXPECT_VERDICT(Check(input, "No moves needed\n2\nAC\n2\nDDHHZ\n2\n"), kWrongAnswer,
                 "case 3: move 5 'Z' is not a move (A..H)");
  EXPECT_VERDICT(Check(kSample, "ac\n2\nDDHH\n2\n"), kWrongAnswer,
                 "case 1: move 1 'a' is not a move (A..H)");
  EXPECT_VERDICT(Check(kSample, std::string("A\0C\n2\nDDHH\n2\n", 13)), kWrongAnswer,
                 "case 1: move 2 '\\x00' is not a move (A..H)");
  EXPECT_VERDICT(Check(kSample, "AI\n2\nDDHH\n2\n"), kWrongAnswer,
                 "case 1: move 2 'I' is not a move (A..H)");
}

TEST(RotationChecker, NotAGoalAndWrongDigit) {
  EXPECT_VERDICT(Check(kSample, "A\n2\nDDHH\n2\n"), kWrongAnswer,
                 "case 1: ends in a board whose centre is not one digit (after 1 move)");
  EXPECT_VERDICT(Check(kSample, "AC\n3\nDDHH\n2\n"), kWrongAnswer,
                 "case 1: printed centre digit 3, but the centre holds 2 after the moves");
  EXPECT_VERDICT(Check(kSample, "AC\n02\nDDHH\n2\n"), kWrongAnswer,
                 "case 1: line 2: expected the centre digit 1..3, found '02'");
  EXPECT_VERDICT(Check(kSample, "AC\n\nDDHH\n2\n"), kWrongAnswer,
                 "case 1: line 2: expected the centre digit 1..3, found an empty line");
  EXPECT_VERDICT(Check(kSample, "\n2\nDDHH\n2\n"), kWrongAnswer,
                 "case 1: empty move line, expected the moves");
}

// All goal-reaching strings of a given length for a board, by the oracle rules.
std::vector<std::string> GoalStrings(const rotation_oracle::Cells& start, int length) {
  std::vector<std::string> found;
  std::string s;
  std::function<void(const rotation_oracle::Cells&)> go = [&](const rotation_oracle::Cells& c) {
    if (static_cast<int>(s.size()) == length) {
      if (rotation_oracle::Centre(c)) found.push_back(s);
      return;
    }
    for (char m = 'A'; m <= 'H'; ++m) {
      rotation_oracle::Cells next = c;
      rotation_oracle::Apply(next, m);
      s.push_back(m);
      go(next);
      s.pop_back();
    }
  };
  go(start);
  return found;
}

rotation_oracle::Cells CellsOf(const std::string& line) {
  const rotation::ParsedInput p = rotation::ParseInput(line + "\n0\n");
  rotation_oracle::Cells c;
  for (int i = 0; i < 24; ++i) c[i] = p.boards.at(0).cells[i];
  return c;
}

// kSolvedBoard scrambled by `depth` random oracle moves, as an input line.
std::string Scrambled(std::mt19937_64& rng, int depth) {
  rotation_oracle::Cells c = CellsOf(kSolvedBoard);
  for (int i = 0; i < depth; ++i) rotation_oracle::Apply(c, static_cast<char>('A' + rng() % 8));
  std::string line;
  for (int x : c) line += (line.empty() ? "" : " ") + std::to_string(x);
  return line;
}

int CentreAfter(rotation_oracle::Cells c, const std::string& moves) {
  for (char m : moves) rotation_oracle::Apply(c, m);
  return rotation_oracle::Centre(c);
}

TEST(RotationChecker, LongerAnswersAreWrong) {
  // Scrambled boards; look for a valid answer one move longer than the shortest,
  // found independently by enumeration.
  std::mt19937_64 rng(1);
  int one_longer = 0;
  for (int trial = 0; trial < 40 && one_longer < 3; ++trial) {
    const std::string board = Scrambled(rng, 1 + trial % 4);
    const rotation_oracle::Cells c = CellsOf(board);
    const auto best = rotation_oracle::BruteForce(c, 4);
    if (!best || best->moves.empty()) continue;
    const int n = static_cast<int>(best->moves.size());
    const std::vector<std::string> longer = GoalStrings(c, n + 1);
    if (longer.empty()) continue;
    ++one_longer;
    const std::string out = longer[0] + "\n" + std::to_string(CentreAfter(c, longer[0])) + "\n";
    EXPECT_VERDICT(Check(board + "\n0\n", out, "tie_break=any"), kWrongAnswer,
                   "case 1: " + std::to_string(n + 1) + " moves, shortest is " + std::to_string(n));
  }
  EXPECT_GT(one_longer, 0);
  // Much longer: the sample answer padded with a move and its inverse.
  EXPECT_VERDICT(Check(kSample, "AC\n2\nDDHHAF\n2\n"), kWrongAnswer,
                 "case 2: 6 moves, shortest is 4");
}

TEST(RotationChecker, TieBreakLexicographicOrAny) {
  // Find boards with several shortest answers by enumeration; every one but the
  // smallest is WA by default and AC with tie_break=any.
  std::mt19937_64 rng(2);
  int tested = 0;
  for (int trial = 0; trial < 200 && tested < 5; ++trial) {
    const std::string board = Scrambled(rng, 1 + trial % 4);
    const rotation_oracle::Cells c = CellsOf(board);
    const auto best = rotation_oracle::BruteForce(c, 4);
    if (!best || best->moves.empty()) continue;
    const std::vector<std::string> all = GoalStrings(c, static_cast<int>(best->moves.size()));
    ASSERT_EQ(all.front(), best->moves);  // enumeration is lexicographic
    if (all.size() < 2) continue;
    ++tested;
    const std::string input = board + "\n0\n";
    for (size_t i = 1; i < all.size(); ++i) {
      const std::string out = all[i] + "\n" + std::to_string(CentreAfter(c, all[i])) + "\n";
      EXPECT_VERDICT(Check(input, out), kWrongAnswer,
                     "case 1: shortest but not the smallest: expected " + best->moves +
                         ", found " + all[i]);
      EXPECT_VERDICT(Check(input, out, "tie_break=any"), kAccepted, "1 case");
    }
  }
  EXPECT_GT(tested, 0);
}

// --- Checker: hostile output -----------------------------------------------------------

TEST(RotationChecker, HugeLineIsJudgedInLinearTime) {
  const std::string huge(10'000'000, 'A');
  const CheckResult r = Check(kSample, huge + "\n2\nDDHH\n2\n");
  EXPECT_EQ(r.verdict, CheckVerdict::kWrongAnswer) << r.message;
  // 10^7 = 7 * 1428571 + 3: A^3 from the first board, not a goal.
  EXPECT_EQ(r.message, "case 1: ends in a board whose centre is not one digit (after 10000000 moves)");
  const std::string cycles(7'000'000, 'B');  // B^7 is the identity; board 1 is no goal
  EXPECT_EQ(Check(kSample, "AC" + cycles + "\n2\nDDHH\n2\n").message,
            "case 1: 7000002 moves, shortest is 2");
  const CheckResult letters = Check(kSample, std::string(10'000'000, 'z') + "\n2\nDDHH\n2\n");
  EXPECT_EQ(letters.message, "case 1: move 1 'z' is not a move (A..H)");
}

TEST(RotationChecker, MillionsOfLinesAndBinaryGarbage) {
  const CheckResult lines = Check(kSample, std::string(10'000'000, '\n') + "x");
  EXPECT_EQ(lines.verdict, CheckVerdict::kWrongAnswer) << lines.message;
  EXPECT_EQ(lines.message,
            "output has 10000001 lines (10000000 blank), expected 4 (2 per case, 2 cases)");
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    std::string garbage(1 + rng() % 100000, '\0');
    for (char& ch : garbage) ch = static_cast<char>(rng());
    const CheckResult r = Check(kSample, garbage);
    EXPECT_TRUE(r.verdict == CheckVerdict::kWrongAnswer ||
                r.verdict == CheckVerdict::kPresentationError)
        << r.message;
    EXPECT_FALSE(r.message.empty());
    EXPECT_EQ(r.message.find('\n'), std::string::npos);
  }
}

// --- Checker: failures that are never the contestant's fault ---------------------------

TEST(RotationChecker, BadOptionsInputOrAnswerAreCheckerFailures) {
  EXPECT_VERDICT(Check(kSample, kSampleAnswer, "optimal=true"), kCheckerFailure,
                 "plugin options: unknown option 'optimal' (known: tie_break)");
  EXPECT_VERDICT(Check(kSample, kSampleAnswer, "tie_break=random"), kCheckerFailure,
                 "plugin options: option 'tie_break': expected lexicographic or any, found 'random'");
  EXPECT_VERDICT(Check("1 2 3\n0\n", kSampleAnswer), kCheckerFailure,
                 "input: case 1, token 4 (line 2, column 1): expected a digit 1..3, found '0'");
  EXPECT_VERDICT(Check(kSample, kSampleAnswer, "", "AC\n2\nDDHH\n3\n"), kCheckerFailure,
                 "answer file disagrees with the reference solver: line 4: expected '2', found '3'");
  EXPECT_VERDICT(Check(kSample, kSampleAnswer, "", "AC\n2\n"), kCheckerFailure,
                 "answer file disagrees with the reference solver: ends before line 3, expected "
                 "'DDHH'");
}

// --- Validator -------------------------------------------------------------------------

TEST(RotationValidator, AcceptsTheSampleAndGeneratedInputs) {
  EXPECT_EQ(rotation::judging::ValidateInput(kSample), "");
  for (const char* params : {"", "cases=30\ndepth=uniform", "depth=0", "depth=7\ncases=3",
                             "distance=5", "distance=max\ncases=2"}) {
    const std::string input = rotation::judging::GenerateInput(7, Options::Parse(params));
    EXPECT_EQ(rotation::judging::ValidateInput(input), "") << params << "\n" << input;
  }
}

TEST(RotationValidator, RejectsEachKindWithCaseAndToken) {
  const std::string row = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";
  struct Bad {
    std::string input, message;
  };
  std::string many;
  for (int i = 0; i < 31; ++i) many += row + "\n";
  const Bad bad[] = {
      {"", "empty input: expected cases and a terminating 0"},
      {"0\n", "line 1: expected at least one case before the terminating 0"},
      {row + "\n", "input ends after case 1 without the terminating line '0'"},
      {row + "\n0", "line 2: expected the line to end with a newline, found the end of input"},
      {row + "\n0\n1\n", "after the terminating 0 (line 3): expected the end of input, found '1'"},
      {row + "\n0\n\n", "after the terminating 0 (line 3): expected the end of input, found an "
                        "empty line"},
      {"1 1 1\n0\n", "case 1 (line 1): expected 24 tokens, found 3"},
      {row + " 1\n0\n", "case 1 (line 1): expected 24 tokens, found 25"},
      {row + " \n0\n", "case 1 (line 1): trailing space at column 48"},
      {" " + row + "\n0\n", "case 1 (line 1), token 1 (column 1): expected a digit, found a "
                            "leading space"},
      {"1  1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n",
       "case 1 (line 1), token 2 (column 3): expected a single space between tokens, found "
       "another space"},
      {row + "\n1 1 1 1 4 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n",
       "case 2 (line 2), token 5 (column 9): expected a digit 1..3, found '4'"},
      {"1 1 1 1 0 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n",
       "case 1 (line 1), token 5 (column 9): expected a digit 1..3, found '0'"},
      {"1 1 1 1 1 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n",
       "case 1 (line 1): digit 1 occurs 9 times, expected 8"},
      {row + "\r\n0\n", "line 1, column 48: expected '\\n' line endings, found a carriage return"},
      {many + "0\n", "case 31 (line 31): expected at most 30 cases"},
      {std::string("\xff\x00\n0\n", 5),
       "case 1 (line 1), token 1 (column 1): expected a digit 1..3, found '\\xff\\x00'"},
  };
  for (const Bad& b : bad) EXPECT_EQ(rotation::judging::ValidateInput(b.input), b.message);
}

// --- Generator -------------------------------------------------------------------------

std::vector<rotation::Board> Boards(const std::string& input) {
  const rotation::ParsedInput p = rotation::ParseInput(input);
  EXPECT_TRUE(p.ok()) << p.error;
  return p.boards;
}

std::string Generate(uint64_t seed, const std::string& params) {
  return rotation::judging::GenerateInput(seed, Options::Parse(params));
}

TEST(RotationGenerator, ReproducibleFromTheSeed) {
  for (const char* params : {"cases=20", "depth=9\ncases=5", "distance=11\ncases=4"}) {
    EXPECT_EQ(Generate(42, params), Generate(42, params)) << params;
    EXPECT_NE(Generate(42, params), Generate(43, params)) << params;
  }
  EXPECT_EQ(Boards(Generate(1, "")).size(), 10u);  // default case count
}

TEST(RotationGenerator, ParametersAreHonoured) {
  const rotation::DistanceTable& table = rotation::DistanceTable::Get();
  EXPECT_EQ(Boards(Generate(1, "cases=1")).size(), 1u);
  EXPECT_EQ(Boards(Generate(1, "cases=30")).size(), 30u);
  for (const rotation::Board& b : Boards(Generate(2, "depth=0\ncases=30")))
    EXPECT_EQ(table.BoardDistance(b), 0);
  int at_depth = 0;
  for (uint64_t seed = 0; seed < 5; ++seed)
    for (const rotation::Board& b : Boards(Generate(seed, "depth=6\ncases=30"))) {
      EXPECT_LE(table.BoardDistance(b), 6);
      at_depth += table.BoardDistance(b) == 6;
    }
  EXPECT_GT(at_depth, 0);
  for (int d : {0, 1, 3, 7, 10, 12}) {
    for (const rotation::Board& b :
         Boards(Generate(d, "distance=" + std::to_string(d) + "\ncases=5")))
      EXPECT_EQ(table.BoardDistance(b), d);
  }
  for (const rotation::Board& b : Boards(Generate(3, "distance=max\ncases=3")))
    EXPECT_EQ(table.BoardDistance(b), 13);
  // Uniform boards spread over distances (not all shallow or all deep).
  int low = 0, high = 0;
  for (const rotation::Board& b : Boards(Generate(4, "depth=uniform\ncases=30"))) {
    low += table.BoardDistance(b) <= 8;
    high += table.BoardDistance(b) >= 9;
  }
  EXPECT_GT(low, 0);
  EXPECT_GT(high, 0);
  // A list of distances: one board each, in the list's order.
  std::vector<int> found;
  for (const rotation::Board& b : Boards(Generate(5, "distances=12,0,max,3")))
    found.push_back(table.BoardDistance(b));
  EXPECT_EQ(found, (std::vector<int>{12, 0, 13, 3}));
}

TEST(RotationGenerator, BadParametersAreInvalidInput) {
  const std::pair<const char*, const char*> bad[] = {
      {"size=3", "unknown option 'size' (known: cases, depth, distance, distances)"},
      {"cases=0", "option 'cases': expected 1..30, found 0"},
      {"cases=31", "option 'cases': expected 1..30, found 31"},
      {"depth=deep", "option 'depth': expected an integer, found 'deep'"},
      {"depth=-1", "option 'depth': expected 0..1000, found -1"},
      {"distance=14", "option 'distance': expected 0..13, found 14"},
      {"depth=3\ndistance=3", "parameters 'depth' and 'distance' exclude each other"},
      {"cases=3\ncases=4", "parameter 'cases' given more than once"},
      {"distances=3,14", "parameter 'distances': expected numbers 0..13 or max, separated by "
                         "commas, found '14'"},
      {"distances=3,,4", "parameter 'distances': expected numbers 0..13 or max, separated by "
                         "commas, found ''"},
      {"distances=1\ncases=1", "parameter 'distances' excludes 'cases', 'depth' and 'distance'"},
  };
  for (const auto& [params, message] : bad) {
    try {
      Generate(1, params);
      ADD_FAILURE() << "accepted " << params;
    } catch (const InvalidInput& e) {
      EXPECT_EQ(std::string(e.what()), message);
    }
  }
  std::string list = "distances=1";
  for (int i = 1; i < 31; ++i) list += ",1";
  try {
    Generate(1, list);
    ADD_FAILURE() << "accepted 31 distances";
  } catch (const InvalidInput& e) {
    EXPECT_EQ(std::string(e.what()), "parameter 'distances': at most 30 boards, found 31");
  }
}

// --- The committed packages ------------------------------------------------------------

using judge::testing_support::ReadFile;

// Every test of the recipe is what the generator makes from its seed and parameters,
// is valid, and its answer is the reference solver's.
TEST(RotationPackages, CommittedDataMatchesTheRecipe) {
  for (const std::string package : {"rotation", "rotation-file"}) {
    const std::string dir = std::string(ROTATION_SOURCE_DIR) + "/problems/" + package + "/data/";
    std::istringstream recipe(ReadFile(dir + "generators.txt"));
    std::string line;
    int tests = 0;
    while (std::getline(recipe, line)) {
      std::istringstream fields(line);
      std::string path, param, params;
      uint64_t seed = 0;
      if (!(fields >> path) || path[0] == '#') continue;
      ASSERT_TRUE(fields >> seed) << line;
      while (fields >> param) params += param + "\n";
      const std::string input = ReadFile(dir + path + ".in");
      EXPECT_EQ(input, Generate(seed, params)) << package << " " << path;
      EXPECT_EQ(rotation::judging::ValidateInput(input), "") << package << " " << path;
      std::vector<rotation::Solution> solutions;
      for (const rotation::Board& b : Boards(input)) solutions.push_back(rotation::Solve(b));
      EXPECT_EQ(ReadFile(dir + path + ".ans"), rotation::FormatAnswer(solutions)) << path;
      ++tests;
    }
    // POJ 2286 judged one data file of at most 30 cases; COGS 1073 had many files.
    if (package == "rotation") {
      EXPECT_EQ(tests, 1);
      const auto boards = Boards(ReadFile(dir + "secret/01-mixed.in"));
      EXPECT_EQ(boards.size(), 30u);
      std::set<int> distances;  // easy and far boards together, as a slow program meets them
      for (const rotation::Board& b : boards)
        distances.insert(rotation::DistanceTable::Get().BoardDistance(b));
      // Every distance from 0 to 11 and none farther: POJ's accepted IDA* programs then
      // finish with margin (docs/fidelity.md).
      EXPECT_EQ(distances.size(), 12u);
      EXPECT_EQ(*distances.begin(), 0);
      EXPECT_EQ(*distances.rbegin(), 11);
    } else {
      EXPECT_EQ(tests, 15) << package;
      // Each file is judged in one run: no board farther than 11 moves, as in
      // `rotation`, so that POJ's accepted IDA* programs finish each file with margin
      // (docs/fidelity.md).
      std::istringstream again(ReadFile(dir + "generators.txt"));
      int farthest = 0;
      while (std::getline(again, line)) {
        std::istringstream fields(line);
        std::string path;
        if (!(fields >> path) || path[0] == '#') continue;
        for (const rotation::Board& b : Boards(ReadFile(dir + path + ".in")))
          farthest = std::max(farthest, rotation::DistanceTable::Get().BoardDistance(b));
      }
      EXPECT_EQ(farthest, 11) << package;
    }
    EXPECT_EQ(ReadFile(dir + "sample/1.ans"), kSampleAnswer);
    EXPECT_EQ(ReadFile(dir + "sample/1.in"), kSample);
  }
}

// --- The built plugin through its C entry point -----------------------------------------

struct Sink {
  std::string text;
  judge_sink sink{this, [](void* self, const char* data, size_t size) {
                    static_cast<Sink*>(self)->text.append(data, size);
                  }};
};

judge_bytes Bytes(const std::string& s) { return judge_bytes{s.data(), s.size()}; }

TEST(RotationPluginAbi, EntryPointServesEveryCallback) {
  void* handle = dlopen(ROTATION_PLUGIN_PATH, RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(handle, nullptr) << dlerror();
  auto get = reinterpret_cast<judge_get_plugin_info_fn>(dlsym(handle, JUDGE_PLUGIN_ENTRY_NAME));
  ASSERT_NE(get, nullptr);
  const judge_plugin_info* info = get();
  EXPECT_EQ(info->abi_version, JUDGE_PLUGIN_ABI_VERSION);
  EXPECT_EQ(std::string(info->id), "rotation");

  Sink out, msg;
  EXPECT_EQ(info->solve(Bytes(kSample), &out.sink, &msg.sink), JUDGE_STATUS_OK) << msg.text;
  EXPECT_EQ(out.text, kSampleAnswer);

  Sink bad_msg;
  EXPECT_EQ(info->solve(Bytes("1 2\n"), &out.sink, &bad_msg.sink), JUDGE_STATUS_INVALID_INPUT);
  EXPECT_EQ(bad_msg.text, "case 1, token 3 (line 2, column 1): input ends inside the case, "
                          "expected 24 digits, found 2");

  judge_check_result result{};
  Sink check_msg;
  EXPECT_EQ(info->check(Bytes(kSample), Bytes("AC\n2\nDDHH\n2\n"), Bytes(""),
                        Bytes("tie_break=any"), &result, &check_msg.sink),
            JUDGE_STATUS_OK);
  EXPECT_EQ(result.verdict, JUDGE_CHECK_ACCEPTED);
  Sink fail_msg;
  EXPECT_EQ(info->check(Bytes(kSample), Bytes("AC\n2\nDDHH\n2\n"), Bytes(""), Bytes("colour=red"),
                        &result, &fail_msg.sink),
            JUDGE_STATUS_FAILURE);
  EXPECT_EQ(result.verdict, JUDGE_CHECK_CHECKER_FAILURE);
  EXPECT_NE(fail_msg.text.find("unknown option 'colour'"), std::string::npos) << fail_msg.text;

  Sink valid_msg;
  EXPECT_EQ(info->validate(Bytes("0\n"), &valid_msg.sink), JUDGE_STATUS_INVALID_INPUT);
  EXPECT_EQ(valid_msg.text, "line 1: expected at least one case before the terminating 0");

  Sink gen, gen_msg;
  EXPECT_EQ(info->generate(5, Bytes("cases=2\ndepth=3"), &gen.sink, &gen_msg.sink),
            JUDGE_STATUS_OK);
  EXPECT_EQ(gen.text, Generate(5, "cases=2\ndepth=3"));
  EXPECT_EQ(info->generate(5, Bytes("level=3"), &gen.sink, &gen_msg.sink),
            JUDGE_STATUS_INVALID_INPUT);
  dlclose(handle);
}

}  // namespace
