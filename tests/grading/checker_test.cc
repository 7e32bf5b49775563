// The built-in checkers: hand-written cases for each rule, and random outputs compared
// with an independent oracle (istringstream tokenizing) for tokens/exact/lines.
#include "judge/grading/checker.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string_view>
#include <vector>

namespace judge {
namespace {

constexpr CheckVerdict AC = CheckVerdict::kAccepted;
constexpr CheckVerdict WA = CheckVerdict::kWrongAnswer;
constexpr CheckVerdict PE = CheckVerdict::kPresentationError;

TEST(CompareTokens, IgnoresAnyWhitespace) {
  EXPECT_EQ(CompareTokens("1 2 3\n", "1 2 3\n").verdict, AC);
  EXPECT_EQ(CompareTokens("  1\t2\r\n\n3", "1 2 3\n").verdict, AC);
  EXPECT_EQ(CompareTokens("", "").verdict, AC);
  EXPECT_EQ(CompareTokens("\n\n  ", "").verdict, AC);
}

TEST(CompareTokens, ReportsTheFirstDifference) {
  CheckOutcome o = CompareTokens("1 2\n4 5\n", "1 2\n3 5\n");
  EXPECT_EQ(o.verdict, WA);
  EXPECT_EQ(o.score, 0.0);
  EXPECT_NE(o.message.find("token 3"), std::string::npos) << o.message;
  EXPECT_NE(o.message.find("line 2"), std::string::npos) << o.message;
  EXPECT_NE(o.message.find("expected \"3\""), std::string::npos) << o.message;
  EXPECT_NE(o.message.find("found \"4\""), std::string::npos) << o.message;
}

TEST(CompareTokens, MissingAndExtraTokens) {
  CheckOutcome shorter = CompareTokens("1 2", "1 2 3");
  EXPECT_EQ(shorter.verdict, WA);
  EXPECT_NE(shorter.message.find("ends after 2"), std::string::npos) << shorter.message;
  CheckOutcome longer = CompareTokens("1 2 3 4", "1 2 3");
  EXPECT_EQ(longer.verdict, WA);
  EXPECT_NE(longer.message.find("\"4\""), std::string::npos) << longer.message;
  EXPECT_EQ(CompareTokens("", "x").verdict, WA);
  EXPECT_EQ(CompareTokens("x", "").verdict, WA);
}

TEST(CompareTokens, CaseAndPunctuationMatter) {
  EXPECT_EQ(CompareTokens("yes", "YES").verdict, WA);
  EXPECT_EQ(CompareTokens("1,2", "1 2").verdict, WA);
  EXPECT_EQ(CompareTokens("12", "1 2").verdict, WA);
}

TEST(CompareTokens, MessagesAreOneLineAndShort) {
  std::string long_token(1000, 'a');
  CheckOutcome o = CompareTokens(std::string("\x01\x02") + long_token, "b");
  EXPECT_EQ(o.verdict, WA);
  EXPECT_EQ(o.message.find('\n'), std::string::npos);
  EXPECT_LT(o.message.size(), 200u);
  EXPECT_NE(o.message.find("\\x01"), std::string::npos) << o.message;
}

TEST(CompareExact, BytesEqualIsAccepted) {
  EXPECT_EQ(CompareExact("AC\n2\n", "AC\n2\n").verdict, AC);
  EXPECT_EQ(CompareExact("", "").verdict, AC);
}

TEST(CompareExact, SameTokensOtherWhitespaceIsPresentationError) {
  CheckOutcome o = CompareExact("AC\n2", "AC\n2\n");
  EXPECT_EQ(o.verdict, PE);
  EXPECT_NE(o.message.find("byte 5"), std::string::npos) << o.message;
  EXPECT_EQ(CompareExact("AC 2\n", "AC\n2\n").verdict, PE);
  EXPECT_EQ(CompareExact("AC\r\n2\r\n", "AC\n2\n").verdict, PE);
  EXPECT_EQ(CompareExact(" AC\n2\n", "AC\n2\n").verdict, PE);
}

TEST(CompareExact, OtherTokensIsWrongAnswer) {
  EXPECT_EQ(CompareExact("AC\n3\n", "AC\n2\n").verdict, WA);
  EXPECT_EQ(CompareExact("AC\n", "AC\n2\n").verdict, WA);
}

TEST(CompareLines, IgnoresTrailingSpacesAndFinalBlankLines) {
  EXPECT_EQ(CompareLines("1 2  \n3\t\n", "1 2\n3\n").verdict, AC);
  EXPECT_EQ(CompareLines("1 2\r\n3\r\n", "1 2\n3\n").verdict, AC);
  EXPECT_EQ(CompareLines("1 2\n3", "1 2\n3\n").verdict, AC);
  EXPECT_EQ(CompareLines("1 2\n3\n\n\n", "1 2\n3\n").verdict, AC);
}

TEST(CompareLines, LayoutDifferencesArePresentationErrors) {
  CheckOutcome joined = CompareLines("1 2 3\n", "1 2\n3\n");
  EXPECT_EQ(joined.verdict, PE);
  EXPECT_NE(joined.message.find("line 1"), std::string::npos) << joined.message;
  EXPECT_EQ(CompareLines("1  2\n3\n", "1 2\n3\n").verdict, PE);   // inner spaces count
  EXPECT_EQ(CompareLines(" 1 2\n3\n", "1 2\n3\n").verdict, PE);   // leading spaces count
  EXPECT_EQ(CompareLines("1 2\n\n3\n", "1 2\n3\n").verdict, PE);  // inner blank line
}

TEST(CompareLines, DifferentTokensAreWrongAnswers) {
  EXPECT_EQ(CompareLines("1 2\n4\n", "1 2\n3\n").verdict, WA);
  EXPECT_EQ(CompareLines("1 2\n", "1 2\n3\n").verdict, WA);
}

TEST(CompareFloats, WithinAbsoluteOrRelativeTolerance) {
  EXPECT_EQ(CompareFloats("1.0000001", "1", 1e-6, 0).verdict, AC);
  EXPECT_EQ(CompareFloats("1.00001", "1", 1e-6, 0).verdict, WA);
  EXPECT_EQ(CompareFloats("1000001", "1000000", 0, 1e-6).verdict, AC);
  EXPECT_EQ(CompareFloats("1000002", "1000000", 0, 1e-6).verdict, WA);
  EXPECT_EQ(CompareFloats("1e3 2.5", "1000.0 2.50", 1e-9, 1e-9).verdict, AC);
  EXPECT_EQ(CompareFloats("-0", "0", 0, 0).verdict, AC);
}

TEST(CompareFloats, ExplainsTheDifference) {
  CheckOutcome o = CompareFloats("3.2", "3.1", 1e-6, 1e-6);
  EXPECT_EQ(o.verdict, WA);
  EXPECT_NE(o.message.find("difference"), std::string::npos) << o.message;
}

TEST(CompareFloats, NonNumbersCompareAsText) {
  EXPECT_EQ(CompareFloats("Case 1: 0.5", "Case 1: 0.5000001", 1e-6, 0).verdict, AC);
  EXPECT_EQ(CompareFloats("case 1: 0.5", "Case 1: 0.5", 1e-6, 0).verdict, WA);
  CheckOutcome o = CompareFloats("abc", "1.5", 1e-6, 1e-6);
  EXPECT_EQ(o.verdict, WA);
  EXPECT_NE(o.message.find("expected a number"), std::string::npos) << o.message;
  EXPECT_EQ(CompareFloats("1.5x", "1.5", 1, 1).verdict, WA);  // trailing junk
}

TEST(CompareFloats, NanAndInfinityMatchOnlyThemselves) {
  EXPECT_EQ(CompareFloats("nan", "nan", 1e-6, 1e-6).verdict, AC);
  EXPECT_EQ(CompareFloats("nan", "1", 1e9, 1e9).verdict, WA);
  EXPECT_EQ(CompareFloats("1", "nan", 1e9, 1e9).verdict, WA);
  EXPECT_EQ(CompareFloats("inf", "inf", 0, 0).verdict, AC);
  EXPECT_EQ(CompareFloats("-inf", "inf", 1e300, 1e300).verdict, WA);
  EXPECT_EQ(CompareFloats("1e308", "inf", 1e300, 1e300).verdict, WA);
}

// Oracle: tokens by istringstream (the standard's idea of whitespace).
std::vector<std::string> OracleTokens(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  std::string t;
  while (in >> t) out.push_back(t);
  return out;
}

std::string RandomText(std::mt19937& rng, const std::vector<std::string>& tokens) {
  static const char* kSpaces[] = {" ", "  ", "\n", "\t", "\r\n", " \n"};
  std::string s;
  if (rng() % 3 == 0) s += kSpaces[rng() % 6];
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (i) s += kSpaces[rng() % 6];
    s += tokens[i];
  }
  if (rng() % 2 == 0) s += kSpaces[rng() % 6];
  return s;
}

TEST(CompareTokens, AgreesWithAnOracleOnRandomTexts) {
  std::mt19937 rng(12345);
  static const char* kWords[] = {"1", "2", "10", "-1", "a", "ab", "YES", "NO", "x"};
#ifdef JUDGE_SANITIZE_BUILD
  const int kCases = 2000;
#else
  const int kCases = 20000;
#endif
  int differing = 0;
  for (int c = 0; c < kCases; ++c) {
    std::vector<std::string> ans_tokens, out_tokens;
    int n = static_cast<int>(rng() % 6);
    for (int i = 0; i < n; ++i) ans_tokens.push_back(kWords[rng() % 9]);
    out_tokens = ans_tokens;
    switch (rng() % 4) {
      case 0: break;
      case 1:
        if (!out_tokens.empty()) out_tokens[rng() % out_tokens.size()] = kWords[rng() % 9];
        break;
      case 2: out_tokens.push_back(kWords[rng() % 9]); break;
      case 3:
        if (!out_tokens.empty()) out_tokens.pop_back();
        break;
    }
    std::string out = RandomText(rng, out_tokens);
    std::string ans = RandomText(rng, ans_tokens);
    bool same = OracleTokens(out) == OracleTokens(ans);
    differing += !same;
    ASSERT_EQ(CompareTokens(out, ans).verdict, same ? AC : WA) << "out=" << out << " ans=" << ans;
    // exact: AC iff bytes equal; else PE iff tokens equal.
    CheckVerdict exact = out == ans ? AC : (same ? PE : WA);
    ASSERT_EQ(CompareExact(out, ans).verdict, exact) << "out=" << out << " ans=" << ans;
    // lines: never AC when tokens differ; AC when the bytes are equal.
    CheckVerdict lines = CompareLines(out, ans).verdict;
    if (!same) {
      ASSERT_EQ(lines, WA);
    } else {
      ASSERT_NE(lines, WA);
    }
    if (out == ans) {
      ASSERT_EQ(lines, AC);
    }
  }
  EXPECT_GT(differing, kCases / 4);  // the generator does produce wrong outputs
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

// Each kind is one row: its name reads back as the kind, and no two share a name.
TEST(CheckerKinds, OneRowPerKindNamesReadBack) {
  std::set<std::string_view> names;
  for (const CheckerKindInfo& k : CheckerKinds()) {
    EXPECT_EQ(&CheckerKindInfoOf(k.kind), &k);
    EXPECT_EQ(CheckerKindNamed(k.name), k.kind) << k.name;
    EXPECT_TRUE(names.insert(k.name).second) << k.name;
  }
  EXPECT_EQ(names.size(), 8u);
  EXPECT_EQ(CheckerKindNamed("token"), std::nullopt);
  EXPECT_EQ(CheckerKindNameList(), "plugin, exact, lines, tokens, float, default, kattis or testlib");
  EXPECT_EQ(CheckerKindNameList(&CheckerKindInfo::runs_program), "kattis or testlib");
}

// The checker object answers what callers used to decide by switching on the kind.
TEST(CheckerKinds, TheCheckerAnswersFromItsRow) {
  for (CheckerKind kind : {CheckerKind::kExact, CheckerKind::kLines, CheckerKind::kTokens, CheckerKind::kFloat,
                           CheckerKind::kDefault}) {
    ProblemConfig config;
    config.checker = kind;
    std::unique_ptr<Checker> c = MakeBuiltinChecker(config);
    EXPECT_EQ(c->kind(), kind);
    EXPECT_TRUE(c->needs_answer_file()) << c->Describe();
    EXPECT_FALSE(c->runs_program()) << c->Describe();
    EXPECT_EQ(c->checks_answer_files(), kind == CheckerKind::kDefault) << c->Describe();
    EXPECT_TRUE(CheckerKindInfoOf(kind).builtin);
  }
  for (CheckerKind kind : {CheckerKind::kKattis, CheckerKind::kTestlib}) {
    EXPECT_TRUE(CheckerKindInfoOf(kind).runs_program);
    EXPECT_FALSE(CheckerKindInfoOf(kind).needs_answer_file);
    EXPECT_TRUE(CheckerKindInfoOf(kind).checks_answer_files);
  }
  const CheckerKindInfo& plugin = CheckerKindInfoOf(CheckerKind::kPlugin);
  EXPECT_FALSE(plugin.builtin || plugin.needs_answer_file || plugin.runs_program || plugin.checks_answer_files);
}

// A kind that is not a built-in comparison never judges as tokens: every check is
// an error (the test becomes JE), naming the kind.
TEST(CheckerKinds, ABuiltinCheckerOfAnotherKindIsAnErrorNotTokens) {
  for (CheckerKind kind : {CheckerKind::kPlugin, CheckerKind::kKattis, CheckerKind::kTestlib}) {
    ProblemConfig config;
    config.checker = kind;
    std::unique_ptr<Checker> c = MakeBuiltinChecker(config);
    const std::string_view name = CheckerKindInfoOf(kind).name;
    Result<CheckOutcome> same = c->Check("", "42\n", "42\n");
    ASSERT_FALSE(same.ok()) << name << " judged as some comparison";
    EXPECT_EQ(same.status().code(), StatusCode::kInternal);
    EXPECT_NE(same.status().message().find("'" + std::string(name) + "'"), std::string::npos)
        << same.status().message();
    CheckRequest q;
    q.output = "42\n";
    q.answer = "42\n";
    EXPECT_FALSE(c->CheckTest(q).ok()) << name;
    EXPECT_EQ(c->Describe(), name);
  }
}

}  // namespace
}  // namespace judge
