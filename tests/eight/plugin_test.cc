// The eight and eight-multi plugins through their C ABI (dlopen of the built .so):
// solve, the special judge (alternate answers, every kind of rejection, hostile
// output), validate and generate, checked against the independent oracle.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <functional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "oracle.h"
#include "plugin_client.h"
#include "support/files.h"

namespace {

using eight_test::CheckCall;
using eight_test::Oracle;
using eight_test::OracleReplay;
using eight_test::PluginClient;

const PluginClient& Single() {
  static const PluginClient client(EIGHT_PLUGIN_PATH);
  return client;
}
const PluginClient& Multi() {
  static const PluginClient client(EIGHT_MULTI_PLUGIN_PATH);
  return client;
}

constexpr char kSample[] = "2 3 4 1 5 x 7 6 8\n";
constexpr char kStatementAnswer[] = "ullddrurdllurdruldr";  // 19 moves, not shortest

// Five cases: the goal, the sample, an unsolvable board, a board one move from the
// goal ('r') and one two moves away.
constexpr char kFive[] =
    "1 2 3 4 5 6 7 8 x\n"
    "2 3 4 1 5 x 7 6 8\n"
    "2 1 3 4 5 6 7 8 x\n"
    "1 2 3 4 5 6 7 x 8\n"
    "1 2 3 4 x 5 7 8 6\n";

std::string Shortest(const std::string& state) {
  // A shortest answer found by the oracle: walk down its distance layers.
  const Oracle& o = Oracle::Get();
  std::string s = state, moves;
  while (o.Distance(s) > 0) {
    for (char m : std::string("udlr")) {
      auto n = OracleReplay(s, std::string(1, m));
      if (n && o.Distance(*n) == o.Distance(s) - 1) {
        moves += m;
        s = *n;
        break;
      }
    }
  }
  return moves;
}

// A correct answer file for kFive, built from the oracle.
std::vector<std::string> FiveAnswers() {
  return {"", Shortest("23415x768"), "unsolvable", "r", Shortest("1234x5786")};
}

std::string Join(const std::vector<std::string>& lines, const std::string& sep = "\n") {
  std::string out;
  for (const auto& l : lines) out += l + sep;
  return out;
}

void ExpectVerdict(const CheckCall& c, int32_t verdict, const std::string& message_part) {
  EXPECT_EQ(c.verdict, verdict) << c.message;
  EXPECT_NE(c.message.find(message_part), std::string::npos)
      << "message: " << c.message << "\nexpected to contain: " << message_part;
  EXPECT_EQ(c.message.find('\n'), std::string::npos) << c.message;
}

TEST(EightPlugin, LoadsWithItsId) {
  ASSERT_TRUE(Single().ok()) << Single().error();
  ASSERT_TRUE(Multi().ok()) << Multi().error();
  EXPECT_EQ(Single().info().abi_version, JUDGE_PLUGIN_ABI_VERSION);
  EXPECT_EQ(Single().info().struct_size, sizeof(judge_plugin_info));
  EXPECT_STREQ(Single().info().id, "eight");
  EXPECT_STREQ(Multi().info().id, "eight-multi");
}

TEST(EightPlugin, SolveGivesShortestAnswers) {
  auto r = Single().Solve(kSample);
  ASSERT_EQ(r.status, JUDGE_STATUS_OK) << r.message;
  ASSERT_FALSE(r.out.empty());
  ASSERT_EQ(r.out.back(), '\n');
  std::string moves = r.out.substr(0, r.out.size() - 1);
  EXPECT_EQ(OracleReplay("23415x768", moves), "12345678x");
  EXPECT_EQ(static_cast<int>(moves.size()), Oracle::Get().Distance("23415x768"));
  EXPECT_EQ(Single().Solve("2 1 3 4 5 6 7 8 x").out, "unsolvable\n");
  EXPECT_EQ(Single().Solve("1 2 3\n4 5 6\n7 8 x\n").out, "\n");

  auto m = Multi().Solve(kFive);
  ASSERT_EQ(m.status, JUDGE_STATUS_OK) << m.message;
  std::vector<std::string> want = FiveAnswers();
  // Lengths agree with the oracle; the judge accepts the file as an answer.
  auto c = Multi().Check(kFive, m.out, "", "optimal=true");
  EXPECT_EQ(c.verdict, JUDGE_CHECK_ACCEPTED) << c.message;
  EXPECT_EQ(m.out.size(), Join(want).size());
}

TEST(EightPlugin, SolveRejectsIllegalInput) {
  auto r = Single().Solve("2 3 4 1 5 x 7 6");
  EXPECT_EQ(r.status, JUDGE_STATUS_INVALID_INPUT);
  EXPECT_NE(r.message.find("case 1: expected 9 tokens, found 8"), std::string::npos) << r.message;
  r = Single().Solve(std::string(kSample) + kSample);
  EXPECT_EQ(r.status, JUDGE_STATUS_INVALID_INPUT);
  EXPECT_EQ(Multi().Solve(std::string(kSample) + kSample).status, JUDGE_STATUS_OK);
}

TEST(EightPlugin, SolveIsThreadSafe) {
  // Several threads race to the first use of a freshly loaded plugin's table.
  PluginClient fresh(EIGHT_MULTI_PLUGIN_PATH);
  ASSERT_TRUE(fresh.ok());
  std::vector<std::string> results(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] { results[t] = fresh.Solve(kFive).out; });
  for (auto& th : threads) th.join();
  for (int t = 1; t < 4; ++t) EXPECT_EQ(results[t], results[0]);
  EXPECT_EQ(fresh.Check(kFive, results[0], "", "optimal=true").verdict, JUDGE_CHECK_ACCEPTED);
}

