// libpq behind a small interface (pg_conn.h); the only file that includes libpq, which
// it loads on first use.
#include "pg_conn.h"

#include <dlfcn.h>
#include <libpq-fe.h>

#include <chrono>
#include <mutex>
#include <type_traits>
#include <cstdio>
#include <thread>

namespace judge::store_internal {
namespace {

// libpq is loaded with the first connection (dlopen), not when the judge starts: it
// brings two dozen shared libraries (TLS, Kerberos, LDAP) whose symbols every other
// command would resolve at each start.
struct Libpq {
  decltype(&::PQclear) clear = nullptr;
  decltype(&::PQcmdTuples) cmdTuples = nullptr;
  decltype(&::PQconnectdb) connectdb = nullptr;
  decltype(&::PQerrorMessage) errorMessage = nullptr;
  decltype(&::PQexec) exec = nullptr;
  decltype(&::PQexecParams) execParams = nullptr;
  decltype(&::PQfinish) finish = nullptr;
  decltype(&::PQgetisnull) getisnull = nullptr;
  decltype(&::PQgetlength) getlength = nullptr;
  decltype(&::PQgetvalue) getvalue = nullptr;
  decltype(&::PQntuples) ntuples = nullptr;
  decltype(&::PQresultErrorField) resultErrorField = nullptr;
  decltype(&::PQresultErrorMessage) resultErrorMessage = nullptr;
  decltype(&::PQresultStatus) resultStatus = nullptr;
  decltype(&::PQstatus) status = nullptr;
};

Libpq g_libpq;

// Loads libpq once; false with the reason when it cannot be.
bool LoadLibpq(std::string* error) {
  static std::once_flag once;
  static std::string failure;
  std::call_once(once, [] {
    void* lib = ::dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      const char* why = ::dlerror();
      failure = why ? why : "dlopen failed";
      return;
    }
    auto bind = [&](auto* slot, const char* name) {
      *slot = reinterpret_cast<std::remove_pointer_t<decltype(slot)>>(::dlsym(lib, name));
      if (!*slot && failure.empty()) failure = std::string("libpq.so.5 lacks ") + name;
    };
    bind(&g_libpq.clear, "PQclear");
    bind(&g_libpq.cmdTuples, "PQcmdTuples");
    bind(&g_libpq.connectdb, "PQconnectdb");
    bind(&g_libpq.errorMessage, "PQerrorMessage");
    bind(&g_libpq.exec, "PQexec");
    bind(&g_libpq.execParams, "PQexecParams");
    bind(&g_libpq.finish, "PQfinish");
    bind(&g_libpq.getisnull, "PQgetisnull");
    bind(&g_libpq.getlength, "PQgetlength");
    bind(&g_libpq.getvalue, "PQgetvalue");
    bind(&g_libpq.ntuples, "PQntuples");
    bind(&g_libpq.resultErrorField, "PQresultErrorField");
    bind(&g_libpq.resultErrorMessage, "PQresultErrorMessage");
    bind(&g_libpq.resultStatus, "PQresultStatus");
    bind(&g_libpq.status, "PQstatus");
  });
  *error = failure;
  return failure.empty();
}

// The loaded functions: only called once a connection exists (LoadLibpq succeeded).
const Libpq& Pq() { return g_libpq; }


// SQLSTATEs after which the same transaction may simply run again.
bool Retryable(const std::string& sqlstate) {
  return sqlstate == "40001" /* serialization_failure */ || sqlstate == "40P01" /* deadlock_detected */;
}

std::string FirstLine(const char* text) {
  std::string s = text ? text : "";
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  const std::size_t nl = s.find('\n');
  return nl == std::string::npos ? s : s.substr(0, nl);
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 0;
}

}  // namespace

std::string PgDisplayName(const std::string& url) {
  // postgresql://user:password@host/db -> postgresql://user@host/db
  const std::size_t scheme = url.find("://");
  const std::size_t at = url.find('@');
  if (scheme == std::string::npos || at == std::string::npos) return url;
  const std::size_t colon = url.find(':', scheme + 3);
  if (colon == std::string::npos || colon > at) return url;
  return url.substr(0, colon) + url.substr(at);
}

