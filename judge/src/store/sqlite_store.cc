// The SQLite Store.
//
// Theory of operation. One database file holds every submission, judging and test
// result (schema.cc). The connection runs in WAL mode, so readers never block the
// writer and a writer's commit is one append to the -wal file; synchronous=NORMAL
// makes every commit survive the death of the process (SIGKILL) though not a power
// cut, which is the failure the judge must tolerate cheaply: a test result is
// committed as soon as it is produced. Each write is one short BEGIN IMMEDIATE
// transaction; several processes writing at once queue on SQLite's write lock
// (busy timeout, then Db::Transaction's own retries), so none loses a write.
// A judging whose process died stays "running" in the file; readers compare its
// recorded owner with the live processes (OwnerIsAlive) and report it incomplete.
//
// Opening never destroys anything: the file is created only when absent, its
// identity (application_id, user_version) is read before anything is written, and a
// file that is not SQLite, belongs to another program or comes from a newer judge is
// refused untouched. Migrations run in one transaction.
#include "sqlite_store.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <thread>

#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "record_rows.h"
#include "sqlite_db.h"
#include "store_rules.h"

namespace judge::store_internal {
Submission ReadSubmissionColumns(const Query& q) { return ReadSubmissionRow(q); }

// The bytes go to `sources` once per SHA-256 (source_sha256 is checked against them
// before: PreparedSubmission); the submission's own `source` stays empty.
Result<int64_t> InsertSubmission(Db& db, const Submission& s) {
  JUDGE_ASSIGN_OR_RETURN(auto src, db.Prepare(
      "INSERT INTO sources (sha256, source) VALUES (?1, ?2) ON CONFLICT (sha256) DO NOTHING"));
  src->BindText(1, s.source_sha256).BindBlob(2, s.source);
  JUDGE_RETURN_IF_ERROR(src->Run("storing a submission's source"));
  JUDGE_ASSIGN_OR_RETURN(auto q, db.Prepare(
      "INSERT INTO submissions (problem_id, package_hash, file_name, source, "
      "source_sha256, language_id, compiler_version, created_unix_ms, source_bytes) "
      "VALUES (?1, ?2, ?3, X'', ?4, ?5, ?6, ?7, ?8)"));
  q->BindText(1, s.problem_id).BindText(2, s.package_hash).BindText(3, s.file_name);
  q->BindText(4, s.source_sha256).BindText(5, s.language_id);
  q->BindText(6, s.compiler_version).Bind(7, s.created_unix_ms).Bind(8, static_cast<int64_t>(s.source.size()));
  JUDGE_RETURN_IF_ERROR(q->Run("storing a submission"));
  return db.LastInsertRowId();
}

Result<Judging> LoadJudgingRow(Db& db, int64_t judging_id) {
  JUDGE_ASSIGN_OR_RETURN(auto q, db.Lookup("SELECT " JUDGE_JUDGING_COLUMNS " FROM judgings WHERE id = ?1",
                                           judging_id, "reading a judging"));
  if (!q) return NoJudging(judging_id);
  return ReadJudgingRow(*q);
}

Status LoadLatestJudging(Db& db, int64_t submission_id, int64_t* count, std::optional<Judging>* latest) {
  JUDGE_ASSIGN_OR_RETURN(auto c, db.Lookup("SELECT count(*), max(id) FROM judgings WHERE submission_id = ?1",
                                           submission_id, "counting judgings"));
  *count = c->Int(0);
  latest->reset();
  if (*count == 0) return Status::Ok();
  const int64_t latest_id = c->Int(1);
  c.reset();
  JUDGE_ASSIGN_OR_RETURN(Judging j, LoadJudgingRow(db, latest_id));
  j.status = EffectiveStatus(j.status, j.owner);
  *latest = std::move(j);
  return Status::Ok();
}

Status SetJudgingIncomplete(Db& db, int64_t judging_id, std::string_view reason) {
  JUDGE_ASSIGN_OR_RETURN(auto q, db.Prepare(
      "UPDATE judgings SET status = ?2, status_name = ?3, finished_unix_ms = ?4, "
      "message = ?5 WHERE id = ?1"));
  q->Bind(1, judging_id)
      .Bind(2, int64_t{static_cast<int>(JudgingStatus::kIncomplete)})
      .BindText(3, JudgingStatusName(JudgingStatus::kIncomplete))
      .Bind(4, NowUnixMs())
      .BindText(5, reason);
  return q->Run("marking judging " + std::to_string(judging_id) + " incomplete");
}

namespace {

class SqliteStore final : public Store {
 public:
  explicit SqliteStore(std::unique_ptr<Db> db) : db_(std::move(db)) {}