TEST(EightChecker, AcceptsAnyCorrectAnswer) {
  std::string shortest = Shortest("23415x768");
  for (const std::string& answer :
       {shortest, std::string(kStatementAnswer), "lr" + shortest, shortest + "lrlr"}) {
    auto c = Single().Check(kSample, answer + "\n", shortest + "\n");
    EXPECT_EQ(c.status, JUDGE_STATUS_OK);
    EXPECT_EQ(c.verdict, JUDGE_CHECK_ACCEPTED) << answer << ": " << c.message;
    EXPECT_EQ(c.score, 1.0);
  }
  auto c = Multi().Check(kFive, Join(FiveAnswers()), "", "optimal=true");
  EXPECT_EQ(c.verdict, JUDGE_CHECK_ACCEPTED) << c.message;
}

TEST(EightChecker, OptimalOptionRequiresShortest) {
  int shortest = Oracle::Get().Distance("23415x768");
  auto c = Single().Check(kSample, "lr" + std::string(kStatementAnswer) + "\n", "", "optimal=true");
  ExpectVerdict(c, JUDGE_CHECK_WRONG_ANSWER,
                "case 1: 21 moves, shortest is " + std::to_string(shortest));
  c = Single().Check(kSample, std::string(kStatementAnswer) + "\n", "", "optimal=true");
  EXPECT_EQ(c.verdict, JUDGE_CHECK_ACCEPTED) << c.message;
  c = Single().Check(kSample, std::string(kStatementAnswer) + "\n", "", "optimal=false");
  EXPECT_EQ(c.verdict, JUDGE_CHECK_ACCEPTED) << c.message;
  std::vector<std::string> a = FiveAnswers();
  a[4] = "lr" + a[4];
  c = Multi().Check(kFive, Join(a), "", "optimal=yes");
  int five = Oracle::Get().Distance("1234x5786");
  ExpectVerdict(c, JUDGE_CHECK_WRONG_ANSWER, "case 5: " + std::to_string(five + 2) +
                                                 " moves, shortest is " + std::to_string(five));
}

