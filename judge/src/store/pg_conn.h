// A thin layer over libpq (used in pg_conn.cc only): connections, parameterized
// statements, results read as the store's rows, errors as one-line Status values
// naming the database, and a pool that runs transactions on borrowed connections.
//
// PgConn and PgResult are not thread-safe; PgPool is (each transaction has its
// connection to itself).
#ifndef JUDGE_SRC_STORE_PG_CONN_H_
#define JUDGE_SRC_STORE_PG_CONN_H_

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/status.h"

struct pg_conn;
struct pg_result;

namespace judge::store_internal {

// One statement parameter, sent in text form (numbers, text) or binary (bytes).
struct PgParam {
  static PgParam Int(int64_t v) { return {std::to_string(v), false, false}; }
  static PgParam Real(double v);
  // Text columns take valid UTF-8 without NUL bytes: anything else (a contestant's
  // bytes in a checker message) is replaced by U+FFFD, as the JSON output does.
  static PgParam Text(std::string_view v);
  static PgParam Bytes(std::string_view v) { return {std::string(v), true, false}; }
  static PgParam Null() { return {"", false, true}; }
  static PgParam OptionalInt(const std::optional<int64_t>& v) { return v ? Int(*v) : Null(); }
  std::string data;
  bool binary = false;
  bool null = false;
};

// A statement's result (rows in text form). Movable; owns the PGresult.
class PgResult {
 public:
  explicit PgResult(pg_result* res) : res_(res, &Free) {}
  int rows() const;
  int64_t affected() const;  // rows changed by INSERT/UPDATE/DELETE

  // One row, as record_rows.h reads rows.
  class Row {
   public:
    Row(const PgResult* r, int row) : r_(r), row_(row) {}
    bool IsNull(int col) const;
    int64_t Int(int col) const;
    double Real(int col) const;
    std::string Text(int col) const;
    std::string Bytes(int col) const;  // a bytea column, decoded from its hex form

   private:
    const PgResult* r_;
    int row_;
  };
  Row row(int i) const { return Row(this, i); }

 private:
  static void Free(pg_result* r);
  std::unique_ptr<pg_result, void (*)(pg_result*)> res_;
};

class PgConn {
 public:
  // Connects; `display` names the database in errors (the URL without password).
  static Result<std::unique_ptr<PgConn>> Connect(const std::string& url, const std::string& display);
  ~PgConn();
  PgConn(const PgConn&) = delete;
  PgConn& operator=(const PgConn&) = delete;

  // Runs one statement with $1.. parameters. Errors: "<db>: <doing>: <server message>".
  Result<PgResult> Exec(std::string_view sql, const std::vector<PgParam>& params, std::string_view doing);
  // Runs SQL text (several statements, no parameters).
  Status ExecScript(std::string_view sql, std::string_view doing);

  bool broken() const;            // the connection is gone (the server went away)
  const std::string& last_sqlstate() const { return sqlstate_; }  // of the last error

 private:
  PgConn(pg_conn* conn, std::string display) : conn_(conn), display_(std::move(display)) {}
  Status Error(pg_result* res, std::string_view doing);
  pg_conn* conn_;
  std::string display_;
  std::string sqlstate_;
};

// Up to `size` connections, made when first needed and remade when broken.
class PgPool {
 public:
  PgPool(std::string url, int size);
  const std::string& display() const { return display_; }

  // Runs body inside BEGIN ... COMMIT on a connection of its own. A serialization
  // failure or deadlock is retried (with pauses, up to 10 times); a connection that
  // broke before COMMIT was sent is remade and the body run again once. Any other
  // error rolls back and is returned. The body must have no effect outside the
  // database (it may run more than once).
  Status Transaction(const std::function<Status(PgConn&)>& body);
  // As Transaction, for a body that produces one value: the value of its last try.
  template <typename T>
  Result<T> TransactionValue(const std::function<Result<T>(PgConn&)>& body) {
    std::optional<T> out;
    JUDGE_RETURN_IF_ERROR(Transaction([&](PgConn& conn) -> Status {
      JUDGE_ASSIGN_OR_RETURN(T value, body(conn));
      out = std::move(value);
      return Status::Ok();
    }));
    return std::move(*out);
  }

  // Runs body on a connection outside any transaction (the migration runner).
  Status WithConnection(const std::function<Status(PgConn&)>& body);

 private:
  Result<std::unique_ptr<PgConn>> Borrow();
  void Return(std::unique_ptr<PgConn> conn);
  Status RunOnce(PgConn& conn, const std::function<Status(PgConn&)>& body, bool* committing);

  const std::string url_;
  const std::string display_;
  const int size_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::unique_ptr<PgConn>> idle_;
  int out_ = 0;  // connections lent or being made
};

// A text array parameter: {"a","b"}.
PgParam PgTextArray(const std::vector<std::string>& items);

// The URL with any password removed, for messages.
std::string PgDisplayName(const std::string& url);

}  // namespace judge::store_internal

#endif  // JUDGE_SRC_STORE_PG_CONN_H_
