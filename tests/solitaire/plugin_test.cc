// The solitaire plugin through its C ABI, loaded from the built shared library: solve,
// the special judge's verdicts and messages (hostile outputs included), the validator,
// and the generator (reproducible, distance bands confirmed by the independent oracle).
#include <dlfcn.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "judge/plugin_abi.h"
#include "oracle.h"
#include "support/files.h"

namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

#ifdef JUDGE_SANITIZE_BUILD
constexpr int kScale = 1;
#else
constexpr int kScale = 3;
#endif

void Append(void* context, const char* data, size_t size) {
  static_cast<std::string*>(context)->append(data, size);
}

struct Call {
  int32_t status = -1;
  std::string out;
  std::string message;
};

struct Checked {
  int32_t status = -1;
  int32_t verdict = -1;
  double score = -1;
  std::string message;
};

class SolitairePlugin : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    handle_ = dlopen(SOLITAIRE_PLUGIN_PATH, RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(handle_, nullptr) << dlerror();
    auto entry = reinterpret_cast<judge_get_plugin_info_fn>(dlsym(handle_, JUDGE_PLUGIN_ENTRY_NAME));
    ASSERT_NE(entry, nullptr) << dlerror();
    info_ = entry();
  }

  void SetUp() override { ASSERT_NE(info_, nullptr); }

  static judge_bytes Bytes(std::string_view s) { return judge_bytes{s.data(), s.size()}; }

  static Call Solve(std::string_view input) {
    Call c;
    judge_sink out{&c.out, Append}, message{&c.message, Append};
    c.status = info_->solve(Bytes(input), &out, &message);
    return c;
  }
  static Call Validate(std::string_view input) {
    Call c;
    judge_sink message{&c.message, Append};
    c.status = info_->validate(Bytes(input), &message);
    return c;
  }
  static Call Generate(uint64_t seed, std::string_view params) {
    Call c;
    judge_sink out{&c.out, Append}, message{&c.message, Append};
    c.status = info_->generate(seed, Bytes(params), &out, &message);
    return c;
  }
  static Checked Check(std::string_view input, std::string_view output, std::string_view answer,
                       std::string_view options = "") {
    Checked c;
    judge_check_result result{-1, -1.0};
    judge_sink message{&c.message, Append};
    c.status = info_->check(Bytes(input), Bytes(output), Bytes(answer), Bytes(options), &result, &message);
    c.verdict = result.verdict;
    c.score = result.score;
    return c;
  }

  static void* handle_;
  static const judge_plugin_info* info_;
};

void* SolitairePlugin::handle_ = nullptr;
const judge_plugin_info* SolitairePlugin::info_ = nullptr;

// Three cases whose answers the tests know independently: the sample (YES, given by
// the problem), a corner block to the opposite corner (NO: each piece must cross at
// least 12 cells, 6 moves even if every move jumped, 24 in all), identical (YES).
const char kInput[] =
    "4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n"
    "1 1 1 2 2 1 2 2\n7 7 7 8 8 7 8 8\n"
    "3 3 1 8 6 2 5 5\n5 5 6 2 1 8 3 3\n";
const char kAnswer[] = "YES\nNO\nYES\n";

TEST_F(SolitairePlugin, DeclaresItsIdentity) {
  EXPECT_EQ(info_->abi_version, JUDGE_PLUGIN_ABI_VERSION);
  EXPECT_EQ(info_->struct_size, sizeof(judge_plugin_info));
  EXPECT_STREQ(info_->id, "solitaire");
}

TEST_F(SolitairePlugin, SolveAnswersOneLinePerCase) {
  Call c = Solve("4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n");
  EXPECT_EQ(c.status, JUDGE_STATUS_OK) << c.message;
  EXPECT_EQ(c.out, "YES\n");
  c = Solve(kInput);
  EXPECT_EQ(c.status, JUDGE_STATUS_OK) << c.message;
  EXPECT_EQ(c.out, kAnswer);
}

TEST_F(SolitairePlugin, SolveRejectsIllegalInputWithAReason) {
  Call c = Solve("4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 9\n");
  EXPECT_EQ(c.status, JUDGE_STATUS_INVALID_INPUT);
  EXPECT_EQ(c.message, "case 1, line 2, token 8: expected an integer 1..8, found '9'");
  EXPECT_TRUE(c.out.empty());
}