TEST(EightChecker, RejectsEachKindOfWrongAnswer) {
  struct Case {
    int index;
    std::string answer;
    std::string message;
  };
  int sample_distance = Oracle::Get().Distance("23415x768");
  std::vector<Case> cases = {
      {3, "rr", "case 4: move 2 'r' leaves the board"},
      {3, "l", "case 4: ends in state 123456x78, not the goal (after 1 move)"},
      {1, "unsolvable",
       "case 2: 'unsolvable' but the board is solvable (in " + std::to_string(sample_distance) + " moves)"},
      {2, "ul", "case 3: the board is unsolvable, expected 'unsolvable'"},
      {2, "", "case 3: empty answer, but the board is unsolvable"},
      {1, "", "case 2: empty answer, but the board 23415x768 is not the goal"},
      {1, "ulU", "case 2: move 3: illegal character 'U' (expected u, d, l, r or the word 'unsolvable')"},
      {1, "ul\x01", "case 2: move 3: illegal character '\\x01'"},
      {2, "Unsolvable", "case 3: found 'Unsolvable': the word is 'unsolvable', in lower case"},
      {2, "unsolvable.", "case 3: expected 'unsolvable' alone on its line"},
      {0, "r", "case 1: move 1 'r' leaves the board"},
  };
  for (const Case& k : cases) {
    std::vector<std::string> a = FiveAnswers();
    a[k.index] = k.answer;
    auto c = Multi().Check(kFive, Join(a), Join(FiveAnswers()));
    EXPECT_EQ(c.status, JUDGE_STATUS_OK);
    ExpectVerdict(c, JUDGE_CHECK_WRONG_ANSWER, k.message);
    EXPECT_EQ(c.score, 0.0);
  }
}

TEST(EightChecker, LineShapeRules) {
  std::vector<std::string> a = FiveAnswers();
  // Tolerated: CRLF, trailing blanks, no final newline, blank lines after the end.
  for (const std::string& out : {Join(a, "\r\n"), Join(a, " \t\n"), Join(a).substr(0, Join(a).size() - 1),
                                 Join(a) + "\n\n  \n"}) {
    auto c = Multi().Check(kFive, out, "");
    EXPECT_EQ(c.verdict, JUDGE_CHECK_ACCEPTED) << c.message;
  }
  // Blank lines between cases: presentation error naming the line.
  ExpectVerdict(Multi().Check(kFive, Join(a, "\n\n"), ""), JUDGE_CHECK_PRESENTATION_ERROR,
                "line 1 is blank");  // the goal's empty answer is line 1 anyway
  std::vector<std::string> spaced = {a[1], "", a[2]};
  ExpectVerdict(Multi().Check("2 3 4 1 5 x 7 6 8 2 1 3 4 5 6 7 8 x", Join(spaced), ""),
                JUDGE_CHECK_PRESENTATION_ERROR, "line 2 is blank: print one line per case");
  // ... but blank lines between wrong answers are wrong answers.
  std::vector<std::string> wrong_spaced = {a[1], "", "lr"};
  ExpectVerdict(Multi().Check("2 3 4 1 5 x 7 6 8 2 1 3 4 5 6 7 8 x", Join(wrong_spaced), ""),
                JUDGE_CHECK_WRONG_ANSWER, "output has 3 lines for 2 cases, expected one line per case");
  // The goal's empty answer may be dropped or kept among blank-separated answers.
  ExpectVerdict(Multi().Check(kFive, Join({a[1], a[2], a[3], a[4]}, "\n\n"), ""),
                JUDGE_CHECK_PRESENTATION_ERROR, "line 2 is blank");
  ExpectVerdict(Multi().Check(kFive, Join({"ud", a[1], a[2], a[3], a[4]}, "\n\n"), ""),
                JUDGE_CHECK_PRESENTATION_ERROR, "line 2 is blank");
  // Whitespace inside an otherwise right answer.
  std::vector<std::string> b = a;
  b[1] = " " + b[1];
  ExpectVerdict(Multi().Check(kFive, Join(b), ""), JUDGE_CHECK_PRESENTATION_ERROR,
                "case 2: the line starts with whitespace");
  b = a;
  b[4] = b[4].substr(0, 1) + " " + b[4].substr(1);
  ExpectVerdict(Multi().Check(kFive, Join(b), ""), JUDGE_CHECK_PRESENTATION_ERROR,
                "case 5: whitespace inside the answer at column 2");
  // A wrong answer anywhere outranks a presentation error earlier.
  b[3] = "l";
  ExpectVerdict(Multi().Check(kFive, Join(b), ""), JUDGE_CHECK_WRONG_ANSWER, "case 4:");
  // Whitespace inside a wrong answer is a wrong answer.
  ExpectVerdict(Single().Check(kSample, "u l\n", ""), JUDGE_CHECK_WRONG_ANSWER, "case 1: ends in state");
  // Too many lines with content; too few.
  ExpectVerdict(Multi().Check(kFive, Join(a) + "ud\n", ""), JUDGE_CHECK_WRONG_ANSWER,
                "output has 6 lines for 5 cases");
  ExpectVerdict(Single().Check(kSample, std::string(kStatementAnswer) + "\nlr\n", ""),
                JUDGE_CHECK_WRONG_ANSWER, "output has 2 lines for 1 case");
  ExpectVerdict(Multi().Check(kFive, Join({a[0], a[1], a[2]}), ""), JUDGE_CHECK_WRONG_ANSWER,
                "case 4: no line for this case (output has 3 lines for 5 cases)");
  // The goal's answer may be the missing last line.
  auto c = Multi().Check("1 2 3 4 5 6 7 x 8 1 2 3 4 5 6 7 8 x", "r", "");
  EXPECT_EQ(c.verdict, JUDGE_CHECK_ACCEPTED) << c.message;
  ExpectVerdict(Single().Check(kSample, "", ""), JUDGE_CHECK_WRONG_ANSWER, "case 1: empty output");
  ExpectVerdict(Multi().Check(kFive, "\n\n\n", ""), JUDGE_CHECK_WRONG_ANSWER, "case 2: empty output");
  EXPECT_EQ(Single().Check("1 2 3 4 5 6 7 8 x", "", "").verdict, JUDGE_CHECK_ACCEPTED);
}

