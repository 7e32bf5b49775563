// A scoring problem's verdict and score as DOMjudge computes them (internal to
// grading; docs/problem-format.md, "Scores: DOMjudge and problemtools").
//
// Theory of operation
// -------------------
// DOMjudge reads a package's testdata.yaml files one by one: a folder with such a file
// is a test group, its parent is the group of the folder above (when that folder has
// one too), and nothing is inherited. A group with no child group is a leaf: its score
// is the sum of its tests' score.txt values (those of AC and WA runs; 0 for others),
// or, when no test wrote one, its accept_score if all its tests are AC, else 0 (no
// accept_score: no score). A group with children aggregates their scores (sum, avg,
// min, max; ignore_sample drops data/sample) and ignores tests of its own. Tests in a
// folder without a file count nowhere. The verdict of a group is AC when all its items
// are, else the first failure in order.
//
// Tests are judged one by one in order, and the judging ends as soon as the root's
// result is known (DOMjudge's lazy evaluation): a group that is not complete has a
// result only when it already has a failure and its on_reject is not `continue`.
// DomjudgeResult is that evaluation over the tests judged so far; the grader calls it
// after each test and stops at the first answer.
//
// Pure functions; thread-safe.
#ifndef JUDGE_SRC_GRADING_DOMJUDGE_SCORE_H_
#define JUDGE_SRC_GRADING_DOMJUDGE_SCORE_H_

#include <optional>
#include <vector>

#include "judge/config/problem.h"
#include "judge/verdict.h"

namespace judge {

// One judged test as DOMjudge's scoring sees it.
struct DomjudgeRun {
  Verdict verdict = Verdict::kJudgeError;
  std::optional<double> score_txt;  // the validator's score.txt, when it wrote one
};

struct DomjudgeOutcome {
  Verdict verdict = Verdict::kJudgeError;
  double score = 0;
};

// Whether DOMjudge can score the package: data/ has its own testdata.yaml (the root).
bool DomjudgeScorable(const std::vector<TestGroupConfig>& groups);

// The root's result from runs[i] (tests[i]'s run, nullopt while not judged), or
// nullopt while it is not yet known. groups and tests as TestData holds them.
std::optional<DomjudgeOutcome> DomjudgeResult(const std::vector<TestGroupConfig>& groups,
                                              const std::vector<TestCase>& tests,
                                              const std::vector<std::optional<DomjudgeRun>>& runs);

// The score of a submission accepted everywhere: the root's range maximum when set,
// else the evaluation with every test AC and no score.txt.
double DomjudgeMaxScore(const std::vector<TestGroupConfig>& groups, const std::vector<TestCase>& tests);

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_DOMJUDGE_SCORE_H_
