// Kattis test data groups, as problemtools judges them (internal to grading).
//
// Theory of operation: the tests of a package with groups form a tree (data, then
// data/sample and data/secret, then any folders below). Each group's items are its
// tests and subgroups in the order they run, which is the walking order of the tests
// (a subgroup stands where its first test is). The walk judges a group's items one by
// one through a hook, stops at the first rejected item when the group says
// on_reject: break, and adds the judged items up with the default grader
// (AggregateGroup, summary.h) or with the package's custom grader, whose protocol is
// here too ("VERDICT score" lines in, one such line out). The grader (grader.cc) owns
// the running; this file owns the order and the arithmetic, and knows no processes.
#ifndef JUDGE_SRC_GRADING_KATTIS_GROUPS_H_
#define JUDGE_SRC_GRADING_KATTIS_GROUPS_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "judge/base/status.h"
#include "judge/config/problem.h"
#include "judge/config/records.h"
#include "summary.h"

namespace judge {

// A group's item: a test (index into the tests) or a subgroup (index into the groups).
struct GroupItem {
  int test = -1;
  int group = -1;
};

// items[g]: group g's items in run order. Internal error when a test names no group.
Result<std::vector<std::vector<GroupItem>>> ListGroupItems(const std::vector<TestGroupConfig>& groups,
                                                           const std::vector<TestCase>& tests);

// A Kattis scoring problem's test score: the validator's score (score.txt, or testlib's
// points of a partial check, which makes the test accepted) when it gave one, else the
// group's accept_score when AC, else its reject_score. Leaves r alone when the test
// has no group.
void SetKattisTestScore(const std::vector<TestGroupConfig>& groups, const TestCase& test, TestResult* r);

// The score of a submission whose every test is accepted with the accept scores: the
// root's range maximum when finite, else the default grader over the whole tree.
double KattisMaxScore(const std::vector<TestGroupConfig>& groups, const std::vector<TestCase>& tests,
                      const std::vector<std::vector<GroupItem>>& items);

// The custom grader's stdin: one "VERDICT score" line per item (RE as RTE, PE as WA).
std::string CustomGraderInput(const std::vector<ItemOutcome>& items);

// What a custom grader wrote, read: the outcome, or (fault set) why the output is not
// one ("wrote "x", expected ..."), which makes the group JE.
struct CustomGraderAnswer {
  ItemOutcome outcome;
  std::string fault;
};
CustomGraderAnswer ParseCustomGraderOutput(const std::string& said, const TestGroupConfig& group);

// The walk over the group tree. run_test judges one test and says whether nothing more
// can run (the total time is used up); custom_grade adds a group's items up with the
// package's grader. Errors from the hooks end the walk. Not thread-safe; the hooks are
// called on the caller's thread, in run order.
struct GroupWalkHooks {
  std::function<Result<ItemOutcome>(int test, bool* stop_all)> run_test;
  std::function<Result<ItemOutcome>(const TestGroupConfig& group, const std::vector<ItemOutcome>& items)>
      custom_grade;
};
// The root's outcome; *message gets the first group's complaint (a score out of range).
// run_all: a rejected item does not end its group.
Result<ItemOutcome> WalkGroups(const std::vector<TestGroupConfig>& groups,
                               const std::vector<std::vector<GroupItem>>& items, bool run_all,
                               const GroupWalkHooks& hooks, std::string* message);

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_KATTIS_GROUPS_H_
