// Verdict storage: submissions, their judgings, and every test of a judging (the
// records of judge/config/records.h).
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
// Three implementations:
//   OpenStore(path)   SQLite file (judge_store; sqlite is used nowhere else).
//   PostgreSQL        the store of a PostgreSQL queue (JobQueue::store(), made by
//                     OpenPostgresQueue in job_queue.h; pg_store.cc).
//   NewMemoryStore()  an in-memory fake with the same behaviour, for unit tests.
//
// Bytes: a submission's source is bytes and comes back exactly. Names, messages
// and logs are text: valid UTF-8 comes back exactly; bytes that are not UTF-8 (or
// NUL) are stored, never refused, and come back as they were (SQLite, the fake) or
// each replaced by U+FFFD (PostgreSQL, whose text is UTF-8 only).
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
#include "judge/base/status.h"
#include "judge/config/problem.h"
#include "judge/config/records.h"
#include "judge/verdict.h"

namespace judge {


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
  // returns its id. Older judgings of the submission are kept. Reads the judging's
  // description: submission_id, plugin_id/version/hash, checker, limits (as applied:
  // a derived wall limit as derived), sandbox_method, judge_version, tests_total (so
  // a running judging shows its progress) and owner (pid 0: the store fills in
  // CurrentProcessOwner(); tests set it to simulate another process). Its id, status,
  // times and the rest of its outcome are ignored.
  virtual Result<int64_t> StartJudging(const Judging& judging) = 0;

  // Appends the next test of a running judging; durable on return. The ordinal is
  // the number of tests already stored for the judging.
  virtual Status AddTestResult(int64_t judging_id, const TestResult& test) = 0;

  // Records the outcome; status becomes done. Only a running judging can be finished.
  // Reads the outcome's verdict (none: JE), score, max_score, max_time_ms,
  // total_time_ms, memory_kib, tests_total, compile_log and message; the rest of
  // `outcome` is ignored (the stored description and tests stay).
  virtual Status FinishJudging(int64_t judging_id, const Judging& outcome) = 0;

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
