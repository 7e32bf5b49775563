// The Polygon package written for these tests (tests/packages/polygon) as the judging
// layer sees it: loaded like any package (limits, tests, the testlib checker and
// validator, a hash over problem.xml) and its solutions listed as the package's
// submissions, each expecting what its tag names in the language its type names.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "fakes.h"
#include "judge/judging/package.h"
#include "judge/judging/package_submissions.h"

namespace judge {
namespace {

const std::string kPackage = std::string(JUDGE_TEST_PACKAGES_DIR) + "/polygon";

TEST(PolygonPackage, LoadsLikeAnyPackage) {
  PackageOptions options;
  options.isolate_plugin = false;
  auto pkg = LoadPackage(kPackage, options);
  ASSERT_TRUE(pkg.ok()) << pkg.status().message();
  const Package& p = **pkg;
  EXPECT_EQ(p.problem.name, "Proper Divisor");
  EXPECT_EQ(p.problem.limits.time_ms, 1000);
  EXPECT_EQ(p.problem.limits.memory_kib, 262144);
  EXPECT_EQ(p.checker_name, "testlib");
  ASSERT_EQ(p.testlib_validators.size(), 1u);
  EXPECT_EQ(p.testlib_validators[0]->role(), "testlib validator validator.cpp");
  EXPECT_TRUE(p.input_validators.empty());
  EXPECT_EQ(p.plugin, nullptr);
  ASSERT_EQ(p.tests.size(), 4u);
  EXPECT_EQ(p.tests[1].name, "tests/02");
  EXPECT_EQ(p.tests[1].group, "sample");
  EXPECT_EQ(p.tests[2].group, "secret");
  EXPECT_EQ(p.package_hash.size(), 64u);
}

TEST(PolygonPackage, HashCoversProblemXml) {
  testing::TempDir tmp;
  std::filesystem::copy(kPackage, tmp.path() + "/p", std::filesystem::copy_options::recursive);
  PackageOptions options;
  auto before = LoadPackage(tmp.path() + "/p", options);
  ASSERT_TRUE(before.ok()) << before.status().message();
  std::ofstream(tmp.path() + "/p/problem.xml", std::ios::app) << "<!-- changed -->\n";
  auto after = LoadPackage(tmp.path() + "/p", options);
  ASSERT_TRUE(after.ok()) << after.status().message();
  EXPECT_NE((*before)->package_hash, (*after)->package_hash);
}

TEST(PolygonPackage, SolutionsAreTheSubmissions) {
  auto subs = ListPackageSubmissions(kPackage);
  ASSERT_TRUE(subs.ok()) << subs.status().message();
  using V = Verdict;
  struct Want {
    std::string subject, language;
    std::set<V> allowed;
  };
  const std::set<V> rejected = {V::kWrongAnswer,         V::kPresentationError,   V::kTimeLimitExceeded,
                                V::kMemoryLimitExceeded, V::kOutputLimitExceeded, V::kRuntimeError,
                                V::kCompileError};
  const std::vector<Want> want = {
      {"solutions/smallest.cpp (main)", "cpp17-x87", {V::kAccepted}},
      {"solutions/largest.py (accepted)", "python3", {V::kAccepted}},
      {"solutions/only-two.cpp (wrong-answer)", "cpp17-x87", {V::kWrongAnswer}},
      {"solutions/twice.py (presentation-error)", "python3", {V::kPresentationError}},
      {"solutions/every-number.cpp (time-limit-exceeded)", "cpp17-x87", {V::kTimeLimitExceeded}},
      {"solutions/one.py (rejected)", "python3", rejected},
  };
  ASSERT_EQ(subs->size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    const PackageSubmission& s = (*subs)[i];
    EXPECT_EQ(s.subject, want[i].subject);
    ASSERT_TRUE(s.expected.has_value()) << s.subject;
    EXPECT_EQ(s.expected->allowed, want[i].allowed) << s.subject;
    EXPECT_EQ(s.expected->language, want[i].language) << s.subject;
    EXPECT_FALSE(s.is_folder);
    EXPECT_TRUE(std::filesystem::is_regular_file(s.path)) << s.path;
  }
}

}  // namespace
}  // namespace judge
