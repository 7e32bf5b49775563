#include "schema.h"

#include <cstdio>

namespace judge::store_internal {

namespace {

constexpr const char* kSchemaVersion1 = R"sql(
CREATE TABLE submissions (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  problem_id       TEXT    NOT NULL,
  package_hash     TEXT    NOT NULL,
  file_name        TEXT    NOT NULL,
  source           BLOB    NOT NULL,
  source_sha256    TEXT    NOT NULL,
  language_id      TEXT    NOT NULL,
  compiler_version TEXT    NOT NULL,
  created_unix_ms  INTEGER NOT NULL
);
CREATE INDEX submissions_by_problem ON submissions (problem_id, id);

CREATE TABLE judgings (
  id                  INTEGER PRIMARY KEY AUTOINCREMENT,
  submission_id       INTEGER NOT NULL REFERENCES submissions (id),
  status              INTEGER NOT NULL,
  status_name         TEXT    NOT NULL,
  started_unix_ms     INTEGER NOT NULL,
  finished_unix_ms    INTEGER NOT NULL DEFAULT 0,
  verdict             INTEGER,
  verdict_code        TEXT,
  score               REAL    NOT NULL DEFAULT 0,
  time_ms             INTEGER NOT NULL DEFAULT 0,
  memory_kib          INTEGER NOT NULL DEFAULT 0,
  compile_log         TEXT    NOT NULL DEFAULT '',
  message             TEXT    NOT NULL DEFAULT '',
  plugin_id           TEXT    NOT NULL,
  plugin_version      TEXT    NOT NULL,
  plugin_hash         TEXT    NOT NULL,
  checker             TEXT    NOT NULL,
  time_limit_ms       INTEGER NOT NULL,
  total_time_limit_ms INTEGER,
  wall_limit_ms       INTEGER NOT NULL,
  memory_limit_kib    INTEGER NOT NULL,
  output_limit_kib    INTEGER NOT NULL,
  sandbox_method      TEXT    NOT NULL,
  judge_version       TEXT    NOT NULL,
  owner_pid           INTEGER NOT NULL,
  owner_host          TEXT    NOT NULL,
  owner_boot_id       TEXT    NOT NULL,
  owner_start_ticks   INTEGER NOT NULL
);
CREATE INDEX judgings_by_submission ON judgings (submission_id, id);
CREATE INDEX judgings_running ON judgings (id) WHERE status = 0;

CREATE TABLE tests (
  judging_id    INTEGER NOT NULL REFERENCES judgings (id),
  ordinal       INTEGER NOT NULL,
  name          TEXT    NOT NULL,
  group_name    TEXT    NOT NULL,
  verdict       INTEGER NOT NULL,
  verdict_code  TEXT    NOT NULL,
  score         REAL    NOT NULL,
  cpu_ms        INTEGER NOT NULL,
  wall_ms       INTEGER NOT NULL,
  memory_kib    INTEGER NOT NULL,
  exit_code     INTEGER NOT NULL,
  signal        INTEGER NOT NULL,
  message       TEXT    NOT NULL,
  output_sha256 TEXT    NOT NULL,
  time_method   TEXT    NOT NULL,
  memory_method TEXT    NOT NULL,
  PRIMARY KEY (judging_id, ordinal)
);
)sql";

// 2: the one result model (judge/config/records.h): a judging's largest test CPU time,
// its maximum score and the package's test count; a test's output size. time_ms
// keeps its meaning (the total CPU time); old judgings get their largest test
// time from their stored tests.
constexpr const char* kSchemaVersion2 = R"sql(
ALTER TABLE judgings ADD COLUMN max_time_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE judgings ADD COLUMN max_score   REAL    NOT NULL DEFAULT 1;
ALTER TABLE judgings ADD COLUMN tests_total INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tests    ADD COLUMN output_bytes INTEGER NOT NULL DEFAULT 0;
UPDATE judgings SET max_time_ms =
  coalesce((SELECT max(cpu_ms) FROM tests WHERE tests.judging_id = judgings.id), 0);
)sql";

// 3: the service's queue (judge/store/job_queue.h): one row per submission handed to
// `judge serve`, its state and the claim a worker holds on it. Submissions
// graded from the command line have no row.
constexpr const char* kSchemaVersion3 = R"sql(
CREATE TABLE queue (
  submission_id       INTEGER PRIMARY KEY REFERENCES submissions (id),
  state               INTEGER NOT NULL,
  state_name          TEXT    NOT NULL,
  problem_id          TEXT    NOT NULL,
  language_id         TEXT    NOT NULL,
  submitter           TEXT    NOT NULL,
  enqueued_unix_ms    INTEGER NOT NULL,
  attempts            INTEGER NOT NULL DEFAULT 0,
  claim_token         TEXT    NOT NULL DEFAULT '',
  lease_until_unix_ms INTEGER NOT NULL DEFAULT 0,
  worker              TEXT    NOT NULL DEFAULT '',
  owner_pid           INTEGER NOT NULL DEFAULT 0,
  owner_host          TEXT    NOT NULL DEFAULT '',
  owner_boot_id       TEXT    NOT NULL DEFAULT '',
  owner_start_ticks   INTEGER NOT NULL DEFAULT 0,
  judging_id          INTEGER REFERENCES judgings (id),
  message             TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX queue_waiting ON queue (enqueued_unix_ms, submission_id) WHERE state IN (0, 1);
CREATE INDEX queue_by_submitter ON queue (submitter, submission_id);
)sql";

