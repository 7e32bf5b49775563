// How a grading's test results add up to one verdict and score (internal to grading).
//
// Verdict: JE when any test is JE (a judge failure is never hidden), else the first
// test that is not AC, else AC; a package without tests is JE. Score: without groups,
// 1 for AC and 0 otherwise; with groups (IOI), the points of every group whose tests
// all ran and are AC, out of the sum of all points. Pure; thread-safe.
#ifndef JUDGE_SRC_GRADING_SUMMARY_H_
#define JUDGE_SRC_GRADING_SUMMARY_H_

#include <vector>

#include "judge/grader.h"
#include "judge/problem.h"

namespace judge {

// Fills verdict, score, max_score, max_time_ms, total_time_ms and memory_kib of
// *report from report->tests; `tests` are all the tests of the package.
void Summarize(const ProblemConfig& problem, const std::vector<TestCase>& tests, GradeReport* report);

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_SUMMARY_H_