  Result<int64_t> AddSubmission(const Submission& submission) override {
    JUDGE_ASSIGN_OR_RETURN(Submission s, PreparedSubmission(submission));
    std::lock_guard<std::mutex> lock(mu_);
    return db_->TransactionValue<int64_t>(true, [&] { return InsertSubmission(*db_, s); });
  }

  Result<int64_t> StartJudging(const Judging& nj) override {
    const JudgingOwner owner = PreparedOwner(nj.owner);
    std::lock_guard<std::mutex> lock(mu_);
    return db_->TransactionValue<int64_t>(true, [&]() -> Result<int64_t> {
      JUDGE_RETURN_IF_ERROR(RequireSubmission(nj.submission_id));
      JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
          "INSERT INTO judgings (submission_id, status, status_name, started_unix_ms, "
          "plugin_id, plugin_version, plugin_hash, checker, time_limit_ms, "
          "total_time_limit_ms, wall_limit_ms, memory_limit_kib, output_limit_kib, "
          "sandbox_method, judge_version, owner_pid, owner_host, owner_boot_id, "
          "owner_start_ticks, tests_total) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, "
          "?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)"));
      q->BindAll(nj.submission_id, JudgingStatus::kRunning, JudgingStatusName(JudgingStatus::kRunning),
                 NowUnixMs(), nj.plugin_id, nj.plugin_version, nj.plugin_hash, nj.checker, nj.limits.time_ms,
                 nj.limits.total_time_ms, nj.limits.wall_ms, nj.limits.memory_kib, nj.limits.output_kib,
                 nj.sandbox_method, nj.judge_version, owner.pid, owner.host, owner.boot_id, owner.start_ticks,
                 nj.tests_total);
      JUDGE_RETURN_IF_ERROR(q->Run("starting a judging"));
      return db_->LastInsertRowId();
    });
  }

