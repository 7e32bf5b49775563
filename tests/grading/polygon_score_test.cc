// Polygon's groups scored (grading/summary.h, Summarize), without processes:
// complete-group groups score their points when all their tests are AC, each-test groups
// the points of each AC test (or the points its checker gave it), and a group whose
// dependency is not wholly AC scores 0.
#include <gtest/gtest.h>

#include "summary.h"

namespace judge {
namespace {

// samples (2 tests, 0 points), g1 each-test (3 tests x 10), g2 complete-group 30 after
// g1, g3 complete-group 40 after samples.
struct Scored {
  ProblemConfig problem;
  std::vector<TestCase> tests;

  Scored() {
    problem.groups = {{"samples", 0, false, {}},
                      {"g1", 0, true, {}},
                      {"g2", 30, false, {"g1"}},
                      {"g3", 40, false, {"samples"}}};
    auto add = [&](const std::string& name, const std::string& group, double points) {
      TestCase t;
      t.name = name;
      t.group = group;
      t.points = points;
      tests.push_back(t);
    };
    add("tests/01", "samples", 0);
    add("tests/02", "samples", 0);
    add("tests/03", "g1", 10);
    add("tests/04", "g1", 10);
    add("tests/05", "g1", 10);
    add("tests/06", "g2", 30);
    add("tests/07", "g3", 40);
  }

  // Every test judged, the ones named failing with WA.
  GradeReport Grade(const std::set<std::string>& failing) const {
    GradeReport r;
    for (const auto& t : tests) {
      TestResult res;
      res.name = t.name;
      res.group = t.group;
      res.verdict = failing.count(t.name) ? Verdict::kWrongAnswer : Verdict::kAccepted;
      r.tests.push_back(res);
    }
    Summarize(problem, tests, &r);
    return r;
  }
};

TEST(PolygonScore, AllAcceptedScoresEverything) {
  Scored s;
  GradeReport r = s.Grade({});
  EXPECT_EQ(r.verdict, Verdict::kAccepted);
  EXPECT_DOUBLE_EQ(r.max_score, 100);  // 3 x 10 each-test, 30, 40
  EXPECT_DOUBLE_EQ(r.score, 100);
}

TEST(PolygonScore, EachTestGroupScoresItsAcceptedTests) {
  Scored s;
  GradeReport r = s.Grade({"tests/04"});
  EXPECT_EQ(r.verdict, Verdict::kWrongAnswer);
  // g1: 20 of 30; g2 depends on g1, which is not wholly AC: 0; g3: 40.
  EXPECT_DOUBLE_EQ(r.score, 60);
  EXPECT_DOUBLE_EQ(r.max_score, 100);
}

TEST(PolygonScore, FailedDependencyScoresZero) {
  Scored s;
  // A failed sample: g3 (after samples) scores nothing though its own test is AC.
  EXPECT_DOUBLE_EQ(s.Grade({"tests/02"}).score, 60);
  // The complete group's own failure.
  EXPECT_DOUBLE_EQ(s.Grade({"tests/06"}).score, 70);
}

TEST(PolygonScore, SkippedTestsScoreNothing) {
  Scored s;
  GradeReport r = s.Grade({});
  r.tests.erase(r.tests.begin() + 6);  // tests/07 not run
  Summarize(s.problem, s.tests, &r);
  EXPECT_DOUBLE_EQ(r.score, 60);
}

// A test its checker gave points (testlib's quitp: AC with a reported score) adds those
// points to its each-test group in place of its own; a complete group keeps its points.
TEST(PolygonScore, CheckerPointsScoreAnEachTestTest) {
  Scored s;
  GradeReport r;
  for (const auto& t : s.tests) {
    TestResult res;
    res.name = t.name;
    res.group = t.group;
    res.verdict = Verdict::kAccepted;
    if (t.name == "tests/04" || t.name == "tests/06") {
      res.score = 2.5;
      res.score_reported = true;
    }
    r.tests.push_back(res);
  }
  Summarize(s.problem, s.tests, &r);
  EXPECT_EQ(r.verdict, Verdict::kAccepted);
  // g1: 10 + 2.5 + 10; g2 (complete-group): 30; g3: 40.
  EXPECT_DOUBLE_EQ(r.score, 92.5);
  EXPECT_DOUBLE_EQ(r.max_score, 100);
}

}  // namespace
}  // namespace judge
