// The Store on PostgreSQL (theory in pg_store.h).
#include "pg_store.h"

#include "record_rows.h"
#include "store_rules.h"

namespace judge::store_internal {

// As the SQLite store's: the bytes once per SHA-256 in `sources` (ON CONFLICT: two
// transactions storing one source at once both succeed), the submission's own empty.
Result<int64_t> PgInsertSubmission(PgConn& conn, const Submission& s) {
  JUDGE_RETURN_IF_ERROR(conn.Exec("INSERT INTO sources (sha256, source) VALUES ($1, $2) "
                                  "ON CONFLICT (sha256) DO NOTHING",
                                  {PgParam::Text(s.source_sha256), PgParam::Bytes(s.source)},
                                  "storing a submission's source")
                            .status());
  JUDGE_ASSIGN_OR_RETURN(PgResult r, conn.Exec(
      "INSERT INTO submissions (problem_id, package_hash, file_name, source, source_sha256, language_id, "
      "compiler_version, created_unix_ms, source_bytes) VALUES ($1, $2, $3, ''::bytea, $4, $5, $6, $7, $8) "
      "RETURNING id",
      {PgParam::Text(s.problem_id), PgParam::Text(s.package_hash), PgParam::Text(s.file_name),
       PgParam::Text(s.source_sha256), PgParam::Text(s.language_id), PgParam::Text(s.compiler_version),
       PgParam::Int(s.created_unix_ms), PgParam::Int(static_cast<int64_t>(s.source.size()))},
      "storing a submission"));
  return r.row(0).Int(0);
}

Result<Judging> PgLockJudging(PgConn& conn, int64_t judging_id) {
  JUDGE_ASSIGN_OR_RETURN(PgResult r, conn.Exec("SELECT " JUDGE_JUDGING_COLUMNS " FROM judgings WHERE id = $1 FOR UPDATE",
                                               {PgParam::Int(judging_id)}, "reading a judging"));
  if (r.rows() == 0) return NoJudging(judging_id);
  return ReadJudgingRow(r.row(0));
}

Status PgSetJudgingIncomplete(PgConn& conn, int64_t judging_id, std::string_view reason) {
  return conn.Exec("UPDATE judgings SET status = $2, status_name = $3, finished_unix_ms = $4, message = $5 WHERE id = $1",
                   {PgParam::Int(judging_id), PgParam::Int(static_cast<int>(JudgingStatus::kIncomplete)),
                    PgParam::Text(JudgingStatusName(JudgingStatus::kIncomplete)), PgParam::Int(NowUnixMs()),
                    PgParam::Text(reason)},
                   "marking judging " + std::to_string(judging_id) + " incomplete")
      .status();
}

Status PgAddLatestJudging(PgConn& conn, int64_t submission_id, int64_t* count, std::optional<Judging>* latest) {
  JUDGE_ASSIGN_OR_RETURN(PgResult c, conn.Exec("SELECT count(*), max(id) FROM judgings WHERE submission_id = $1",
                                               {PgParam::Int(submission_id)}, "counting judgings"));
  *count = c.row(0).Int(0);
  latest->reset();
  if (*count == 0) return Status::Ok();
  JUDGE_ASSIGN_OR_RETURN(PgResult r, conn.Exec("SELECT " JUDGE_JUDGING_COLUMNS " FROM judgings WHERE id = $1",
                                               {PgParam::Int(c.row(0).Int(1))}, "reading a judging"));
  Judging j = ReadJudgingRow(r.row(0));
  j.status = EffectiveStatus(j.status, j.owner);
  *latest = std::move(j);
  return Status::Ok();
}

namespace {

Status RequireSubmission(PgConn& conn, int64_t id) {
  JUDGE_ASSIGN_OR_RETURN(PgResult r, conn.Exec("SELECT 1 FROM submissions WHERE id = $1", {PgParam::Int(id)},
                                               "looking up a submission"));
  return r.rows() ? Status::Ok() : NoSubmission(id);
}

Result<Judging> LoadWithTests(PgConn& conn, int64_t judging_id) {
  JUDGE_ASSIGN_OR_RETURN(PgResult r, conn.Exec("SELECT " JUDGE_JUDGING_COLUMNS " FROM judgings WHERE id = $1",
                                               {PgParam::Int(judging_id)}, "reading a judging"));
  if (r.rows() == 0) return NoJudging(judging_id);
  Judging j = ReadJudgingRow(r.row(0));
  JUDGE_ASSIGN_OR_RETURN(PgResult t, conn.Exec(
      "SELECT " JUDGE_TEST_COLUMNS " FROM tests WHERE judging_id = $1 ORDER BY ordinal", {PgParam::Int(judging_id)},
      "reading test results"));
  for (int i = 0; i < t.rows(); ++i) j.tests.push_back(ReadTestRow(t.row(i)));
  j.status = EffectiveStatus(j.status, j.owner);
  return j;
}

std::vector<PgParam> StartParams(const Judging& nj, const JudgingOwner& owner) {
  return {PgParam::Int(nj.submission_id), PgParam::Int(static_cast<int>(JudgingStatus::kRunning)),
          PgParam::Text(JudgingStatusName(JudgingStatus::kRunning)), PgParam::Int(NowUnixMs()),
          PgParam::Text(nj.plugin_id), PgParam::Text(nj.plugin_version), PgParam::Text(nj.plugin_hash),
          PgParam::Text(nj.checker), PgParam::Int(nj.limits.time_ms), PgParam::OptionalInt(nj.limits.total_time_ms),
          PgParam::Int(nj.limits.wall_ms), PgParam::Int(nj.limits.memory_kib), PgParam::Int(nj.limits.output_kib),
          PgParam::Text(nj.sandbox_method), PgParam::Text(nj.judge_version), PgParam::Int(owner.pid),
          PgParam::Text(owner.host), PgParam::Text(owner.boot_id), PgParam::Int(owner.start_ticks),
          PgParam::Int(nj.tests_total)};
}

std::vector<PgParam> TestParams(int64_t judging_id, int64_t ordinal, const TestResult& t) {
  return {PgParam::Int(judging_id),     PgParam::Int(ordinal),         PgParam::Text(t.name),
          PgParam::Text(t.group),       PgParam::Int(static_cast<int>(t.verdict)), PgParam::Real(t.score),
          PgParam::Int(t.cpu_ms),       PgParam::Int(t.wall_ms),       PgParam::Int(t.memory_kib),
          PgParam::Int(t.exit_code),    PgParam::Int(t.signal),        PgParam::Text(t.message),
          PgParam::Text(t.output_sha256), PgParam::Text(t.time_method), PgParam::Text(t.memory_method),
          PgParam::Int(t.output_bytes), PgParam::Text(t.stderr_tail), PgParam::Text(VerdictCode(t.verdict))};
}

std::vector<PgParam> FinishParams(int64_t judging_id, const Judging& o) {
  const Verdict v = o.verdict.value_or(Verdict::kJudgeError);
  return {PgParam::Int(judging_id), PgParam::Int(static_cast<int>(JudgingStatus::kDone)),
          PgParam::Text(JudgingStatusName(JudgingStatus::kDone)), PgParam::Int(NowUnixMs()),
          PgParam::Int(static_cast<int>(v)), PgParam::Text(VerdictCode(v)), PgParam::Real(o.score),
          PgParam::Int(o.total_time_ms), PgParam::Int(o.memory_kib), PgParam::Text(o.compile_log),
          PgParam::Text(o.message), PgParam::Int(o.max_time_ms), PgParam::Real(o.max_score),
          PgParam::Int(o.tests_total)};
}

class PgStore final : public Store {
 public:
  explicit PgStore(std::shared_ptr<PgPool> pool) : pool_(std::move(pool)) {}

