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
// (CopyBackTree, below). The tmpfs is then unmounted (RAII, on every path): whatever the
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

#include "judge/base/status.h"
#include "judge/sandbox/sandbox.h"

namespace judge::sandbox {

// Copy-back: what a run wrote in its disk layer's upper directory (run_disk.h) applied
// to the host work directory, after the run, by the judge.
//
// Theory of operation. The judge writes the host's scratch (often a tmpfs shared by
// every judging of the host); the program only wrote its quota-bounded layer. So the
// judge must never write more than the run was charged for, whatever the program
// made its files look like:
//   - only what the caller needs comes back (CopyBackPlan::only: e.g. a file-I/O
//     problem's output file); the rest goes with the layer;
//   - a regular file is copied by its data extents (SEEK_DATA / SEEK_HOLE): a file
//     ftruncate'd to 64 MiB costs nothing on the host, as it cost nothing in the
//     layer; its holes stay holes;
//   - an inode is copied once: its other names become hard links to the first copy
//     (a 60 MiB file with 19 links is 60 MiB, not 1,200);
//   - all copies together stop at CopyBackPlan::cap_bytes (the layer's charged size):
//     the run is then the program's fault (OLE), the file being copied is removed.
// Everything is done through descriptors, one directory at a time, never following a
// link (the program is dead, but its names are what it made them): new and changed
// regular files copied (owner and permission bits as the program saw them, no setuid
// or setgid), links recreated, whiteouts removing the host entry, opaque or new
// directories replacing it; FIFOs, sockets and devices dropped.
//
// Not thread-safe; call once the run's processes are all gone.
// Files deeper than this below the work directory are not copied back.
inline constexpr int kCopyBackMaxDepth = 64;

struct CopyBackPlan {
  // Null: every entry the run wrote. Else only these names of the work directory's
  // top level (plain names: no '/', not "." or ".."), with what is below them.
  const std::vector<std::string>* only = nullptr;
  // Real bytes (data extents) all copied files may hold together; > 0.
  int64_t cap_bytes = 0;
};

struct CopyBackTally {
  int64_t dropped = 0;    // entries not kept: special files, too deep, links not made
  int64_t bytes = 0;      // data bytes written into the host directory
  bool over_cap = false;  // stopped at cap_bytes: what was left is not kept
};

// Applies the upper directory upper_fd to the host directory host_fd as above. Only
// the judge's own failures are errors; what is not kept is counted in *tally.
Status CopyBackTree(int upper_fd, int host_fd, const CopyBackPlan& plan, CopyBackTally* tally);

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

  // Applies the upper layer to the host directory host_dir_fd (CopyBackTree): every
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
