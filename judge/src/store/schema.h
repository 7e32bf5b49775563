// The database schema as a list of forward migrations, and the runner that applies
// them. The file's schema version is PRAGMA user_version; PRAGMA application_id marks
// the file as the judge's so another program's SQLite file is never "migrated".
//
// Append-only: a released migration is never edited; a change is a new migration
// with the next version. Codes stored in columns (verdict, status) never change
// meaning; new codes and new columns are appended.
#ifndef JUDGE_SRC_STORE_SCHEMA_H_
#define JUDGE_SRC_STORE_SCHEMA_H_

#include <cstdint>
#include <string>
#include <vector>

#include "judge/base/status.h"
#include "sqlite_db.h"

namespace judge::store_internal {

inline constexpr int32_t kApplicationId = 0x4A444745;  // "JDGE"

struct Migration {
  int32_t version;   // 1, 2, ...: the user_version after this step
  std::string sql;   // statements run inside the migration transaction
};

// The judge's schema: version 1 onwards.
const std::vector<Migration>& SchemaMigrations();

// The schema version of the file and whether it is the judge's, read without
// writing anything. A file that is not SQLite gives the Corrupt error
// "<path>: not a judge database: file is not SQLite (file is not a database)".
struct FileIdentity {
  int32_t application_id = 0;
  int32_t user_version = 0;
  int64_t table_count = 0;  // tables of any kind in sqlite_master
  std::string some_table;   // one of them, for messages
};
Result<FileIdentity> ReadIdentity(Db& db);

// OK when the file can be brought to latest_version by migrations: an empty file,
// or a judge file no newer than latest_version. Otherwise the one-line reason.
Status CheckIdentity(const std::string& path, const FileIdentity& id, int32_t latest_version);

// Applies, in one write transaction, every migration whose version is above the
// file's, then records the new version. Nothing changes when any step fails.
Status RunMigrations(Db& db, const std::vector<Migration>& migrations);

}  // namespace judge::store_internal

#endif  // JUDGE_SRC_STORE_SCHEMA_H_
