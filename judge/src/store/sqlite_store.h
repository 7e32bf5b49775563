// The SQLite Store. OpenStore (judge/store/store.h) uses the judge's schema; tests open
// with their own migration list to exercise the migration runner on older files.
#ifndef JUDGE_SRC_STORE_SQLITE_STORE_H_
#define JUDGE_SRC_STORE_SQLITE_STORE_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "judge/store/store.h"
#include "schema.h"
#include "record_rows.h"
#include "sqlite_db.h"

namespace judge::store_internal {

// Statement-level helpers the store and the queue (sqlite_queue.cc) share, so a row
// is written and read one way. Call them inside a Db transaction.
Submission ReadSubmissionColumns(const Query& q);  // JUDGE_SUBMISSION_COLUMNS_NO_SOURCE
// Inserts a submission already checked by PreparedSubmission; returns its id.
Result<int64_t> InsertSubmission(Db& db, const Submission& prepared);
// The judging row as stored (status not adjusted), without tests.
Result<Judging> LoadJudgingRow(Db& db, int64_t judging_id);
// The number of judgings of a submission and the newest one (without tests, its
// status as readers see it: incomplete when its owner is gone).
Status LoadLatestJudging(Db& db, int64_t submission_id, int64_t* count, std::optional<Judging>* latest);
// Status incomplete, finished now, message = reason.
Status SetJudgingIncomplete(Db& db, int64_t judging_id, std::string_view reason);

// As OpenStore, with migrations instead of SchemaMigrations(). The store's own
// queries assume the judge's schema: a store opened with a list that lacks it is
// only good for checking what migration did.
Result<std::unique_ptr<Store>> OpenStoreWithMigrations(const std::string& path,
                                                       const std::vector<Migration>& migrations);

}  // namespace judge::store_internal

#endif  // JUDGE_SRC_STORE_SQLITE_STORE_H_