TEST_F(SolitairePlugin, CheckAcceptsTheAnswerAndToleratedWhitespace) {
  for (std::string_view output : {"YES\nNO\nYES\n", "YES\nNO\nYES", "YES\r\nNO\r\nYES\r\n",
                                  "YES  \nNO\t\nYES \r\n", "YES\nNO\nYES\n\n\n", "YES\nNO\nYES\n \n"}) {
    Checked c = Check(kInput, output, kAnswer);
    EXPECT_EQ(c.status, JUDGE_STATUS_OK) << c.message;
    EXPECT_EQ(c.verdict, JUDGE_CHECK_ACCEPTED) << "output " << ::testing::PrintToString(output) << ": " << c.message;
    EXPECT_EQ(c.score, 1.0);
  }
}

TEST_F(SolitairePlugin, CheckWrongAnswersNameTheCase) {
  struct Expect {
    std::string output, message;
  };
  for (const Expect& e : std::vector<Expect>{
           {"YES\nYES\nYES\n", "case 2: expected NO, found YES"},
           {"NO\nNO\nYES\n", "case 1: expected YES, found NO"},
           {"YES\nyes\nYES\n", "case 2: expected NO, found YES"},
           {"YES\nmaybe\nYES\n", "case 2: expected YES or NO, found 'maybe'"},
           {"YES\nNO\nYES.\n", "case 3: expected YES or NO, found 'YES.'"},
           {"YES\nNO\n", "expected 3 lines, found 2"},
           {"YES\nNO\nYES\nNO\n", "expected 3 lines, found 4"},
           {"", "empty output, expected 3 lines"},
           {"\n\n", "expected 3 lines, found 0"},
           {"YES NO YES NO\n", "expected 3 lines of one answer each, found 4 answers on 1 line"},
       }) {
    Checked c = Check(kInput, e.output, kAnswer);
    EXPECT_EQ(c.status, JUDGE_STATUS_OK) << c.message;
    EXPECT_EQ(c.verdict, JUDGE_CHECK_WRONG_ANSWER) << ::testing::PrintToString(e.output);
    EXPECT_EQ(c.message, e.message) << ::testing::PrintToString(e.output);
    EXPECT_EQ(c.score, 0.0);
  }
}

TEST_F(SolitairePlugin, CheckPresentationErrorsNameTheFirstPlace) {
  struct Expect {
    std::string output, message;
  };
  for (const Expect& e : std::vector<Expect>{
           {"yes\nNO\nYES\n", "case 1 (line 1): expected 'YES' in upper case, found 'yes'"},
           {"YES\nNo\nYES\n", "case 2 (line 2): expected 'NO' in upper case, found 'No'"},
           {"YES\n\nNO\nYES\n", "line 2: blank line between answers"},
           {"\nYES\nNO\nYES\n", "line 1: blank line before the first answer"},
           {" YES\nNO\nYES\n", "line 1: whitespace before the answer"},
           {"YES NO\nYES\n", "line 1: 2 answers on one line, expected one per line"},
           {"YES\nno\n\nYES\n", "case 2 (line 2): expected 'NO' in upper case, found 'no'"},
           {"YES\nNO\n\nyes\n", "line 3: blank line between answers"},
       }) {
    Checked c = Check(kInput, e.output, kAnswer);
    EXPECT_EQ(c.status, JUDGE_STATUS_OK) << c.message;
    EXPECT_EQ(c.verdict, JUDGE_CHECK_PRESENTATION_ERROR) << ::testing::PrintToString(e.output);
    EXPECT_EQ(c.message, e.message) << ::testing::PrintToString(e.output);
  }
}

