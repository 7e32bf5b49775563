#include "judge/base/errors.h"

#include <cerrno>
#include <cstring>

namespace judge {

std::string ErrnoText(int err) {
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
