#include "copy_back.h"

#include <fcntl.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <map>

#include "judge/base/dir_names.h"
#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/unique_fd.h"

namespace judge::sandbox {
namespace {

// Inodes with several names whose first copy is kept open to link the others to: a
// bound on the judge's descriptors. Past it, a further name is copied again (still
// under the cap).
constexpr std::size_t kMaxLinkedInodes = 64;

bool IsWhiteout(const struct stat& st) { return S_ISCHR(st.st_mode) && st.st_rdev == makedev(0, 0); }

bool IsOpaque(int dir_fd) {
  char value[4] = {};
  ssize_t n = ::fgetxattr(dir_fd, "trusted.overlay.opaque", value, sizeof value);
  return n == 1 && value[0] == 'y';
}

Status CopyLinkAt(int upper_fd, int host_fd, const std::string& name, const std::string& what) {
  char target[4096];
  ssize_t n = ::readlinkat(upper_fd, name.c_str(), target, sizeof target - 1);
  if (n < 0) return ErrnoStatus(errno, what + ": cannot read the link");
  target[n] = '\0';
  JUDGE_RETURN_IF_ERROR(fs::RemoveTreeAt(host_fd, name, what));
  if (::symlinkat(target, host_fd, name.c_str()) != 0) return ErrnoStatus(errno, what + ": cannot create the link");
  struct stat st;
  if (::fstatat(upper_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0)
    (void)::fchownat(host_fd, name.c_str(), st.st_uid, st.st_gid, AT_SYMLINK_NOFOLLOW);
  return Status::Ok();
}

// The host directory `name` that the upper directory of the same name goes into: kept
// when it is a directory and the upper one is not opaque, else made anew.
Result<UniqueFd> HostDirFor(int host_fd, const std::string& name, int upper_dir_fd, const struct stat& st,
                            const std::string& what) {
  struct stat hst;
  bool keep = ::fstatat(host_fd, name.c_str(), &hst, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(hst.st_mode) &&
              !IsOpaque(upper_dir_fd);
  if (!keep) {
    JUDGE_RETURN_IF_ERROR(fs::RemoveTreeAt(host_fd, name, what));
    if (::mkdirat(host_fd, name.c_str(), 0700) != 0) return ErrnoStatus(errno, what + ": cannot create");
  }
  UniqueFd dir(::openat(host_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!dir) return ErrnoStatus(errno, what + ": cannot open");
  ::fchmod(dir.get(), st.st_mode & 0777);
  (void)::fchown(dir.get(), st.st_uid, st.st_gid);
  return dir;
}

class CopyBackWalk {
 public:
  CopyBackWalk(const CopyBackPlan& plan, CopyBackTally* tally) : plan_(plan), tally_(tally) {}

  // Every entry of upper_fd.
  Status Dir(int upper_fd, int host_fd, int depth, const std::string& what) {
    JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> names, fs::DirNamesAt(upper_fd, what));
    for (const std::string& name : names) {
      if (tally_->over_cap) break;
      JUDGE_RETURN_IF_ERROR(Entry(upper_fd, host_fd, name, depth, what + "/" + name));
    }
    return Status::Ok();
  }

  // The named entries of upper_fd that exist (an absent one was not changed).
  Status Only(int upper_fd, int host_fd, const std::vector<std::string>& names, const std::string& what) {
    for (const std::string& name : names) {
      struct stat st;
      if (tally_->over_cap) break;
      if (::fstatat(upper_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT) continue;
      JUDGE_RETURN_IF_ERROR(Entry(upper_fd, host_fd, name, 0, what + "/" + name));
    }
    return Status::Ok();
  }

 private:
  Status Entry(int upper_fd, int host_fd, const std::string& name, int depth, const std::string& path) {
    struct stat st;
    if (::fstatat(upper_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return ErrnoStatus(errno, path + ": cannot stat");
    if (IsWhiteout(st)) return fs::RemoveTreeAt(host_fd, name, path);
    if (S_ISDIR(st.st_mode)) return Subdir(upper_fd, host_fd, name, st, depth, path);
    if (S_ISREG(st.st_mode)) return File(upper_fd, host_fd, name, st, path);
    if (S_ISLNK(st.st_mode)) return CopyLinkAt(upper_fd, host_fd, name, path);
    ++tally_->dropped;  // a FIFO, socket or device never reaches the host: the name is gone
    return fs::RemoveTreeAt(host_fd, name, path);
  }

  Status Subdir(int upper_fd, int host_fd, const std::string& name, const struct stat& st, int depth,
                const std::string& path) {
    if (depth >= kCopyBackMaxDepth) {
      ++tally_->dropped;
      return Status::Ok();
    }
    UniqueFd up(::openat(upper_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!up) return ErrnoStatus(errno, path + ": cannot open the run's copy");
    JUDGE_ASSIGN_OR_RETURN(UniqueFd host, HostDirFor(host_fd, name, up.get(), st, path));
    return Dir(up.get(), host.get(), depth + 1, path);
  }

  Status File(int upper_fd, int host_fd, const std::string& name, const struct stat& st, const std::string& what) {
    auto first = st.st_nlink > 1 ? linked_.find(st.st_ino) : linked_.end();
    if (first != linked_.end()) return LinkTo(first->second.get(), host_fd, name, what);
    UniqueFd in(::openat(upper_fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    if (!in) return ErrnoStatus(errno, what + ": cannot open the run's copy");
    JUDGE_RETURN_IF_ERROR(fs::RemoveTreeAt(host_fd, name, what));
    UniqueFd out(::openat(host_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, st.st_mode & 0777));
    if (!out) return ErrnoStatus(errno, what + ": cannot create");
    // As the program saw it (its uid for what it made), without setuid or setgid bits.
    ::fchmod(out.get(), st.st_mode & 0777);
    (void)::fchown(out.get(), st.st_uid, st.st_gid);
    JUDGE_RETURN_IF_ERROR(CopyExtents(in.get(), out.get(), st.st_size, what));
    if (tally_->over_cap) {  // not kept at all: a cut file would pass for the program's
      (void)::unlinkat(host_fd, name.c_str(), 0);
      return Status::Ok();
    }
    if (st.st_nlink > 1 && linked_.size() < kMaxLinkedInodes) linked_.emplace(st.st_ino, std::move(out));
    return Status::Ok();
  }

  // Another name of an inode already copied: a hard link to the copy, else dropped.
  // Linking a descriptor itself needs CAP_DAC_READ_SEARCH; its /proc/self/fd name
  // does not.
  Status LinkTo(int copy_fd, int host_fd, const std::string& name, const std::string& what) {
    JUDGE_RETURN_IF_ERROR(fs::RemoveTreeAt(host_fd, name, what));
    if (::linkat(copy_fd, "", host_fd, name.c_str(), AT_EMPTY_PATH) == 0) return Status::Ok();
    const std::string proc = "/proc/self/fd/" + std::to_string(copy_fd);
    if (::linkat(AT_FDCWD, proc.c_str(), host_fd, name.c_str(), AT_SYMLINK_FOLLOW) != 0) ++tally_->dropped;
    return Status::Ok();
  }

  // The data extents of in, at the same offsets in out, then out's size set: holes
  // stay holes. Stops (tally_->over_cap) before an extent that would pass the cap.
  Status CopyExtents(int in, int out, off_t size, const std::string& what) {
    off_t pos = 0;
    while (pos < size) {
      off_t data = ::lseek(in, pos, SEEK_DATA);
      if (data < 0 && errno == ENXIO) break;  // only a hole is left
      if (data < 0) return ErrnoStatus(errno, what + ": cannot find the data of the run's copy");
      if (data >= size) break;
      off_t hole = ::lseek(in, data, SEEK_HOLE);
      if (hole < 0) return ErrnoStatus(errno, what + ": cannot find the data of the run's copy");
      const off_t end = std::min(hole, size);
      if (tally_->bytes + (end - data) > plan_.cap_bytes) {
        tally_->over_cap = true;
        return Status::Ok();
      }
      if (::lseek(out, data, SEEK_SET) < 0) return ErrnoStatus(errno, what + ": cannot seek");
      off_t at = data;
      while (at < end) {
        ssize_t n = ::sendfile(out, in, &at, static_cast<size_t>(end - at));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return ErrnoStatus(errno, what + ": cannot copy");
        if (n == 0) break;
      }
      tally_->bytes += at - data;
      pos = end;
    }
    if (::ftruncate(out, size) != 0) return ErrnoStatus(errno, what + ": cannot set the size");
    return Status::Ok();
  }

  const CopyBackPlan& plan_;
  CopyBackTally* tally_;
  std::map<ino_t, UniqueFd> linked_;  // the upper layer's inode → its host copy
};

}  // namespace

Status CopyBackTree(int upper_fd, int host_fd, const CopyBackPlan& plan, CopyBackTally* tally) {
  CopyBackWalk walk(plan, tally);
  const std::string what = "the work directory";
  if (plan.only) return walk.Only(upper_fd, host_fd, *plan.only, what);
  return walk.Dir(upper_fd, host_fd, 0, what);
}

}  // namespace judge::sandbox
