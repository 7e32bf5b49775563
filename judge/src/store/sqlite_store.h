// The SQLite Store. OpenStore (judge/store.h) uses the judge's schema; tests open
// with their own migration list to exercise the migration runner on older files.
#ifndef JUDGE_SRC_STORE_SQLITE_STORE_H_
#define JUDGE_SRC_STORE_SQLITE_STORE_H_

#include <memory>
#include <string>
#include <vector>

#include "judge/store.h"
#include "schema.h"

namespace judge::store_internal {

// As OpenStore, with migrations instead of SchemaMigrations(). The store's own
// queries assume the judge's schema: a store opened with a list that lacks it is
// only good for checking what migration did.
Result<std::unique_ptr<Store>> OpenStoreWithMigrations(const std::string& path,
                                                       const std::vector<Migration>& migrations);

}  // namespace judge::store_internal

#endif  // JUDGE_SRC_STORE_SQLITE_STORE_H_
