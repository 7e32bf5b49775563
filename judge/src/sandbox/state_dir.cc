#include "state_dir.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/unique_fd.h"

namespace judge::sandbox {

Status MakePrivateStateDir(const std::string& dir) {
  const std::string what = "sandbox state directory " + dir;
  std::size_t slash = dir.rfind('/');
  if (slash != 0 && slash != std::string::npos)
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(dir.substr(0, slash)).WithContext(what));
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return ErrnoStatus(errno, "cannot create " + what);
  UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) {
    if (errno == ELOOP || errno == ENOTDIR)
      return Status::InvalidArgument(what + ": expected a directory, found a symbolic link or another kind");
    return ErrnoStatus(errno, "cannot open " + what);
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) return ErrnoStatus(errno, "cannot stat " + what);
  if (st.st_uid != ::geteuid())
    return Status::InvalidArgument(what + ": expected a directory owned by uid " + std::to_string(::geteuid()) +
                                   ", found one owned by uid " + std::to_string(st.st_uid));
  if ((st.st_mode & 07777) != 0700 && ::fchmod(fd.get(), 0700) != 0)
    return ErrnoStatus(errno, "cannot make " + what + " private (mode 0700)");
  return Status::Ok();
}

}  // namespace judge::sandbox