double SecondsOf(const std::function<void()>& f) {
  auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(EightChecker, HostileOutputIsJudgedQuickly) {
  // Generous bounds: these catch hangs and quadratic work, not speed (see
  // tools/bench/eight for the throughput figures).
  std::string oscillate;
  oscillate.reserve(10000002);
  for (int i = 0; i < 5000000; ++i) oscillate += "lr";
  CheckCall c;
  double t = SecondsOf([&] { c = Single().Check(kSample, oscillate + "\n", ""); });
  ExpectVerdict(c, JUDGE_CHECK_WRONG_ANSWER, "case 1: ends in state 23415x768, not the goal (after 10000000 moves)");
  EXPECT_LT(t, 10.0);

  std::string solved = oscillate + Shortest("23415x768");
  c = Single().Check(kSample, solved, "");
  EXPECT_EQ(c.verdict, JUDGE_CHECK_ACCEPTED) << c.message;

  std::string up(10000000, 'u');
  ExpectVerdict(Single().Check(kSample, up, ""), JUDGE_CHECK_WRONG_ANSWER,
                "case 1: move 2 'u' leaves the board");

  std::string spaces = "l" + std::string(10000000, ' ') + "r";
  t = SecondsOf([&] { c = Single().Check(kSample, spaces, ""); });
  ExpectVerdict(c, JUDGE_CHECK_WRONG_ANSWER, "case 1: ends in state");
  EXPECT_LT(t, 10.0);

  std::string newlines(10000000, '\n');
  t = SecondsOf([&] { c = Multi().Check(kFive, "x\n" + newlines + "x\n", ""); });
  ExpectVerdict(c, JUDGE_CHECK_WRONG_ANSWER, "output has 10000002 lines for 5 cases");
  EXPECT_LT(t, 10.0);

  std::string many_lines;
  for (int i = 0; i < 1000000; ++i) many_lines += "ud\n";
  ExpectVerdict(Multi().Check(kFive, many_lines, ""), JUDGE_CHECK_WRONG_ANSWER,
                "output has 1000000 lines for 5 cases");

  // Binary garbage: deterministic pseudo-random bytes, NULs and newlines included.
  uint64_t x = 88172645463325252ULL;
  for (size_t size : {size_t{1}, size_t{100}, size_t{1} << 20}) {
    std::string garbage(size, '\0');
    for (char& ch : garbage) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      ch = static_cast<char>(x);
    }
    for (const PluginClient* p : {&Single(), &Multi()}) {
      c = p->Check(p == &Single() ? kSample : kFive, garbage, "");
      EXPECT_EQ(c.status, JUDGE_STATUS_OK) << c.message;
      EXPECT_TRUE(c.verdict == JUDGE_CHECK_WRONG_ANSWER || c.verdict == JUDGE_CHECK_PRESENTATION_ERROR)
          << c.verdict << " " << c.message;
      EXPECT_FALSE(c.message.empty());
      EXPECT_LT(c.message.size(), 300u) << c.message;
      EXPECT_EQ(c.message.find('\n'), std::string::npos);
    }
  }
  ExpectVerdict(Single().Check(kSample, std::string("\0\0\0", 3), ""), JUDGE_CHECK_WRONG_ANSWER,
                "case 1: move 1: illegal character '\\x00'");
}

