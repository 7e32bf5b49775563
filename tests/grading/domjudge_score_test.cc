// DOMjudge's scoring of test groups (grading/domjudge_score.h): a leaf group's
// accept_score is the group's, folders without a testdata.yaml count nowhere, nothing
// is inherited, a rejected submission keeps what it earned, and the result is known as
// soon as DOMjudge's lazy judging would know it.
#include "domjudge_score.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

// data (file: continue, sum) / sample (no file) / secret (file: continue, sum) /
// secret/a (accept 30) and secret/b (accept 70), two tests each.
struct Fixture {
  std::vector<TestGroupConfig> groups;
  std::vector<TestCase> tests;

  Fixture() {
    auto group = [&](const std::string& path, int parent, bool file) {
      TestGroupConfig g;
      g.path = path;
      g.parent = parent;
      g.has_file = file;
      groups.push_back(g);
      return static_cast<int>(groups.size()) - 1;
    };
    int data = group("data", -1, true);
    groups[0].domjudge.on_reject_continue = true;
    int sample = group("data/sample", data, false);
    int secret = group("data/secret", data, true);
    groups[static_cast<std::size_t>(secret)].domjudge.on_reject_continue = true;
    int a = group("data/secret/a", secret, true);
    groups[static_cast<std::size_t>(a)].domjudge.accept_score = 30;
    int b = group("data/secret/b", secret, true);
    groups[static_cast<std::size_t>(b)].domjudge.accept_score = 70;
    for (auto [name, g] : {std::pair<const char*, int>{"sample/1", sample}, {"secret/a/1", a}, {"secret/a/2", a},
                           {"secret/b/1", b}, {"secret/b/2", b}}) {
      TestCase t;
      t.name = name;
      t.group_index = g;
      tests.push_back(t);
    }
  }
};

std::optional<DomjudgeRun> Judged(Verdict v, std::optional<double> score = std::nullopt) {
  return DomjudgeRun{v, score};
}

constexpr Verdict AC = Verdict::kAccepted;
constexpr Verdict WA = Verdict::kWrongAnswer;
constexpr Verdict RE = Verdict::kRuntimeError;

TEST(DomjudgeScore, LeafAcceptScoreIsTheGroupsAndSamplesCountNowhere) {
  Fixture f;
  // Failing the sample changes nothing: it is in no group of DOMjudge's.
  auto r = DomjudgeResult(f.groups, f.tests, {Judged(WA), Judged(AC), Judged(AC), Judged(AC), Judged(AC)});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->verdict, AC);
  EXPECT_DOUBLE_EQ(r->score, 100);  // 30 + 70, not 2 x 30 + 2 x 70
  EXPECT_DOUBLE_EQ(DomjudgeMaxScore(f.groups, f.tests), 100);
}

TEST(DomjudgeScore, RejectedKeepsWhatItEarnedWithTheFirstFailure) {
  Fixture f;
  auto r = DomjudgeResult(f.groups, f.tests, {Judged(AC), Judged(RE), std::nullopt, Judged(AC), Judged(AC)});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->verdict, RE);
  EXPECT_DOUBLE_EQ(r->score, 70);
  r = DomjudgeResult(f.groups, f.tests, {Judged(AC), Judged(AC), Judged(AC), Judged(WA), std::nullopt});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->verdict, WA);
  EXPECT_DOUBLE_EQ(r->score, 30);
}

TEST(DomjudgeScore, UnknownUntilContinueGroupsAreComplete) {
  Fixture f;
  // a is done (it broke at its first test), b not yet: secret continues, so no result.
  EXPECT_FALSE(DomjudgeResult(f.groups, f.tests, {Judged(AC), Judged(WA), std::nullopt, std::nullopt, std::nullopt}));
  // With on_reject break on secret, its first failure decides at once.
  f.groups[2].domjudge.on_reject_continue = false;
  f.groups[0].domjudge.on_reject_continue = false;
  auto r = DomjudgeResult(f.groups, f.tests, {Judged(AC), Judged(WA), std::nullopt, std::nullopt, std::nullopt});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->verdict, WA);
  EXPECT_DOUBLE_EQ(r->score, 0);
}

TEST(DomjudgeScore, ScoreTxtReplacesAcceptScoreAndAggregatesApply) {
  Fixture f;
  f.groups[2].domjudge.aggregation = GraderFlags::ScoreMode::kMin;
  // a: score.txt 10 and 5 (WA keeps its score.txt); b: accept_score 70.
  auto r = DomjudgeResult(f.groups, f.tests, {Judged(AC), Judged(AC, 10), Judged(WA, 5), Judged(AC), Judged(AC)});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->verdict, WA);
  EXPECT_DOUBLE_EQ(r->score, 15);  // min(10 + 5, 70)
  // A TLE run's score.txt does not count.
  r = DomjudgeResult(f.groups, f.tests, {Judged(AC), Judged(AC, 10), Judged(Verdict::kTimeLimitExceeded, 5), Judged(AC), Judged(AC)});
  ASSERT_TRUE(r);
  EXPECT_DOUBLE_EQ(r->score, 10);
}

TEST(DomjudgeScore, NoRootFileIsNotScorable) {
  Fixture f;
  f.groups[0].has_file = false;
  EXPECT_FALSE(DomjudgeScorable(f.groups));
  EXPECT_FALSE(DomjudgeResult(f.groups, f.tests, {Judged(AC), Judged(AC), Judged(AC), Judged(AC), Judged(AC)}));
}

}  // namespace
}  // namespace judge
