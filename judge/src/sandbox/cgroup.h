// The cgroups of one run slot: limits, measurement and killing of a whole process
// tree, for cgroup v2 (one directory in the unified hierarchy; cgroup_v2.cc) and
// cgroup v1 (one directory per controller: memory, cpuacct, pids, freezer;
// cgroup_v1.cc); which one a host supports is detected once (cgroup.cc).
//
// Theory of operation. Each slot owns <root>/<name>/slot<k> (v1: under each
// controller's mount). Before a run, Prepare() makes sure the cgroup exists and is
// empty (a crashed judge may have left tasks: they are killed), resets what can be
// reset and sets the limits. The child joins by writing "0" to the files opened here
// (v1: "tasks", which moves the writing thread without the global lock; v2:
// cgroup.procs), before it creates the rest of the tree, so every descendant is
// inside. Counters that are not reset (v1: CPU time, oom_kill, failcnt, pids.events)
// are returned raw; the caller takes the difference with the values it reads right
// after Prepare() (CgroupRun::Start).
//  - v2: a fresh child directory "run" per run, so memory.peak and cpu.stat start at
//    zero; removed by Finish(). Without memory.peak (kernels < 5.19), the peak is the
//    largest memory.current seen by ReadUsage() (the monitor polls it).
//  - v1: the slot directories are reused: when the previous run left more than 2 MiB
//    charged, memory.force_empty uncharges its page cache (and the memory cgroup is
//    replaced when more than 4 MiB stays charged), memory.max_usage_in_bytes is
//    reset; counters are read through
//    descriptors kept open, and limits written only when they change.
// KillAll() stops the tree for good: cgroup.kill (v2), else freeze, SIGKILL every task,
// thaw, repeat until the cgroup is empty (fork bombs cannot race a frozen cgroup).
//
// Not thread-safe: one run of one slot at a time uses a RunCgroup.
#ifndef JUDGE_SRC_SANDBOX_CGROUP_H_
#define JUDGE_SRC_SANDBOX_CGROUP_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/status.h"
#include "judge/sandbox/sandbox.h"

namespace judge::sandbox {

// Plain file access to a cgroup hierarchy under a configurable root, so the v1 and
// v2 logic above it is unit-tested against a fake directory tree (tests create
// ordinary files where the kernel would create control files).
//
// Paths given to the methods are relative to root(). Thread-compatible: one
// CgroupFiles per slot, used by one run at a time.
class CgroupFiles {
 public:
  // fake_tree: tests' ordinary directories stand in for cgroupfs: Write creates a
  // missing file and RemoveDir deletes the files inside (as the kernel would).
  explicit CgroupFiles(std::string root, bool fake_tree = false)
      : root_(std::move(root)), fake_tree_(fake_tree) {}

  // Fake trees only: every directory MakeDir creates gets these (empty) files, as the
  // kernel creates control files with a cgroup.
  void set_fake_control_files(std::vector<std::string> names) { fake_control_files_ = std::move(names); }

  const std::string& root() const { return root_; }
  std::string Path(std::string_view rel) const;

  bool Exists(std::string_view rel) const;
  // Whole content of a (small) control file.
  Result<std::string> Read(std::string_view rel) const;
  // Writes `value` in one write() call, as the kernel wants. A missing control file
  // is an error (except in a fake tree).
  Status Write(std::string_view rel, std::string_view value) const;
  // mkdir; an existing directory is fine.
  Status MakeDir(std::string_view rel) const;
  // rmdir; a missing directory is fine.
  Status RemoveDir(std::string_view rel) const;
  // Opens a control file for writing (O_WRONLY | O_CLOEXEC); the caller closes it.
  Result<int> OpenForWrite(std::string_view rel) const;

  // Opens a control file for reading (and writing, when read_write); the caller
  // closes it.
  Result<int> OpenForRead(std::string_view rel, bool read_write = false) const;
  // Re-reads a control file through a descriptor kept open (pread at offset 0:
  // cheaper than open/read/close on every poll of the monitor). Only for files of one
  // value, whose text a single read returns whole: a short read ends it.
  static Result<std::string> ReadFd(int fd);
  // Writes `value` through a descriptor kept open (fake trees: replaces the content).
  Status WriteFd(int fd, std::string_view value) const;

  // Parsers of control file formats (pure).
  // "123\n" -> 123. "max" -> -1.
  static Result<int64_t> ParseInt(std::string_view text);
  // Value of `key` in "key value\n" lines (memory.stat, cpu.stat, memory.events,
  // pids.events, memory.oom_control); NotFound if absent.
  static Result<int64_t> ParseKeyed(std::string_view text, std::string_view key);
  // One pid per line (cgroup.procs).
  static std::vector<int> ParsePids(std::string_view text);

  Result<int64_t> ReadInt(std::string_view rel) const;
  Result<int64_t> ReadKeyed(std::string_view rel, std::string_view key) const;
  Result<std::vector<int>> ReadPids(std::string_view rel) const;

