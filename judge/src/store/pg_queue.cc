// The service's queue in PostgreSQL (judge/store/job_queue.h has the theory; pg_store.h the
// locking). Any number of workers on any hosts claim at once: the claim's SELECT ...
// FOR UPDATE SKIP LOCKED hands each row to one of them and lets the others pass it
// without waiting. Leases are measured with the database's clock. A takeover locks
// the old judging's row before marking it incomplete, so a slow worker's last test
// or finish is either in before it (and seen) or refused after it.
#include "judge/store/job_queue.h"
#include "pg_store.h"
#include "queue_rules.h"
#include "record_rows.h"
#include "store_rules.h"

namespace judge::store_internal {
namespace {

class PgQueue final : public JobQueue {
 public:
  PgQueue(std::shared_ptr<PgPool> pool, std::unique_ptr<Store> store) : pool_(std::move(pool)), store_(std::move(store)) {}

  Store* store() override { return store_.get(); }

  using JobQueue::Submit;
  Result<int64_t> Submit(const Submission& submission, std::string_view submitter, const SubmitCaps& caps) override {
    JUDGE_ASSIGN_OR_RETURN(Submission s, PreparedSubmission(submission));
    return pool_->TransactionValue<int64_t>([&](PgConn& c) -> Result<int64_t> {
      JUDGE_RETURN_IF_ERROR(CheckCaps(c, submitter, caps, static_cast<int64_t>(s.source.size())));
      JUDGE_ASSIGN_OR_RETURN(int64_t id, PgInsertSubmission(c, s));
      JUDGE_RETURN_IF_ERROR(
          c.Exec("INSERT INTO queue (submission_id, state, state_name, problem_id, language_id, submitter, "
                 "enqueued_unix_ms) VALUES ($1, 0, 'queued', $2, $3, $4, " JUDGE_PG_NOW_MS ")",
                 {PgParam::Int(id), PgParam::Text(s.problem_id), PgParam::Text(s.language_id),
                  PgParam::Text(submitter)},
                 "queueing submission " + std::to_string(id))
              .status());
      return id;
    });
  }

  Result<RequeueOutcome> Requeue(int64_t submission_id) override {
    return pool_->TransactionValue<RequeueOutcome>([&](PgConn& c) -> Result<RequeueOutcome> {
      JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec("SELECT state FROM queue WHERE submission_id = $1 FOR UPDATE",
                                                {PgParam::Int(submission_id)}, "reading the queue"));
      if (r.rows() == 0) return NoSubmission(submission_id);
      const auto state = static_cast<QueueState>(r.row(0).Int(0));
      if (state == QueueState::kQueued) return RequeueOutcome::kAlreadyQueued;
      if (state == QueueState::kRunning) return RequeueOutcome::kBeingJudged;
      JUDGE_RETURN_IF_ERROR(
          c.Exec("UPDATE queue SET state = 0, state_name = 'queued', attempts = 0, claim_token = '', "
                 "lease_until_unix_ms = 0, judging_id = NULL, message = '', enqueued_unix_ms = " JUDGE_PG_NOW_MS
                 " WHERE submission_id = $1",
                 {PgParam::Int(submission_id)}, "queueing submission " + std::to_string(submission_id) + " again")
              .status());
      return RequeueOutcome::kQueued;
    });
  }

  Result<std::optional<Claim>> ClaimNext(const WorkerInfo& worker, int64_t lease_ms) override {
    JUDGE_RETURN_IF_ERROR(CheckLease(lease_ms));
    const WorkerInfo w = PrepareWorker(worker);
    return pool_->TransactionValue<std::optional<Claim>>([&](PgConn& c) -> Result<std::optional<Claim>> {
      JUDGE_RETURN_IF_ERROR(ExpireDeadOwners(c, w.owner.host));
      return ClaimFirstCandidate([&] { return NextQueueCandidate(c, w); },
                                 [&](const QueueCandidate& next) { return SettleTakeover(c, next); },
                                 [&](const Claim& made) -> Status {
                                   JUDGE_RETURN_IF_ERROR(WriteClaim(c, made, w, lease_ms));
                                   return MarkServed(c, made.submission_id);
                                 });
    });
  }

