// The service's queue in the SQLite file (judge/store/job_queue.h has the theory).
//
// The queue runs on its own connection to the store's file, so a claim, a takeover
// and the marking of the abandoned judging are one BEGIN IMMEDIATE transaction: SQLite
// has one writer at a time, which is all the locking a claim needs (PostgreSQL needs
// SKIP LOCKED for the same). Leases are measured with the injected Clock, so tests
// expire them by moving the clock. A running row whose owner is on this host and
// provably gone (OwnerIsAlive) is claimable at once: a restarted server resumes the
// work its previous process held without waiting for leases to run out.
#include <functional>
#include <mutex>
#include <optional>

#include "judge/store/job_queue.h"
#include "queue_rules.h"
#include "record_rows.h"
#include "sqlite_db.h"
#include "sqlite_store.h"
#include "store_rules.h"

namespace judge::store_internal {
namespace {

std::string JsonList(const std::vector<std::string>& items) {
  std::string out = "[";
  for (const auto& item : items) {
    if (out.size() > 1) out += ",";
    out += "\"";
    for (char c : item) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += "\"";
  }
  return out + "]";
}

class SqliteQueue final : public JobQueue {
 public:
  SqliteQueue(std::unique_ptr<Store> store, std::unique_ptr<Db> db, Clock* clock)
      : store_(std::move(store)), db_(std::move(db)), clock_(clock) {}

  Store* store() override { return store_.get(); }

  using JobQueue::Submit;
  Result<int64_t> Submit(const Submission& submission, std::string_view submitter, const SubmitCaps& caps) override {
    JUDGE_ASSIGN_OR_RETURN(Submission s, PreparedSubmission(submission));
    std::lock_guard<std::mutex> lock(mu_);
    // BEGIN IMMEDIATE: the count and the insert see no other writer in between.
    return db_->TransactionValue<int64_t>(true, [&]() -> Result<int64_t> {
      JUDGE_RETURN_IF_ERROR(CheckWaiting(submitter, caps.max_waiting));
      JUDGE_RETURN_IF_ERROR(CheckStored(submitter, caps.max_source_bytes, static_cast<int64_t>(s.source.size())));
      JUDGE_ASSIGN_OR_RETURN(int64_t id, InsertSubmission(*db_, s));
      JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
          "INSERT INTO queue (submission_id, state, state_name, problem_id, language_id, submitter, "
          "enqueued_unix_ms) VALUES (?1, 0, 'queued', ?2, ?3, ?4, ?5)"));
      q->Bind(1, id).BindText(2, s.problem_id).BindText(3, s.language_id).BindText(4, submitter);
      q->Bind(5, clock_->NowUnixMs());
      JUDGE_RETURN_IF_ERROR(q->Run("queueing submission " + std::to_string(id)));
      return id;
    });
  }

