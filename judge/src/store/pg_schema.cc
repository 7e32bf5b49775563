// The PostgreSQL schema and its migration runner (pg_store.h). The tables are the
// SQLite store's (schema.cc, versions 1-3 there) in PostgreSQL's types; versions
// here count on their own, from 1.
#include "pg_store.h"

namespace judge::store_internal {
namespace {

constexpr int64_t kAdvisoryLock = 0x4A444745;  // "JDGE"

Result<int32_t> CurrentVersion(PgConn& conn) {
  JUDGE_ASSIGN_OR_RETURN(PgResult has, conn.Exec("SELECT to_regclass('judge_schema') IS NOT NULL", {},
                                                 "looking for the judge's schema"));
  if (has.row(0).Text(0) == "t") {
    JUDGE_ASSIGN_OR_RETURN(PgResult v, conn.Exec("SELECT max(version) FROM judge_schema", {}, "reading the schema version"));
    return static_cast<int32_t>(v.row(0).Int(0));
  }
  JUDGE_ASSIGN_OR_RETURN(PgResult other, conn.Exec(
      "SELECT count(*), min(table_name) FROM information_schema.tables "
      "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'", {}, "listing tables"));
  if (other.row(0).Int(0) > 0)
    return Status::Corrupt("not a judge database: it holds another program's tables (e.g. '" + other.row(0).Text(1) +
                           "') and no judge schema");
  return 0;
}

constexpr const char* kPgSchemaVersion1 = R"sql(
CREATE TABLE judge_schema (version INTEGER NOT NULL);
INSERT INTO judge_schema VALUES (0);

CREATE TABLE submissions (
  id               BIGSERIAL PRIMARY KEY,
  problem_id       TEXT   NOT NULL,
  package_hash     TEXT   NOT NULL,
  file_name        TEXT   NOT NULL,
  source           BYTEA  NOT NULL,
  source_sha256    TEXT   NOT NULL,
  language_id      TEXT   NOT NULL,
  compiler_version TEXT   NOT NULL,
  created_unix_ms  BIGINT NOT NULL
);
CREATE INDEX submissions_by_problem ON submissions (problem_id, id);

CREATE TABLE judgings (
  id                  BIGSERIAL PRIMARY KEY,
  submission_id       BIGINT  NOT NULL REFERENCES submissions (id),
  status              INTEGER NOT NULL,
  status_name         TEXT    NOT NULL,
  started_unix_ms     BIGINT  NOT NULL,
  finished_unix_ms    BIGINT  NOT NULL DEFAULT 0,
  verdict             INTEGER,
  verdict_code        TEXT,
  score               DOUBLE PRECISION NOT NULL DEFAULT 0,
  time_ms             BIGINT  NOT NULL DEFAULT 0,
  memory_kib          BIGINT  NOT NULL DEFAULT 0,
  compile_log         TEXT    NOT NULL DEFAULT '',
  message             TEXT    NOT NULL DEFAULT '',
  plugin_id           TEXT    NOT NULL,
  plugin_version      TEXT    NOT NULL,
  plugin_hash         TEXT    NOT NULL,
  checker             TEXT    NOT NULL,
  time_limit_ms       BIGINT  NOT NULL,
  total_time_limit_ms BIGINT,
  wall_limit_ms       BIGINT  NOT NULL,
  memory_limit_kib    BIGINT  NOT NULL,
  output_limit_kib    BIGINT  NOT NULL,
  sandbox_method      TEXT    NOT NULL,
  judge_version       TEXT    NOT NULL,
  owner_pid           BIGINT  NOT NULL,
  owner_host          TEXT    NOT NULL,
  owner_boot_id       TEXT    NOT NULL,
  owner_start_ticks   BIGINT  NOT NULL,
  max_time_ms         BIGINT  NOT NULL DEFAULT 0,
  max_score           DOUBLE PRECISION NOT NULL DEFAULT 1,
  tests_total         BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX judgings_by_submission ON judgings (submission_id, id);
CREATE INDEX judgings_running ON judgings (id) WHERE status = 0;

CREATE TABLE tests (
  judging_id    BIGINT  NOT NULL REFERENCES judgings (id),
  ordinal       INTEGER NOT NULL,
  name          TEXT    NOT NULL,
  group_name    TEXT    NOT NULL,
  verdict       INTEGER NOT NULL,
  verdict_code  TEXT    NOT NULL,
  score         DOUBLE PRECISION NOT NULL,
  cpu_ms        BIGINT  NOT NULL,
  wall_ms       BIGINT  NOT NULL,
  memory_kib    BIGINT  NOT NULL,
  exit_code     INTEGER NOT NULL,
  signal        INTEGER NOT NULL,
  message       TEXT    NOT NULL,
  output_sha256 TEXT    NOT NULL,
  time_method   TEXT    NOT NULL,
  memory_method TEXT    NOT NULL,
  output_bytes  BIGINT  NOT NULL DEFAULT 0,
  PRIMARY KEY (judging_id, ordinal)
);

CREATE TABLE queue (
  submission_id       BIGINT  PRIMARY KEY REFERENCES submissions (id),
  state               INTEGER NOT NULL,
  state_name          TEXT    NOT NULL,
  problem_id          TEXT    NOT NULL,
  language_id         TEXT    NOT NULL,
  submitter           TEXT    NOT NULL,
  enqueued_unix_ms    BIGINT  NOT NULL,
  attempts            BIGINT  NOT NULL DEFAULT 0,
  claim_token         TEXT    NOT NULL DEFAULT '',
  lease_until_unix_ms BIGINT  NOT NULL DEFAULT 0,
  worker              TEXT    NOT NULL DEFAULT '',
  owner_pid           BIGINT  NOT NULL DEFAULT 0,
  owner_host          TEXT    NOT NULL DEFAULT '',
  owner_boot_id       TEXT    NOT NULL DEFAULT '',
  owner_start_ticks   BIGINT  NOT NULL DEFAULT 0,
  judging_id          BIGINT  REFERENCES judgings (id),
  message             TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX queue_waiting ON queue (enqueued_unix_ms, submission_id) WHERE state IN (0, 1);
CREATE INDEX queue_by_submitter ON queue (submitter, submission_id);
)sql";

}  // namespace

const std::vector<PgMigration>& PgSchemaMigrations() {
  static const std::vector<PgMigration> kMigrations = {{1, kPgSchemaVersion1}};
  return kMigrations;
}

Status MigratePg(PgPool& pool, const std::vector<PgMigration>& migrations) {
  const int32_t latest = migrations.empty() ? 0 : migrations.back().version;
  Status st = pool.Transaction([&](PgConn& conn) -> Status {
    JUDGE_RETURN_IF_ERROR(conn.Exec("SELECT pg_advisory_xact_lock($1)", {PgParam::Int(kAdvisoryLock)},
                                    "waiting for other judges' migrations").status());
    JUDGE_ASSIGN_OR_RETURN(int32_t version, CurrentVersion(conn));
    if (version > latest)
      return Status::Unsupported("database schema version " + std::to_string(version) +
                                 " is newer than this judge supports (" + std::to_string(latest) +
                                 "); use a newer judge");
    if (version == latest) return Status::Ok();
    for (const PgMigration& m : migrations) {
      if (m.version <= version) continue;
      JUDGE_RETURN_IF_ERROR(conn.ExecScript(m.sql, "migrating to schema version " + std::to_string(m.version)));
    }
    return conn.Exec("UPDATE judge_schema SET version = $1", {PgParam::Int(latest)}, "recording the schema version")
        .status();
  });
  if (!st.ok() && st.message().rfind(pool.display(), 0) != 0) return st.WithContext(pool.display());
  return st;
}

}  // namespace judge::store_internal
