// The service's queue: submissions waiting to be judged, the claims workers hold on
// them, and where their results go. `judge serve` puts submissions in; workers (the
// server's own threads, or `judge worker` processes on any host) take them out.
//
// Theory of operation
// -------------------
// Every submission handed to the service gets a queue row beside its stored record:
// state queued -> running -> done (a verdict was stored) or failed (the judge could
// not judge it). A worker claims, among the submissions whose problem and language it
// can handle, the oldest one of the submitter who was served least recently (round
// robin between submitters: one who hands in 25 at once waits for her second while
// everyone else's first is judged); the claim is a lease that expires unless the
// worker renews it. Each claim marks its submitter as served now (table
// queue_submitters). Submit may cap what one submitter has waiting. A worker that dies (SIGKILL, a lost host) stops renewing; once the lease has
// expired, the next claim takes the submission over: the dead worker's judging is
// marked incomplete in the same transaction, and the submission is judged again from
// its stored source. On one host a claim whose process is provably gone
// (OwnerIsAlive) is taken over at once, so a restarted server resumes its own work
// without waiting.
//
// A result is stored once: the claim's token fences every write. The judging a claim
// starts is attached to the queue row (AttachJudging, refused once the claim is
// lost); a takeover marks that judging incomplete, and the store refuses to finish a
// judging that is no longer running. So a worker that was only slow, not dead, finds
// its writes refused and its judging left incomplete, and the submission ends with
// one finished judging. A submission that stops its workers kMaxAttempts times is
// failed with the reason instead of taking down every host in turn.
//
// The queue's results are an ordinary Store (store()): the pipeline writes a claimed
// judging through it (see ClaimedStore in judge/src/service), the API reads it.
//
// Implementations: OpenSqliteQueue (the same file as the SQLite store; schema 3
// adds the queue table) and OpenPostgresQueue (judge/src/store/pg_queue.cc: claims with SELECT ...
// FOR UPDATE SKIP LOCKED). Thread safety: every method may be called from several
// threads, and several processes may share one queue. Ownership: the caller owns the
// queue; store() is borrowed and lives as long as the queue.
#ifndef JUDGE_JOB_QUEUE_H_
#define JUDGE_JOB_QUEUE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/clock.h"
#include "judge/base/status.h"
#include "judge/config/records.h"
#include "judge/store/store.h"

namespace judge {

// A queue row's state. Stored as this integer: append only, never renumbered.
enum class QueueState : int {
  kQueued = 0,   // waiting for a worker
  kRunning = 1,  // claimed; a judging is (or is about to be) under way
  kDone = 2,     // a judging finished with a verdict
  kFailed = 3,   // the judge could not judge it (message says why); rejudge retries
};
std::string_view QueueStateName(QueueState state);  // "queued", "running", "done", "failed"

// Claims of one submission before it is failed: each was lost mid-run.
inline constexpr int64_t kMaxAttempts = 3;

// What a worker can take: the problems it has loaded and the languages it can run.
struct WorkerInfo {
  std::string name;                    // e.g. "host/1234/0": shown as the claim's worker
  std::vector<std::string> problems;   // problem ids
  std::vector<std::string> languages;  // language profile ids
  JudgingOwner owner;                  // pid 0: the calling process
};

// One claim: the right to judge one submission until the lease expires.
struct Claim {
  int64_t submission_id = 0;
  std::string token;        // unique per claim; fences every write of this claim
  int64_t attempt = 0;      // 1 for the first claim of the submission
  std::string problem_id;
  std::string language_id;
};

// A submission as the service shows it: the record, its queue row, its latest judging.
struct QueueEntry {
  Submission submission;            // without source
  QueueState state = QueueState::kQueued;
  std::string submitter;            // who handed it in (the token's name)
  int64_t attempts = 0;             // claims so far
  std::string worker;               // the last claim's worker name; empty before
  std::string message;              // failed: why; else empty
  int64_t enqueued_unix_ms = 0;
  int64_t judging_id = 0;           // the judging of the current (or last) claim; 0: none
                                    // started since it was (re)queued
  std::optional<Judging> latest;    // the newest judging, without tests
  int64_t judging_count = 0;
};

// What one submitter may have in the queue; a submit beyond either is refused.
struct SubmitCaps {
  int64_t max_waiting = 0;       // submissions not yet judged (queued or running); 0: no cap
  int64_t max_source_bytes = 0;  // the bytes of every source the submitter has handed in,
                                 // the new one's included, identical ones each time; 0: no cap
};

struct QueueFilter {
  std::string problem_id;  // empty: every problem
  std::string submitter;   // empty: everybody's
  int64_t limit = 50;      // newest first, at most this many (1..1000)
};

// What a rejudge request (JobQueue::Requeue) did; none of them is a failure.
enum class RequeueOutcome {
  kQueued,         // done or failed before: queued again
  kAlreadyQueued,  // still waiting: nothing changed
  kBeingJudged,    // a worker holds it now: nothing changed
};

class JobQueue {
 public:
  virtual ~JobQueue() = default;

