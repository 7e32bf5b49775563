// The PostgreSQL side of the store (judge_store; libpq is behind pg_conn.h): the
// Store on a PostgreSQL database, its schema and migrations, and the statement
// helpers the queue (pg_queue.cc) shares with it. Same records, same rules
// (store_rules.h) and the same column layout (record_rows.h) as the SQLite store.
//
// Theory of operation. Every write is one short transaction on a pooled connection.
// A judging's row is locked (SELECT ... FOR UPDATE) by every write that depends on
// its status, so a test result, a finish and a takeover that marks the judging
// incomplete are applied one after the other, each seeing the other's outcome:
// nothing is added to or finishes a judging that was taken over. Leases are measured
// with the database's clock, the one clock every host shares.
#ifndef JUDGE_SRC_STORE_PG_STORE_H_
#define JUDGE_SRC_STORE_PG_STORE_H_

#include <memory>
#include <string>
#include <vector>

#include "judge/store/store.h"
#include "pg_conn.h"

namespace judge::store_internal {

// Milliseconds since the epoch on the database's clock, as an SQL expression.
#define JUDGE_PG_NOW_MS "(extract(epoch from clock_timestamp()) * 1000)::bigint"

struct PgMigration {
  int32_t version;  // the schema version after this step
  std::string sql;
};

// The PostgreSQL schema as forward migrations: SchemaMigrations() (schema.h) in
// PostgreSQL's types, the same versions. Append-only, as there.
const std::vector<PgMigration>& PgSchemaMigrations();

// Brings the database to the last version of `migrations` in one transaction
// (serialized across processes by an advisory lock). Refuses, untouched, a database
// that holds other tables and no judge schema, or one from a newer judge.
Status MigratePg(PgPool& pool, const std::vector<PgMigration>& migrations);

// The Store on the pool (shared with the queue).
std::unique_ptr<Store> NewPgStore(std::shared_ptr<PgPool> pool);

// Statement helpers, inside a transaction.
Result<int64_t> PgInsertSubmission(PgConn& conn, const Submission& prepared);
// The judging row as stored, locked FOR UPDATE, without tests.
Result<Judging> PgLockJudging(PgConn& conn, int64_t judging_id);
Status PgSetJudgingIncomplete(PgConn& conn, int64_t judging_id, std::string_view reason);
// The number of judgings of a submission and the newest (status as readers see it).
Status PgAddLatestJudging(PgConn& conn, int64_t submission_id, int64_t* count, std::optional<Judging>* latest);

}  // namespace judge::store_internal

#endif  // JUDGE_SRC_STORE_PG_STORE_H_
