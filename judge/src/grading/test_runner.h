// One test of a submission, judged (internal to grading; the grader decides which
// tests run and in what order, grader.cc).
//
// Theory of operation
// -------------------
// PrepareProgram copies the program's files once into scratch/program; each run gets
// a fresh run directory of hard links to those copies (and, in file I/O mode, the
// input), so nothing a run does reaches the compile cache or the next test. A test is
// one run and one check, or (multi-pass) runs and checks while the output validator
// accepts and asks for another pass, or (interactive) the checker's interactor run
// against the program. What a test leaves between those steps (its output's path,
// the kept start of its output, the validator's flags, the next pass's input) lives in
// its Lane, one per test running at once. Jury data problems and checker failures are
// JE, never WA; with verify's margins a run that had more time than the limit is
// judged by the limit (ApplyRealLimit). TLE means CPU time: a run that the wall clock
// stopped with its CPU time under the limit, or that a SIGKILL no limit of the judge's
// sent ended, runs again, alone and after a pause, at most kWallRetries more times
// (RunAttempts); it is TLE by the wall clock only when every attempt was stopped so,
// and RE by that SIGKILL only when the last attempt ended so too.
//
// Thread safety: JudgeTest may run on several threads at once, each with its own
// Lane; checkers that do not say they are concurrent are called one at a time.
#ifndef JUDGE_SRC_GRADING_TEST_RUNNER_H_
#define JUDGE_SRC_GRADING_TEST_RUNNER_H_

#include <sys/stat.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "judge/base/status.h"
#include "judge/grading/grader.h"
#include "run_gate.h"
#include "wall_clock_retry.h"  // kWallRetries: the rule a wall-clock stop follows

namespace judge {

// Where one test at a time runs: its directories and its cancellation. The
// sequential path has one lane (scratch/run, scratch/check, scratch/stdout, the
// caller's cancel flag); parallel tests have one per test running at once, each
// under scratch/lane<k> with its own flag, raised to stop a test whose result is no
// longer wanted.
struct Lane {
  Lane(const std::string& dir, const std::atomic<bool>* caller_cancel)
      : run_dir(dir + "/run"), check_dir(dir + "/check"), stdout_path(dir + "/stdout"), stderr_path(dir + "/stderr"),
        cancel(caller_cancel ? caller_cancel : &own_cancel) {}
  explicit Lane(const std::string& dir) : Lane(dir, nullptr) {}
  bool Cancelled() const { return cancel && cancel->load(); }

  const std::string run_dir, check_dir, stdout_path, stderr_path;
  std::string output_path;  // what the checker reads
  std::string last_output;  // the kept start of the output (keep_output_bytes)
  std::vector<std::string> flags;
  int pass = 0;           // multi-pass: the pass running (1, 2, ...), else 0
  std::string next_pass;  // multi-pass: the next pass's input, when the validator wrote one
  std::atomic<bool> own_cancel{false};
  const std::atomic<bool>* cancel;
  // The run directory as PrepareRunDir last made it (st_dev 0: not made, or made
  // again next time): kept for the next test when nothing changed it.
  struct stat run_dir_made {};
  // The last PrepareRunDir kept the run directory as the lane's last test left it.
  bool run_dir_kept = false;
  // The prepared sandbox this lane's runs of the submission share (SandboxSession),
  // opened at the lane's first run.
  std::unique_ptr<SandboxSession> session;
};

class TestRunner {
 public:
  // Borrows both for its lifetime.
  TestRunner(const GradeRequest& req, const GradeOptions& opt) : req_(req), opt_(opt) {}

  // Copies the program's files into scratch/program once and expands its run command.
  // Called before the first JudgeTest.
  Status PrepareProgram();

  // A test judged under cpu_limit_ms (the per-test limit, or what is left of the
  // total), in `lane`. A non-OK Status is the judge's failure or a cancellation.
  Result<TestResult> JudgeTest(const TestCase& test, int64_t cpu_limit_ms, Lane& lane);

 private:
  Result<TestResult> JudgePass(const TestCase& test, int64_t cpu_limit_ms, Lane& lane);
  Status RunAttempts(const TestCase& test, TestResult* out, Lane& lane);
  int64_t RunCpuLimitMs(int64_t cpu_limit_ms) const;
  void ApplyRealLimit(TestResult* out) const;
  Status CheckRun(const TestCase& test, TestResult* out, Lane& lane);
  Status PrepareRunDir(const TestCase& test, Lane& lane) const;
  bool RunDirUnchanged(const Lane& lane) const;
  RunSpec MakeSpec(const TestCase& test, int64_t cpu_limit_ms, const Lane& lane) const;
  bool ThirtyTwoBitAllowanceApplies() const;
  int64_t AllowancePercent() const;
  int64_t MemoryLimitKib() const;
  std::string MemoryMessage(const RunResult& run) const;
  // alone: no other run of the submission goes on meanwhile (gate_).
  Status RunProgram(const TestCase& test, TestResult* out, Lane& lane, bool alone);
  Status Interact(const TestCase& test, TestResult* out, Lane& lane, bool alone);
  const std::vector<std::string>& Flags(const TestCase& test, Lane& lane) const;
  Result<std::optional<std::string>> ReadOutput(TestResult* out, Lane& lane) const;
  void CheckOutput(const TestCase& test, const std::string& output, TestResult* out, Lane& lane);

  const GradeRequest& req_;
  const GradeOptions& opt_;
  std::string program_dir_;
  // The inode of each of program_dir_'s files, by name; empty when a file lives in a
  // subdirectory (the run directory is then always made again).
  std::map<std::string, ino_t> program_inodes_;
  std::vector<std::string> argv_;
  std::mutex checker_mu_;
  RunGate gate_;  // the submission's runs; a retry (wall-clock stop, outside kill) runs alone
};

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_TEST_RUNNER_H_