// Valid UTF-8 without NUL: each byte of a malformed sequence becomes U+FFFD.
static std::string CleanUtf8(std::string_view in) {
  std::string out;
  out.reserve(in.size());
  const auto* s = reinterpret_cast<const unsigned char*>(in.data());
  for (std::size_t i = 0; i < in.size();) {
    const unsigned char c = s[i];
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    bool ok = n > 0 && c != 0 && i + n <= in.size() && !(n == 2 && c < 0xc2);
    for (std::size_t k = 1; ok && k < n; ++k) ok = (s[i + k] & 0xc0) == 0x80;
    if (ok && n == 3) {
      const unsigned cp = ((c & 0x0fu) << 12) | ((s[i + 1] & 0x3fu) << 6) | (s[i + 2] & 0x3fu);
      ok = cp >= 0x800 && (cp < 0xd800 || cp > 0xdfff);
    }
    if (ok && n == 4) {
      const unsigned cp = ((c & 0x07u) << 18) | ((s[i + 1] & 0x3fu) << 12) | ((s[i + 2] & 0x3fu) << 6);
      ok = cp >= 0x10000 && cp <= 0x10ffff;
    }
    if (ok) {
      out.append(in.substr(i, n));
      i += n;
    } else {
      out += "\xef\xbf\xbd";
      ++i;
    }
  }
  return out;
}

PgParam PgParam::Text(std::string_view v) { return {CleanUtf8(v), false, false}; }

PgParam PgTextArray(const std::vector<std::string>& items) {
  std::string out = "{";
  for (const auto& item : items) {
    if (out.size() > 1) out += ",";
    out += "\"";
    for (char c : CleanUtf8(item)) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += "\"";
  }
  return {out + "}", false, false};
}

PgParam PgParam::Real(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return {buf, false, false};
}

void PgResult::Free(pg_result* r) { Pq().clear(r); }
int PgResult::rows() const { return Pq().ntuples(res_.get()); }
int64_t PgResult::affected() const {
  const char* n = Pq().cmdTuples(res_.get());
  return n && *n ? std::stoll(n) : 0;
}

bool PgResult::Row::IsNull(int col) const { return Pq().getisnull(r_->res_.get(), row_, col) == 1; }
int64_t PgResult::Row::Int(int col) const {
  return IsNull(col) ? 0 : std::stoll(Pq().getvalue(r_->res_.get(), row_, col));
}
double PgResult::Row::Real(int col) const {
  return IsNull(col) ? 0 : std::stod(Pq().getvalue(r_->res_.get(), row_, col));
}
std::string PgResult::Row::Text(int col) const {
  if (IsNull(col)) return "";
  return std::string(Pq().getvalue(r_->res_.get(), row_, col),
                     static_cast<std::size_t>(Pq().getlength(r_->res_.get(), row_, col)));
}
std::string PgResult::Row::Bytes(int col) const {
  std::string hex = Text(col);  // "\x0a1b..." (bytea_output = hex, set on connect)
  std::string out;
  if (hex.size() < 2) return out;
  out.reserve((hex.size() - 2) / 2);
  for (std::size_t i = 2; i + 1 < hex.size(); i += 2)
    out += static_cast<char>(HexDigit(hex[i]) * 16 + HexDigit(hex[i + 1]));
  return out;
}

Result<std::unique_ptr<PgConn>> PgConn::Connect(const std::string& url, const std::string& display) {
  std::string why;
  if (!LoadLibpq(&why))
    return Status::Unsupported(display + ": cannot load PostgreSQL's client library (Debian package libpq5): " + why);
  pg_conn* conn = Pq().connectdb(url.c_str());
  if (!conn) return Status::IoError(display + ": cannot connect: out of memory");
  std::unique_ptr<PgConn> c(new PgConn(conn, display));
  if (Pq().status(conn) != CONNECTION_OK)
    return Status::IoError(display + ": cannot connect: " + FirstLine(Pq().errorMessage(conn)));
  JUDGE_RETURN_IF_ERROR(c->ExecScript(
      "SET bytea_output = 'hex'; SET client_min_messages = warning; SET TIME ZONE 'UTC'", "setting up the session"));
  return c;
}

PgConn::~PgConn() { Pq().finish(conn_); }

bool PgConn::broken() const { return Pq().status(conn_) != CONNECTION_OK; }

