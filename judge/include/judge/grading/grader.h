// The grader: runs one compiled program on a problem's tests and decides verdicts.
// It is the mechanics under the pipeline (judge/judging/pipeline.h): no storage, no
// compilation, no threads of its own.
//
// Theory of operation
// -------------------
// Tests run in the order given (ListTests: samples, then secret, each in name order).
// For each test the grader makes a fresh run directory under the scratch directory,
// puts the program's files in it (and, in file I/O mode, a copy of the input under its
// name), runs the program in the Sandbox, and then:
//  - a RunStatus other than OK gives TLE, MLE, OLE or RE, with the sandbox's reason;
//  - else the output (stdout, or the output file opened without following links; a
//    missing one is WA "no output file `x`") goes to the Checker: AC, WA, PE, or a
//    partial score (WA with the score); a checker that fails gives JE for that test
//    and grading goes on.
// By default (ICPC) grading stops at the first test that is not AC (JE does not stop
// it: it is not the submission's fault); GradeOptions::run_all runs every test. When
// the package defines groups (IOI), a failure only skips the rest of its own group,
// and the score is the sum of the points of the groups whose tests are all AC
// (summary.h). A total time limit, when set, caps each test's CPU limit by what is
// left of it.
//
// Kattis test data groups (a scoring problem, or any testdata.yaml): the tests are
// walked group by group; a group with on_reject: break stops at its first item (test
// or subgroup) that is not AC, and every group's verdict and score come from its items
// by the Kattis default grader (worst_error/first_error/always_accept,
// sum/avg/min/max, ignore_sample, accept_if_any_accepted; summary.h). A test's score
// is the validator's score.txt, else the group's accept_score when AC, else its
// reject_score; the submission's score is the root group's when it is AC.
//
// Interactive problems: the checker runs the submission with its interactor
// (Checker::Interact); the verdict is the interactor's when it failed (JE) or when it
// said wrong answer before the submission ended, else the run's (TLE, MLE, RE), else
// the interactor's (the Kattis rules).
//
// GradeOptions::limit_factor > 1 (verify's margins): every test runs with its time
// limits multiplied by the factor; a run that needed more than the real limit is TLE
// all the same, and TestResult::margin_verdict keeps what it would have got with the
// larger limit.
//
// The judge's own failures (the sandbox could not run the program, the scratch
// directory could not be written, the observer could not store a result) end
// grading with a non-OK Status: they are never turned into a verdict. So does a
// cancellation (kCancelled).
//
// Thread safety: Grade() keeps no global state; several may run at once with
// different scratch directories (the Sandbox and Checker must allow concurrent calls
// if they are shared).
#ifndef JUDGE_GRADER_H_
#define JUDGE_GRADER_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "judge/base/status.h"
#include "judge/config/problem.h"
#include "judge/config/records.h"
#include "judge/grading/checker.h"
#include "judge/grading/program.h"
#include "judge/sandbox/sandbox.h"
#include "judge/verdict.h"

namespace judge {

// The tests of one grading and the verdict they add up to (summary.h).
struct GradeReport {
  Verdict verdict = Verdict::kJudgeError;  // AC, or the first failing test's verdict;
                                           // JE when any test is JE
  double score = 0.0;
  double max_score = 1.0;
  int64_t max_time_ms = 0;    // the largest CPU time of any test
  int64_t total_time_ms = 0;  // the CPU time of all tests
  int64_t memory_kib = 0;     // the largest peak memory of any test
  std::vector<TestResult> tests;  // in run order; skipped tests are not listed
  std::size_t tests_total = 0;    // how many tests there are
  std::string message;            // why the grading is JE when no test says (a group's
                                  // score outside its range)
  // With GradeOptions::keep_output_bytes: the first bytes of each test's output,
  // parallel to `tests` (stress shows the output of a failing case).
  std::vector<std::string> outputs;
};

// Receives events as grading goes, from the grading thread: used to store each result
// as soon as it exists (so a killed judge leaves every finished test stored) and to
// draw progress.
class GradeObserver {
 public:
  virtual ~GradeObserver() = default;
  virtual void OnTestStarting(std::size_t index, std::size_t count, const TestCase& test) {
    (void)index, (void)count, (void)test;
  }
  // A non-OK Status stops grading; Grade() returns it.
  virtual Status OnTestFinished(std::size_t index, std::size_t count, const TestResult& result) {
    (void)index, (void)count, (void)result;
    return Status::Ok();
  }
};

struct GradeOptions {
  bool run_all = false;
  // Existing directory owned by the caller, used for run directories and outputs.
  std::string scratch_dir;
  // Keep up to this many bytes of each test's output in GradeReport::outputs.
  int64_t keep_output_bytes = 0;
  // Borrowed, may be null: when set, the current run is killed and Grade() returns a
  // kCancelled Status.
  const std::atomic<bool>* cancel = nullptr;
  // Tests run with their time limits multiplied by this (>= 1) and are judged against
  // the real ones (verify's time margins).
  double limit_factor = 1.0;
  // Tests run at most this many at once (each in its own sandbox slot); results,
  // events and verdicts are as if one at a time. 1 where a test's limit depends on
  // the ones before (total_time_ms), for interactive problems and Kattis groups.
  int test_jobs = 1;
};

// Everything is borrowed for the duration of the call; observer may be null.
class ToolProgram;  // judge/grading/tool_program.h

struct GradeRequest {
  const ProblemConfig* problem = nullptr;
  const std::vector<TestCase>* tests = nullptr;
  const Program* program = nullptr;
  Sandbox* sandbox = nullptr;
  Checker* checker = nullptr;
  GradeObserver* observer = nullptr;
  // The tests' groups (TestData::groups), for their validator flags and the Kattis
  // group rules; may be null (no flags, no Kattis groups).
  const std::vector<TestGroupConfig>* groups = nullptr;
  bool kattis_groups = false;  // grade by the Kattis test data group rules
  // Score by DOMjudge's rules instead (grading/domjudge_score.h): tests one by one,
  // stopping when the result is known.
  bool domjudge_scoring = false;
  // DOMjudge's output limit (SandboxLimits::output_truncates): for packages written
  // for DOMjudge.
  bool output_truncates = false;
  // The package's custom grader (groups with grading: custom), borrowed; may be null.
  ToolProgram* grader = nullptr;
};

Result<GradeReport> Grade(const GradeRequest& request, const GradeOptions& options);

// The per-test wall limit: limits.wall_ms, or when 0 DefaultWallMs(time_ms).
int64_t EffectiveWallMs(const ProblemLimits& limits);

// One line explaining how a run ended ("exit code 1", "killed by signal 11
// (SIGSEGV)", the sandbox's own message when it gave one). Thread-safe.
std::string DescribeRun(const RunResult& run);

}  // namespace judge

#endif  // JUDGE_GRADER_H_
