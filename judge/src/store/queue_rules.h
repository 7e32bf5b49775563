// The rules both queues (SQLite and PostgreSQL) apply, in one place so they take,
// refuse and explain claims the same way with the same messages.
#ifndef JUDGE_SRC_STORE_QUEUE_RULES_H_
#define JUDGE_SRC_STORE_QUEUE_RULES_H_

#include <cstdint>
#include <string>
#include <string_view>

#include <optional>
#include <utility>

#include "judge/base/status.h"
#include "judge/store/job_queue.h"
#include "record_rows.h"

namespace judge::store_internal {

// A fresh claim token (random, 128 bits, hex).
std::string NewClaimToken();

// The worker with its owner filled in (the calling process when pid is 0) and its
// name defaulted to "<host>/<pid>".
WorkerInfo PrepareWorker(const WorkerInfo& worker);

// Rejects a lease that is not positive or longer than a day.
Status CheckLease(int64_t lease_ms);

// Why a taken-over claim's judging is incomplete.
std::string TakeoverMessage(std::string_view worker, int64_t attempt);
// Why a submission is failed after kMaxAttempts lost claims.
std::string GaveUpMessage(std::string_view worker);

// kCancelled: the claim on the submission is no longer this claim's.
Status LostClaim(const Claim& claim, std::string_view doing);

// 1..1000, else InvalidArgument naming the value.
Status CheckListLimit(int64_t limit);

// kResourceExhausted: the submitter already has `waiting` submissions not yet judged,
// and at most max_waiting are allowed.
Status TooManyWaiting(std::string_view submitter, int64_t waiting, int64_t max_waiting);

// kResourceExhausted: the submitter's `stored` source bytes and a new source's `bytes`
// are over `max_bytes` (SubmitCaps::max_source_bytes).
Status OverStorageQuota(std::string_view submitter, int64_t stored, int64_t bytes, int64_t max_bytes);

// The submitter's submissions not yet judged; ?1 / $1 is the submitter.
#define JUDGE_QUEUE_COUNT_WAITING_SQL(param) \
  "SELECT count(*) FROM queue WHERE submitter = " param " AND state IN (0, 1)"

// The bytes of every source a submitter has handed in (each submission's size,
// wherever its bytes are stored).
#define JUDGE_QUEUE_SUM_SOURCE_BYTES_SQL(param)                                           \
  "SELECT coalesce(sum(s.source_bytes), 0) FROM queue q JOIN submissions s ON s.id = q.submission_id " \
  "WHERE q.submitter = " param

// The claim's order (round robin between submitters, judge/store/job_queue.h): the
// submitter served least recently first (never served: 0), then the oldest of hers.
// For a query FROM queue (not aliased).
#define JUDGE_QUEUE_FAIR_ORDER                                                                   \
  "ORDER BY coalesce((SELECT served_seq FROM queue_submitters s WHERE s.submitter = queue.submitter), 0), " \
  "enqueued_unix_ms, submission_id"

// The claim step both queues run inside their write transaction: the first
// candidate (next(), oldest first) whose takeover settles (settle(candidate) is
// true) becomes a claim with a fresh token, written by write(claim). nullopt when
// no candidate is left.
template <typename Next, typename Settle, typename Write>
Result<std::optional<Claim>> ClaimFirstCandidate(Next&& next, Settle&& settle, Write&& write) {
  while (true) {
    JUDGE_ASSIGN_OR_RETURN(std::optional<QueueCandidate> c, next());
    if (!c) return std::optional<Claim>();
    JUDGE_ASSIGN_OR_RETURN(bool take, settle(*c));
    if (!take) continue;
    Claim made{c->submission_id, NewClaimToken(), c->attempts + 1, c->problem_id, c->language_id};
    JUDGE_RETURN_IF_ERROR(write(made));
    return std::optional<Claim>(std::move(made));
  }
}

}  // namespace judge::store_internal

#endif  // JUDGE_SRC_STORE_QUEUE_RULES_H_
