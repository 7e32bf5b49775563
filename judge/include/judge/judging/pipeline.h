// The grading pipeline: the one path from a submission to a stored verdict, called by
// every front end (grade, rejudge, verify, stress, the server, workers).
//
// Theory of operation
// -------------------
// A JudgeTask names a package and a submission: a new one (source bytes and a
// language, from a file or a request) or a stored one (rejudge). Judge() runs it on
// one sandbox, in steps:
//   1. the submission: a new one is stored (source, hash, language, toolchain
//      version, problem id, package hash); a stored one is read back;
//   2. a private scratch directory (removed on every exit path);
//   3. compilation in the sandbox (compile cache); a judge failure here leaves the
//      submission without a judging;
//   4. a judging is started (plugin id/version/hash, checker, limits as applied,
//      sandbox method); from here on a guard marks it incomplete, with the reason, on
//      every path that does not finish it (judge failure, cancellation);
//   5. CE finishes it at once with the compiler log; else the grader runs the tests
//      and each test result is stored as soon as it exists (a judge killed mid-way
//      leaves every finished test), then the judging is finished with the verdict.
// Progress events (judging started, test started, test finished, judging done) go to
// a JudgeObserver as they happen.
//
// JudgeAll() runs many tasks with `jobs` workers from the job pool (job_pool.h), each
// with its own sandbox, and returns the results in task order. Cancellation (a flag
// the caller sets, e.g. from a signal handler) stops handing out tasks, kills the
// running programs, marks their judgings incomplete ("interrupted") and returns
// kCancelled for the tasks it stopped.
//
// Without a store nothing is stored and ids stay 0; everything else is the same.
//
// Thread safety: a Pipeline may be used from several threads at once (the store,
// package and compile cache are thread-safe); observer calls are serialized by the
// pipeline, never two at once.
#ifndef JUDGE_PIPELINE_H_
#define JUDGE_PIPELINE_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "judge/base/scratch_dir.h"
#include "judge/base/status.h"
#include "judge/config/language.h"
#include "judge/config/records.h"
#include "judge/grading/compiler.h"
#include "judge/grading/grader.h"
#include "judge/judging/judging_context.h"
#include "judge/judging/package.h"
#include "judge/sandbox/sandbox.h"
#include "judge/store/store.h"

namespace judge {

// A submission not yet stored.
struct NewSubmission {
  std::string display_name;  // echoed in reports: the path as given, or a name
  std::string file_name;     // the base name stored, e.g. "sol.cpp"
  std::string source;        // the bytes
  LanguageProfile language;  // the chosen profile (language_choice.h)
};

// The record of a new submission to a package, the one way every front end makes it
// (the pipeline, the service's API): the problem and package hash, the file's name and
// bytes, the language and its toolchain's version (ToolchainVersion; cached).
Submission NewSubmissionRecord(const Package& package, const NewSubmission& fresh);

// A submission read from disk, or why it cannot be judged: a refusal is an outcome
// of the files given (one line naming them), not a failure of the judge.
struct SubmissionRead {
  std::optional<NewSubmission> submission;  // set unless refused
  std::string refusal;                      // why it cannot be judged, when refused
};

// The submission, or its refusal as an InvalidArgument Status: for the commands to
// which a file that cannot be judged is an error in its place (grade, stress).
Result<NewSubmission> SubmissionOrError(Result<SubmissionRead> read);

// Reads a submission file: a missing, special, empty or oversized file is refused
// (nothing is judged or stored then). A Status: the judge could not read it (an I/O
// error). The language is chosen by the caller.
Result<SubmissionRead> ReadSubmissionFile(const std::string& path, const LanguageProfile& language);

// Reads a folder as one multi-file submission: its regular non-hidden files (links
// followed when they stay inside `root`), stored as one source (EncodeSourceFiles) whose
// file name is the folder's name with a trailing '/'. Refused: no such folder, no
// files, a link leading out of `root`, a file or all of them over the size limit.
Result<SubmissionRead> ReadSubmissionFolder(const std::string& path, const std::string& root,
                                            const LanguageProfile& language);

// One unit of work. Borrowed pointers must outlive the call that takes the task.
struct JudgeTask {
  const Package* package = nullptr;
  std::optional<NewSubmission> fresh;  // a new submission, or
  int64_t stored_id = 0;               // a stored one judged again (needs a store)
  bool run_all = false;                // run every test (default: stop at the first failure)
  double limit_factor = 1.0;           // GradeOptions::limit_factor (verify's margins)
  // The limits to judge with instead of the package's (the time-limit inference judges
  // the accepted submissions with a generous one; the package stays as it is).
  std::optional<ProblemLimits> limits;
  // Nothing of this judging is stored, whatever the context's store (the time-limit
  // inference's judgings are the judge's own business); its ids stay 0.
  bool unstored = false;
  // GradeOptions::test_jobs. 0: 1 in Judge(); in JudgeAll, the jobs that fewer tasks
  // than jobs would leave idle (one submission with --jobs 2 runs two tests at once).
  int test_jobs = 0;
  // When not empty, only the tests whose name one of these submissions.yaml globs
  // matches (SubmissionGlobMatches) are judged, in the package's order, and the
  // judging's tests_total counts them: the time-limit inference judges a submission
  // that bounds the limit from below on some groups only on those groups' tests.
  std::vector<std::string> only_tests;
};

// Progress events. Calls are serialized by the pipeline (never two at once) but come
// from worker threads; `task` is the task's index in JudgeAll (0 for Judge()).
class JudgeObserver {
 public:
  virtual ~JudgeObserver() = default;
  // The judging has started (compiled, stored as running); no test has run yet.
  virtual void OnJudgingStarted(std::size_t task, const JudgedSubmission& so_far) { (void)task, (void)so_far; }
  virtual void OnTestStarted(std::size_t task, std::size_t index, std::size_t count, const TestCase& test) {
    (void)task, (void)index, (void)count, (void)test;
  }
  virtual void OnTestFinished(std::size_t task, std::size_t index, std::size_t count, const TestResult& result) {
    (void)task, (void)index, (void)count, (void)result;
  }
  virtual void OnJudgingDone(std::size_t task, const Result<JudgedSubmission>& result) {
    (void)task, (void)result;
  }
};

// Tries JudgeAll makes per task to create a job's sandbox before the task fails.
inline constexpr int kSandboxCreateAttempts = 2;

// The best sandbox this host supports, with default options.
Result<std::unique_ptr<Sandbox>> DefaultSandbox();

struct PipelineOptions {
  // The front end's languages, compile cache, scratch root, store, cancel flag and
  // sandboxes (judging_context.h: what its pointers borrow outlives the pipeline).
  JudgingContext context;
  int jobs = 1;                   // JudgeAll: tasks judged at once, one sandbox each
  CompileLimits compile_limits;   // of each compilation
  int64_t compile_cache_max_bytes = 0;  // CompilerOptions::cache_max_bytes (0: the default)
  std::string judge_version = "judge 1.0";
};

// A compiled submission and the scratch directory holding it (removed with it).
class CompiledProgram {
 public:
  ~CompiledProgram() = default;
  CompiledProgram(const CompiledProgram&) = delete;
  CompiledProgram& operator=(const CompiledProgram&) = delete;
  const CompileOutcome& outcome() const { return outcome_; }
  // An empty directory of the scratch, for the caller's files (stress's tests).
  const std::string& work_dir() const { return work_dir_; }

