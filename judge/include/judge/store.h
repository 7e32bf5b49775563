// Verdict storage: submissions, their judgings, and every test of a judging.
//
// What is kept is what is needed to explain and reproduce a verdict (DESIGN.md,
// "Storage"): the source and its SHA-256, language and compiler version, problem id
// and package hash, plugin id/version/hash, the limits used, and per test the verdict,
// CPU/wall ms, peak KiB, exit code or signal, checker message, output hash and the
// sandbox's measuring methods.
//
// Records are append-only in spirit: a rejudge adds a new judging beside the old
// ones; nothing stored is overwritten except a judging's own progress (its status and
// outcome while it runs). Every write is durable when the call returns, so a judge
// killed mid-grading leaves every test result it reported and the judging marked
// running; a later process sees that the owner is gone and reports it as incomplete
// (see JudgingOwner), and ResumeJudging lets it finish the work.
//
// Two implementations:
//   OpenStore(path)   SQLite file (judge_store; sqlite is used nowhere else).
//   NewMemoryStore()  an in-memory fake with the same behaviour, for unit tests.
//
// Thread safety: every Store method may be called from several threads at once on
// the same object (calls are serialized inside). Several processes may open the
// same SQLite file at once; none loses a write (WAL, busy timeout, retries).
// Ownership: the caller owns the Store; results are plain values owned by the caller.
#ifndef JUDGE_STORE_H_
#define JUDGE_STORE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/hash.h"  // Sha256Hex: stored hashes
#include "judge/problem.h"
#include "judge/status.h"
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
  kIncomplete = 2,  // its process is gone (killed, crashed) or it was given up
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
struct TestRecord {
  int32_t ordinal = 0;            // 0, 1, ... assigned by AddTestResult; ignored on input
  std::string name;               // e.g. "sample/1", "secret/group1/03"
  std::string group;              // "sample", "secret" or the group's name
  Verdict verdict = Verdict::kJudgeError;
  double score = 0;               // the checker's partial score, when it gives one
  int64_t cpu_ms = 0;
  int64_t wall_ms = 0;
  int64_t memory_kib = 0;         // peak
  int32_t exit_code = -1;         // when the program exited, else -1
  int32_t signal = 0;             // the terminating signal, else 0
  std::string message;            // the checker's (or sandbox's, or JE reason) message
  std::string output_sha256;      // lowercase hex of Sha256(program output); may be empty
  std::string time_method;        // RunResult::time_method
  std::string memory_method;      // RunResult::memory_method
};

// What StartJudging needs. The limits are those actually applied (a derived wall
// limit as derived, not 0).
struct NewJudging {
  int64_t submission_id = 0;
  std::string plugin_id;          // empty for built-in checkers
  std::string plugin_version;
  std::string plugin_hash;        // SHA-256 of the plugin file, or empty
  std::string checker;            // "plugin", "exact", "tokens", ...
  ProblemLimits limits;
  std::string sandbox_method;     // e.g. "cgroup-v2", "rlimits+proc-polling"
  std::string judge_version;      // the judge's own version string; may be empty
  // Left empty (pid 0): the store fills in CurrentProcessOwner(). Tests set it to
  // simulate another (dead or live) process.
  JudgingOwner owner;
};

// What FinishJudging records.
struct JudgingOutcome {
  Verdict verdict = Verdict::kJudgeError;
  double score = 0;
  int64_t time_ms = 0;            // total CPU ms over the tests run
  int64_t memory_kib = 0;         // peak over the tests run
  std::string compile_log;        // capped by the grader; shown on CE
  std::string message;            // a summary, or why the judge failed (JE)
};

struct Judging {
  int64_t id = 0;
  int64_t submission_id = 0;
  JudgingStatus status = JudgingStatus::kRunning;  // see Store's reading rule
  int64_t started_unix_ms = 0;
  int64_t finished_unix_ms = 0;   // 0 until done or marked incomplete
  std::optional<Verdict> verdict; // set when done
  double score = 0;
  int64_t time_ms = 0;
  int64_t memory_kib = 0;
  std::string compile_log;
  std::string message;
  std::string plugin_id;
  std::string plugin_version;
  std::string plugin_hash;
  std::string checker;
  ProblemLimits limits;
  std::string sandbox_method;
  std::string judge_version;
  JudgingOwner owner;             // owner.host is the judge host
  // Filled by GetJudging, ListJudgings and ResumeJudging (ordinal order); empty in
  // history entries.
  std::vector<TestRecord> tests;
};

