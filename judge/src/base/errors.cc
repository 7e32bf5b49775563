#include "judge/base/errors.h"

#include <cerrno>
#include <cstring>

namespace judge {

std::string ErrnoText(int err) {
  // errno 0 reads "Success": a caller that took errno after a call that does not set
  // it (or reset it) would print "cannot ...: Success".
  if (err == 0) return "failed without an error code";
  char buf[256];
  // GNU strerror_r returns the text (maybe not in buf).
  const char* text = strerror_r(err, buf, sizeof buf);
  return text ? std::string(text) : "errno " + std::to_string(err);
}

Status ErrnoStatus(int err, std::string_view context) {
  std::string message(context);
  message += ": ";
  message += ErrnoText(err);
  switch (err) {
    case ENOENT: return Status::NotFound(std::move(message));
    case ENOTDIR:
    case EISDIR:
    case ELOOP: return Status::InvalidArgument(std::move(message));
    default: return Status::IoError(std::move(message));
  }
}

}  // namespace judge
