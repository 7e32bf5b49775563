// What a session's init (child_setup.h, RunInInit) does around each run so
// that the next run of the session finds nothing of it.
//
// Theory of operation. A session keeps one init I, with its pid, mount, IPC and UTS
// namespaces, for all the runs of one submission; what a run can change there is:
//  - processes: every process of the run lives in I's pid namespace (it cannot leave
//    it), so I, its pid 1, kills them all with kill(-1, SIGKILL), which spares only
//    the caller, and reaps until it has no child (orphans are reparented to it);
//  - files: the root is read-only; /tmp and /dev/shm are the session's scratch tmpfs
//    (ReadyScratch), stacked over the root's empty directories; a run that changed it
//    in any way (a file, a directory's times) has it detached after the run, which
//    frees every file and page in it at once, however deep, and the next run gets a
//    fresh one; the work directory is an overlay whose writable layer the judge
//    empties or replaces (run_disk.h), detached here too, unless the run left its
//    upper layer empty: then it stays for the next run, which uses it only when the
//    judge vouches for the layer and the host directory below (ChildPlan::reuse_work),
//    and else detaches it first; extra mounts are detached;
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

// Readies the session's scratch tmpfs for a run: kept from the last run (which left
// it untouched), else a fresh one of `bytes` (nosuid, nodev) whose directories "tmp"
// and "shm" (mode 1777) are stacked over /tmp and /dev/shm. Needs the root writable.
// 0, or the errno of the failed step, *what naming it.
int ReadyScratch(int64_t bytes, SessionScratch* scratch, const char** what);

// Kills every process of the caller's pid namespace but the caller (its init), and
// reaps until none is left. The usage of what it reaps counts in RUSAGE_CHILDREN.
void KillAllOthersAndReap();

// Detaches the session's scratch tmpfs (/tmp and /dev/shm) unless the run left it
// untouched (nothing in it, neither directory's times changed): every file and page
// in it goes. Before the judge reads the run's counters. 0, or the errno of the
// failed step, *what naming it.
int ReleaseScratchIfTouched(SessionScratch* scratch, const char** what);

// Detaches the run's mounts, the kHost* targets of plan.fs_ops[fs_base_count, ...)
// (in reverse: the work directory's overlay unless keep_work, extra mounts), and makes
// the root's mount writable again for the next run's mount points. They hold nothing
// the run's counters include, so this may follow the judge's answer (the keeper makes
// the next run's mounts only once it is done). 0, or the errno of the failed step.
int DetachRunMounts(const ChildPlan& plan, bool keep_work);

// Removes every SysV shared-memory segment, message queue and semaphore set of the
// caller's IPC namespace (every process that used them is gone: nothing is attached).
void RemoveSysvIpcObjects();

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_SESSION_RESET_H_
