// A thin layer over one SQLite connection: prepared statements cached by their SQL,
// errors turned into one-line Status values naming the database file, and
// transactions that retry while another process holds the write lock.
//
// Not thread-safe: the owner (SqliteStore) serializes every use with its mutex.
#ifndef JUDGE_SRC_STORE_SQLITE_DB_H_
#define JUDGE_SRC_STORE_SQLITE_DB_H_

#include <sqlite3.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>

#include "judge/base/status.h"

namespace judge::store_internal {

class Db;

// One use of a cached prepared statement: bindings are cleared when it is created
// and the statement is reset when it is destroyed. Bind indexes start at 1, column
// indexes at 0 (as in SQLite).
class Query {
 public:
  Query(Db& db, sqlite3_stmt* stmt);
  ~Query();
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  Query& Bind(int index, int64_t value);
  Query& Bind(int index, double value);
  Query& BindText(int index, std::string_view value);
  Query& BindBlob(int index, std::string_view value);
  Query& BindNull(int index);
  Query& Bind(int index, std::optional<int64_t> value);
  // Binds ?1, ?2, ... to the values in order: integers and enums as integers, double
  // as a real, strings as text, an empty optional as NULL.
  template <typename... V>
  Query& BindAll(const V&... values) {
    int index = 1;
    (BindOne(index++, values), ...);
    return *this;
  }

  // Steps once: true with a row, false when done. Errors name the database.
  Result<bool> Step(std::string_view doing);
  // Steps to the end (a statement that returns no rows).
  Status Run(std::string_view doing);
  // Steps to the end, calling row(*this) at each row.
  template <typename F>
  Status ForEachRow(std::string_view doing, F&& row) {
    while (true) {
      JUDGE_ASSIGN_OR_RETURN(bool more, Step(doing));
      if (!more) return Status::Ok();
      row(*this);
    }
  }

  bool IsNull(int col) const;
  int64_t Int(int col) const;
  double Real(int col) const;
  std::string Text(int col) const;  // text or blob bytes; "" for NULL

 private:
  void BindOne(int index, double v) { Bind(index, v); }
  void BindOne(int index, std::string_view v) { BindText(index, v); }
  template <typename T>
  void BindOne(int index, const std::optional<T>& v) {
    if (v) BindOne(index, *v);
    else BindNull(index);
  }
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>>>
  void BindOne(int index, T v) { Bind(index, static_cast<int64_t>(v)); }

  Db& db_;
  sqlite3_stmt* stmt_;
  Status bind_error_;
  void CheckBind(int rc, int index);
};

class Db {
 public:
  // Opens path read-write, creating the file when absent (never truncating).
  static Result<std::unique_ptr<Db>> Open(const std::string& path);
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  const std::string& path() const { return path_; }

  // The rowid of this connection's last successful INSERT.
  int64_t LastInsertRowId();
  // The rows changed by this connection's last INSERT, UPDATE or DELETE.
  int64_t ChangedRows();
  // True when SQLite opened the main database read-only (a read-only path).
  bool IsReadOnly();

  // The first column of the first row of sql (a pragma of the file's header) into
  // *out, left as it is when there is no row. Runs uncached: the first read of a file,
  // so a file that is not SQLite is Corrupt ("<path>: not a judge database: file is
  // not SQLite ...") before any statement that could write to it.
  Status ReadHeaderInt(const char* sql, int32_t* out);

  // A statement from the cache (prepared on first use). The SQL must be a literal or
  // otherwise outlive the Db.
  Result<std::unique_ptr<Query>> Prepare(const char* sql);

  // Prepares sql, binds ?1 = key and steps once: the query on its row, or null
  // when there is none.
  Result<std::unique_ptr<Query>> Lookup(const char* sql, int64_t key, std::string_view doing);

  // Runs SQL text with no results (DDL, pragmas, migrations).
  Status Exec(std::string_view sql, std::string_view doing);

  // Runs body inside BEGIN IMMEDIATE (write) or BEGIN (read) ... COMMIT. When SQLite
  // reports the database busy or locked at any step, rolls back and tries again with
  // growing pauses, for up to busy_deadline_ms in all; any other error rolls back and
  // is returned. The body must have no effect outside the database.
  Status Transaction(bool write, const std::function<Status()>& body);
  // As Transaction, for a body that produces one value: the value of its last try.
  template <typename T>
  Result<T> TransactionValue(bool write, const std::function<Result<T>()>& body) {
    std::optional<T> out;
    JUDGE_RETURN_IF_ERROR(Transaction(write, [&]() -> Status {
      JUDGE_ASSIGN_OR_RETURN(T value, body());
      out = std::move(value);
      return Status::Ok();
    }));
    return std::move(*out);
  }

  // "<path>: <doing>: <sqlite message>" for rc; remembers whether rc meant "busy".
  Status Error(int rc, std::string_view doing);
  // Whether the last Error meant that another connection holds the database (busy
  // or locked): worth trying again.
  bool last_error_busy() const { return last_error_busy_; }

  void set_busy_deadline_ms(int64_t ms) { busy_deadline_ms_ = ms; }

 private:
  Db(std::string path, sqlite3* db) : path_(std::move(path)), db_(db) {}
  std::string path_;
  sqlite3* db_;
  std::unordered_map<const char*, sqlite3_stmt*> cache_;
  bool last_error_busy_ = false;
  int64_t busy_deadline_ms_ = 120000;
};

}  // namespace judge::store_internal

#endif  // JUDGE_SRC_STORE_SQLITE_DB_H_
