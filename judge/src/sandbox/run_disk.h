// The run's writable layer: everything a program writes in its work directory, under a
// quota, and never written by the program into the host directory itself.
//
// Theory of operation. Each slot owns a directory <state_dir>/slot<k>.disk. For one
// run, RunDisk mounts a fresh tmpfs there in the judge's mount namespace (size = the
// disk quota plus a page, nr_inodes = the file quota, nosuid, nodev) holding "upper"
// (owned by the run's uid, it becomes the work directory's root) and "work" (the
// overlay's own). The run's init mounts an overlay at the work directory: the host
// work directory below, read-only in effect, "upper" above (OverlayOptions()). Every
// byte and file the program writes lands in the tmpfs, whose size stops it with ENOSPC:
// that is the quota, whatever the number of files; the pages are the run's memory too.
//
// After the run, once every process of it is dead, CopyBack() applies the upper layer
// (what the caller wants of it) to the host work directory through descriptors opened
// before the run, by real blocks, each inode once, at most what the layer was charged
// (copy_back.h).
//
// The slot keeps its layer mounted for its next run, when the run left nothing behind
// (Reuse(): the upper layer empty, no page or file still used, no extended attribute
// but the overlay's own, the same quotas); a mount and an unmount per run were the
// judge's dearest system calls on the run path (docs/figures.md, section `runpath`).
// A clean layer also outlives the judge process: the next process to hold the slot's
// lock takes it over (Adopt(): a tmpfs mounted at the slot's directory itself, of
// exactly the size and inodes it would mount, and clean as above). Else the tmpfs is
// unmounted (RAII, on every path) and a fresh one mounted: whatever the program left,
// however deep, is gone at once.
//
// The overlay is mounted with redirect_dir=off: renaming a directory that existed
// before the run fails with EXDEV (tools fall back to copying), so the upper layer
// never holds redirects and CopyBack needs only whiteouts and opaque directories.
//
// Not thread-safe: one run, one slot.
#ifndef JUDGE_SRC_SANDBOX_RUN_DISK_H_
#define JUDGE_SRC_SANDBOX_RUN_DISK_H_

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "copy_back.h"
#include "judge/base/status.h"

namespace judge::sandbox {

// How a run's writes are bounded, as reported (doctor, run --json).
inline constexpr const char* kDiskQuotaMethod = "overlay+tmpfs";
inline constexpr const char* kNoDiskQuotaMethod = "none (no overlayfs: only the per-file size limit)";

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

  // Readies this layer for another run of the slot without a new mount, and says
  // whether it could: only when the last run left nothing in it (see above) and the
  // quotas are the same. Then the upper root is given to uid:gid again, mode 0755,
  // its times set to now: nothing of the last run shows. False: the caller mounts a
  // fresh layer (destroying this one). *as_left (when not null): true when the upper
  // root already had that owner and mode, so that only its times were set (an overlay
  // still mounted over it caches the owner and mode it saw: a session's kept overlay
  // may serve the next run only then).
  bool Reuse(int64_t quota_bytes, int64_t quota_files, uid_t uid, gid_t gid, bool* as_left = nullptr);

  // The layer left mounted at dir (by a judge process that ended, or by another that
  // used the slot since), ready for a run as Reuse() leaves it, when it is the tmpfs
  // Start would mount (mounted at dir itself, the same size and inodes) and clean;
  // else nothing, and what is there stays for Start to replace. Call with the slot's
  // lock held.
  static std::optional<RunDisk> Adopt(const std::string& dir, int64_t quota_bytes, int64_t quota_files, uid_t uid,
                                      gid_t gid);

  // Whether the last run left nothing in the layer (Reuse()'s test; changes nothing).
  bool Clean() const;

  // Forgets the mount without unmounting it: the next judge process takes it over
  // (Adopt), or another process may have replaced it (the slot's lock is not held),
  // and Start unmounts what it finds.
  void Disown() { dir_.clear(); }

  // The mount(2) data of the overlay over lower_dir (an absolute host path without
  // ',' ':' or '\\', which the option syntax cannot carry; InvalidArgument else).
  Result<std::string> OverlayOptions(const std::string& lower_dir) const;

  // What the run wrote. Call after the run.
  DiskUsage Usage() const;

  // Applies the upper layer to the host directory host_dir_fd (copy_back.h): every
  // entry, or (only non-null) the named top-level ones; at most the layer's used size
  // in data bytes. Only the judge's own failures are errors; what is not kept (too
  // deep, special files, past the cap) is in *tally.
  Status CopyBack(int host_dir_fd, const std::vector<std::string>* only, CopyBackTally* tally) const;

 private:
  RunDisk(std::string dir, int64_t quota_bytes, int64_t quota_files)
      : dir_(std::move(dir)), quota_bytes_(quota_bytes), quota_files_(quota_files) {}
  std::string dir_;  // empty once moved from (or when the mount failed, or disowned)
  int64_t quota_bytes_;
  int64_t quota_files_;
};

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_RUN_DISK_H_
