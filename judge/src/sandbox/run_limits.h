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
//  - RLIMIT_CPU is a backstop a second above the limit (the monitor kills at the
//    limit; a process that escaped monitoring still dies).
//  - RLIMIT_NPROC (per uid, and each run slot has its own uid) is max_processes with
//    no cgroup; with one, pids.max (which also counts the pid namespace's init)
//    is what refuses forks, and RLIMIT_NPROC sits one above so the pids controller
//    sees the event and the judge can report it.
#ifndef JUDGE_SRC_SANDBOX_RUN_LIMITS_H_
#define JUDGE_SRC_SANDBOX_RUN_LIMITS_H_

#include <sys/resource.h>

#include <array>
#include <cstdint>

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

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_RUN_LIMITS_H_
