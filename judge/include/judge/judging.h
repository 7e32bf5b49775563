// Judging a submission file end to end: read it, store it, compile it, grade it,
// store every test as it is produced, and finish the judging.
//
// Theory of operation
// -------------------
// A JudgeContext holds what is shared by every submission of one problem in one
// process: the package (config, tests, hash), the checker, the store, the plugin's
// identity. JudgeFile() does one submission with its own Sandbox and scratch
// directory, so several may run at once (one per job).
//
// What is stored, and when (the Store is optional: no store, nothing stored):
//   1. the file is read; a missing, unreadable or empty file is an error and nothing
//      is stored;
//   2. the submission (source, hash, language, toolchain version, problem id,
//      package hash) is added;
//   3. it is compiled; a judge failure here leaves the submission without a judging;
//   4. a judging is started (plugin id/version/hash, checker, limits as applied,
//      sandbox method); on CE it is finished at once with the compiler log;
//   5. each test is added as soon as it is judged, so a judge killed mid-way leaves a
//      judging the store reports incomplete, with every finished test;
//   6. the judging is finished with the verdict, or marked incomplete with the reason
//      when the judge itself failed (the caller reports that failure; exit 3).
// Rejudging a stored submission (RejudgeSubmission) runs the same steps from 3 on, as
// a new judging beside the old ones.
#ifndef JUDGE_JUDGING_H_
#define JUDGE_JUDGING_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "judge/checker.h"
#include "judge/compiler.h"
#include "judge/grader.h"
#include "judge/language.h"
#include "judge/plugin_host.h"
#include "judge/problem.h"
#include "judge/sandbox.h"
#include "judge/status.h"
#include "judge/store.h"

namespace judge {

// A loaded problem package and its checker. Built by LoadJudgeContext; the members
// are read-only afterwards and may be shared by concurrent JudgeFile calls.
struct JudgeContext {
  ProblemConfig problem;
  std::vector<TestCase> tests;
  std::string package_hash;  // SHA-256 over problem.yaml and every test file
  std::unique_ptr<PluginCaller> plugin;  // null for a package with a built-in checker
  std::string plugin_hash;               // SHA-256 of the plugin file
  std::unique_ptr<Checker> checker;
  Store* store = nullptr;  // borrowed; may be null
};

struct ContextOptions {
  bool isolate_plugin = true;  // calls in a forked child (the default), else in-process
  PluginCallLimits plugin_limits;
};

// Loads <problem_dir>/problem.yaml, lists the tests, hashes the package and loads the
// plugin (checked against the package's plugin id). Every error is one line naming
// the thing: a missing directory, a bad key, a missing plugin, a wrong ABI.
Result<std::unique_ptr<JudgeContext>> LoadJudgeContext(const std::string& problem_dir,
                                                       const ContextOptions& options);

// SHA-256 over problem.yaml and the tests' files (names and contents, in test order).
Result<std::string> HashPackage(const ProblemConfig& config, const std::vector<TestCase>& tests);

// What `judge grade` reports for one file (DESIGN.md's grade --json object).
struct SubmissionReport {
  std::string submission;  // the file as given
  std::string problem;     // problem id
  std::string language;    // profile id
  std::string compiler_version;
  Verdict verdict = Verdict::kJudgeError;
  double score = 0;
  double max_score = 1;
  int64_t time_ms = 0;     // largest CPU time of a test
  int64_t memory_kib = 0;  // largest peak memory of a test
  bool compile_ok = false;
  std::string compile_log;
  std::string compile_message;  // why CE, one line
  bool compile_cached = false;
  std::vector<TestOutcome> tests;
  std::size_t tests_total = 0;
  int64_t submission_id = 0;  // 0 when nothing was stored
  int64_t judging_id = 0;
};

// Where per-submission scratch directories go: $JUDGE_SCRATCH_DIR when set, else
// /dev/shm when it is a writable directory with at least 1 GiB free (creating,
// truncating and removing the per-test files on a disk file system costs
// milliseconds per test; on tmpfs, microseconds), else $TMPDIR or /tmp.
std::string DefaultScratchRoot();

struct JudgeOptions {
  bool run_all = false;
  CompilerOptions compiler;
  // Parent of the per-submission scratch directory (made and removed by JudgeFile).
  std::string scratch_root;  // empty: DefaultScratchRoot()
  GradeObserver* progress = nullptr;  // borrowed; may be null
};

// Picks the profile for a file: --lang when given (unknown id: InvalidArgument
// listing the known ones; unavailable: Unsupported with the reason), else by
// extension, else the file is a contestant binary.
Result<LanguageProfile> ChooseLanguage(const LanguageSet& languages, const std::string& file,
                                       const std::string& lang_id);

// Judges one file (see the theory above). A non-OK Status: the judge failed, or the
// file could not be read (nothing stored then).
Result<SubmissionReport> JudgeFile(const JudgeContext& context, Sandbox* sandbox,
                                   const std::string& file, const LanguageProfile& profile,
                                   const JudgeOptions& options);

// Judges a stored submission again, as a new judging (the old ones are kept). The
// context must be the submission's problem; a different package hash is allowed
// (rejudging after fixing tests is the point) and reported in *note.
Result<SubmissionReport> RejudgeSubmission(const JudgeContext& context, Sandbox* sandbox,
                                           int64_t submission_id, const LanguageSet& languages,
                                           const JudgeOptions& options, std::string* note);

}  // namespace judge

#endif  // JUDGE_JUDGING_H_