TEST(EightChecker, OptionsAndJuryDataFailuresAreCheckerFailures) {
  auto c = Single().Check(kSample, std::string(kStatementAnswer), "", "colour=blue");
  EXPECT_EQ(c.status, JUDGE_STATUS_FAILURE);
  ExpectVerdict(c, JUDGE_CHECK_CHECKER_FAILURE, "unknown option 'colour' (known: optimal)");
  c = Multi().Check(kFive, Join(FiveAnswers()), "", "optimal=maybe");
  ExpectVerdict(c, JUDGE_CHECK_CHECKER_FAILURE, "option 'optimal': expected true or false, found 'maybe'");
  c = Multi().Check("1 2 3 4 5 6 7 8 9", "\n", "");
  ExpectVerdict(c, JUDGE_CHECK_CHECKER_FAILURE,
                "input: case 1, token 9 (line 1): expected a tile 1-8 or the blank x, found '9'");
  c = Single().Check(kSample, std::string(kStatementAnswer), "unsolvable\n");
  ExpectVerdict(c, JUDGE_CHECK_CHECKER_FAILURE, "jury answer: case 1: 'unsolvable' but the board is solvable");
  // A jury answer that is correct but not shortest is fine; contestants are judged on their own.
  c = Single().Check(kSample, Shortest("23415x768"), std::string(kStatementAnswer) + "\n", "optimal=true");
  EXPECT_EQ(c.verdict, JUDGE_CHECK_ACCEPTED) << c.message;
}

TEST(EightValidator, NamesTheProblem) {
  EXPECT_EQ(Single().Validate(kSample).status, JUDGE_STATUS_OK);
  EXPECT_EQ(Multi().Validate(kFive).status, JUDGE_STATUS_OK);
  struct Bad {
    const PluginClient* plugin;
    std::string input;
    std::string reason;
  };
  std::vector<Bad> bad = {
      {&Single(), "2 3 4 1 5 x 7 6", "case 1: expected 9 tokens, found 8 before the end of the input"},
      {&Single(), std::string(kSample) + "1", "expected exactly 9 tokens (one board), found more"},
      {&Single(), "2 3 4 1 5 x 7 6 6", "case 1: tile 6 appears twice (tokens 8 and 9)"},
      {&Single(), "2 3 4 1 5 0 7 6 8", "case 1, token 6 (line 1): expected a tile 1-8 or the blank x, found '0'"},
      {&Single(), "2 3 4 1 5 8 7 6 9", "case 1, token 9 (line 1): expected a tile 1-8 or the blank x, found '9'"},
      {&Single(), "2 3 4 1 5 8 7 6 1", "case 1: no blank 'x' among the 9 tokens"},
      {&Single(), "", "empty input"},
      {&Multi(), std::string(kFive) + "1 2 3 4 5 5 7 8 x\n", "case 6: tile 5 appears twice (tokens 5 and 6)"},
      {&Multi(), std::string(kFive) + "1 2 3 4 5 6 7 8 x 1 2", "case 7: expected 9 tokens, found 2"},
      {&Multi(), std::string(kFive) + "1 2 3 4 5 6 7 8 *", "case 6, token 9 (line 6): expected a tile 1-8 or the blank x, found '*'"},
      {&Multi(), std::string(kFive) + "1 2 3 4 5 6 7 8 5", "case 6: no blank 'x' among the 9 tokens"},
      {&Multi(), "\n", "empty input"},
  };
  std::string too_many;
  for (int i = 0; i < 100001; ++i) too_many += "1 2 3 4 5 6 7 8 x\n";
  bad.push_back({&Multi(), too_many, "expected at most 100000 boards, found 100001"});
  EXPECT_EQ(Multi().Validate(too_many.substr(18)).status, JUDGE_STATUS_OK);
  for (const Bad& b : bad) {
    auto r = b.plugin->Validate(b.input);
    EXPECT_EQ(r.status, JUDGE_STATUS_INVALID_INPUT) << b.input.substr(0, 100);
    EXPECT_NE(r.message.find(b.reason), std::string::npos) << r.message << "\nwanted: " << b.reason;
    EXPECT_EQ(r.message.find('\n'), std::string::npos);
  }
}