  Result<int64_t> AddSubmission(const Submission& submission) override {
    JUDGE_ASSIGN_OR_RETURN(Submission s, PreparedSubmission(submission));
    return pool_->TransactionValue<int64_t>([&](PgConn& c) { return PgInsertSubmission(c, s); });
  }

  Result<int64_t> StartJudging(const Judging& nj) override {
    const JudgingOwner owner = PreparedOwner(nj.owner);
    return pool_->TransactionValue<int64_t>([&](PgConn& c) -> Result<int64_t> {
      JUDGE_RETURN_IF_ERROR(RequireSubmission(c, nj.submission_id));
      JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec(
          "INSERT INTO judgings (submission_id, status, status_name, started_unix_ms, plugin_id, plugin_version, "
          "plugin_hash, checker, time_limit_ms, total_time_limit_ms, wall_limit_ms, memory_limit_kib, "
          "output_limit_kib, sandbox_method, judge_version, owner_pid, owner_host, owner_boot_id, owner_start_ticks, "
          "tests_total) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, "
          "$20) RETURNING id",
          StartParams(nj, owner), "starting a judging"));
      return r.row(0).Int(0);
    });
  }

  Status AddTestResult(int64_t judging_id, const TestResult& t) override {
    JUDGE_RETURN_IF_ERROR(CheckTestResult(judging_id, t));
    return pool_->Transaction([&](PgConn& c) -> Status {
      JUDGE_ASSIGN_OR_RETURN(Judging j, PgLockJudging(c, judging_id));
      JUDGE_RETURN_IF_ERROR(CheckRunning(judging_id, j.status, "add a test to"));
      JUDGE_ASSIGN_OR_RETURN(PgResult n, c.Exec("SELECT count(*) FROM tests WHERE judging_id = $1",
                                                {PgParam::Int(judging_id)}, "counting tests"));
      return c.Exec("INSERT INTO tests (judging_id, " JUDGE_TEST_COLUMNS ", verdict_code) VALUES ($1, $2, $3, $4, $5, "
                    "$6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)",
                    TestParams(judging_id, n.row(0).Int(0), t), "storing test '" + t.name + "'")
          .status();
    });
  }

