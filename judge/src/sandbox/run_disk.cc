#include "run_disk.h"

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <memory>
#include <string_view>
#include <vector>

#include "judge/base/dir_names.h"
#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/unique_fd.h"
#include "copy_back.h"

namespace judge::sandbox {
namespace {

constexpr int64_t kPageBytes = 4096;
// The tmpfs root, "upper", "work" and the overlay's "work/work": the file quota is
// what is left.
constexpr int64_t kLayerInodes = 4;

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
  Result<std::vector<std::string>> names = fs::DirNamesAt(up.get(), "the upper layer");
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

bool RunDisk::Reuse(int64_t quota_bytes, int64_t quota_files, uid_t uid, gid_t gid, bool* as_left) {
  if (as_left != nullptr) *as_left = false;
  if (quota_bytes != quota_bytes_ || quota_files != quota_files_) return false;
  UniqueFd up = CleanUpper(dir_);
  if (!up) return false;
  struct stat st;
  if (as_left != nullptr && ::fstat(up.get(), &st) == 0)
    *as_left = st.st_uid == uid && st.st_gid == gid && (st.st_mode & 07777) == 0755;
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

Status RunDisk::CopyBack(int host_dir_fd, const std::vector<std::string>* only, CopyBackTally* tally) const {
  const std::string upper = dir_ + "/upper";
  UniqueFd up(::open(upper.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!up) return ErrnoStatus(errno, "cannot open " + upper);
  CopyBackPlan plan;
  plan.only = only;
  // Never more than the run was charged for: what its files hold in the layer (the
  // quota and at most a page: the tmpfs is one page larger, see LayerBytes).
  plan.cap_bytes = Usage().bytes;
  return CopyBackTree(up.get(), host_dir_fd, plan, tally).WithContext("keeping what the run wrote");
}

}  // namespace judge::sandbox