std::vector<std::string> GeneratedBoards(const PluginClient& p, uint64_t seed, const std::string& params) {
  auto g = p.Generate(seed, params);
  EXPECT_EQ(g.status, JUDGE_STATUS_OK) << params << ": " << g.message;
  EXPECT_EQ(p.Validate(g.out).status, JUDGE_STATUS_OK) << params;
  return eight_test::OracleBoards(g.out);
}

TEST(EightGenerator, ReproducibleAndSeedSensitive) {
  for (const char* params : {"", "cases=50", "cases=50\ndepth=20", "cases=30\ndistance=25\nlayout=messy"}) {
    auto a = Multi().Generate(42, params), b = Multi().Generate(42, params), c = Multi().Generate(43, params);
    ASSERT_EQ(a.status, JUDGE_STATUS_OK) << a.message;
    EXPECT_EQ(a.out, b.out) << params;
    EXPECT_NE(a.out, c.out) << params;
  }
  EXPECT_EQ(Single().Generate(7).out, Single().Generate(7).out);
  std::set<std::string> distinct;
  for (uint64_t seed = 0; seed < 20; ++seed) distinct.insert(Single().Generate(seed).out);
  EXPECT_GE(distinct.size(), 19u);
}

TEST(EightGenerator, ParametersAreHonoured) {
  const Oracle& o = Oracle::Get();
  EXPECT_EQ(GeneratedBoards(Multi(), 1, "").size(), 10u);
  EXPECT_EQ(GeneratedBoards(Multi(), 1, "cases=1234").size(), 1234u);
  EXPECT_EQ(GeneratedBoards(Single(), 1, "").size(), 1u);
  for (const auto& s : GeneratedBoards(Multi(), 2, "cases=300\ndepth=9\nunsolvable=0")) {
    int d = o.Distance(s);
    ASSERT_GE(d, 0);
    ASSERT_LE(d, 9);
    ASSERT_EQ(d % 2, 1);
  }
  for (int k : {0, 1, 17, 30, 31}) {
    std::set<std::string> seen;
    for (const auto& s : GeneratedBoards(Multi(), 3, "cases=40\nunsolvable=0\ndistance=" + std::to_string(k))) {
      ASSERT_EQ(o.Distance(s), k) << s;
      seen.insert(s);
    }
    if (k == 31) {
      EXPECT_EQ(seen.size(), 2u);  // both boards at distance 31 show up
    }
  }
  for (const auto& s : GeneratedBoards(Multi(), 4, "cases=200\nunsolvable=100")) ASSERT_EQ(o.Distance(s), -1);
  for (const auto& s : GeneratedBoards(Single(), 4, "unsolvable=100\ndistance=5")) ASSERT_EQ(o.Distance(s), -1);
  auto mixed = GeneratedBoards(Multi(), 5, "cases=2000\nunsolvable=30");
  size_t unsolvable = 0;
  for (const auto& s : mixed) unsolvable += o.Distance(s) < 0;
  EXPECT_NEAR(static_cast<double>(unsolvable), 600.0, 100.0);
  size_t default_unsolvable = 0;
  for (const auto& s : GeneratedBoards(Multi(), 6, "cases=2000")) default_unsolvable += o.Distance(s) < 0;
  EXPECT_NEAR(static_cast<double>(default_unsolvable), 400.0, 80.0);  // default 20%

  auto grid = Multi().Generate(8, "cases=3\nlayout=grid");
  EXPECT_EQ(std::count(grid.out.begin(), grid.out.end(), '\n'), 9);
  auto line = Multi().Generate(8, "cases=3\nlayout=line");
  EXPECT_EQ(std::count(line.out.begin(), line.out.end(), '\n'), 3);
  EXPECT_EQ(eight_test::OracleBoards(grid.out), eight_test::OracleBoards(line.out));
  auto messy = Multi().Generate(8, "cases=40\nlayout=messy");
  EXPECT_NE(messy.out.find('\t'), std::string::npos);
  EXPECT_NE(messy.out.find("\r\n"), std::string::npos);
  EXPECT_EQ(Multi().Validate(messy.out).status, JUDGE_STATUS_OK);
}

