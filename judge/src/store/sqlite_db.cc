#include "sqlite_db.h"

#include <sys/statvfs.h>

#include <chrono>
#include <thread>

namespace judge::store_internal {

Query::Query(Db& db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

Query::~Query() { sqlite3_reset(stmt_); }

void Query::CheckBind(int rc, int index) {
  if (rc != SQLITE_OK && bind_error_.ok()) {
    bind_error_ = db_.Error(rc, "binding parameter " + std::to_string(index));
  }
}

Query& Query::Bind(int index, int64_t value) {
  CheckBind(sqlite3_bind_int64(stmt_, index, value), index);
  return *this;
}

Query& Query::Bind(int index, double value) {
  CheckBind(sqlite3_bind_double(stmt_, index, value), index);
  return *this;
}

Query& Query::BindText(int index, std::string_view value) {
  CheckBind(sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT,
                                SQLITE_UTF8),
            index);
  return *this;
}

Query& Query::BindBlob(int index, std::string_view value) {
  // A zero-length blob must still be a blob, not NULL: SQLite treats a null pointer
  // as NULL, so point at a valid empty string.
  const char* data = value.empty() ? "" : value.data();
  CheckBind(sqlite3_bind_blob64(stmt_, index, data, value.size(), SQLITE_TRANSIENT), index);
  return *this;
}

Query& Query::BindNull(int index) {
  CheckBind(sqlite3_bind_null(stmt_, index), index);
  return *this;
}

Query& Query::Bind(int index, std::optional<int64_t> value) {
  return value ? Bind(index, *value) : BindNull(index);
}

Result<bool> Query::Step(std::string_view doing) {
  if (!bind_error_.ok()) return bind_error_;
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return db_.Error(rc, doing);
}

Status Query::Run(std::string_view doing) {
  return ForEachRow(doing, [](Query&) {});
}

bool Query::IsNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
int64_t Query::Int(int col) const { return sqlite3_column_int64(stmt_, col); }
double Query::Real(int col) const { return sqlite3_column_double(stmt_, col); }

std::string Query::Text(int col) const {
  const void* p = sqlite3_column_blob(stmt_, col);
  int n = sqlite3_column_bytes(stmt_, col);
  if (p == nullptr || n <= 0) return std::string();
  return std::string(static_cast<const char*>(p), static_cast<size_t>(n));
}

Result<std::unique_ptr<Db>> Db::Open(const std::string& path) {
  sqlite3* handle = nullptr;
  // NOMUTEX: the store serializes calls itself; one connection per Store.
  int rc = sqlite3_open_v2(path.c_str(), &handle,
                           SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                           nullptr);
  if (rc != SQLITE_OK) {
    std::string message = handle ? sqlite3_errmsg(handle) : sqlite3_errstr(rc);
    sqlite3_close_v2(handle);
    return Status::IoError(path + ": cannot open the database: " + message);
  }
  sqlite3_extended_result_codes(handle, 1);
  // Waits inside SQLite for a lock held by another connection; Transaction() retries
  // on top of it for the cases SQLite reports busy without waiting.
  sqlite3_busy_timeout(handle, 5000);
  return std::unique_ptr<Db>(new Db(path, handle));
}

Db::~Db() {
  for (auto& [sql, stmt] : cache_) sqlite3_finalize(stmt);
  sqlite3_close_v2(db_);
}

namespace {

// Whether the file system holding path (or its directory) has no block left for us.
bool DeviceIsFull(const std::string& path) {
  std::string dir = path.find('/') == std::string::npos ? "." : path.substr(0, path.rfind('/'));
  if (dir.empty()) dir = "/";
  struct statvfs vfs;
  return ::statvfs(dir.c_str(), &vfs) == 0 && vfs.f_bavail == 0;
}

}  // namespace

int64_t Db::LastInsertRowId() { return static_cast<int64_t>(sqlite3_last_insert_rowid(db_)); }

int64_t Db::ChangedRows() { return sqlite3_changes(db_); }

bool Db::IsReadOnly() { return sqlite3_db_readonly(db_, "main") == 1; }

Status Db::ReadHeaderInt(const char* sql, int32_t* out) {
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr);
  if (rc == SQLITE_OK) {
    rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
      *out = sqlite3_column_int(stmt, 0);
      rc = SQLITE_OK;
    }
  }
  sqlite3_finalize(stmt);
  if (rc == SQLITE_OK || rc == SQLITE_DONE) return Status::Ok();
  if ((rc & 0xff) == SQLITE_NOTADB) {
    return Status::Corrupt(path_ + ": not a judge database: file is not SQLite (file is not a database)");
  }
  return Error(rc, "reading the database header");
}

Status Db::Error(int rc, std::string_view doing) {
  int primary = rc & 0xff;
  last_error_busy_ = (primary == SQLITE_BUSY || primary == SQLITE_LOCKED);
  std::string message = sqlite3_errmsg(db_);
  if (message.empty() || message == "not an error") message = sqlite3_errstr(rc);
  std::string text = path_ + ": " + std::string(doing) + ": " + message;
  // A full disk often surfaces as an I/O error (the WAL's shared memory cannot grow).
  if (primary == SQLITE_FULL || (primary == SQLITE_IOERR && DeviceIsFull(path_)))
    text += " (no space left on the device holding the database)";
  switch (primary) {
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
      return Status::Corrupt(std::move(text));
    case SQLITE_CONSTRAINT:
    case SQLITE_MISMATCH:
    case SQLITE_RANGE:
      return Status::Internal(std::move(text));
    default:
      return Status::IoError(std::move(text));
  }
}

Result<std::unique_ptr<Query>> Db::Prepare(const char* sql) {
  auto it = cache_.find(sql);
  if (it == cache_.end()) {
    sqlite3_stmt* stmt = nullptr;
    int rc = sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) {
      return Error(rc, "preparing \"" + std::string(sql).substr(0, 60) + "\"");
    }
    it = cache_.emplace(sql, stmt).first;
  }
  return std::make_unique<Query>(*this, it->second);
}

Result<std::unique_ptr<Query>> Db::Lookup(const char* sql, int64_t key, std::string_view doing) {
  JUDGE_ASSIGN_OR_RETURN(auto q, Prepare(sql));
  q->Bind(1, key);
  JUDGE_ASSIGN_OR_RETURN(bool row, q->Step(doing));
  if (!row) q.reset();
  return q;
}

Status Db::Exec(std::string_view sql, std::string_view doing) {
  std::string text(sql);
  char* err = nullptr;
  int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &err);
  sqlite3_free(err);  // sqlite3_errmsg still holds the same text for Error()
  if (rc != SQLITE_OK) return Error(rc, doing);
  return Status::Ok();
}

Status Db::Transaction(bool write, const std::function<Status()>& body) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::milliseconds(busy_deadline_ms_);
  auto pause = std::chrono::milliseconds(1);
  while (true) {
    last_error_busy_ = false;
    Status st = Exec(write ? "BEGIN IMMEDIATE" : "BEGIN", "starting a transaction");
    if (st.ok()) {
      st = body();
      if (st.ok()) st = Exec("COMMIT", "committing");
      if (st.ok()) return st;
    }
    const bool busy = last_error_busy_;
    if (!sqlite3_get_autocommit(db_)) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    if (!busy || Clock::now() >= deadline) return st;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(100));
  }
}

}  // namespace judge::store_internal
