// The names in an open directory (see judge/base/dir_names.h).
#include "judge/base/dir_names.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "judge/base/errors.h"
#include "judge/base/unique_fd.h"

namespace judge::fs {

Result<std::vector<std::string>> DirNamesAt(int dir_fd, const std::string& what) {
  UniqueFd listing(::openat(dir_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!listing) return ErrnoStatus(errno, what + ": cannot read");
  std::vector<std::string> names;
  alignas(struct dirent64) char buf[16384];
  for (;;) {
    ssize_t n = ::getdents64(listing.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ErrnoStatus(errno, what + ": cannot read");
    if (n == 0) return names;
    for (ssize_t off = 0; off < n;) {
      const auto* e = reinterpret_cast<const struct dirent64*>(buf + off);
      off += e->d_reclen;
      std::string name = e->d_name;
      if (name != "." && name != "..") names.push_back(std::move(name));
    }
  }
}

}  // namespace judge::fs
