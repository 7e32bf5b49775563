// Verdict storage: submissions, their judgings, and every test of a judging (the
// records of judge/records.h).
//
// Records are append-only in spirit: a rejudge adds a new judging beside the old
// ones; nothing stored is overwritten except a judging's own progress (its status and
// outcome while it runs). Every write is durable when the call returns, so a judge
// killed mid-grading leaves every test result it reported and the judging marked
// running; a later process sees that the owner is gone and reports it as incomplete
// (see JudgingOwner). Recovery after a crash is a new judging of the same submission
// (`judge rejudge`, which finds the submissions left incomplete with
// ReapAbandonedJudgings); the incomplete judging stays as history.
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
#include "judge/records.h"
#include "judge/status.h"
#include "judge/verdict.h"

namespace judge {

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

// What FinishJudging records (the fields of Judging with the same names).
struct JudgingOutcome {
  Verdict verdict = Verdict::kJudgeError;
  double score = 0;
  double max_score = 1;
  int64_t max_time_ms = 0;
  int64_t total_time_ms = 0;
  int64_t memory_kib = 0;
  int64_t tests_total = 0;
  std::string compile_log;        // capped by the grader; shown on CE
  std::string message;            // a summary, or why CE
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
  virtual Status AddTestResult(int64_t judging_id, const TestResult& test) = 0;

  // Records the outcome; status becomes done. Only a running judging can be finished.
  virtual Status FinishJudging(int64_t judging_id, const JudgingOutcome& outcome) = 0;

  // Gives up a running judging: status incomplete, message recorded. Its tests stay.
  virtual Status MarkIncomplete(int64_t judging_id, std::string_view reason) = 0;

  // Marks incomplete every running judging whose owner is not alive; returns their
  // ids, oldest first.
  virtual Result<std::vector<int64_t>> ReapAbandonedJudgings() = 0;

  // Submissions, newest first.
  virtual Result<std::vector<HistoryEntry>> ListHistory(const HistoryFilter& filter) = 0;

  virtual Result<Submission> GetSubmission(int64_t submission_id) = 0;

  // One judging with its tests.
  virtual Result<Judging> GetJudging(int64_t judging_id) = 0;

  // Every judging of a submission with its tests, oldest first (empty when none;
  // NotFound when the submission does not exist).
  virtual Result<std::vector<Judging>> ListJudgings(int64_t submission_id) = 0;
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
