#include "run_disk.h"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statfs.h>
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

constexpr int64_t kPageBytes = 4096;
// The tmpfs root, "upper", "work" and the overlay's "work/work": the file quota is
// what is left.
constexpr int64_t kLayerInodes = 4;

// The layer's tmpfs size for a quota: rounded up to pages and one page more, so that
// "more than the quota" is a used size.
int64_t LayerBytes(int64_t quota_bytes) { return (quota_bytes + kPageBytes - 1) / kPageBytes * kPageBytes + kPageBytes; }

}  // namespace

bool OverlaySupported() {
  Result<std::string> listed = fs::ReadFile("/proc/filesystems", 1 << 16);  // "nodev\toverlay\n"
  return listed.ok() && listed->find("\toverlay\n") != std::string::npos;
}

Result<RunDisk> RunDisk::Start(const std::string& dir, int64_t quota_bytes, int64_t quota_files, uid_t uid,
                               gid_t gid) {
  const std::string what = "the run's disk layer " + dir;
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return ErrnoStatus(errno, "cannot create " + what);
  // A judge that died mid-run left its tmpfs mounted: drop it (EINVAL: nothing there).
  while (::umount2(dir.c_str(), MNT_DETACH | UMOUNT_NOFOLLOW) == 0) {
  }
  RunDisk disk(dir, quota_bytes, quota_files);
  std::string data = "size=" + std::to_string(LayerBytes(quota_bytes)) +
                     ",nr_inodes=" + std::to_string(quota_files + kLayerInodes) + ",mode=0700";
  if (::mount("judge-disk", dir.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, data.c_str()) != 0) {
    disk.dir_.clear();
    return ErrnoStatus(errno, "cannot mount " + what);
  }
  const std::string upper = dir + "/upper", work = dir + "/work";
  if (::mkdir(upper.c_str(), 0755) != 0 || ::mkdir(work.c_str(), 0700) != 0)
    return ErrnoStatus(errno, "cannot prepare " + what);
  // The upper root is the work directory's root inside: it belongs to the run's uid.
  if (::chown(upper.c_str(), uid, gid) != 0) return ErrnoStatus(errno, "cannot hand " + upper + " to the run's uid");
  return disk;
}

RunDisk::RunDisk(RunDisk&& other) noexcept
    : dir_(std::exchange(other.dir_, std::string())),
      quota_bytes_(other.quota_bytes_),
      quota_files_(other.quota_files_) {}

RunDisk::~RunDisk() {
  if (!dir_.empty()) (void)::umount2(dir_.c_str(), MNT_DETACH | UMOUNT_NOFOLLOW);
}

Result<std::string> RunDisk::OverlayOptions(const std::string& lower_dir) const {
  for (const std::string* p : {&lower_dir, &dir_})
    if (p->find_first_of(",:\\") != std::string::npos)
      return Status::InvalidArgument("work directory " + *p +
                                     ": expected a path without ',', ':' or '\\' (overlay mount options cannot carry them)");
  return "lowerdir=" + lower_dir + ",upperdir=" + dir_ + "/upper,workdir=" + dir_ +
         "/work,redirect_dir=off,index=off,metacopy=off";
}

DiskUsage RunDisk::Usage() const {
  DiskUsage u;
  struct statfs sf;
  if (::statfs(dir_.c_str(), &sf) != 0) return u;
  u.bytes = static_cast<int64_t>(sf.f_blocks - sf.f_bfree) * static_cast<int64_t>(sf.f_bsize);
  u.files = std::max<int64_t>(0, static_cast<int64_t>(sf.f_files - sf.f_ffree) - kLayerInodes);
  u.over_quota = u.bytes > quota_bytes_ || sf.f_ffree == 0;
  return u;
}

Status RunDisk::KeepWrites(int host_dir_fd, const std::vector<std::string>* only, RunResult* result) const {
  const std::string upper = dir_ + "/upper";
  UniqueFd up(::open(upper.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!up) return ErrnoStatus(errno, "cannot open " + upper);
  CopyBackPlan plan;
  plan.only = only;
  // Never more than the run was charged for: what its files hold in the layer (the
  // quota and at most a page: the tmpfs is one page larger, see LayerBytes).
  plan.cap_bytes = Usage().bytes;
  CopyBackTally tally;
  JUDGE_RETURN_IF_ERROR(CopyBackTree(up.get(), host_dir_fd, plan, &tally).WithContext("keeping what the run wrote"));
  auto note = [result](const std::string& what) { result->message += (result->message.empty() ? "" : "; ") + what; };
  if (tally.dropped > 0)
    note(std::to_string(tally.dropped) + " entries the program wrote were not kept (special files, links, or deeper "
         "than " + std::to_string(kCopyBackMaxDepth) + " directories)");
  if (!tally.over_cap) return Status::Ok();
  note("the files the program wrote hold more than its disk quota allows to keep (" + std::to_string(tally.bytes / 1024) +
       " KiB kept); the rest was not kept");
  if (result->status == RunStatus::kOk) {
    result->status = RunStatus::kOutputLimitExceeded;
    result->kill_reason = KillReason::kDisk;
  }
  return Status::Ok();
}


// Copy-back (run_disk.h).
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
