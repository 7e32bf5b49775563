// The run's writable layer: everything a program writes in its work directory, under a
// quota, and never written by the program into the host directory itself.
//
// Theory of operation. Each slot owns a directory <state_dir>/slot<k>.disk. For each
// run, RunDisk mounts a fresh tmpfs there in the judge's mount namespace (size = the
// disk quota plus a page, nr_inodes = the file quota, nosuid, nodev) holding "upper"
// (owned by the run's uid, it becomes the work directory's root) and "work" (the
// overlay's own). The keeper makes an overlay of the work directory: the host work
// directory below, read-only in effect, "upper" above (OverlayOptions()). Every byte
// and file the program writes lands in the tmpfs, whose size stops it with ENOSPC:
// that is the quota, whatever the number of files; the pages are the run's memory too.
//
// After the run, once every process of it is dead, KeepWrites() applies the upper layer
// (what the caller wants of it) to the host work directory through descriptors opened
// before the run, by real blocks, each inode once, at most what the layer was charged
// (copy_back.h). The tmpfs is then unmounted (RAII, on every path): whatever the
// program left, however deep, is gone at once, and so is every observable a later run
// could read (the inode counter, the root's inode flags and times). A layer is never
// used for two runs.
//
// The overlay is mounted with redirect_dir=off: renaming a directory that existed
// before the run fails with EXDEV (tools fall back to copying), so the upper layer
// never holds redirects and KeepWrites needs only whiteouts and opaque directories.
//
// Not thread-safe: one run, one slot.
#ifndef JUDGE_SRC_SANDBOX_RUN_DISK_H_
#define JUDGE_SRC_SANDBOX_RUN_DISK_H_

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "copy_back.h"
#include "judge/base/status.h"
#include "judge/sandbox/sandbox.h"

namespace judge::sandbox {

// How a run's writes are bounded, as reported (doctor, run --json).
inline constexpr const char* kDiskQuotaMethod = "overlay+tmpfs";

// Whether this kernel offers overlayfs (read from /proc/filesystems).
bool OverlaySupported();

struct DiskUsage {
  int64_t bytes = 0;   // written in the work directory (page-granular)
  int64_t files = 0;   // files, directories, links and whiteouts created
  bool over_quota = false;  // a write was refused: more bytes or files than allowed
};

class RunDisk {
 public:
  // Mounts the layer at dir (created 0700 if missing; a mount left there by a judge
  // that died is replaced). quota_bytes > 0, quota_files > 0.
  static Result<RunDisk> Start(const std::string& dir, int64_t quota_bytes, int64_t quota_files, uid_t uid,
                               gid_t gid);
  RunDisk(const RunDisk&) = delete;
  RunDisk& operator=(const RunDisk&) = delete;
  RunDisk(RunDisk&& other) noexcept;
  RunDisk& operator=(RunDisk&&) = delete;
  ~RunDisk();  // unmounts (lazily: nothing can block it)

  // The mount(2) data of the overlay over lower_dir (an absolute host path without
  // ',' ':' or '\\', which the option syntax cannot carry; InvalidArgument else).
  Result<std::string> OverlayOptions(const std::string& lower_dir) const;

  // What the run wrote. Call after the run.
  DiskUsage Usage() const;

  // Applies the upper layer to the host directory host_dir_fd (copy_back.h): every
  // entry, or (only non-null) the named top-level ones; at most the layer's used size
  // in data bytes. Only the judge's own failures are errors; what is not kept (too
  // deep, special files, past the cap) is noted in result->message, and more than
  // the layer was charged is the program's doing: OLE, as a write past its quota.
  Status KeepWrites(int host_dir_fd, const std::vector<std::string>* only, RunResult* result) const;

 private:
  RunDisk(std::string dir, int64_t quota_bytes, int64_t quota_files)
      : dir_(std::move(dir)), quota_bytes_(quota_bytes), quota_files_(quota_files) {}
  std::string dir_;  // empty once moved from (or when the mount failed)
  int64_t quota_bytes_;
  int64_t quota_files_;
};

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_RUN_DISK_H_
