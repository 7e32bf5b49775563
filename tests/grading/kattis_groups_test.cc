// Kattis test data groups (grading/kattis_groups.h), without processes: the items of
// each group in run order, the walk and on_reject, the test scores and the maximum,
// and the custom grader's protocol, whose every fault is JE.
#include "kattis_groups.h"

#include <gtest/gtest.h>

#include <cmath>

namespace judge {
namespace {

// data / sample (1 test) / secret / secret/g1 (2 tests) and secret/g2 (1 test).
struct Tree {
  std::vector<TestGroupConfig> groups;
  std::vector<TestCase> tests;
  int data, sample, secret, g1, g2;

  Tree() {
    auto group = [&](const std::string& path, int parent, double accept) {
      TestGroupConfig g;
      g.path = path;
      g.parent = parent;
      g.accept_score = accept;
      groups.push_back(g);
      return static_cast<int>(groups.size()) - 1;
    };
    data = group("data", -1, 1);
    sample = group("data/sample", data, 0);
    secret = group("data/secret", data, 1);
    g1 = group("data/secret/g1", secret, 20);
    g2 = group("data/secret/g2", secret, 60);
    for (auto [name, g] : {std::pair<const char*, int>{"sample/1", sample}, {"secret/g1/1", g1},
                           {"secret/g1/2", g1}, {"secret/g2/1", g2}}) {
      TestCase t;
      t.name = name;
      t.group_index = g;
      tests.push_back(t);
    }
  }
  TestGroupConfig& at(int g) { return groups[static_cast<std::size_t>(g)]; }
};

TEST(KattisGroups, ItemsAreTestsAndSubgroupsInRunOrder) {
  Tree t;
  auto items = ListGroupItems(t.groups, t.tests);
  ASSERT_TRUE(items.ok()) << items.status().message();
  auto is = [](const GroupItem& i, int test, int group) { return i.test == test && i.group == group; };
  const auto& root = (*items)[static_cast<std::size_t>(t.data)];
  ASSERT_EQ(root.size(), 2u);
  EXPECT_TRUE(is(root[0], -1, t.sample));
  EXPECT_TRUE(is(root[1], -1, t.secret));
  const auto& secret = (*items)[static_cast<std::size_t>(t.secret)];
  ASSERT_EQ(secret.size(), 2u);
  EXPECT_TRUE(is(secret[0], -1, t.g1));
  EXPECT_TRUE(is(secret[1], -1, t.g2));
  const auto& g1 = (*items)[static_cast<std::size_t>(t.g1)];
  ASSERT_EQ(g1.size(), 2u);
  EXPECT_TRUE(is(g1[0], 1, -1));
  EXPECT_TRUE(is(g1[1], 2, -1));
}

TEST(KattisGroups, ATestOfNoGroupIsAnInternalError) {
  Tree t;
  t.tests[2].group_index = -1;
  auto items = ListGroupItems(t.groups, t.tests);
  ASSERT_FALSE(items.ok());
  EXPECT_NE(items.status().message().find("secret/g1/2"), std::string::npos);
}

// Runs the walk with tests whose verdicts are given; returns the tests run, in order.
std::vector<int> WalkWith(Tree& t, const std::vector<Verdict>& verdicts, bool run_all, ItemOutcome* root,
                          int stop_after = -1) {
  auto items = ListGroupItems(t.groups, t.tests);
  EXPECT_TRUE(items.ok());
  std::vector<int> ran;
  GroupWalkHooks hooks;
  hooks.run_test = [&](int test, bool* stop_all) -> Result<ItemOutcome> {
    ran.push_back(test);
    *stop_all = test == stop_after;
    return ItemOutcome{verdicts[static_cast<std::size_t>(test)], 1, false};
  };
  hooks.custom_grade = [](const TestGroupConfig&, const std::vector<ItemOutcome>&) -> Result<ItemOutcome> {
    return Status::Internal("no custom grader in this tree");
  };
  std::string message;
  auto r = WalkGroups(t.groups, *items, run_all, hooks, &message);
  EXPECT_TRUE(r.ok());
  if (r.ok()) *root = *r;
  return ran;
}

TEST(KattisGroups, ARejectedTestEndsItsGroupUnlessTheGroupSaysContinue) {
  Tree t;
  t.at(t.secret).on_reject_break = false;  // g2 runs after g1 failed; g1's own break stays
  const std::vector<Verdict> v = {Verdict::kAccepted, Verdict::kWrongAnswer, Verdict::kAccepted, Verdict::kAccepted};
  ItemOutcome root;
  EXPECT_EQ(WalkWith(t, v, false, &root), (std::vector<int>{0, 1, 3}));
  EXPECT_EQ(root.verdict, Verdict::kWrongAnswer);
  EXPECT_EQ(root.score, 3);  // sample 1 + g1's one judged test 1 + g2 1
  EXPECT_EQ(WalkWith(t, v, true, &root), (std::vector<int>{0, 1, 2, 3}));  // run_all

  Tree breaking;  // the default: secret breaks too, so g2 never runs
  EXPECT_EQ(WalkWith(breaking, v, false, &root), (std::vector<int>{0, 1}));
}

TEST(KattisGroups, NothingRunsAfterTheTotalTimeIsUsedUp) {
  Tree t;
  const std::vector<Verdict> v(4, Verdict::kAccepted);
  ItemOutcome root;
  EXPECT_EQ(WalkWith(t, v, true, &root, /*stop_after=*/1), (std::vector<int>{0, 1}));
}

TEST(KattisGroups, ACustomGroupIsAddedUpByTheGraderHookWithItsJudgedItems) {
  Tree t;
  t.at(t.secret).custom_grader = true;
  auto items = ListGroupItems(t.groups, t.tests);
  ASSERT_TRUE(items.ok());
  std::vector<std::string> graded;
  GroupWalkHooks hooks;
  hooks.run_test = [](int, bool*) -> Result<ItemOutcome> { return ItemOutcome{Verdict::kAccepted, 5, false}; };
  hooks.custom_grade = [&](const TestGroupConfig& g, const std::vector<ItemOutcome>& judged) -> Result<ItemOutcome> {
    graded.push_back(g.path + ":" + std::to_string(judged.size()));
    return ItemOutcome{Verdict::kWrongAnswer, 7, false};
  };
  std::string message;
  auto root = WalkGroups(t.groups, *items, false, hooks, &message);
  ASSERT_TRUE(root.ok());
  EXPECT_EQ(graded, (std::vector<std::string>{"data/secret:2"}));  // its two subgroups
  EXPECT_EQ(root->verdict, Verdict::kWrongAnswer);
  EXPECT_EQ(root->score, 5 + 7);  // the sample's test and the grader's score, summed by data
}

TEST(KattisGroups, TestScoresComeFromTheValidatorElseTheGroupsAcceptOrRejectScore) {
  Tree t;
  t.at(t.g1).reject_score = -1;
  TestResult r;
  r.verdict = Verdict::kWrongAnswer;
  r.score = 9;
  SetKattisTestScore(t.groups, t.tests[1], &r);
  EXPECT_EQ(r.score, -1);
  r = TestResult{};
  r.verdict = Verdict::kAccepted;
  SetKattisTestScore(t.groups, t.tests[1], &r);
  EXPECT_EQ(r.score, 20);
  r.score = 3;
  r.score_reported = true;
  SetKattisTestScore(t.groups, t.tests[1], &r);
  EXPECT_EQ(r.score, 3);
  r = TestResult{};
  r.verdict = Verdict::kWrongAnswer;  // testlib's points: an accepted test in a scoring problem
  r.partial = r.score_reported = true;
  r.score = 4;
  SetKattisTestScore(t.groups, t.tests[1], &r);
  EXPECT_EQ(r.verdict, Verdict::kAccepted);
  EXPECT_EQ(r.score, 4);
}

TEST(KattisGroups, TheMaximumIsEveryAcceptScoreAddedUpOrTheRootsFiniteRange) {
  Tree t;
  auto items = ListGroupItems(t.groups, t.tests);
  ASSERT_TRUE(items.ok());
  EXPECT_EQ(KattisMaxScore(t.groups, t.tests, *items), 0 + 20 + 20 + 60);
  t.at(t.data).range_max = 50;
  EXPECT_EQ(KattisMaxScore(t.groups, t.tests, *items), 50);
}

TEST(KattisGroups, TheCustomGraderReadsOneLinePerItem) {
  std::vector<ItemOutcome> items = {{Verdict::kAccepted, 1, false},
                                    {Verdict::kRuntimeError, 0, false},
                                    {Verdict::kPresentationError, 2.5, false}};
  EXPECT_EQ(CustomGraderInput(items), "AC 1\nRTE 0\nWA 2.5\n");
}

TEST(KattisGroups, EveryFaultOfTheCustomGradersAnswerIsJudgeError) {
  TestGroupConfig g;
  g.range_min = 0;
  g.range_max = 100;
  auto ok = ParseCustomGraderOutput("TLE 42\n", g);
  EXPECT_TRUE(ok.fault.empty());
  EXPECT_EQ(ok.outcome.verdict, Verdict::kTimeLimitExceeded);
  EXPECT_EQ(ok.outcome.score, 42);
  for (const char* said : {"", "AC", "AC nan", "AC inf", "XYZ 1", "AC 101", "WA -0.5"}) {
    auto bad = ParseCustomGraderOutput(said, g);
    EXPECT_FALSE(bad.fault.empty()) << said;
    EXPECT_EQ(bad.outcome.verdict, Verdict::kJudgeError) << said;
  }
  EXPECT_NE(ParseCustomGraderOutput("XYZ 1", g).fault.find("\"XYZ\""), std::string::npos);
  EXPECT_NE(ParseCustomGraderOutput("AC 101", g).fault.find("outside the group's range"), std::string::npos);
  // The grader saying JE is no fault of its answer: JE whatever the score.
  auto je = ParseCustomGraderOutput("JE 500", g);
  EXPECT_TRUE(je.fault.empty());
  EXPECT_EQ(je.outcome.verdict, Verdict::kJudgeError);
}

}  // namespace
}  // namespace judge
