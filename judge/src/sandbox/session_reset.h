// What a session's init (child_setup.h, StartSessionRun) does around each run so
// that the next run of the session finds nothing of it.
//
// Theory of operation. A session keeps one init I, with its pid, mount, IPC and UTS
// namespaces, for all the runs of one submission; what a run can change there is:
//  - processes: every process of the run lives in I's pid namespace (it cannot leave
//    it), so I, its pid 1, kills them all with kill(-1, SIGKILL), which spares only
//    the caller, and reaps until it has no child (orphans are reparented to it);
//  - files: the root is read-only; /tmp and /dev/shm are a tmpfs of the run's own
//    (MountFreshScratch), stacked over the root's empty directories and detached
//    after the run, which frees every file and page in it at once, however deep; the
//    work directory is an overlay whose writable layer the judge empties or replaces
//    (run_disk.h), detached here too; extra mounts are detached;
//  - IPC: SysV shared memory, message queues and semaphores are removed by index
//    (POSIX message queues cannot be made: RLIMIT_MSGQUEUE is 0; POSIX shared memory
//    is a file in /dev/shm);
//  - the cgroup's counters and peaks: the judge resets and reads them per run, and
//    checks the cgroup empty (I never joins it).
// The network namespace is the slot's, shared by all its runs already; the hostname,
// mounts and namespaces cannot be changed by the program (no capability, seccomp).
//
// Everything here runs in I: system calls only, no allocation, no locks.
#ifndef JUDGE_SRC_SANDBOX_SESSION_RESET_H_
#define JUDGE_SRC_SANDBOX_SESSION_RESET_H_

#include <cstdint>

#include "child_setup.h"

namespace judge::sandbox {

// Mounts a fresh tmpfs of `bytes` (nosuid, nodev) and stacks its directories "tmp"
// and "shm" (mode 1777) over /tmp and /dev/shm. Needs the root writable (a mount point
// is made there for a moment). 0, or the errno of the failed step, *what naming it.
int MountFreshScratch(int64_t bytes, const char** what);

// Kills every process of the caller's pid namespace but the caller (its init), and
// reaps until none is left. The usage of what it reaps counts in RUSAGE_CHILDREN.
void KillAllOthersAndReap();

// Detaches the run's mounts: the kHost* targets of plan.fs_ops[fs_base_count, ...)
// (in reverse), the stacked /tmp and /dev/shm; makes the root's mount writable again.
// 0, or the errno of the failed step, *what naming it.
int DetachRunMounts(const ChildPlan& plan, const char** what);

// Removes every SysV shared-memory segment, message queue and semaphore set of the
// caller's IPC namespace (every process that used them is gone: nothing is attached).
void RemoveSysvIpcObjects();

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_SESSION_RESET_H_
