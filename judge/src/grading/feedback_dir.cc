#include "feedback_dir.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "judge/base/files.h"

namespace judge {
namespace {

std::string Found(const struct stat& st) {
  if (S_ISLNK(st.st_mode)) return "a symbolic link";
  if (S_ISDIR(st.st_mode)) return "another directory";
  if (S_ISREG(st.st_mode)) return "a regular file";
  return "a special file";
}

}  // namespace

Result<FeedbackDir> FeedbackDir::Hold(const std::string& path, const std::string& role) {
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) {
    const int e = errno;
    return Status::Internal("the " + role + "'s feedback directory: expected a directory, found " +
                            (e == ELOOP || e == ENOTDIR ? std::string("another kind of file") : std::strerror(e)) +
                            " (the run before replaced it)");
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0)
    return Status::IoError("the " + role + "'s feedback directory: cannot stat: " + std::strerror(errno));
  return FeedbackDir(std::move(fd), path, role, st.st_dev, st.st_ino);
}

Status FeedbackDir::CheckUnchanged() const {
  struct stat st;
  if (::lstat(path_.c_str(), &st) != 0)
    return Status::Internal("the " + role_ + " removed its feedback directory");
  if (!S_ISDIR(st.st_mode) || st.st_dev != dev_ || st.st_ino != ino_)
    return Status::Internal("the " + role_ + " replaced its feedback directory (found " + Found(st) + ")");
  return Status::Ok();
}

Result<std::optional<std::string>> FeedbackDir::Read(const std::string& name, int64_t max_bytes,
                                                     bool* is_regular) const {
  if (is_regular) *is_regular = true;
  Result<UniqueFd> file = fs::OpenBeneath(fd_.get(), name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  if (!file.ok()) {
    if (file.status().code() == StatusCode::kNotFound) return std::optional<std::string>();
    // A link (anywhere on the way) is not followed: as if no regular file were there.
    if (file.status().code() == StatusCode::kInvalidArgument) {
      if (is_regular) *is_regular = false;
      return std::optional<std::string>();
    }
    return Status::Internal("the " + role_ + "'s " + name + ": cannot open");
  }
  struct stat st;
  if (::fstat(file->get(), &st) != 0 || !S_ISREG(st.st_mode)) {
    if (is_regular) *is_regular = false;
    return std::optional<std::string>();
  }
  Result<std::string> bytes = fs::ReadAll(file->get(), "the " + role_ + "'s " + name, max_bytes, false);
  if (!bytes.ok()) return Status::Internal("the " + role_ + "'s " + name + ": cannot read");
  return std::optional<std::string>(std::move(bytes).value());
}

Status FeedbackDir::Remove(const std::string& name) const {
  if (::unlinkat(fd_.get(), name.c_str(), 0) == 0 || errno == ENOENT) return Status::Ok();
  return Status::Internal("the " + role_ + "'s " + name + ": cannot remove (" + std::strerror(errno) + ")");
}

}  // namespace judge