  // The results: submissions, judgings, tests. Borrowed; lives as long as the queue.
  virtual Store* store() = 0;

  // Stores the submission and queues it, in one transaction; returns its id. Its
  // bytes are stored once however many submissions have them (content-addressed).
  // caps (SubmitCaps): over one, nothing is stored and the answer is
  // kResourceExhausted with a one-line message. The counts and the insert are one
  // transaction, so concurrent calls of one submitter cannot pass a cap together.
  virtual Result<int64_t> Submit(const Submission& submission, std::string_view submitter,
                                 const SubmitCaps& caps) = 0;
  Result<int64_t> Submit(const Submission& submission, std::string_view submitter, int64_t max_waiting) {
    return Submit(submission, submitter, SubmitCaps{max_waiting, 0});
  }
  Result<int64_t> Submit(const Submission& submission, std::string_view submitter) {
    return Submit(submission, submitter, SubmitCaps{});
  }

  // Queues a stored submission again (rejudge): done or failed -> queued, attempts
  // reset (kQueued). A queued one stays queued (kAlreadyQueued); a running one is left
  // to its judge (kBeingJudged: the caller may ask again when it is done). NotFound for
  // an unknown id; any other Status: the queue failed.
  virtual Result<RequeueOutcome> Requeue(int64_t submission_id) = 0;

  // The next claimable submission the worker can take (the oldest of the submitter
  // served least recently; a submitter never served comes first), claimed for
  // lease_ms; nullopt when there is none. Claimable: queued, or running with an expired lease or a
  // provably dead owner (taken over: its judging is marked incomplete; after
  // kMaxAttempts claims it is failed instead).
  virtual Result<std::optional<Claim>> ClaimNext(const WorkerInfo& worker, int64_t lease_ms) = 0;

  // Extends the claim's lease to now + lease_ms. kCancelled when the claim is lost
  // (taken over, or the submission was finished): the worker must stop.
  virtual Status Renew(const Claim& claim, int64_t lease_ms) = 0;

  // Records that the claim's judging is judging_id; kCancelled when the claim is lost.
  virtual Status AttachJudging(const Claim& claim, int64_t judging_id) = 0;

  // The claim's judging was finished in the store: the row becomes done. kCancelled
  // when the claim is lost (the row is left to its new owner).
  virtual Status Complete(const Claim& claim) = 0;

  // The judge could not judge it (not a verdict): the row becomes failed with reason.
  virtual Status Fail(const Claim& claim, std::string_view reason) = 0;

  // Gives the claim back (the worker is stopping): the row is queued again and the
  // attempt is not counted. Its judging, if any, must already be marked incomplete.
  virtual Status Release(const Claim& claim) = 0;

  virtual Result<QueueEntry> Get(int64_t submission_id) = 0;  // NotFound: "no submission N"
  virtual Result<std::vector<QueueEntry>> List(const QueueFilter& filter) = 0;
};

// The queue in the SQLite file at path (created and migrated as OpenStore does).
// Leases are measured with `clock` (borrowed; SystemClock() in production).
Result<std::unique_ptr<JobQueue>> OpenSqliteQueue(const std::string& path, Clock* clock);

// The queue in PostgreSQL: url is a libpq connection URI, "postgresql://...". The
// schema is created or migrated forward on open. `connections`: the pool's size
// (calls beyond it wait for a free connection). Leases use the database's clock.
// Implemented in judge/src/store/pg_*.cc (library judge_store; libpq loaded on use).
Result<std::unique_ptr<JobQueue>> OpenPostgresQueue(const std::string& url, int connections);

}  // namespace judge

#endif  // JUDGE_JOB_QUEUE_H_