  Status Renew(const Claim& claim, int64_t lease_ms) override {
    JUDGE_RETURN_IF_ERROR(CheckLease(lease_ms));
    return Fenced(claim, "renewing the lease",
                  "UPDATE queue SET lease_until_unix_ms = " JUDGE_PG_NOW_MS " + $3 "
                  "WHERE submission_id = $1 AND claim_token = $2 AND state = 1",
                  {PgParam::Int(lease_ms)});
  }

  Status AttachJudging(const Claim& claim, int64_t judging_id) override {
    return Fenced(claim, "attaching judging " + std::to_string(judging_id),
                  "UPDATE queue SET judging_id = $3 WHERE submission_id = $1 AND claim_token = $2 AND state = 1",
                  {PgParam::Int(judging_id)});
  }

  Status Complete(const Claim& claim) override {
    return Fenced(claim, "completing the claim",
                  "UPDATE queue SET state = 2, state_name = 'done', lease_until_unix_ms = 0 "
                  "WHERE submission_id = $1 AND claim_token = $2 AND state = 1",
                  {});
  }

  Status Fail(const Claim& claim, std::string_view reason) override {
    return Fenced(claim, "recording the failure",
                  "UPDATE queue SET state = 3, state_name = 'failed', lease_until_unix_ms = 0, message = $3 "
                  "WHERE submission_id = $1 AND claim_token = $2 AND state = 1",
                  {PgParam::Text(reason)});
  }

  Status Release(const Claim& claim) override {
    return Fenced(claim, "giving the claim back",
                  "UPDATE queue SET state = 0, state_name = 'queued', attempts = greatest(attempts - 1, 0), "
                  "claim_token = '', lease_until_unix_ms = 0, judging_id = NULL "
                  "WHERE submission_id = $1 AND claim_token = $2 AND state = 1",
                  {});
  }

  Result<QueueEntry> Get(int64_t submission_id) override {
    return pool_->TransactionValue<QueueEntry>([&](PgConn& c) -> Result<QueueEntry> {
      JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec(
          "SELECT " JUDGE_QUEUE_ENTRY_COLUMNS " FROM queue q JOIN submissions s ON s.id = q.submission_id "
          "WHERE q.submission_id = $1", {PgParam::Int(submission_id)}, "reading the queue"));
      if (r.rows() == 0) return NoSubmission(submission_id);
      QueueEntry out = ReadQueueEntryRow(r.row(0));
      JUDGE_RETURN_IF_ERROR(PgAddLatestJudging(c, out.submission.id, &out.judging_count, &out.latest));
      return out;
    });
  }

