// Scratch directories: where a judging or a run keeps its files while it lasts.
//
// Theory of operation. A scratch directory is private (0700, the judge's) and named
// for the process that made it: <root>/<prefix><pid>-<start ticks>-XXXXXX. It is
// removed, fd-relative and whatever its depth, when its ScratchDir goes (RAII: every
// path, a cancellation included). A judge killed with SIGKILL cannot do that, so the
// first ScratchDir a process makes under a root reaps that root: every directory with
// the prefix whose owner process is gone (no such pid, or the pid now belongs to a
// process started at another time) is removed.
//
// The default root (DefaultScratchRoot) is the judge's own tmpfs, mounted once per
// host at /run/judge-scratch with nosuid, nodev and mode 0700 when the judge is root
// (memory speed; nothing there can be setuid or a device), else /dev/shm, else the
// system's temporary directory. Whatever a sandboxed program writes reaches a scratch
// directory only through the sandbox's copy-back: plain files with permission bits.
//
// Thread-safe.
#ifndef JUDGE_BASE_SCRATCH_DIR_H_
#define JUDGE_BASE_SCRATCH_DIR_H_

#include <string>

#include "judge/base/status.h"

namespace judge {

class ScratchDir {
 public:
  // Creates a fresh directory under root (reaping root first, once per process).
  static Result<ScratchDir> Make(const std::string& root, const std::string& prefix);
  ScratchDir() = default;
  ScratchDir(ScratchDir&& other) noexcept;
  ScratchDir& operator=(ScratchDir&& other) noexcept;
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ~ScratchDir();  // removes the directory (errors ignored: the next reap retries)

  const std::string& path() const { return path_; }
  // The caller takes over the removal.
  std::string Release();

 private:
  explicit ScratchDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

// Removes the directories <root>/<prefix>* whose owner process is gone; returns how
// many. Directories without an owner in their name are left alone.
int ReapScratch(const std::string& root, const std::string& prefix);

// $JUDGE_SCRATCH_DIR when set; else /run/judge-scratch as a tmpfs (mounted when
// missing, if the judge may mount); else /dev/shm when it is a writable directory with
// at least 1 GiB free; else $TMPDIR or /tmp. Decided once per process.
std::string DefaultScratchRoot();

// Mount flags and type of the file system holding path, e.g. "tmpfs nosuid,nodev"
// (for `judge doctor`); "" when unknown.
std::string MountDescription(const std::string& path);

}  // namespace judge

#endif  // JUDGE_BASE_SCRATCH_DIR_H_
