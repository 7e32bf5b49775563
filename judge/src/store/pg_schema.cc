// The PostgreSQL schema and its migration runner (pg_store.h). The tables and
// their versions are the SQLite store's (schema.cc), translated to PostgreSQL's
// types.
#include <regex>
#include <string>
#include <utility>

#include "pg_store.h"
#include "schema.h"

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

// The SQLite schema's DDL in PostgreSQL's types: every integer 64-bit, an
// autoincrement key a BIGSERIAL, REAL double precision, BLOB bytea. The DDL is
// written once (schema.cc), so the two stores cannot drift apart.
std::string ToPostgres(std::string sql) {
  static const std::pair<std::regex, const char*> kTypes[] = {
      {std::regex(R"(\bINTEGER PRIMARY KEY AUTOINCREMENT\b)"), "BIGSERIAL PRIMARY KEY"},
      {std::regex(R"(\bINTEGER\b)"), "BIGINT "},
      {std::regex(R"(\bREAL\b)"), "DOUBLE PRECISION"},
      {std::regex(R"(\bBLOB\b)"), "BYTEA "},
  };
  for (const auto& [from, to] : kTypes) sql = std::regex_replace(sql, from, to);
  return sql;
}

}  // namespace

const std::vector<PgMigration>& PgSchemaMigrations() {
  static const std::vector<PgMigration> kMigrations = [] {
    std::vector<PgMigration> out;
    for (const Migration& m : SchemaMigrations()) out.push_back({m.version, ToPostgres(m.sql)});
    // PostgreSQL has no user_version: the version lives in a table of its own.
    out.front().sql = "CREATE TABLE judge_schema (version INTEGER NOT NULL);\n"
                      "INSERT INTO judge_schema VALUES (0);\n" + out.front().sql;
    return out;
  }();
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