  Status AddTestResult(int64_t judging_id, const TestResult& t) override {
    JUDGE_RETURN_IF_ERROR(CheckTestResult(judging_id, t));
    std::lock_guard<std::mutex> lock(mu_);
    return db_->Transaction(true, [&]() -> Status {
      JUDGE_ASSIGN_OR_RETURN(Judging j, LoadJudgingRow(*db_, judging_id));
      JUDGE_RETURN_IF_ERROR(CheckRunning(judging_id, j.status, "add a test to"));
      JUDGE_ASSIGN_OR_RETURN(auto count, db_->Prepare(
          "SELECT count(*) FROM tests WHERE judging_id = ?1"));
      count->Bind(1, judging_id);
      JUDGE_RETURN_IF_ERROR(count->Step("counting tests").status());
      const int64_t ordinal = count->Int(0);
      JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
          "INSERT INTO tests (judging_id, " JUDGE_TEST_COLUMNS ", verdict_code) VALUES "
          "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)"));
      q->BindAll(judging_id, ordinal, t.name, t.group, t.verdict, t.score, t.cpu_ms, t.wall_ms, t.memory_kib,
                 t.exit_code, t.signal, t.message, t.output_sha256, t.time_method, t.memory_method, t.output_bytes,
                 t.stderr_tail, VerdictCode(t.verdict));
      return q->Run("storing test '" + t.name + "'");
    });
  }

  Status FinishJudging(int64_t judging_id, const Judging& o) override {
    std::lock_guard<std::mutex> lock(mu_);
    return db_->Transaction(true, [&]() -> Status {
      JUDGE_ASSIGN_OR_RETURN(Judging j, LoadJudgingRow(*db_, judging_id));
      JUDGE_RETURN_IF_ERROR(CheckRunning(judging_id, j.status, "finish"));
      JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
          "UPDATE judgings SET status = ?2, status_name = ?3, finished_unix_ms = ?4, "
          "verdict = ?5, verdict_code = ?6, score = ?7, time_ms = ?8, memory_kib = ?9, "
          "compile_log = ?10, message = ?11, max_time_ms = ?12, max_score = ?13, "
          "tests_total = ?14 WHERE id = ?1"));
      const Verdict verdict = o.verdict.value_or(Verdict::kJudgeError);
      q->BindAll(judging_id, JudgingStatus::kDone, JudgingStatusName(JudgingStatus::kDone), NowUnixMs(), verdict,
                 VerdictCode(verdict), o.score, o.total_time_ms, o.memory_kib, o.compile_log, o.message,
                 o.max_time_ms, o.max_score, o.tests_total);
      return q->Run("finishing judging " + std::to_string(judging_id));
    });
  }

  Status MarkIncomplete(int64_t judging_id, std::string_view reason) override {
    std::lock_guard<std::mutex> lock(mu_);
    return db_->Transaction(true, [&]() -> Status {
      JUDGE_ASSIGN_OR_RETURN(Judging j, LoadJudgingRow(*db_, judging_id));
      if (j.status == JudgingStatus::kDone) {
        return CheckRunning(judging_id, j.status, "mark incomplete");
      }
      return SetJudgingIncomplete(*db_, judging_id, reason);
    });
  }

  Result<std::vector<int64_t>> ReapAbandonedJudgings() override {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<int64_t> ids;
    JUDGE_RETURN_IF_ERROR(db_->Transaction(true, [&]() -> Status {
      ids.clear();
      JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
          "SELECT " JUDGE_JUDGING_COLUMNS " FROM judgings WHERE status = 0 ORDER BY id"));
      std::vector<Judging> running;
      JUDGE_RETURN_IF_ERROR(q->ForEachRow("listing running judgings",
                                          [&](Query& r) { running.push_back(ReadJudgingRow(r)); }));
      q.reset();
      for (const Judging& j : running) {
        if (OwnerIsAlive(j.owner)) continue;
        JUDGE_RETURN_IF_ERROR(SetJudgingIncomplete(*db_, j.id, AbandonedMessage(j.owner)));
        ids.push_back(j.id);
      }
      return Status::Ok();
    }));
    return ids;
  }

  Result<std::vector<HistoryEntry>> ListHistory(const HistoryFilter& filter) override {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<HistoryEntry> out;
    JUDGE_RETURN_IF_ERROR(db_->Transaction(false, [&]() -> Status {
      out.clear();
      JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
          "SELECT " JUDGE_SUBMISSION_COLUMNS_NO_SOURCE " FROM submissions "
          "WHERE (?1 = '' OR problem_id = ?1) ORDER BY id DESC LIMIT ?2"));
      q->BindText(1, filter.problem_id).Bind(2, filter.limit > 0 ? filter.limit : int64_t{-1});
      JUDGE_RETURN_IF_ERROR(q->ForEachRow("listing submissions", [&](Query& r) {
        out.emplace_back();
        out.back().submission = ReadSubmissionRow(r);
      }));
      q.reset();
      for (HistoryEntry& e : out) {
        JUDGE_RETURN_IF_ERROR(LoadLatestJudging(*db_, e.submission.id, &e.judging_count, &e.latest));
      }
      return Status::Ok();
    }));
    return out;
  }

  Result<Submission> GetSubmission(int64_t submission_id) override {
    std::lock_guard<std::mutex> lock(mu_);
    return db_->TransactionValue<Submission>(false, [&]() -> Result<Submission> {
      JUDGE_ASSIGN_OR_RETURN(auto q, db_->Lookup(
          "SELECT " JUDGE_SUBMISSION_COLUMNS_NO_SOURCE ", " JUDGE_SUBMISSION_SOURCE_SQL
          " FROM submissions WHERE id = ?1",
          submission_id, "reading a submission"));
      if (!q) return NoSubmission(submission_id);
      Submission out = ReadSubmissionRow(*q);
      out.source = q->Text(8);
      return out;
    });
  }

  Result<Judging> GetJudging(int64_t judging_id) override {
    std::lock_guard<std::mutex> lock(mu_);
    JUDGE_ASSIGN_OR_RETURN(Judging out, db_->TransactionValue<Judging>(
                                            false, [&] { return LoadJudgingWithTests(judging_id); }));
    out.status = EffectiveStatus(out.status, out.owner);
    return out;
  }

  Result<std::vector<Judging>> ListJudgings(int64_t submission_id) override {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<Judging> out;
    JUDGE_RETURN_IF_ERROR(db_->Transaction(false, [&]() -> Status {
      out.clear();
      JUDGE_RETURN_IF_ERROR(RequireSubmission(submission_id));
      JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
          "SELECT id FROM judgings WHERE submission_id = ?1 ORDER BY id"));
      q->Bind(1, submission_id);
      std::vector<int64_t> ids;
      JUDGE_RETURN_IF_ERROR(q->ForEachRow("listing judgings", [&](Query& r) { ids.push_back(r.Int(0)); }));
      q.reset();
      for (int64_t id : ids) {
        JUDGE_ASSIGN_OR_RETURN(Judging j, LoadJudgingWithTests(id));
        out.push_back(std::move(j));
      }
      return Status::Ok();
    }));
    for (Judging& j : out) j.status = EffectiveStatus(j.status, j.owner);
    return out;
  }

 private:
  // The helpers below run inside a transaction, with mu_ held.

  Status RequireSubmission(int64_t submission_id) {
    JUDGE_ASSIGN_OR_RETURN(auto q, db_->Lookup("SELECT 1 FROM submissions WHERE id = ?1", submission_id,
                                               "looking up a submission"));
    return q ? Status::Ok() : NoSubmission(submission_id);
  }

  Result<Judging> LoadJudgingWithTests(int64_t judging_id) {
    JUDGE_ASSIGN_OR_RETURN(Judging j, LoadJudgingRow(*db_, judging_id));
    JUDGE_ASSIGN_OR_RETURN(auto q, db_->Prepare(
        "SELECT " JUDGE_TEST_COLUMNS " FROM tests WHERE judging_id = ?1 ORDER BY ordinal"));
    q->Bind(1, judging_id);
    JUDGE_RETURN_IF_ERROR(q->ForEachRow("reading test results", [&](Query& r) { j.tests.push_back(ReadTestRow(r)); }));
    return j;
  }

  std::mutex mu_;
  std::unique_ptr<Db> db_;
};

