// The result model: what a judging produced, as every part of the judge sees it. The
// pipeline fills these records, the store keeps them, and every front end prints them
// (the tables of `grade`, `show` and `history`, `grade --json`, the HTTP API) from the
// same structs, so a fact has one name everywhere.
//
// What is kept is what is needed to explain and reproduce a verdict: the source and its
// SHA-256, language and compiler version, problem id and package hash, plugin
// id/version/hash, the limits used, and per test the verdict, CPU/wall ms, peak KiB,
// exit code or signal, checker message, output hash and the sandbox's methods. Fields
// marked "not stored" live only as long as the judging's report.
//
// Plain values: copyable, not thread-safe to mutate.
#ifndef JUDGE_RECORDS_H_
#define JUDGE_RECORDS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/run_result.h"
#include "judge/config/problem.h"
#include "judge/verdict.h"

namespace judge {

// A program handed in for a problem. Immutable once stored.
struct Submission {
  int64_t id = 0;                 // assigned by AddSubmission (1, 2, ...); ignored on input
  std::string problem_id;         // ProblemConfig::id, e.g. "eight"
  std::string package_hash;       // identifies the package contents the grader used
  std::string file_name;          // the base name handed in, e.g. "sol.cpp"
  std::string source;             // the exact bytes (may hold NULs; a binary is fine)
  std::string source_sha256;      // lowercase hex of Sha256(source); filled by
                                  // AddSubmission when empty, checked when set
  std::string language_id;        // e.g. "cpp20", or "binary"
  std::string compiler_version;   // e.g. "g++ (Debian 12.2.0-14) 12.2.0"; may be empty
  int64_t created_unix_ms = 0;    // ms since the epoch; 0 on input: "now"
};

// A judging's progress. Stored as this integer: append only, never renumbered.
enum class JudgingStatus : int {
  kRunning = 0,     // started, not finished (maybe still in progress, maybe crashed)
  kDone = 1,        // finished; verdict and score are final
  kIncomplete = 2,  // its process is gone (killed, crashed), it was interrupted, or the
                    // judge failed; `judge rejudge` judges the submission again
};
std::string_view JudgingStatusName(JudgingStatus s);  // "running", "done", "incomplete"

// Who is running a judging, so another process can tell a live judging from one
// whose process died. A judging is abandoned when its owner is on this host and
// either the boot id differs (the machine rebooted), or no process with that pid
// exists, or the pid now belongs to a process started at another time (pid reuse).
// An owner on another host is always assumed alive (it cannot be checked).
struct JudgingOwner {
  int64_t pid = 0;
  std::string host;            // gethostname()
  std::string boot_id;         // /proc/sys/kernel/random/boot_id
  int64_t start_ticks = 0;     // field 22 of /proc/<pid>/stat (clock ticks since boot)
};
// The calling process. Thread-safe.
JudgingOwner CurrentProcessOwner();
// True unless the owner is provably gone (see JudgingOwner). Thread-safe.
bool OwnerIsAlive(const JudgingOwner& owner);

// One test of a judging, in the order the grader ran them.
inline constexpr int64_t kStderrTailBytes = 2048;

struct TestResult {
  int32_t ordinal = 0;            // 0, 1, ... assigned by the store; ignored on input
  std::string name;               // e.g. "sample/1", "secret/group1/03"
  std::string group;              // "sample", "secret" or the group's name
  Verdict verdict = Verdict::kJudgeError;
  double score = 0;               // 1 for AC, the checker's partial score, else 0; in
                                  // a Kattis scoring problem the test's score
  int64_t cpu_ms = 0;             // user + sys of the whole process tree
  int64_t wall_ms = 0;
  int64_t memory_kib = 0;         // peak resident
  int32_t exit_code = -1;         // when the program exited, else -1
  int32_t signal = 0;             // the terminating signal, else 0
  std::string message;            // one line: the checker's, the sandbox's or the JE reason
  std::string output_sha256;      // lowercase hex SHA-256 of the output read; may be empty
  int64_t output_bytes = 0;       // stdout + stderr written
  std::string time_method;        // RunResult::time_method
  std::string memory_method;      // RunResult::memory_method
  // The last 2 KiB (kStderrTailBytes) of the program's stderr when the test failed (a
  // traceback, an assertion): for admins and problem setters, never shown to a
  // contestant for a secret test. Empty for an accepted test.
  std::string stderr_tail;
  // A time-limit verdict's deciding clock: "cpu" (the CPU time reached the limit) or
  // "wall" (the wall clock stopped the program on every attempt while its CPU time
  // stayed under the limit); empty for other verdicts.
  std::string time_clock;
  // Runs of the program on this test: 1, or more when a wall-clock stop under the CPU
  // limit or an outside SIGKILL was judged again (docs/grading.md, "Time limits").
  int32_t attempts = 1;
  // The host's load (/proc/loadavg, 1 minute) when the last attempt ended; -1 unknown.
  double host_load = -1;
  // Not stored: how the run ended, as the sandbox said, and the CPU limit it ran under.
  RunStatus run_status = RunStatus::kOk;
  KillReason kill_reason = KillReason::kNone;
  int64_t cpu_limit_ms = 0;
  // Not stored: with GradeOptions::limit_factor > 1, the verdict under the larger
  // limits (equal to verdict unless the run needed more than the real limit).
  Verdict margin_verdict = Verdict::kJudgeError;
  bool interactor_first = false;  // interactive: the interactor ended first
  bool score_reported = false;    // score came from the checker (score.txt, points)
  bool partial = false;           // the checker gave partial points (testlib exit 7): WA with score
};

// One judging of a submission: a compile and a run over the package's tests.
struct Judging {
  int64_t id = 0;
  int64_t submission_id = 0;
  JudgingStatus status = JudgingStatus::kRunning;  // see Store's reading rule
  int64_t started_unix_ms = 0;
  int64_t finished_unix_ms = 0;   // 0 until done or marked incomplete
  std::optional<Verdict> verdict; // set when done
  double score = 0;               // groups: points of passed groups; else 1 for AC, 0
  double max_score = 1;           // groups: the sum of all points; else 1
  int64_t max_time_ms = 0;        // the largest CPU time of a test
  int64_t total_time_ms = 0;      // the CPU time of every test run
  int64_t memory_kib = 0;         // the largest peak memory of a test
  int64_t tests_total = 0;        // tests in the package (skipped ones are not in `tests`)
  std::string compile_log;        // compiler output, capped; shown on CE
  std::string message;            // CE: why; incomplete: why; else empty or a summary
  std::string plugin_id;          // empty for built-in checkers
  std::string plugin_version;
  std::string plugin_hash;        // SHA-256 of the plugin file, or empty
  std::string checker;            // "plugin", "exact", "tokens", ...
  ProblemLimits limits;           // as applied (a derived wall limit as derived)
  std::string sandbox_method;     // e.g. "cgroup-v1-cpuacct+cgroup-v1-memory"
  std::string judge_version;
  JudgingOwner owner;             // owner.host is the judge host
  // Filled by GetJudging and ListJudgings (ordinal order); empty in history entries.
  std::vector<TestResult> tests;
  // Not stored: the program came from the compile cache.
  bool compile_cached = false;
  // Not stored, as a test's attempts: how many times the compiler ran (1, or more after
  // a wall-clock stop under its CPU limit or an outside SIGKILL; docs/grading.md,
  // "Compilation"); 0 when it did not run (a cache hit).
  int32_t compile_attempts = 0;

  bool compiled() const { return verdict != Verdict::kCompileError; }
};

// What judging one submission produced: the pipeline's result, what `grade` prints.
struct JudgedSubmission {
  std::string display_name;  // the file as given on the command line, or the name
  Submission submission;     // as stored (id 0 when nothing was stored)
  Judging judging;           // with every test run
  std::string note;          // e.g. the package changed since the submission was stored
};

}  // namespace judge

#endif  // JUDGE_RECORDS_H_