// 4: why a run failed: the last 2 KiB of its stderr (shown to admins and problem
// setters, never to contestants for secret tests).
constexpr const char* kSchemaVersion4 = R"sql(
ALTER TABLE tests ADD COLUMN stderr_tail TEXT NOT NULL DEFAULT '';
)sql";

// 5: fair order between submitters (judge/store/job_queue.h). served_seq grows with every
// claim (SQLite: a counter; PostgreSQL: the database's clock in microseconds, so that
// concurrent claims need not read one another's); the next claim goes to the
// submitter with the smallest, one never served (no row) first. The partial index
// counts a submitter's waiting submissions for the per-submitter cap.
constexpr const char* kSchemaVersion5 = R"sql(
CREATE TABLE queue_submitters (
  submitter  TEXT    PRIMARY KEY,
  served_seq INTEGER NOT NULL
);
CREATE INDEX queue_waiting_by_submitter ON queue (submitter) WHERE state IN (0, 1);
)sql";

// 6: sources stored once (content-addressed): a submission's bytes go to `sources`
// under their SHA-256, and its own `source` is empty; rows stored before keep their
// bytes where they are. `source_bytes` is a submission's size wherever its bytes
// live, for the service's storage quota per submitter.
constexpr const char* kSchemaVersion6 = R"sql(
CREATE TABLE sources (
  sha256 TEXT PRIMARY KEY,
  source BLOB NOT NULL
);
ALTER TABLE submissions ADD COLUMN source_bytes INTEGER NOT NULL DEFAULT 0;
UPDATE submissions SET source_bytes = length(source);
)sql";

}  // namespace

const std::vector<Migration>& SchemaMigrations() {
  static const std::vector<Migration> kMigrations = {
      {1, kSchemaVersion1}, {2, kSchemaVersion2}, {3, kSchemaVersion3}, {4, kSchemaVersion4},
      {5, kSchemaVersion5}, {6, kSchemaVersion6}};
  return kMigrations;
}

Result<FileIdentity> ReadIdentity(Db& db) {
  FileIdentity id;
  // The first read of the file: a file that is not SQLite fails here, before any
  // statement that could write to it.
  JUDGE_RETURN_IF_ERROR(db.ReadHeaderInt("PRAGMA application_id", &id.application_id));
  JUDGE_RETURN_IF_ERROR(db.ReadHeaderInt("PRAGMA user_version", &id.user_version));
  JUDGE_ASSIGN_OR_RETURN(auto q, db.Prepare(
      "SELECT count(*), max(name) FROM sqlite_master WHERE type = 'table' "
      "AND name NOT LIKE 'sqlite_%'"));
  JUDGE_ASSIGN_OR_RETURN(bool row, q->Step("listing tables"));
  if (row) {
    id.table_count = q->Int(0);
    id.some_table = q->Text(1);
  }
  return id;
}

Status CheckIdentity(const std::string& path, const FileIdentity& id, int32_t latest_version) {
  if (id.application_id != 0 && id.application_id != kApplicationId) {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "0x%08x", static_cast<unsigned>(id.application_id));
    return Status::Corrupt(path + ": not a judge database: SQLite application id " + buf +
                           " belongs to another program (the judge's is 0x4a444745)");
  }
  if (id.application_id == 0 && (id.user_version != 0 || id.table_count != 0)) {
    return Status::Corrupt(path + ": not a judge database: it holds another program's tables (" +
                           (id.some_table.empty() ? "schema version " +
                                                        std::to_string(id.user_version)
                                                  : "e.g. '" + id.some_table + "'") +
                           ") and no judge schema");
  }
  if (id.user_version > latest_version) {
    return Status::Unsupported(path + ": database schema version " +
                               std::to_string(id.user_version) +
                               " is newer than this judge supports (" +
                               std::to_string(latest_version) + "); use a newer judge");
  }
  return Status::Ok();
}

Status RunMigrations(Db& db, const std::vector<Migration>& migrations) {
  const int32_t latest = migrations.empty() ? 0 : migrations.back().version;
  return db.Transaction(/*write=*/true, [&]() -> Status {
    // Read again under the write lock: another process may have migrated meanwhile.
    JUDGE_ASSIGN_OR_RETURN(FileIdentity id, ReadIdentity(db));
    JUDGE_RETURN_IF_ERROR(CheckIdentity(db.path(), id, latest));
    if (id.user_version == latest) return Status::Ok();
    for (const Migration& m : migrations) {
      if (m.version <= id.user_version) continue;
      JUDGE_RETURN_IF_ERROR(
          db.Exec(m.sql, "migrating to schema version " + std::to_string(m.version)));
    }
    JUDGE_RETURN_IF_ERROR(
        db.Exec("PRAGMA user_version = " + std::to_string(latest), "recording the schema version"));
    return db.Exec("PRAGMA application_id = " + std::to_string(kApplicationId),
                   "marking the file as the judge's");
  });
}

}  // namespace judge::store_internal
