// From the caller's SandboxLimits to what the kernel is told: rlimits for the
// program, cgroup limits for its tree, tmpfs sizes. Pure functions, unit-tested.
//
// Why these values:
//  - No RLIMIT_AS: memory is the tree's resident use, limited by the cgroup, so a
//    program may reserve address space it never touches (JVMs, big static arrays).
//  - RLIMIT_STACK is the memory limit unless stated: deep recursion is allowed as far
//    as memory goes; the cgroup still counts every touched stack page.
//  - RLIMIT_FSIZE is output_kib + 1 byte, so "more than the limit" is visible as a file
//    size (and SIGXFSZ) instead of being ambiguous with "exactly the limit".
//  - The work directory's quota (disk_bytes) is the output limit unless stated: a
//    program that writes more in files than it may print is over its output all
//    the same; RLIMIT_FSIZE still caps each file.
//  - RLIMIT_CPU is a backstop at twice the limit plus a second:
//    the monitor kills at the limit by the measured CPU time, and a process that
//    escaped monitoring still dies. The kernel checks RLIMIT_CPU against one
//    process's tick-sampled clock, which on a busy host runs ahead of the cgroup's
//    counter (docs/grading.md, "Time limits"): the backstop sits far enough above
//    the limit that the measured time reaches the limit first.
//  - RLIMIT_NPROC (per uid, and each run slot has its own uid) is max_processes with
//    no cgroup; with one, pids.max = max_processes (the cgroup holds the program's
//    processes only: the init never joins it) is what refuses forks, and RLIMIT_NPROC
//    sits one above so the pids controller sees the event and the judge can report it.
#ifndef JUDGE_SRC_SANDBOX_RUN_LIMITS_H_
#define JUDGE_SRC_SANDBOX_RUN_LIMITS_H_

#include <sys/resource.h>

#include <array>
#include <cstdint>
#include <string>

#include "init/child_setup.h"
#include "judge/base/status.h"
#include "judge/sandbox/sandbox.h"

namespace judge::sandbox {

inline constexpr int64_t kDefaultDiskFiles = 16384;  // SandboxLimits::disk_files 0

struct DerivedLimits {
  std::array<RlimitValue, 10> rlimits{};
  int rlimit_count = 0;
  int64_t cgroup_memory_bytes = 0;
  int64_t cgroup_pids_max = 0;
  int64_t tmpfs_bytes = 0;  // size of the run's root tmpfs (/tmp and /dev/shm together)
  int64_t stack_bytes = 0;
  int64_t output_bytes = 0;  // the output limit in bytes
  int64_t disk_bytes = 0;    // the work directory's quota (run_disk.h)
  int64_t disk_files = 0;

  const RlimitValue* Find(int resource) const {
    for (int i = 0; i < rlimit_count; ++i)
      if (rlimits[i].resource == resource) return &rlimits[i];
    return nullptr;
  }
};

// InvalidArgument naming the field when a limit is out of range.
Status ValidateLimits(const SandboxLimits& limits);

// Requires ValidateLimits(limits).ok().
DerivedLimits DeriveLimits(const SandboxLimits& limits, bool with_cgroup);


// Deciding what a run's status is, after the run, from what was measured and why
// the judge (or the kernel) stopped it. Pure, unit-tested.
//
// Order of precedence: the first reason the run was stopped (the judge's monitor, or
// the kernel: OOM killer -> memory, SIGXFSZ -> output, SIGXCPU or SIGKILL with the
// measured CPU time over the limit -> CPU) decides; a run
// that ended by itself is still checked against every limit (a program that exits at
// limit + 3 ms is TLE); then a failed exec, a signal or a non-zero exit code is RE,
// except that a program failing after an allocation hit the memory limit (a write to
// tmpfs or a memfd refused with ENOMEM, a malloc that returned NULL) is MLE.
//
// Memory used is the larger of the cgroup's peak and the program's own high-water
// RSS: pages of the program's image (a baked-in table) were charged to whoever first
// read the file (the judge, copying it), not to the run, but they are resident in the
// program all the same. Over the limit is MLE even when the cgroup did not stop it.
//
// Writing more in the work directory than its quota (bytes or files) is OLE, whether
// the program then failed or not: the refused write is the cause.
//
// A run stopped at a time limit with more private writable memory mapped than the
// memory limit is MLE when SandboxLimits::reserved_memory_counts says so.
//
// A fork or thread refused at the process limit is the program's business (it got
// EAGAIN, as under DOMjudge or isolate): the verdict follows its exit and output, and
// the message notes the refusal.
struct Measurement {
  bool exited = false;  // the main program exited (exit_code valid)
  int exit_code = -1;
  int signal = 0;       // terminating signal of the main program, else 0
  int exec_errno = 0;   // the program could not be started (exec failed), else 0
  int64_t cpu_ms = 0;
  int64_t wall_ms = 0;
  int64_t memory_kib = 0;           // the cgroup's peak (or the polled peak without one)
  int64_t program_rss_kib = 0;      // the program's high-water RSS, its image's pages included
  int64_t output_bytes = 0;         // stdout + stderr
  bool disk_over_quota = false;     // a write in the work directory was refused (quota)
  int64_t disk_kib = 0;             // written in the work directory
  int64_t disk_files = 0;
  bool oom_killed = false;          // the kernel's OOM killer acted in the run's cgroup
  bool memory_limit_hit = false;    // a charge hit the cgroup's limit (refused or reclaimed)
  bool memory_enforced = true;      // a cgroup enforced the memory limit (else polled)
  int64_t forks_denied = 0;         // forks/threads refused at the process limit (EAGAIN)
  KillReason judge_kill = KillReason::kNone;  // why the judge's monitor killed the run
  int64_t data_kib_at_stop = 0;     // private writable memory when a time limit stopped it
};

struct Decision {
  RunStatus status = RunStatus::kOk;
  KillReason reason = KillReason::kNone;
  std::string message;
};

Decision DecideStatus(const Measurement& m, const SandboxLimits& limits);

// The memory a run is reported (and judged) at: max(memory_kib, program_rss_kib).
int64_t MemoryUsedKib(const Measurement& m);

// "SIGSEGV" for 11; "signal 77" for unknown numbers.
std::string SignalName(int sig);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_RUN_LIMITS_H_