// Refuses, with one line, a path the judge could not write: SQLite would otherwise
// open the file read-only without a word, or fail later creating its -wal file.
Status CheckWritablePath(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path file(path);
  fs::path dir = file.parent_path();
  if (dir.empty()) dir = ".";
  if (fs::is_directory(file, ec)) {
    return Status::InvalidArgument(path + ": is a directory, expected a database file");
  }
  if (!fs::exists(dir, ec)) {
    fs::create_directories(dir, ec);
    if (ec) {
      return Status::IoError(path + ": cannot create the database directory '" + dir.string() +
                             "': " + ec.message());
    }
  }
  const bool exists = fs::exists(file, ec);
  if (exists && access(path.c_str(), R_OK | W_OK) != 0) {
    return Status::IoError(path + ": database is on a read-only path: the file is not writable (" +
                           ErrnoText(errno) + ")");
  }
  struct stat dst;
  if (::stat(dir.c_str(), &dst) == 0 && !S_ISDIR(dst.st_mode))
    return Status::InvalidArgument(path + ": expected a directory at '" + dir.string() + "', found a " +
                                   std::string(judge::fs::FileKindName(dst.st_mode)));
  if (access(dir.c_str(), W_OK | X_OK) != 0) {
    return Status::IoError(path + ": database is on a read-only path: directory '" +
                           dir.string() + "' is not writable (" + ErrnoText(errno) +
                           "); SQLite keeps its journal files beside the database");
  }
  return Status::Ok();
}

Status EnableWal(Db& db) {
  // Switching to WAL takes a lock another opener may hold for a moment.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (true) {
    JUDGE_ASSIGN_OR_RETURN(auto q, db.Prepare("PRAGMA journal_mode = WAL"));
    Result<bool> row = q->Step("switching to WAL mode");
    if (row.ok()) {
      std::string mode = *row ? q->Text(0) : "";
      if (mode != "wal") {
        return Status::IoError(db.path() + ": cannot use WAL mode (journal mode is '" + mode +
                               "')");
      }
      return Status::Ok();
    }
    if (!db.last_error_busy() || std::chrono::steady_clock::now() >= deadline) {
      return row.status();
    }
    q.reset();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace

Result<std::unique_ptr<Store>> OpenStoreWithMigrations(const std::string& path,
                                                       const std::vector<Migration>& migrations) {
  if (path.empty()) return Status::InvalidArgument("database path is empty");
  JUDGE_RETURN_IF_ERROR(CheckWritablePath(path));
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<Db> db, Db::Open(path));
  const int32_t latest = migrations.empty() ? 0 : migrations.back().version;
  // Identity first, before any statement that writes; in one read transaction so
  // a migration committed by another process meanwhile is seen whole or not at all.
  JUDGE_RETURN_IF_ERROR(db->Transaction(/*write=*/false, [&]() -> Status {
    JUDGE_ASSIGN_OR_RETURN(FileIdentity identity, ReadIdentity(*db));
    return CheckIdentity(path, identity, latest);
  }));
  if (db->IsReadOnly()) {
    return Status::IoError(path + ": database is on a read-only path: SQLite opened it read-only");
  }
  JUDGE_RETURN_IF_ERROR(EnableWal(*db));
  JUDGE_RETURN_IF_ERROR(db->Exec("PRAGMA foreign_keys = ON", "enabling foreign keys"));
  JUDGE_RETURN_IF_ERROR(db->Exec("PRAGMA synchronous = NORMAL", "setting synchronous mode"));
  JUDGE_RETURN_IF_ERROR(RunMigrations(*db, migrations));
  return std::unique_ptr<Store>(new SqliteStore(std::move(db)));
}

}  // namespace judge::store_internal

namespace judge {

Result<std::unique_ptr<Store>> OpenStore(const std::string& path) {
  return store_internal::OpenStoreWithMigrations(path, store_internal::SchemaMigrations());
}

}  // namespace judge