  Result<std::vector<QueueEntry>> List(const QueueFilter& filter) override {
    JUDGE_RETURN_IF_ERROR(CheckListLimit(filter.limit));
    std::vector<QueueEntry> out;
    JUDGE_RETURN_IF_ERROR(pool_->Transaction([&](PgConn& c) -> Status {
      out.clear();
      JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec(
          "SELECT " JUDGE_QUEUE_ENTRY_COLUMNS " FROM queue q JOIN submissions s ON s.id = q.submission_id "
          "WHERE ($1 = '' OR q.problem_id = $1) AND ($2 = '' OR q.submitter = $2) "
          "ORDER BY q.submission_id DESC LIMIT $3",
          {PgParam::Text(filter.problem_id), PgParam::Text(filter.submitter), PgParam::Int(filter.limit)},
          "listing the queue"));
      for (int i = 0; i < r.rows(); ++i) {
        QueueEntry e = ReadQueueEntryRow(r.row(i));
        JUDGE_RETURN_IF_ERROR(PgAddLatestJudging(c, e.submission.id, &e.judging_count, &e.latest));
        out.push_back(std::move(e));
      }
      return Status::Ok();
    }));
    return out;
  }

 private:
  // Claims held by processes of this host that are provably gone: over now.
  Status ExpireDeadOwners(PgConn& c, const std::string& host) {
    JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec(
        "SELECT submission_id, owner_pid, owner_host, owner_boot_id, owner_start_ticks FROM queue "
        "WHERE state = 1 AND lease_until_unix_ms > 0 AND owner_host = $1 FOR UPDATE SKIP LOCKED",
        {PgParam::Text(host)}, "listing this host's claims"));
    for (int i = 0; i < r.rows(); ++i) {
      auto row = r.row(i);
      JudgingOwner owner{row.Int(1), row.Text(2), row.Text(3), row.Int(4)};
      if (OwnerIsAlive(owner)) continue;
      JUDGE_RETURN_IF_ERROR(c.Exec("UPDATE queue SET lease_until_unix_ms = 0 WHERE submission_id = $1",
                                   {PgParam::Int(row.Int(0))}, "expiring a dead worker's claim")
                                .status());
    }
    return Status::Ok();
  }

  // kResourceExhausted when the submitter is at the cap (max_waiting 0: no cap). Under
  // READ COMMITTED two submits of one submitter would both count before either
  // inserts: a transaction-scoped advisory lock on the submitter's name makes them
  // take turns (other submitters and claims do not wait; the two-key form's space is
  // apart from the migration's one-key lock).
  // The storage quota (caps.max_source_bytes, with the new source's `bytes`) is
  // checked under the same lock.
  Status CheckCaps(PgConn& c, std::string_view submitter, const SubmitCaps& caps, int64_t bytes) {
    if (caps.max_waiting <= 0 && caps.max_source_bytes <= 0) return Status::Ok();
    JUDGE_RETURN_IF_ERROR(c.Exec("SELECT pg_advisory_xact_lock(1246971717, hashtext($1))",
                                 {PgParam::Text(submitter)}, "waiting for the submitter's other submissions")
                              .status());
    if (caps.max_waiting > 0) {
      JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec(JUDGE_QUEUE_COUNT_WAITING_SQL("$1"), {PgParam::Text(submitter)},
                                                "counting the submitter's waiting submissions"));
      const int64_t waiting = r.rows() ? r.row(0).Int(0) : 0;
      if (waiting >= caps.max_waiting) return TooManyWaiting(submitter, waiting, caps.max_waiting);
    }
    if (caps.max_source_bytes <= 0) return Status::Ok();
    JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec(JUDGE_QUEUE_SUM_SOURCE_BYTES_SQL("$1"), {PgParam::Text(submitter)},
                                              "adding up the submitter's sources"));
    const int64_t stored = r.rows() ? r.row(0).Int(0) : 0;
    return stored + bytes > caps.max_source_bytes ? OverStorageQuota(submitter, stored, bytes, caps.max_source_bytes)
                                                  : Status::Ok();
  }

  // The claimed submission's submitter was served now. served_seq is the database's
  // clock in microseconds, so concurrent claims of different submitters need not read
  // each other's rows (a shared counter would make every claim wait for the last);
  // greatest() keeps it growing when two claims of one submitter cross.
  Status MarkServed(PgConn& c, int64_t submission_id) {
    return c.Exec("INSERT INTO queue_submitters (submitter, served_seq) "
                  "SELECT submitter, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint FROM queue "
                  "WHERE submission_id = $1 "
                  "ON CONFLICT (submitter) DO UPDATE "
                  "SET served_seq = greatest(queue_submitters.served_seq + 1, excluded.served_seq)",
                  {PgParam::Int(submission_id)}, "recording whose submission " + std::to_string(submission_id) +
                                                     " was served")
        .status();
  }

  // The next claimable row in the fair order (JUDGE_QUEUE_FAIR_ORDER); rows other
  // workers hold locked are passed over.
  Result<std::optional<QueueCandidate>> NextQueueCandidate(PgConn& c, const WorkerInfo& w) {
    JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec(
        "SELECT " JUDGE_QUEUE_CANDIDATE_COLUMNS " FROM queue "
        "WHERE (state = 0 OR (state = 1 AND lease_until_unix_ms <= " JUDGE_PG_NOW_MS ")) "
        "AND problem_id = ANY($1::text[]) AND language_id = ANY($2::text[]) " JUDGE_QUEUE_FAIR_ORDER
        " LIMIT 1 FOR UPDATE SKIP LOCKED",
        {PgTextArray(w.problems), PgTextArray(w.languages)}, "finding a submission to judge"));
    if (r.rows() == 0) return std::optional<QueueCandidate>();
    return std::optional<QueueCandidate>(ReadQueueCandidateRow(r.row(0)));
  }

  // As SqliteQueue's: true when the row may be claimed.
  Result<bool> SettleTakeover(PgConn& c, const QueueCandidate& k) {
    if (k.state != QueueState::kRunning) return true;
    if (k.judging_id) {
      JUDGE_ASSIGN_OR_RETURN(Judging j, PgLockJudging(c, *k.judging_id));
      if (j.status == JudgingStatus::kDone) {
        JUDGE_RETURN_IF_ERROR(SetState(c, k.submission_id, QueueState::kDone, ""));
        return false;
      }
      if (j.status == JudgingStatus::kRunning)
        JUDGE_RETURN_IF_ERROR(PgSetJudgingIncomplete(c, j.id, TakeoverMessage(k.worker, k.attempts)));
    }
    if (k.attempts >= kMaxAttempts) {
      JUDGE_RETURN_IF_ERROR(SetState(c, k.submission_id, QueueState::kFailed, GaveUpMessage(k.worker)));
      return false;
    }
    return true;
  }

  Status SetState(PgConn& c, int64_t submission_id, QueueState state, std::string_view message) {
    return c.Exec("UPDATE queue SET state = $2, state_name = $3, lease_until_unix_ms = 0, message = $4 "
                  "WHERE submission_id = $1",
                  {PgParam::Int(submission_id), PgParam::Int(static_cast<int>(state)),
                   PgParam::Text(QueueStateName(state)), PgParam::Text(message)},
                  "settling submission " + std::to_string(submission_id))
        .status();
  }

  Status WriteClaim(PgConn& c, const Claim& k, const WorkerInfo& w, int64_t lease_ms) {
    return c.Exec("UPDATE queue SET state = 1, state_name = 'running', attempts = $2, claim_token = $3, "
                  "lease_until_unix_ms = " JUDGE_PG_NOW_MS " + $4, worker = $5, owner_pid = $6, owner_host = $7, "
                  "owner_boot_id = $8, owner_start_ticks = $9, judging_id = NULL, message = '' WHERE submission_id = $1",
                  {PgParam::Int(k.submission_id), PgParam::Int(k.attempt), PgParam::Text(k.token),
                   PgParam::Int(lease_ms), PgParam::Text(w.name), PgParam::Int(w.owner.pid),
                   PgParam::Text(w.owner.host), PgParam::Text(w.owner.boot_id), PgParam::Int(w.owner.start_ticks)},
                  "claiming submission " + std::to_string(k.submission_id))
        .status();
  }

  // An UPDATE whose $1 is the submission and $2 the claim token; no row: lost.
  Status Fenced(const Claim& claim, const std::string& doing, const char* sql, std::vector<PgParam> rest) {
    std::vector<PgParam> params = {PgParam::Int(claim.submission_id), PgParam::Text(claim.token)};
    for (auto& p : rest) params.push_back(std::move(p));
    return pool_->Transaction([&](PgConn& c) -> Status {
      JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec(sql, params, doing));
      return r.affected() == 0 ? LostClaim(claim, doing) : Status::Ok();
    });
  }

  std::shared_ptr<PgPool> pool_;
  std::unique_ptr<Store> store_;
};

}  // namespace
}  // namespace judge::store_internal

namespace judge {

Result<std::unique_ptr<JobQueue>> OpenPostgresQueue(const std::string& url, int connections) {
  if (url.rfind("postgresql://", 0) != 0 && url.rfind("postgres://", 0) != 0)
    return Status::InvalidArgument("--queue: expected a postgresql:// URL, found '" +
                                   store_internal::PgDisplayName(url) + "'");
  auto pool = std::make_shared<store_internal::PgPool>(url, connections);
  JUDGE_RETURN_IF_ERROR(store_internal::MigratePg(*pool, store_internal::PgSchemaMigrations()));
  return std::unique_ptr<JobQueue>(new store_internal::PgQueue(pool, store_internal::NewPgStore(pool)));
}

}  // namespace judge
