#include "run_disk.h"

#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/mount.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <memory>
#include <string_view>
#include <vector>

#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/unique_fd.h"

namespace judge::sandbox {
namespace {

constexpr int64_t kPageBytes = 4096;
// The tmpfs root, "upper", "work" and the overlay's "work/work": the file quota is
// what is left.
constexpr int64_t kLayerInodes = 4;

bool IsWhiteout(const struct stat& st) { return S_ISCHR(st.st_mode) && st.st_rdev == makedev(0, 0); }

// Whether every extended attribute of dir_fd is the overlay's own ("trusted.overlay."):
// a program can set others (user.*) on its work directory's root, which a reused
// layer would otherwise hand to the next run.
bool OnlyOverlayXattrs(int dir_fd) {
  char names[4096];
  ssize_t n = ::flistxattr(dir_fd, names, sizeof names);
  if (n < 0) return false;
  constexpr std::string_view kOverlay = "trusted.overlay.";
  for (ssize_t i = 0; i < n;) {
    std::string_view name(names + i);
    if (name.substr(0, kOverlay.size()) != kOverlay) return false;
    i += static_cast<ssize_t>(name.size()) + 1;
  }
  return true;
}

bool IsOpaque(int dir_fd) {
  char value[4] = {};
  ssize_t n = ::fgetxattr(dir_fd, "trusted.overlay.opaque", value, sizeof value);
  return n == 1 && value[0] == 'y';
}

// The names in a directory (not "." or ".."), read through a duplicate descriptor.
Result<std::vector<std::string>> Names(int dir_fd, const std::string& what) {
  int dup = ::fcntl(dir_fd, F_DUPFD_CLOEXEC, 3);
  if (dup < 0) return ErrnoStatus(errno, what + ": cannot read");
  std::unique_ptr<DIR, int (*)(DIR*)> dir(::fdopendir(dup), ::closedir);
  if (!dir) {
    ::close(dup);
    return ErrnoStatus(errno, what + ": cannot read");
  }
  ::rewinddir(dir.get());
  std::vector<std::string> names;
  while (struct dirent* e = ::readdir(dir.get())) {
    std::string name = e->d_name;
    if (name != "." && name != "..") names.push_back(std::move(name));
  }
  return names;
}

Status CopyFileAt(int upper_fd, int host_fd, const std::string& name, const struct stat& st, const std::string& what) {
  UniqueFd in(::openat(upper_fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (!in) return ErrnoStatus(errno, what + ": cannot open the run's copy");
  JUDGE_RETURN_IF_ERROR(fs::RemoveTreeAt(host_fd, name, what));
  UniqueFd out(::openat(host_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, st.st_mode & 0777));
  if (!out) return ErrnoStatus(errno, what + ": cannot create");
  // As the program saw it (its uid for what it made), without setuid or setgid bits.
  ::fchmod(out.get(), st.st_mode & 0777);
  (void)::fchown(out.get(), st.st_uid, st.st_gid);
  off_t offset = 0;
  while (offset < st.st_size) {
    ssize_t n = ::sendfile(out.get(), in.get(), &offset, static_cast<size_t>(st.st_size - offset));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ErrnoStatus(errno, what + ": cannot copy");
    if (n == 0) break;
  }
  return Status::Ok();
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
  explicit CopyBackWalk(int64_t* dropped) : dropped_(dropped) {}

  Status Dir(int upper_fd, int host_fd, int depth, const std::string& what) {
    JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> names, Names(upper_fd, what));
    for (const std::string& name : names) {
      const std::string path = what + "/" + name;
      struct stat st;
      if (::fstatat(upper_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return ErrnoStatus(errno, path + ": cannot stat");
      if (IsWhiteout(st)) {
        JUDGE_RETURN_IF_ERROR(fs::RemoveTreeAt(host_fd, name, path));
      } else if (S_ISDIR(st.st_mode)) {
        JUDGE_RETURN_IF_ERROR(Subdir(upper_fd, host_fd, name, st, depth, path));
      } else if (S_ISREG(st.st_mode)) {
        JUDGE_RETURN_IF_ERROR(CopyFileAt(upper_fd, host_fd, name, st, path));
      } else if (S_ISLNK(st.st_mode)) {
        JUDGE_RETURN_IF_ERROR(CopyLinkAt(upper_fd, host_fd, name, path));
      } else {  // a FIFO, socket or device never reaches the host: the name is gone
        JUDGE_RETURN_IF_ERROR(fs::RemoveTreeAt(host_fd, name, path));
        ++*dropped_;
      }
    }
    return Status::Ok();
  }

 private:
  Status Subdir(int upper_fd, int host_fd, const std::string& name, const struct stat& st, int depth,
                const std::string& path) {
    if (depth >= kCopyBackMaxDepth) {
      ++*dropped_;
      return Status::Ok();
    }
    UniqueFd up(::openat(upper_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!up) return ErrnoStatus(errno, path + ": cannot open the run's copy");
    JUDGE_ASSIGN_OR_RETURN(UniqueFd host, HostDirFor(host_fd, name, up.get(), st, path));
    return Dir(up.get(), host.get(), depth + 1, path);
  }

  int64_t* dropped_;
};

// The layer's tmpfs size for a quota: rounded up to pages and one page more, so that
// "more than the quota" is a used size.
int64_t LayerBytes(int64_t quota_bytes) { return (quota_bytes + kPageBytes - 1) / kPageBytes * kPageBytes + kPageBytes; }

// The upper layer's root of the layer mounted at dir, when the layer holds nothing of
// the last run; else none.
UniqueFd CleanUpper(const std::string& dir) {
  struct statfs sf;
  if (dir.empty() || ::statfs(dir.c_str(), &sf) != 0 || sf.f_type != TMPFS_MAGIC || sf.f_bfree != sf.f_blocks)
    return UniqueFd();
  // The overlay's own probes hold one inode more than kLayerInodes on some kernels.
  if (static_cast<int64_t>(sf.f_files - sf.f_ffree) > kLayerInodes + 1) return UniqueFd();
  UniqueFd up(::open((dir + "/upper").c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!up) return up;
  Result<std::vector<std::string>> names = Names(up.get(), "the upper layer");
  if (!names.ok() || !names->empty() || !OnlyOverlayXattrs(up.get())) return UniqueFd();
  return up;
}

}  // namespace

bool OverlaySupported() {
  std::ifstream in("/proc/filesystems");
  std::string line;
  while (std::getline(in, line))
    if (line.size() >= 7 && line.compare(line.size() - 7, 7, "overlay") == 0) return true;
  return false;
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

bool RunDisk::Clean() const { return static_cast<bool>(CleanUpper(dir_)); }

bool RunDisk::Reuse(int64_t quota_bytes, int64_t quota_files, uid_t uid, gid_t gid) {
  if (quota_bytes != quota_bytes_ || quota_files != quota_files_) return false;
  UniqueFd up = CleanUpper(dir_);
  if (!up) return false;
  return ::fchown(up.get(), uid, gid) == 0 && ::fchmod(up.get(), 0755) == 0 && ::futimens(up.get(), nullptr) == 0;
}

std::optional<RunDisk> RunDisk::Adopt(const std::string& dir, int64_t quota_bytes, int64_t quota_files, uid_t uid,
                                      gid_t gid) {
  struct statfs sf;
  if (::statfs(dir.c_str(), &sf) != 0 || sf.f_type != TMPFS_MAGIC ||
      static_cast<int64_t>(sf.f_blocks * sf.f_bsize) != LayerBytes(quota_bytes) ||
      static_cast<int64_t>(sf.f_files) != quota_files + kLayerInodes)
    return std::nullopt;
  // Mounted at dir itself, not a directory of a tmpfs that happens to match.
  struct stat here, parent;
  if (::lstat(dir.c_str(), &here) != 0 || ::stat((dir + "/..").c_str(), &parent) != 0 ||
      !S_ISDIR(here.st_mode) || here.st_dev == parent.st_dev)
    return std::nullopt;
  RunDisk disk(dir, quota_bytes, quota_files);
  if (disk.Reuse(quota_bytes, quota_files, uid, gid)) return disk;
  disk.dir_.clear();  // left for Start to replace
  return std::nullopt;
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

Status RunDisk::CopyBack(int host_dir_fd, int64_t* dropped) const {
  const std::string upper = dir_ + "/upper";
  UniqueFd up(::open(upper.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!up) return ErrnoStatus(errno, "cannot open " + upper);
  CopyBackWalk walk(dropped);
  return walk.Dir(up.get(), host_dir_fd, 0, "the work directory").WithContext("keeping what the run wrote");
}

}  // namespace judge::sandbox