Status PgConn::Error(pg_result* res, std::string_view doing) {
  const char* state = res ? Pq().resultErrorField(res, PG_DIAG_SQLSTATE) : nullptr;
  sqlstate_ = state ? state : "";
  std::string message = FirstLine(res ? Pq().resultErrorMessage(res) : Pq().errorMessage(conn_));
  if (message.empty()) message = FirstLine(Pq().errorMessage(conn_));
  if (res) Pq().clear(res);
  std::string text = display_ + ": " + std::string(doing) + ": " + message;
  if (sqlstate_.rfind("23", 0) == 0) return Status::Internal(text);  // a constraint: our bug
  return Status::IoError(text);
}

Result<PgResult> PgConn::Exec(std::string_view sql, const std::vector<PgParam>& params, std::string_view doing) {
  std::vector<const char*> values(params.size());
  std::vector<int> lengths(params.size()), formats(params.size());
  for (std::size_t i = 0; i < params.size(); ++i) {
    values[i] = params[i].null ? nullptr : params[i].data.c_str();
    lengths[i] = static_cast<int>(params[i].data.size());
    formats[i] = params[i].binary ? 1 : 0;
  }
  const std::string text(sql);
  pg_result* res = Pq().execParams(conn_, text.c_str(), static_cast<int>(params.size()), nullptr, values.data(),
                                lengths.data(), formats.data(), /*resultFormat=*/0);
  const ExecStatusType st = res ? Pq().resultStatus(res) : PGRES_FATAL_ERROR;
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) return Error(res, doing);
  sqlstate_.clear();
  return PgResult(res);
}

Status PgConn::ExecScript(std::string_view sql, std::string_view doing) {
  const std::string text(sql);
  pg_result* res = Pq().exec(conn_, text.c_str());
  const ExecStatusType st = res ? Pq().resultStatus(res) : PGRES_FATAL_ERROR;
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) return Error(res, doing);
  Pq().clear(res);
  sqlstate_.clear();
  return Status::Ok();
}

PgPool::PgPool(std::string url, int size)
    : url_(std::move(url)), display_(PgDisplayName(url_)), size_(std::max(1, size)) {}

Result<std::unique_ptr<PgConn>> PgPool::Borrow() {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [this] { return !idle_.empty() || out_ < size_; });
  ++out_;
  if (!idle_.empty()) {
    std::unique_ptr<PgConn> c = std::move(idle_.back());
    idle_.pop_back();
    if (!c->broken()) return c;
  }
  lock.unlock();
  Result<std::unique_ptr<PgConn>> made = PgConn::Connect(url_, display_);
  if (!made.ok()) {
    std::lock_guard<std::mutex> relock(mu_);
    --out_;
    cv_.notify_one();
  }
  return made;
}

void PgPool::Return(std::unique_ptr<PgConn> conn) {
  std::lock_guard<std::mutex> lock(mu_);
  --out_;
  if (conn && !conn->broken()) idle_.push_back(std::move(conn));
  cv_.notify_one();
}

Status PgPool::RunOnce(PgConn& conn, const std::function<Status(PgConn&)>& body, bool* committing) {
  *committing = false;
  JUDGE_RETURN_IF_ERROR(conn.ExecScript("BEGIN", "starting a transaction"));
  Status st = body(conn);
  if (st.ok()) {
    *committing = true;
    st = conn.ExecScript("COMMIT", "committing");
  }
  if (!st.ok() && !conn.broken()) (void)conn.ExecScript("ROLLBACK", "rolling back");
  return st;
}

Status PgPool::Transaction(const std::function<Status(PgConn&)>& body) {
  int reconnects = 0;
  auto pause = std::chrono::milliseconds(2);
  for (int attempt = 0;; ++attempt) {
    JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<PgConn> conn, Borrow());
    bool committing = false;
    Status st = RunOnce(*conn, body, &committing);
    const bool broken = conn->broken();
    const bool retry = !st.ok() && ((Retryable(conn->last_sqlstate()) && attempt < 10) ||
                                    (broken && !committing && reconnects++ < 1));
    Return(std::move(conn));
    if (!retry) return st;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(200));
  }
}

Status PgPool::WithConnection(const std::function<Status(PgConn&)>& body) {
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<PgConn> conn, Borrow());
  Status st = body(*conn);
  Return(std::move(conn));
  return st;
}

}  // namespace judge::store_internal