struct HistoryFilter {
  std::string problem_id;         // empty: every problem
  int64_t limit = 0;              // at most this many submissions; 0: no limit
};

struct HistoryEntry {
  Submission submission;          // without source (left empty to keep listings light)
  std::optional<Judging> latest;  // the most recent judging, without tests
  int64_t judging_count = 0;
};

// Reading rule: a judging stored as running whose owner is not alive
// (OwnerIsAlive) is returned with status kIncomplete by every read, whether or not
// ReapAbandonedJudgings has recorded that yet.
//
// Errors: NotFound for an unknown id (message names it: "no submission 12"),
// InvalidArgument for a write that breaks a rule (e.g. a test added to a finished
// judging), IoError/Corrupt for the database itself.
class Store {
 public:
  virtual ~Store() = default;

  // Stores a new submission; returns its id.
  virtual Result<int64_t> AddSubmission(const Submission& submission) = 0;

  // Starts a new judging of an existing submission (status running, started now);
  // returns its id. Older judgings of the submission are kept.
  virtual Result<int64_t> StartJudging(const NewJudging& judging) = 0;

  // Appends the next test of a running judging; durable on return. The ordinal is
  // the number of tests already stored for the judging.
  virtual Status AddTestResult(int64_t judging_id, const TestRecord& test) = 0;

  // Records the outcome; status becomes done. Only a running judging (or one this
  // process resumed) can be finished.
  virtual Status FinishJudging(int64_t judging_id, const JudgingOutcome& outcome) = 0;

  // Gives up a running judging: status incomplete, message recorded. Its tests stay.
  virtual Status MarkIncomplete(int64_t judging_id, std::string_view reason) = 0;

  // Marks incomplete every running judging whose owner is not alive; returns their
  // ids, oldest first.
  virtual Result<std::vector<int64_t>> ReapAbandonedJudgings() = 0;

  // Takes over an incomplete (or abandoned running) judging so the caller can run
  // the tests it lacks: the owner becomes this process, status running, and the
  // judging is returned with the tests stored so far. A judging that is done, or
  // running under a live owner, is refused (InvalidArgument).
  virtual Result<Judging> ResumeJudging(int64_t judging_id) = 0;

  // Submissions, newest first.
  virtual Result<std::vector<HistoryEntry>> ListHistory(const HistoryFilter& filter) = 0;

  virtual Result<Submission> GetSubmission(int64_t submission_id) = 0;

  // One judging with its tests.
  virtual Result<Judging> GetJudging(int64_t judging_id) = 0;

  // Every judging of a submission with its tests, oldest first (empty when none;
  // NotFound when the submission does not exist).
  virtual Result<std::vector<Judging>> ListJudgings(int64_t submission_id) = 0;

  // The most recent judging of a submission, with its tests. NotFound when the
  // submission does not exist or has no judging.
  virtual Result<Judging> LatestJudging(int64_t submission_id) = 0;
};

// Opens (creating the file and its missing parent directories when absent, never
// truncating) the SQLite database at path, migrating an older schema forward in one
// transaction. Nothing is written to a file that is refused. One-line errors:
//   "<path>: not a judge database: file is not SQLite (file is not a database)"
//   "<path>: database schema version 7 is newer than this judge supports (1)"
//   "<path>: database is on a read-only path: directory '<dir>' is not writable (...)"
Result<std::unique_ptr<Store>> OpenStore(const std::string& path);

// The in-memory fake: same behaviour and checks as the SQLite store, nothing on disk.
std::unique_ptr<Store> NewMemoryStore();

// The database path used when --db is not given: $JUDGE_DB, else
// $XDG_DATA_HOME/judge/judge.sqlite, else $HOME/.local/share/judge/judge.sqlite.
// Error when none of these variables is set. OpenStore creates the directory.
Result<std::string> DefaultStorePath();

// db_flag when not empty (the --db PATH of a command), else DefaultStorePath().
Result<std::string> ResolveStorePath(const std::string& db_flag);

}  // namespace judge

#endif  // JUDGE_STORE_H_