TEST_F(SolitairePlugin, CheckSurvivesHostileOutputs) {
  // A 10^7-byte line.
  std::string output = "YES\n" + std::string(10'000'000, 'Y') + "\nYES\n";
  Checked c = Check(kInput, output, kAnswer);
  EXPECT_EQ(c.verdict, JUDGE_CHECK_WRONG_ANSWER);
  EXPECT_EQ(c.message, "case 2: expected YES or NO, found 'YYYYYYYYYYYYYYYYYYYY'... (10000000 bytes)");
  // Ten million one-letter lines.
  output.clear();
  for (int i = 0; i < 10'000'000 / 2; ++i) output += "Y\n";
  c = Check(kInput, output, kAnswer);
  EXPECT_EQ(c.verdict, JUDGE_CHECK_WRONG_ANSWER);
  EXPECT_EQ(c.message, "expected 3 lines, found 5000000");
  // Binary garbage, NUL bytes included, in many seeds.
  std::mt19937_64 rng(99);
  for (int round = 0; round < 50; ++round) {
    std::string garbage(1 + rng() % 100000, '\0');
    for (char& ch : garbage) ch = static_cast<char>(rng() % 256);
    c = Check(kInput, garbage, kAnswer);
    EXPECT_EQ(c.status, JUDGE_STATUS_OK);
    EXPECT_TRUE(c.verdict == JUDGE_CHECK_WRONG_ANSWER || c.verdict == JUDGE_CHECK_PRESENTATION_ERROR);
    EXPECT_EQ(c.message.find('\n'), std::string::npos);
    EXPECT_LE(c.message.size(), 200u);
  }
  c = Check(kInput, std::string("YES\nNO\0\nYES\n", 12), kAnswer);
  EXPECT_EQ(c.verdict, JUDGE_CHECK_WRONG_ANSWER);
  EXPECT_EQ(c.message, "case 2: expected YES or NO, found 'NO\\x00'");
}

TEST_F(SolitairePlugin, CheckWithoutAnAnswerUsesTheSolver) {
  EXPECT_EQ(Check(kInput, "YES\nNO\nYES\n", "").verdict, JUDGE_CHECK_ACCEPTED);
  Checked c = Check(kInput, "YES\nNO\nNO\n", "");
  EXPECT_EQ(c.verdict, JUDGE_CHECK_WRONG_ANSWER);
  EXPECT_EQ(c.message, "case 3: expected YES, found NO");
}

TEST_F(SolitairePlugin, BadJuryDataIsACheckerFailureNeverWrongAnswer) {
  Checked c = Check(kInput, "YES\nNO\nYES\n", "YES\nNO\n");
  EXPECT_EQ(c.status, JUDGE_STATUS_FAILURE);
  EXPECT_EQ(c.verdict, JUDGE_CHECK_CHECKER_FAILURE);
  EXPECT_EQ(c.message, "jury answer: expected 3 answers (one per case), found 2");
  c = Check(kInput, "YES\nNO\nYES\n", "YES\nNOPE\nYES\n");
  EXPECT_EQ(c.verdict, JUDGE_CHECK_CHECKER_FAILURE);
  EXPECT_EQ(c.message, "jury answer: answer 2: expected YES or NO, found 'NOPE'");
  c = Check("1 1 1 1 2 2 3 3\n1 2 3 4 5 6 7 8\n", "YES\n", "YES\n");
  EXPECT_EQ(c.verdict, JUDGE_CHECK_CHECKER_FAILURE);
  EXPECT_THAT(c.message, StartsWith("jury input: case 1, line 1, token 3: second piece on cell (1, 1)"));
  c = Check(kInput, "YES\nNO\nYES\n", kAnswer, "strict=true\n");
  EXPECT_EQ(c.verdict, JUDGE_CHECK_CHECKER_FAILURE);
  EXPECT_THAT(c.message, HasSubstr("unknown option 'strict'"));
}

TEST_F(SolitairePlugin, ValidateAcceptsTheCanonicalLayoutOnly) {
  EXPECT_EQ(Validate(kInput).status, JUDGE_STATUS_OK) << Validate(kInput).message;
  struct Expect {
    std::string input, message;
  };
  for (const Expect& e : std::vector<Expect>{
           {"4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 9\n",
            "case 1, line 2, token 8: expected an integer 1..8, found '9'"},
           {"4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n0 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n",
            "case 2, line 3, token 1: expected an integer 1..8, found '0'"},
           {"4 4 4 5 5 4 6 5\n2 4 3 3 2 4 4 6\n",
            "case 1, line 2, token 5: second piece on cell (2, 4) of the target (first at line 2, token 1)"},
           {"4 4 4 5 4 4 6 5\n2 4 3 3 3 6 4 6\n",
            "case 1, line 1, token 5: second piece on cell (4, 4) of the start (first at line 1, token 1)"},
           {"4 4 4 5 5 4 6 5 1 1\n2 4 3 3 3 6 4 6\n", "case 1, line 1: expected 8 integers, found 10"},
           {"4 4 4 5 5 4 6 five\n2 4 3 3 3 6 4 6\n",
            "case 1, line 1, token 8: expected an integer 1..8, found 'five'"},
           {"4 4 4 5 5 4 6 5\r\n2 4 3 3 3 6 4 6\r\n",
            "case 1, line 1, column 16: expected single spaces and LF line ends, found '\\x0d'"},
           {"", "expected at least one case, found an empty input"},
       }) {
    Call c = Validate(e.input);
    EXPECT_EQ(c.status, JUDGE_STATUS_INVALID_INPUT) << ::testing::PrintToString(e.input);
    EXPECT_EQ(c.message, e.message);
  }
  std::string too_many;
  for (int i = 0; i < 10001; ++i) too_many += "1 1 1 2 1 3 1 4\n8 8 8 7 8 6 8 5\n";
  EXPECT_EQ(Validate(too_many).message, "expected at most 10000 cases, found 10001");
}