  Result<RequeueOutcome> Requeue(int64_t submission_id) override {
    std::lock_guard<std::mutex> lock(mu_);
    return db_->TransactionValue<RequeueOutcome>(true, [&]() -> Result<RequeueOutcome> {
      JUDGE_ASSIGN_OR_RETURN(auto get, db_->Lookup("SELECT state FROM queue WHERE submission_id = ?1",
                                                   submission_id, "reading the queue"));
      if (!get) return NoSubmission(submission_id);
      const auto state = static_cast<QueueState>(get->Int(0));
      get.reset();
      if (state == QueueState::kQueued) return RequeueOutcome::kAlreadyQueued;
      if (state == QueueState::kRunning) return RequeueOutcome::kBeingJudged;
      JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
          "UPDATE queue SET state = 0, state_name = 'queued', attempts = 0, claim_token = '', "
          "lease_until_unix_ms = 0, judging_id = NULL, message = '', enqueued_unix_ms = ?2 "
          "WHERE submission_id = ?1"));
      q->Bind(1, submission_id).Bind(2, clock_->NowUnixMs());
      JUDGE_RETURN_IF_ERROR(q->Run("queueing submission " + std::to_string(submission_id) + " again"));
      return RequeueOutcome::kQueued;
    });
  }

  Result<std::optional<Claim>> ClaimNext(const WorkerInfo& worker, int64_t lease_ms) override {
    JUDGE_RETURN_IF_ERROR(CheckLease(lease_ms));
    const WorkerInfo w = PrepareWorker(worker);
    std::lock_guard<std::mutex> lock(mu_);
    return db_->TransactionValue<std::optional<Claim>>(true, [&]() -> Result<std::optional<Claim>> {
      const int64_t now = clock_->NowUnixMs();
      JUDGE_RETURN_IF_ERROR(ExpireDeadOwners());
      return ClaimFirstCandidate([&] { return NextQueueCandidate(w, now); },
                                 [&](const QueueCandidate& next) { return SettleTakeover(next); },
                                 [&](const Claim& made) -> Status {
                                   JUDGE_RETURN_IF_ERROR(WriteClaim(made, w, now + lease_ms));
                                   return MarkServed(made.submission_id);
                                 });
    });
  }

  Status Renew(const Claim& claim, int64_t lease_ms) override {
    JUDGE_RETURN_IF_ERROR(CheckLease(lease_ms));
    return Fenced(claim, "renewing the lease",
                  "UPDATE queue SET lease_until_unix_ms = ?3 WHERE submission_id = ?1 AND claim_token = ?2 "
                  "AND state = 1",
                  [&](Query& q) { q.Bind(3, clock_->NowUnixMs() + lease_ms); });
  }

  Status AttachJudging(const Claim& claim, int64_t judging_id) override {
    return Fenced(claim, "attaching judging " + std::to_string(judging_id),
                  "UPDATE queue SET judging_id = ?3 WHERE submission_id = ?1 AND claim_token = ?2 AND state = 1",
                  [&](Query& q) { q.Bind(3, judging_id); });
  }

  Status Complete(const Claim& claim) override {
    return Fenced(claim, "completing the claim",
                  "UPDATE queue SET state = 2, state_name = 'done', lease_until_unix_ms = 0 "
                  "WHERE submission_id = ?1 AND claim_token = ?2 AND state = 1",
                  [](Query&) {});
  }

  Status Fail(const Claim& claim, std::string_view reason) override {
    return Fenced(claim, "recording the failure",
                  "UPDATE queue SET state = 3, state_name = 'failed', lease_until_unix_ms = 0, message = ?3 "
                  "WHERE submission_id = ?1 AND claim_token = ?2 AND state = 1",
                  [&](Query& q) { q.BindText(3, reason); });
  }

  Status Release(const Claim& claim) override {
    return Fenced(claim, "giving the claim back",
                  "UPDATE queue SET state = 0, state_name = 'queued', attempts = max(attempts - 1, 0), "
                  "claim_token = '', lease_until_unix_ms = 0, judging_id = NULL "
                  "WHERE submission_id = ?1 AND claim_token = ?2 AND state = 1",
                  [](Query&) {});
  }

  Result<QueueEntry> Get(int64_t submission_id) override {
    std::lock_guard<std::mutex> lock(mu_);
    return db_->TransactionValue<QueueEntry>(false, [&]() -> Result<QueueEntry> {
      JUDGE_ASSIGN_OR_RETURN(auto q, db_->Lookup(
          "SELECT " JUDGE_QUEUE_ENTRY_COLUMNS " FROM queue q JOIN submissions s ON s.id = q.submission_id "
          "WHERE q.submission_id = ?1",
          submission_id, "reading the queue"));
      if (!q) return NoSubmission(submission_id);
      QueueEntry out = ReadQueueEntryRow(*q);
      q.reset();
      JUDGE_RETURN_IF_ERROR(AddLatest(&out));
      return out;
    });
  }

  Result<std::vector<QueueEntry>> List(const QueueFilter& filter) override {
    JUDGE_RETURN_IF_ERROR(CheckListLimit(filter.limit));
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<QueueEntry> out;
    JUDGE_RETURN_IF_ERROR(db_->Transaction(false, [&]() -> Status {
      out.clear();
      JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
          "SELECT " JUDGE_QUEUE_ENTRY_COLUMNS " FROM queue q JOIN submissions s ON s.id = q.submission_id "
          "WHERE (?1 = '' OR q.problem_id = ?1) AND (?2 = '' OR q.submitter = ?2) "
          "ORDER BY q.submission_id DESC LIMIT ?3"));
      q->BindText(1, filter.problem_id).BindText(2, filter.submitter).Bind(3, filter.limit);
      JUDGE_RETURN_IF_ERROR(q->ForEachRow("listing the queue", [&](Query& r) { out.push_back(ReadQueueEntryRow(r)); }));
      q.reset();
      for (QueueEntry& e : out) JUDGE_RETURN_IF_ERROR(AddLatest(&e));
      return Status::Ok();
    }));
    return out;
  }

 private:
  // The helpers below run inside a transaction, with mu_ held.

  // Running rows whose owner is on this host and gone: their lease is over now.
  Status ExpireDeadOwners() {
    JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
        "SELECT submission_id, owner_pid, owner_host, owner_boot_id, owner_start_ticks FROM queue "
        "WHERE state = 1 AND lease_until_unix_ms > 0"));
    std::vector<int64_t> dead;
    JUDGE_RETURN_IF_ERROR(q->ForEachRow("listing claims", [&](Query& r) {
      JudgingOwner owner{r.Int(1), r.Text(2), r.Text(3), r.Int(4)};
      if (!OwnerIsAlive(owner)) dead.push_back(r.Int(0));
    }));
    q.reset();
    for (int64_t id : dead) {
      JUDGE_ASSIGN_OR_RETURN(auto u, db_->Prepare(
          "UPDATE queue SET lease_until_unix_ms = 0 WHERE submission_id = ?1"));
      u->Bind(1, id);
      JUDGE_RETURN_IF_ERROR(u->Run("expiring a dead worker's claim"));
    }
    return Status::Ok();
  }

  // kResourceExhausted when the submitter is at the cap (max_waiting 0: no cap).
  Status CheckWaiting(std::string_view submitter, int64_t max_waiting) {
    if (max_waiting <= 0) return Status::Ok();
    JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(JUDGE_QUEUE_COUNT_WAITING_SQL("?1")));
    q->BindText(1, submitter);
    JUDGE_ASSIGN_OR_RETURN(bool row, q->Step("counting the submitter's waiting submissions"));
    const int64_t waiting = row ? q->Int(0) : 0;
    return waiting >= max_waiting ? TooManyWaiting(submitter, waiting, max_waiting) : Status::Ok();
  }

  // kResourceExhausted when the submitter's sources and the new one's `bytes` are
  // over max_bytes (0: no cap).
  Status CheckStored(std::string_view submitter, int64_t max_bytes, int64_t bytes) {
    if (max_bytes <= 0) return Status::Ok();
    JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(JUDGE_QUEUE_SUM_SOURCE_BYTES_SQL("?1")));
    q->BindText(1, submitter);
    JUDGE_ASSIGN_OR_RETURN(bool row, q->Step("adding up the submitter's sources"));
    const int64_t stored = row ? q->Int(0) : 0;
    return stored + bytes > max_bytes ? OverStorageQuota(submitter, stored, bytes, max_bytes) : Status::Ok();
  }

  // The claimed submission's submitter was served now: its served_seq becomes the
  // largest (SQLite has one writer, so a counter is exact).
  Status MarkServed(int64_t submission_id) {
    JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
        "INSERT INTO queue_submitters (submitter, served_seq) "
        "VALUES ((SELECT submitter FROM queue WHERE submission_id = ?1), "
        "(SELECT coalesce(max(served_seq), 0) + 1 FROM queue_submitters)) "
        "ON CONFLICT (submitter) DO UPDATE SET served_seq = excluded.served_seq"));
    q->Bind(1, submission_id);
    return q->Run("recording whose submission " + std::to_string(submission_id) + " was served");
  }

  // The next queued row, or running row with an expired lease, the worker can take,
  // in the fair order (JUDGE_QUEUE_FAIR_ORDER).
  Result<std::optional<QueueCandidate>> NextQueueCandidate(const WorkerInfo& w, int64_t now) {
    JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
        "SELECT " JUDGE_QUEUE_CANDIDATE_COLUMNS " FROM queue "
        "WHERE (state = 0 OR (state = 1 AND lease_until_unix_ms <= ?1)) "
        "AND problem_id IN (SELECT value FROM json_each(?2)) "
        "AND language_id IN (SELECT value FROM json_each(?3)) " JUDGE_QUEUE_FAIR_ORDER " LIMIT 1"));
    q->Bind(1, now).BindText(2, JsonList(w.problems)).BindText(3, JsonList(w.languages));
    JUDGE_ASSIGN_OR_RETURN(bool row, q->Step("finding a submission to judge"));
    if (!row) return std::optional<QueueCandidate>();
    return std::optional<QueueCandidate>(ReadQueueCandidateRow(*q));
  }

  // A running candidate is a takeover: its judging is settled first. True when the
  // row may be claimed; false when it was finished (its judging is done) or failed
  // (too many attempts) instead.
  Result<bool> SettleTakeover(const QueueCandidate& c) {
    if (c.state != QueueState::kRunning) return true;
    if (c.judging_id) {
      JUDGE_ASSIGN_OR_RETURN(Judging j, LoadJudgingRow(*db_, *c.judging_id));
      if (j.status == JudgingStatus::kDone) {
        JUDGE_RETURN_IF_ERROR(SetState(c.submission_id, QueueState::kDone, ""));
        return false;
      }
      if (j.status == JudgingStatus::kRunning)
        JUDGE_RETURN_IF_ERROR(SetJudgingIncomplete(*db_, j.id, TakeoverMessage(c.worker, c.attempts)));
    }
    if (c.attempts >= kMaxAttempts) {
      JUDGE_RETURN_IF_ERROR(SetState(c.submission_id, QueueState::kFailed, GaveUpMessage(c.worker)));
      return false;
    }
    return true;
  }

  Status SetState(int64_t submission_id, QueueState state, std::string_view message) {
    JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
        "UPDATE queue SET state = ?2, state_name = ?3, lease_until_unix_ms = 0, message = ?4 "
        "WHERE submission_id = ?1"));
    q->Bind(1, submission_id).Bind(2, int64_t{static_cast<int>(state)}).BindText(3, QueueStateName(state));
    q->BindText(4, message);
    return q->Run("settling submission " + std::to_string(submission_id));
  }

  Status WriteClaim(const Claim& c, const WorkerInfo& w, int64_t lease_until) {
    JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
        "UPDATE queue SET state = 1, state_name = 'running', attempts = ?2, claim_token = ?3, "
        "lease_until_unix_ms = ?4, worker = ?5, owner_pid = ?6, owner_host = ?7, owner_boot_id = ?8, "
        "owner_start_ticks = ?9, judging_id = NULL, message = '' WHERE submission_id = ?1"));
    q->Bind(1, c.submission_id).Bind(2, c.attempt).BindText(3, c.token).Bind(4, lease_until);
    q->BindText(5, w.name).Bind(6, w.owner.pid).BindText(7, w.owner.host).BindText(8, w.owner.boot_id);
    q->Bind(9, w.owner.start_ticks);
    return q->Run("claiming submission " + std::to_string(c.submission_id));
  }

  // Runs an UPDATE whose ?1 is the submission and ?2 the claim token; no row changed
  // means the claim is lost.
  Status Fenced(const Claim& claim, const std::string& doing, const char* sql,
                const std::function<void(Query&)>& bind_rest) {
    std::lock_guard<std::mutex> lock(mu_);
    return db_->Transaction(true, [&]() -> Status {
      JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(sql));
      q->Bind(1, claim.submission_id).BindText(2, claim.token);
      bind_rest(*q);
      JUDGE_RETURN_IF_ERROR(q->Run(doing));
      if (db_->ChangedRows() == 0) return LostClaim(claim, doing);
      return Status::Ok();
    });
  }

  // The newest judging (without tests) and the number of judgings.
  Status AddLatest(QueueEntry* e) {
    return LoadLatestJudging(*db_, e->submission.id, &e->judging_count, &e->latest);
  }

  std::unique_ptr<Store> store_;
  std::mutex mu_;
  std::unique_ptr<Db> db_;
  Clock* clock_;
};

}  // namespace
}  // namespace judge::store_internal

namespace judge {

Result<std::unique_ptr<JobQueue>> OpenSqliteQueue(const std::string& path, Clock* clock) {
  // The store opens, checks and migrates the file; the queue's connection comes after.
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<Store> store, OpenStore(path));
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<store_internal::Db> db, store_internal::Db::Open(path));
  JUDGE_RETURN_IF_ERROR(db->Exec("PRAGMA foreign_keys = ON", "enabling foreign keys"));
  JUDGE_RETURN_IF_ERROR(db->Exec("PRAGMA synchronous = NORMAL", "setting synchronous mode"));
  return std::unique_ptr<JobQueue>(
      new store_internal::SqliteQueue(std::move(store), std::move(db), clock ? clock : SystemClock()));
}

}  // namespace judge
