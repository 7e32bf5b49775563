// Errors as values. A Status is either OK or an error with a code and a one-line
// message; Result<T> is either a T or a non-OK Status. Context is added where an
// error passes through a layer ("loading plugin x.so: ..."), so the final message
// names the thing, what was expected and what was found.
//
// "The judge failed" travels as a Status; "the submission failed" is a verdict and
// never a Status (see verdict.h). Both are [[nodiscard]]: a caller handles each one
// or drops it with (void) where failing is harmless (best-effort cleanup).
// Value types: copyable, not thread-safe to mutate.
#ifndef JUDGE_STATUS_H_
#define JUDGE_STATUS_H_

#include <cassert>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace judge {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,  // bad user input: a flag, a file's content, a config value
  kNotFound,         // a missing file, plugin, symbol, record
  kIoError,          // the OS refused a read, write, spawn
  kCorrupt,          // stored or exchanged data that is not what it claims
  kUnsupported,      // a feature this host or build lacks
  kInternal,         // a bug or a broken plugin
  kCancelled,        // the work was stopped on request (a signal, a shutdown)
  kUnavailable,      // the judge could not hand the work over (a helper process went
                     // away): nothing was done, and trying again may succeed
  kResourceExhausted,  // a caller is over its share (e.g. queued submissions per user):
                       // nothing was done; trying again later, after some of it is used
                       // up, may succeed
};

class [[nodiscard]] Status {
 public:
  Status() = default;  // OK

  static Status Ok() { return Status(); }
  static Status Error(StatusCode code, std::string message) {
    assert(code != StatusCode::kOk);
    return Status(code, std::move(message));
  }
  static Status InvalidArgument(std::string m) { return Error(StatusCode::kInvalidArgument, std::move(m)); }
  static Status NotFound(std::string m) { return Error(StatusCode::kNotFound, std::move(m)); }
  static Status IoError(std::string m) { return Error(StatusCode::kIoError, std::move(m)); }
  static Status Corrupt(std::string m) { return Error(StatusCode::kCorrupt, std::move(m)); }
  static Status Unsupported(std::string m) { return Error(StatusCode::kUnsupported, std::move(m)); }
  static Status Internal(std::string m) { return Error(StatusCode::kInternal, std::move(m)); }
  static Status Cancelled(std::string m) { return Error(StatusCode::kCancelled, std::move(m)); }
  static Status Unavailable(std::string m) { return Error(StatusCode::kUnavailable, std::move(m)); }
  static Status ResourceExhausted(std::string m) { return Error(StatusCode::kResourceExhausted, std::move(m)); }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }

  // Returns a copy whose message reads "<context>: <message>". OK stays OK.
  Status WithContext(std::string_view context) const {
    if (ok()) return *this;
    std::string m(context);
    m += ": ";
    m += message_;
    return Status(code_, std::move(m));
  }

  // "error: <message>" style text for humans; "ok" when OK.
  std::string ToString() const { return ok() ? std::string("ok") : message_; }

 private:
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

// Either a value or an error. Accessing value() of an error is a bug (asserts).
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}                   // NOLINT: implicit by design
  Result(Status status) : v_(std::move(status)) { assert(!std::get<Status>(v_).ok()); }  // NOLINT

  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }

  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<Status>(v_);
  }
  T& value() & { assert(ok()); return std::get<T>(v_); }
  const T& value() const& { assert(ok()); return std::get<T>(v_); }
  T&& value() && { assert(ok()); return std::get<T>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  // The value, or `fallback` when this holds an error (which is then dropped).
  T value_or(T fallback) const& { return ok() ? value() : std::move(fallback); }

  Result WithContext(std::string_view context) && {
    if (ok()) return std::move(*this);
    return Result(std::get<Status>(v_).WithContext(context));
  }

 private:
  std::variant<T, Status> v_;
};

}  // namespace judge

// Early-return helpers, in the leveldb spirit.
#define JUDGE_RETURN_IF_ERROR(expr)              \
  do {                                           \
    ::judge::Status _judge_st = (expr);          \
    if (!_judge_st.ok()) return _judge_st;       \
  } while (0)

#define JUDGE_CONCAT_INNER_(a, b) a##b
#define JUDGE_CONCAT_(a, b) JUDGE_CONCAT_INNER_(a, b)
// JUDGE_ASSIGN_OR_RETURN(auto x, Foo()); returns Foo()'s Status on error.
#define JUDGE_ASSIGN_OR_RETURN(lhs, expr) \
  JUDGE_ASSIGN_OR_RETURN_IMPL_(JUDGE_CONCAT_(_judge_r_, __LINE__), lhs, expr)
#define JUDGE_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                                 \
  if (!tmp.ok()) return tmp.status();                \
  lhs = std::move(tmp).value()

#endif  // JUDGE_STATUS_H_
