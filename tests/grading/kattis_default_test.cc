// The Kattis default output validator, rule by rule (tokens, case, whitespace runs,
// float tolerances and their formatting), and its flags.
#include <gtest/gtest.h>

#include "judge/grading/checker.h"

namespace judge {
namespace {

CheckVerdict Judge(std::string_view out, std::string_view ans, const std::vector<std::string>& flags = {}) {
  Result<DefaultValidatorOptions> o = ParseDefaultValidatorFlags(flags);
  EXPECT_TRUE(o.ok()) << o.status().message();
  return CompareKattisDefault(out, ans, o.ok() ? *o : DefaultValidatorOptions{}).verdict;
}

constexpr CheckVerdict AC = CheckVerdict::kAccepted;
constexpr CheckVerdict WA = CheckVerdict::kWrongAnswer;

TEST(KattisDefault, TokensWithAnyWhitespace) {
  EXPECT_EQ(Judge("1 2\n3\n", "1\n2 3"), AC);
  EXPECT_EQ(Judge("  1\t\v\f\r\n2 3  \n\n", "1 2 3\n"), AC);
  EXPECT_EQ(Judge("", ""), AC);
  EXPECT_EQ(Judge("\n\n", ""), AC);
  EXPECT_EQ(Judge("1 2", "1 2 3"), WA);
  EXPECT_EQ(Judge("1 2 3 4", "1 2 3"), WA);
  EXPECT_EQ(Judge("12", "1 2"), WA);
  EXPECT_EQ(Judge("", "x"), WA);
}

TEST(KattisDefault, CaseIsIgnoredUnlessCaseSensitive) {
  EXPECT_EQ(Judge("YES Hello", "yes hELLO"), AC);
  EXPECT_EQ(Judge("YES", "yes", {"case_sensitive"}), WA);
  EXPECT_EQ(Judge("yes", "yes", {"case_sensitive"}), AC);
  // Only ASCII letters fold.
  EXPECT_EQ(Judge("\xc3\x89", "\xc3\xa9"), WA);
}

TEST(KattisDefault, SpaceChangeSensitiveComparesEveryRun) {
  const std::vector<std::string> f = {"space_change_sensitive"};
  EXPECT_EQ(Judge("1 2\n", "1 2\n", f), AC);
  EXPECT_EQ(Judge("1  2\n", "1 2\n", f), WA);
  EXPECT_EQ(Judge("1\t2\n", "1 2\n", f), WA);
  EXPECT_EQ(Judge("1 2", "1 2\n", f), WA);    // trailing whitespace counts
  EXPECT_EQ(Judge("1 2\n\n", "1 2\n", f), WA);
  EXPECT_EQ(Judge(" 1 2\n", "1 2\n", f), WA);  // leading too
  EXPECT_EQ(Judge("A B\n", "a b\n", f), AC);   // case still ignored
}

TEST(KattisDefault, FloatsWithinEitherToleranceInAnyFormat) {
  const std::vector<std::string> abs = {"float_absolute_tolerance", "0.01"};
  EXPECT_EQ(Judge("3.14", "3.141", abs), AC);
  EXPECT_EQ(Judge("3.13", "3.141", abs), WA);
  EXPECT_EQ(Judge("3.141e0 31.41E-1 +3.141 0x1.92p+1", "3.141 3.141 3.141 3.141", abs), AC);
  const std::vector<std::string> rel = {"float_relative_tolerance", "1e-6"};
  EXPECT_EQ(Judge("1000000.5", "1000000", rel), AC);
  EXPECT_EQ(Judge("1000002", "1000000", rel), WA);
  EXPECT_EQ(Judge("0.0314", "3.14000000e-2", {"float_tolerance", "1e-9"}), AC);
  // Both given: within either.
  const std::vector<std::string> both = {"float_absolute_tolerance", "1e-3", "float_relative_tolerance", "1e-1"};
  EXPECT_EQ(Judge("1.05", "1", both), AC);
  EXPECT_EQ(Judge("0.0015", "0.001", both), AC);
  EXPECT_EQ(Judge("1.2", "1", both), WA);
  // Integers are floats too with a tolerance; words still compare as words.
  EXPECT_EQ(Judge("10.000001 Odd", "10 odd", {"float_tolerance", "1e-6"}), AC);
  EXPECT_EQ(Judge("ten", "10", {"float_tolerance", "1e-6"}), WA);
  // No tolerance: floats are words.
  EXPECT_EQ(Judge("3.140", "3.14"), WA);
  EXPECT_EQ(Judge("3.14", "3.14"), AC);
}

TEST(KattisDefault, InfinityAndNanAreNotNumbers) {
  const std::vector<std::string> tol = {"float_tolerance", "1"};
  EXPECT_EQ(Judge("inf", "1", tol), WA);
  EXPECT_EQ(Judge("nan", "nan", tol), AC);  // the answer's "nan" is a word: equal words
  EXPECT_EQ(Judge("1e999", "1", tol), WA);  // overflows to infinity: not a number
}

TEST(KattisDefault, MessagesSayWhere) {
  CheckOutcome o = CompareKattisDefault("1 2\n5\n", "1 2\n4\n", {});
  EXPECT_EQ(o.message, "token 3 (line 2): expected \"4\", found \"5\"");
  o = CompareKattisDefault("1", "1 2", {});
  EXPECT_EQ(o.message, "output ends after 1 token(s); expected \"2\" next");
  o = CompareKattisDefault("1 2 junk", "1 2", {});
  EXPECT_EQ(o.message, "extra output after the expected 2 token(s): \"junk\" at token 3 (line 1)");
  o = CompareKattisDefault("1.5", "1", {true, false, 0.1, -1});
  EXPECT_EQ(o.message, "token 1 (line 1): expected \"1\", found \"1.5\" (difference 0.5; absolute tolerance 0.1, "
                       "relative -1)");
}

TEST(KattisDefault, BadFlagsAreErrorsNamingThem) {
  auto unknown = ParseDefaultValidatorFlags({"case_insensitive"});
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.status().message(),
            "default output validator flags: expected case_sensitive, space_change_sensitive or "
            "float_[absolute_|relative_]tolerance <e>, found \"case_insensitive\"");
  auto missing = ParseDefaultValidatorFlags({"float_tolerance"});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(),
            "default output validator flags: float_tolerance: expected a number >= 0, found nothing");
  EXPECT_FALSE(ParseDefaultValidatorFlags({"float_tolerance", "-1"}).ok());
  EXPECT_FALSE(ParseDefaultValidatorFlags({"float_tolerance", "x"}).ok());
  auto ok = ParseDefaultValidatorFlags({"float_relative_tolerance", "0.5", "case_sensitive"});
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok->float_relative_tolerance, 0.5);
  EXPECT_LT(ok->float_absolute_tolerance, 0);
  EXPECT_TRUE(ok->case_sensitive);
}

TEST(KattisDefault, TheBuiltinCheckerTakesTheTestsFlags) {
  ProblemConfig c;
  c.checker = CheckerKind::kDefault;
  c.validator_flags = {"case_sensitive"};
  auto checker = MakeBuiltinChecker(c);
  EXPECT_EQ(checker->Describe(), "default case_sensitive");
  EXPECT_EQ(checker->Check("", "YES", "yes")->verdict, WA);  // problem.yaml's flags
  std::vector<std::string> group_flags = {"float_tolerance", "0.5"};
  CheckRequest q;
  q.output = "YES 1.2";
  q.answer = "yes 1";
  q.flags = &group_flags;  // the grader's: problem.yaml's then the group's
  EXPECT_EQ(checker->CheckTest(q)->verdict, AC);
  std::vector<std::string> bad = {"nonsense"};
  q.flags = &bad;
  EXPECT_FALSE(checker->CheckTest(q).ok());  // the package's fault: JE
}

}  // namespace
}  // namespace judge