  Status FinishJudging(int64_t judging_id, const Judging& o) override {
    return pool_->Transaction([&](PgConn& c) -> Status {
      JUDGE_ASSIGN_OR_RETURN(Judging j, PgLockJudging(c, judging_id));
      JUDGE_RETURN_IF_ERROR(CheckRunning(judging_id, j.status, "finish"));
      return c.Exec("UPDATE judgings SET status = $2, status_name = $3, finished_unix_ms = $4, verdict = $5, "
                    "verdict_code = $6, score = $7, time_ms = $8, memory_kib = $9, compile_log = $10, message = $11, "
                    "max_time_ms = $12, max_score = $13, tests_total = $14 WHERE id = $1",
                    FinishParams(judging_id, o), "finishing judging " + std::to_string(judging_id))
          .status();
    });
  }

  Status MarkIncomplete(int64_t judging_id, std::string_view reason) override {
    return pool_->Transaction([&](PgConn& c) -> Status {
      JUDGE_ASSIGN_OR_RETURN(Judging j, PgLockJudging(c, judging_id));
      if (j.status == JudgingStatus::kDone) return CheckRunning(judging_id, j.status, "mark incomplete");
      return PgSetJudgingIncomplete(c, judging_id, reason);
    });
  }

  Result<std::vector<int64_t>> ReapAbandonedJudgings() override {
    std::vector<int64_t> ids;
    JUDGE_RETURN_IF_ERROR(pool_->Transaction([&](PgConn& c) -> Status {
      ids.clear();
      JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec("SELECT " JUDGE_JUDGING_COLUMNS " FROM judgings WHERE status = 0 "
                                                "ORDER BY id FOR UPDATE", {}, "listing running judgings"));
      for (int i = 0; i < r.rows(); ++i) {
        Judging j = ReadJudgingRow(r.row(i));
        if (OwnerIsAlive(j.owner)) continue;
        JUDGE_RETURN_IF_ERROR(PgSetJudgingIncomplete(c, j.id, AbandonedMessage(j.owner)));
        ids.push_back(j.id);
      }
      return Status::Ok();
    }));
    return ids;
  }

  Result<std::vector<HistoryEntry>> ListHistory(const HistoryFilter& filter) override {
    std::vector<HistoryEntry> out;
    JUDGE_RETURN_IF_ERROR(pool_->Transaction([&](PgConn& c) -> Status {
      out.clear();
      JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec(
          "SELECT " JUDGE_SUBMISSION_COLUMNS_NO_SOURCE " FROM submissions WHERE ($1 = '' OR problem_id = $1) "
          "ORDER BY id DESC LIMIT $2",
          {PgParam::Text(filter.problem_id), filter.limit > 0 ? PgParam::Int(filter.limit) : PgParam::Null()},
          "listing submissions"));
      for (int i = 0; i < r.rows(); ++i) {
        HistoryEntry e;
        e.submission = ReadSubmissionRow(r.row(i));
        JUDGE_RETURN_IF_ERROR(PgAddLatestJudging(c, e.submission.id, &e.judging_count, &e.latest));
        out.push_back(std::move(e));
      }
      return Status::Ok();
    }));
    return out;
  }

  Result<Submission> GetSubmission(int64_t submission_id) override {
    return pool_->TransactionValue<Submission>([&](PgConn& c) -> Result<Submission> {
      JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec(
          "SELECT " JUDGE_SUBMISSION_COLUMNS_NO_SOURCE ", " JUDGE_SUBMISSION_SOURCE_SQL
          " FROM submissions WHERE id = $1",
          {PgParam::Int(submission_id)}, "reading a submission"));
      if (r.rows() == 0) return NoSubmission(submission_id);
      Submission out = ReadSubmissionRow(r.row(0));
      out.source = r.row(0).Bytes(8);
      return out;
    });
  }

  Result<Judging> GetJudging(int64_t judging_id) override {
    return pool_->TransactionValue<Judging>([&](PgConn& c) { return LoadWithTests(c, judging_id); });
  }

  Result<std::vector<Judging>> ListJudgings(int64_t submission_id) override {
    std::vector<Judging> out;
    JUDGE_RETURN_IF_ERROR(pool_->Transaction([&](PgConn& c) -> Status {
      out.clear();
      JUDGE_RETURN_IF_ERROR(RequireSubmission(c, submission_id));
      JUDGE_ASSIGN_OR_RETURN(PgResult r, c.Exec("SELECT id FROM judgings WHERE submission_id = $1 ORDER BY id",
                                                {PgParam::Int(submission_id)}, "listing judgings"));
      for (int i = 0; i < r.rows(); ++i) {
        JUDGE_ASSIGN_OR_RETURN(Judging j, LoadWithTests(c, r.row(i).Int(0)));
        out.push_back(std::move(j));
      }
      return Status::Ok();
    }));
    return out;
  }

 private:
  std::shared_ptr<PgPool> pool_;
};

}  // namespace

std::unique_ptr<Store> NewPgStore(std::shared_ptr<PgPool> pool) { return std::make_unique<PgStore>(std::move(pool)); }

}  // namespace judge::store_internal