 private:
  std::string root_;
  bool fake_tree_ = false;
  std::vector<std::string> fake_control_files_;
};

// Where the cgroup hierarchies are mounted, from /proc/self/mounts.
struct CgroupLayout {
  std::string v2_mount;                          // empty: no cgroup2 mount
  std::map<std::string, std::string> v1_mounts;  // controller -> its mount directory
};

// Parses /proc/self/mounts text. Pure.
CgroupLayout ParseCgroupMounts(std::string_view proc_mounts);

struct CgroupUsage {
  int64_t cpu_ns = 0;             // user + sys of every task that ran in the cgroup
  int64_t memory_peak_bytes = 0;  // peak charged memory (anonymous, page cache, kernel)
  int64_t oom_kills = 0;          // cumulative OOM kills in the cgroup
  int64_t pids_max_events = 0;    // cumulative forks refused at pids.max
  int64_t memory_limit_hits = 0;  // times a charge hit the limit (v1 failcnt, v2 events "max")
};

class RunCgroup {
 public:
  virtual ~RunCgroup() = default;
  virtual SandboxMethod method() const = 0;
  virtual std::string_view time_method() const = 0;    // for RunResult::time_method
  virtual std::string_view memory_method() const = 0;  // for RunResult::memory_method

  // Makes the cgroup ready and empty, resets counters, sets limits. memory_bytes > 0,
  // pids_max > 0.
  virtual Status Prepare(int64_t memory_bytes, int64_t pids_max) = 0;
  // The files a single-threaded child writes "0" to, to join. Valid until the next
  // Prepare() or Finish().
  virtual const std::vector<int>& procs_fds() const = 0;
  virtual Result<CgroupUsage> ReadUsage() = 0;
  // Kills every task in the cgroup; returns once none is left (or fails).
  virtual Status KillAll() = 0;
  virtual Result<std::vector<int>> Tasks() = 0;
  // After the run: kills what is left (should be nothing), waits until no task is
  // charged to the cgroup any more (exiting tasks stay counted in pids.current until
  // reaped), closes the procs fds, removes the per-run directory (v2).
  virtual Status Finish() = 0;
  // Another process may have used the cgroup since this object last did: what it
  // remembers (the limits it wrote, that it left the cgroup empty) no longer holds,
  // and the next Prepare() writes and checks everything again.
  virtual void ForgetCachedState() {}

 protected:
  // KillAll without cgroup.kill (v1, v2 on kernels before 5.14): freeze (when can_freeze) so that a fork
  // bomb cannot outrun it, SIGKILL every task, thaw, until none is left; an error
  // after 10 s.
  Status KillLoop(bool can_freeze);
  virtual Status Freeze(bool on) = 0;
  virtual Result<bool> Frozen() = 0;
};

// Waits until the cgroup charges no task (its pids.current file reads 0), up to 10 s.
Status WaitUncharged(const CgroupFiles& files, const std::string& pids_current);

// Closes every descriptor and empties the list.
void CloseAll(std::vector<int>* fds);

// cgroup v2 at `files.root()` (the unified mount); the slot lives at
// <name>/slot<slot>. Needs the memory and pids controllers in the root's
// cgroup.controllers.
std::unique_ptr<RunCgroup> NewCgroupV2(CgroupFiles files, std::string name, int slot);

// cgroup v1: one CgroupFiles per controller mount ("memory", "cpuacct", "pids"
// required; "freezer" optional).
std::unique_ptr<RunCgroup> NewCgroupV1(std::map<std::string, CgroupFiles> controllers, std::string name,
                                       int slot);

// The run's cgroup for the duration of one run: emptied, reset and limited by Start(),
// emptied again for the next run by Finish(), or when it goes.
class CgroupRun {
 public:
  explicit CgroupRun(RunCgroup* cgroup) : cgroup_(cgroup) {}
  ~CgroupRun() {
    if (started_) (void)cgroup_->Finish();
  }
  CgroupRun(const CgroupRun&) = delete;
  CgroupRun& operator=(const CgroupRun&) = delete;

  // The counters before the run (zero without a cgroup).
  Result<CgroupUsage> Start(int64_t memory_bytes, int64_t pids_max) {
    if (!cgroup_) return CgroupUsage{};
    started_ = true;
    JUDGE_RETURN_IF_ERROR(cgroup_->Prepare(memory_bytes, pids_max).WithContext("preparing the run's cgroup"));
    return cgroup_->ReadUsage();
  }
  Status Finish() {
    if (!started_) return Status::Ok();
    started_ = false;
    return cgroup_->Finish().WithContext("cleaning up after the run");
  }

 private:
  RunCgroup* cgroup_;
  bool started_ = false;
};

// Which method this host supports, given a layout (pure apart from reading
// cgroup.controllers of the v2 mount and checking write access).
struct CgroupChoice {
  SandboxMethod method = SandboxMethod::kNoCgroup;
  std::string v2_root;                            // when kCgroupV2
  std::map<std::string, std::string> v1_roots;    // when kCgroupV1
  std::string why;                                // why not better (for warnings)
};
CgroupChoice ChooseCgroups(const CgroupLayout& layout, SandboxMethod wanted);

// The layout of this host (/proc/self/mounts), or, when cgroup_root is given, that
// directory as the cgroup2 mount and its subdirectories named like controllers as v1
// mounts (SandboxOptions::cgroup_root).
CgroupLayout DetectCgroupLayout(const std::string& cgroup_root);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_CGROUP_H_