TEST(EightGenerator, BadParametersAreInvalidInput) {
  struct Bad {
    const PluginClient* plugin;
    const char* params;
    const char* reason;
  };
  const Bad bad[] = {
      {&Multi(), "size=3", "unknown parameter 'size' (known: cases, depth, distance, unsolvable, layout)"},
      {&Single(), "cases=3", "unknown parameter 'cases' (known: depth, distance, unsolvable, layout)"},
      {&Multi(), "cases=0", "parameter 'cases': expected an integer 1..100000, found '0'"},
      {&Multi(), "cases=ten", "parameter 'cases': expected an integer 1..100000, found 'ten'"},
      {&Multi(), "depth=deep", "parameter 'depth': expected an integer 0..100000 or 'uniform', found 'deep'"},
      {&Multi(), "distance=32", "parameter 'distance': expected an integer 0..31, found '32'"},
      {&Multi(), "unsolvable=101", "parameter 'unsolvable': expected an integer 0..100, found '101'"},
      {&Multi(), "unsolvable=-1", "parameter 'unsolvable': expected an integer 0..100, found '-1'"},
      {&Multi(), "layout=round", "parameter 'layout': expected line, grid or messy, found 'round'"},
      {&Single(), "depth=3\ndistance=3", "parameters 'depth' and 'distance' exclude each other"},
      {&Single(), "depth", "expected key=value"},
  };
  for (const Bad& b : bad) {
    auto r = b.plugin->Generate(1, b.params);
    EXPECT_EQ(r.status, JUDGE_STATUS_INVALID_INPUT) << b.params;
    EXPECT_NE(r.message.find(b.reason), std::string::npos) << r.message << "\nwanted: " << b.reason;
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace

namespace {

using judge::testing_support::ReadFile;

// The committed packages: every secret test is what its recipe line generates, every
// input validates, and every answer file is the plugin's solve output and a shortest
// correct answer.
void ExpectPackageConsistent(const PluginClient& p, const std::string& package) {
  std::filesystem::path dir = std::filesystem::path(EIGHT_SOURCE_DIR) / "problems" / package / "data";
  std::ifstream recipe(dir / "generators.txt");
  ASSERT_TRUE(recipe) << dir;
  std::string line;
  size_t generated = 0;
  while (std::getline(recipe, line)) {
    std::istringstream fields(line);
    std::string path, params, kv;
    uint64_t seed = 0;
    if (!(fields >> path) || path[0] == '#') continue;
    fields >> seed;
    while (fields >> kv) params += kv + "\n";
    auto g = p.Generate(seed, params);
    ASSERT_EQ(g.status, JUDGE_STATUS_OK) << line << ": " << g.message;
    EXPECT_EQ(g.out, ReadFile(dir / (path + ".in"))) << package << " " << line;
    ++generated;
  }
  EXPECT_GT(generated, 10u);
  size_t tests = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.path().extension() != ".in") continue;
    std::string input = ReadFile(entry.path());
    std::filesystem::path ans = entry.path();
    ans.replace_extension(".ans");
    std::string answer = ReadFile(ans);
    EXPECT_EQ(p.Validate(input).status, JUDGE_STATUS_OK) << entry.path();
    EXPECT_EQ(p.Solve(input).out, answer) << entry.path();
    auto c = p.Check(input, answer, answer, "optimal=true");
    EXPECT_EQ(c.verdict, JUDGE_CHECK_ACCEPTED) << entry.path() << ": " << c.message;
    // Every answer line is a shortest solution by the oracle too.
    std::vector<std::string> boards = eight_test::OracleBoards(input);
    std::istringstream lines(answer);
    for (size_t i = 0; i < boards.size() && i < 200; ++i) {
      std::string moves;
      std::getline(lines, moves);
      int d = Oracle::Get().Distance(boards[i]);
      if (d < 0) {
        EXPECT_EQ(moves, "unsolvable") << entry.path() << " case " << i + 1;
      } else {
        EXPECT_EQ(static_cast<int>(moves.size()), d) << entry.path() << " case " << i + 1;
        EXPECT_EQ(OracleReplay(boards[i], moves), eight_test::kGoalState) << entry.path();
      }
    }
    ++tests;
  }
  EXPECT_GT(tests, generated);  // the samples come on top
}

TEST(EightPackages, CommittedDataMatchesRecipesAndSolver) {
  ExpectPackageConsistent(Single(), "eight");
  ExpectPackageConsistent(Multi(), "eight-multi");
}

}  // namespace