 private:
  friend class Pipeline;
  CompiledProgram() = default;
  ScratchDir scratch_;
  std::string work_dir_;
  CompileOutcome outcome_;
};

// The grading request for a package's tests, the one way every path builds it: the
// package's checker, groups, Kattis and DOMjudge rules, grader and output policy, with
// `problem` and `tests` (the package's own, or a caller's). Borrows all of them.
GradeRequest MakeGradeRequest(const Package& package, const ProblemConfig& problem,
                              const std::vector<TestCase>& tests, const Program& program, Sandbox* sandbox);

// Compiles a submission for a package: source over the problem's code limit is a
// compile error (a contestant's binary is no source: the limit, of the Kattis format,
// is for code); a folder's files (file name ending in '/', EncodeSourceFiles) and the
// package's include/ files for the language (the package's win over the
// submission's) are compiled together. Borrows everything for the call.
Result<CompileOutcome> CompileForPackage(Compiler* compiler, const Package& package, const LanguageProfile& profile,
                                         const std::string& file_name, const std::string& source,
                                         const std::string& dir);

class Pipeline {
 public:
  // What options.context points to is borrowed and must outlive the pipeline.
  explicit Pipeline(PipelineOptions options);

  // Judges one task on the calling thread with `sandbox` (borrowed). A non-OK Status:
  // the judge failed, the file could not be read, or kCancelled.
  Result<JudgedSubmission> Judge(const JudgeTask& task, Sandbox* sandbox, JudgeObserver* observer = nullptr,
                                 std::size_t task_index = 0);

  // Judges every task, options.jobs at a time; results in task order. A job whose
  // sandbox cannot be made reports that error for each task it would have judged.
  std::vector<Result<JudgedSubmission>> JudgeAll(const std::vector<JudgeTask>& tasks,
                                                 JudgeObserver* observer = nullptr);

  // The steps under stress: compile once (nothing stored), as Judge() compiles (the
  // package's include/ files, folders, the code-size limit), then grade it on tests the
  // caller makes, with the package's problem and checker and the request Judge() makes
  // (MakeGradeRequest) for `problem` (the package's, changed by the caller) and `tests`.
  Result<std::unique_ptr<CompiledProgram>> Compile(const Package& package, const NewSubmission& submission,
                                                   Sandbox* sandbox);
  Result<GradeReport> RunTests(const CompiledProgram& program, const Package& package, const ProblemConfig& problem,
                               const std::vector<TestCase>& tests, Sandbox* sandbox, int64_t keep_output_bytes);

  const PipelineOptions& options() const { return options_; }
  const JudgingContext& context() const { return options_.context; }

 private:
  class Events;
  class Run;
  PipelineOptions options_;
  std::mutex observer_mu_;
};

}  // namespace judge

#endif  // JUDGE_PIPELINE_H_