// ---- Generator ----

struct Pair {
  solitaire_oracle::Position start, target;
  std::vector<std::pair<int, int>> start_listed;  // as written, unsorted
};

std::vector<Pair> ReadPairs(const std::string& text) {
  std::istringstream in(text);
  std::vector<Pair> pairs;
  std::array<int, 16> v;
  while (in >> v[0]) {
    for (int i = 1; i < 16; ++i) in >> v[i];
    Pair p;
    for (int i = 0; i < 4; ++i) {
      p.start[i] = {v[2 * i], v[2 * i + 1]};
      p.target[i] = {v[8 + 2 * i], v[8 + 2 * i + 1]};
      p.start_listed.push_back(p.start[i]);
    }
    p.start = solitaire_oracle::Normalize(p.start);
    p.target = solitaire_oracle::Normalize(p.target);
    pairs.push_back(p);
  }
  return pairs;
}

TEST_F(SolitairePlugin, GenerateIsReproducibleAndValid) {
  for (std::string params : {"", "cases=50\ndistance=0..4", "cases=20\ndistance=8\nlayout=corners",
                             "cases=20\ndistance=9\nlayout=cluster", "cases=300\nlayout=corners",
                             "cases=300\nlayout=cluster\ndistance=random"}) {
    Call a = Generate(42, params), b = Generate(42, params), other = Generate(43, params);
    ASSERT_EQ(a.status, JUDGE_STATUS_OK) << params << ": " << a.message;
    EXPECT_EQ(a.out, b.out) << params;
    EXPECT_NE(a.out, other.out) << params;
    Call v = Validate(a.out);
    EXPECT_EQ(v.status, JUDGE_STATUS_OK) << params << ": " << v.message;
  }
  EXPECT_EQ(ReadPairs(Generate(1, "").out).size(), 100u);  // the default
  EXPECT_EQ(ReadPairs(Generate(1, "cases=7").out).size(), 7u);
}

TEST_F(SolitairePlugin, GenerateRejectsUnknownOrBadParameters) {
  struct Expect {
    std::string params, message;
  };
  for (const Expect& e : std::vector<Expect>{
           {"depth=8", "unknown option 'depth'"},
           {"distance=11", "parameter 'distance': expected random, N or A..B with 0 <= A <= B <= 10, found '11'"},
           {"distance=5..3", "found '5..3'"},
           {"distance=far", "found 'far'"},
           {"distance=1..", "found '1..'"},
           {"layout=edges", "parameter 'layout': expected random, corners or cluster, found 'edges'"},
           {"cases=0", "option 'cases': expected 1..10000, found 0"},
           {"cases=many", "option 'cases': expected an integer, found 'many'"},
       }) {
    Call c = Generate(1, e.params);
    EXPECT_EQ(c.status, JUDGE_STATUS_INVALID_INPUT) << e.params;
    EXPECT_THAT(c.message, HasSubstr(e.message)) << e.params;
  }
}

// Each generated pair's distance, by the oracle, lies in the requested band.
void ExpectBand(const std::vector<Pair>& pairs, int low, int high) {
  for (const Pair& p : pairs) {
    const int d = solitaire_oracle::Distance(p.start, p.target, high);
    EXPECT_GE(d, low);
    EXPECT_LE(d, high);
  }
}

