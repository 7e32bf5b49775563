#include "run_disk.h"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>

#include "judge/base/errors.h"
#include "judge/base/unique_fd.h"
#include "copy_back.h"

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

}  // namespace judge::sandbox
