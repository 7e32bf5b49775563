// How a grading's test results add up to one verdict and score (internal to grading).
//
// Verdict: JE when any test is JE (a judge failure is never hidden), else the first
// test that is not AC, else AC; a package without tests is JE. Score: without groups,
// 1 for AC and 0 otherwise; with groups (IOI), the points of every group whose tests
// all ran and are AC, out of the sum of all points; a Polygon each-test group scores the
// points of each of its AC tests, and a group with a dependency not wholly AC scores 0.
// Pure; thread-safe.
#ifndef JUDGE_SRC_GRADING_SUMMARY_H_
#define JUDGE_SRC_GRADING_SUMMARY_H_

#include <vector>

#include "judge/config/problem.h"
#include "judge/grading/grader.h"

namespace judge {

// Fills verdict, score, max_score, max_time_ms, total_time_ms and memory_kib of
// *report from report->tests; `tests` are all the tests of the package.
void Summarize(const ProblemConfig& problem, const std::vector<TestCase>& tests, GradeReport* report);

// One item of a Kattis test data group (a test or a subgroup), as the default grader
// sees it.
struct ItemOutcome {
  Verdict verdict = Verdict::kAccepted;
  double score = 0;
  bool is_sample = false;  // the data/sample group (ignore_sample drops it)
};

// The Kattis default grader: a group's verdict and score from its items' (those judged
// before an on_reject: break), by the group's grader_flags. worst_error: AC when all
// are, else the first present of JE, RE, MLE, TLE, OLE, WA, PE; first_error: the first
// that is not AC; always_accept: AC; accept_if_any_accepted: AC when one is. Any JE
// item makes the group JE. Score: sum (default), avg, min or max of the items' (0 for
// none). ignore_sample drops the sample group's item. A score outside the group's
// range is JE, with *message saying so. Pure; thread-safe.
ItemOutcome AggregateGroup(const TestGroupConfig& group, std::vector<ItemOutcome> items, std::string* message);

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_SUMMARY_H_