TEST_F(SolitairePlugin, GenerateHonoursDistanceBands) {
  struct Band {
    std::string params;
    int low, high, cases;
  };
  for (const Band& b : std::vector<Band>{
           {"distance=8", 8, 8, 2 * kScale},
           {"distance=9", 9, 9, 2 * kScale},
           {"distance=8\nlayout=corners", 8, 8, 2 * kScale},
           {"distance=9\nlayout=cluster", 9, 9, kScale},
           {"distance=0..3", 0, 3, 20 * kScale},
           {"distance=4..7\nlayout=cluster", 4, 7, 5 * kScale},
           {"distance=0", 0, 0, 10 * kScale},
       }) {
    SCOPED_TRACE(b.params);
    Call c = Generate(2002, b.params + "\ncases=" + std::to_string(b.cases));
    ASSERT_EQ(c.status, JUDGE_STATUS_OK) << c.message;
    const auto pairs = ReadPairs(c.out);
    ASSERT_EQ(pairs.size(), static_cast<size_t>(b.cases));
    ExpectBand(pairs, b.low, b.high);
    // The reference answer agrees with the band.
    Call s = Solve(c.out);
    ASSERT_EQ(s.status, JUDGE_STATUS_OK);
    const std::string word = b.high <= 8 ? "YES\n" : "NO\n";
    std::string all;
    for (int i = 0; i < b.cases; ++i) all += word;
    EXPECT_EQ(s.out, all);
  }
}

TEST_F(SolitairePlugin, GenerateLayoutsPlacePiecesAsDocumented) {
  auto pairs = ReadPairs(Generate(5, "cases=300\nlayout=corners").out);
  for (const Pair& p : pairs) {
    for (const auto& [r, c] : p.start) {
      const bool corner_row = r <= 3 || r >= 6, corner_col = c <= 3 || c >= 6;
      EXPECT_TRUE(corner_row && corner_col) << r << "," << c;
    }
  }
  pairs = ReadPairs(Generate(5, "cases=300\nlayout=cluster").out);
  for (const Pair& p : pairs) {
    int rmin = 9, rmax = 0, cmin = 9, cmax = 0;
    for (const auto& [r, c] : p.start) {
      rmin = std::min(rmin, r), rmax = std::max(rmax, r), cmin = std::min(cmin, c), cmax = std::max(cmax, c);
    }
    EXPECT_LE(rmax - rmin, 2);
    EXPECT_LE(cmax - cmin, 2);
  }
  // Random targets give both answers; cells are listed in a shuffled order.
  const std::string text = Generate(6, "cases=400").out;
  const std::string answer = Solve(text).out;
  EXPECT_THAT(answer, HasSubstr("YES"));
  EXPECT_THAT(answer, HasSubstr("NO"));
  int unsorted = 0;
  for (const Pair& p : ReadPairs(text)) unsorted += !std::is_sorted(p.start_listed.begin(), p.start_listed.end());
  EXPECT_GT(unsorted, 100);
}

using judge::testing_support::ReadFile;

// The committed package: every secret file is what its recipe line generates, holds
// exactly one case as POJ 1198 does, is valid, and its answer is the solver's.
TEST_F(SolitairePlugin, CommittedPackageIsItsRecipeOneCasePerFile) {
  const std::string dir = std::string(SOLITAIRE_SOURCE_DIR) + "/problems/solitaire/data/";
  std::istringstream recipe(ReadFile(dir + "generators.txt"));
  std::string line;
  int files = 0, yes = 0;
  while (std::getline(recipe, line)) {
    std::istringstream fields(line);
    std::string path, param, params;
    uint64_t seed = 0;
    if (!(fields >> path) || path[0] == '#') continue;
    ASSERT_TRUE(fields >> seed) << line;
    while (fields >> param) params += param + "\n";
    const std::string input = ReadFile(dir + path + ".in");
    EXPECT_EQ(input, Generate(seed, params).out) << path;
    EXPECT_EQ(ReadPairs(input).size(), 1u) << path;
    EXPECT_EQ(Validate(input).status, JUDGE_STATUS_OK) << path;
    const std::string answer = ReadFile(dir + path + ".ans");
    EXPECT_EQ(answer, Solve(input).out) << path;
    yes += answer == "YES\n";
    ++files;
  }
  EXPECT_GE(files, 30);
  EXPECT_GT(yes, files / 4);  // both answers are well represented
  EXPECT_LT(yes, files * 3 / 4);
}

}  // namespace
