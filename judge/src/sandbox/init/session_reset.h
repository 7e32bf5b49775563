// What a session's init (child_setup.h, RunInInit) does around each run so that the
// next run of the session finds nothing of it, nor any trace that a run came before.
//
// Theory of operation. A session keeps one init I, with its pid, mount, IPC, UTS and
// network namespaces, for all the runs of one submission (each submission gets fresh
// ones). What a run can change or observe there, and how it is restored:
//  - processes: every process of the run lives in I's pid namespace (it cannot leave
//    it), so I, its pid 1, kills them all with kill(-1, SIGKILL), which spares only
//    its own thread group, and reaps until it has no child;
//  - the pid counter: ns_last_pid is written back, before each later run, to what the
//    session's first run found (ResetPidCounter), so a run's pids are a fresh init's;
//  - files: the root is read-only; /tmp and /dev/shm are each a fresh tmpfs per run
//    (MountFreshScratch), detached after the run (their inode counters, files and
//    pages go with them); the work directory's overlay and its write layer are new per run
//    (the layer a fresh tmpfs the judge mounts, run_disk.h) and detached after it;
//    extra mounts are detached;
//  - IPC: SysV IPC and POSIX message queues are refused by the seccomp filter
//    (seccomp_policy.h), so no object and no id counter changes; POSIX shared memory
//    is a file in /dev/shm;
//  - network: inet sockets are refused by the seccomp filter (no flow label, no
//    counter moves); AF_UNIX sockets die with their processes;
//  - the cgroup's counters and peaks: the judge resets and reads them per run, and
//    checks the cgroup empty (I never joins it).
// The hostname, mounts and namespaces cannot be changed by the program (no
// capability, seccomp).
//
// Everything here runs in I: system calls only, no allocation, no locks.
#ifndef JUDGE_SRC_SANDBOX_SESSION_RESET_H_
#define JUDGE_SRC_SANDBOX_SESSION_RESET_H_

#include <cstdint>

#include "child_setup.h"

namespace judge::sandbox {

// Writes the pid counter back to what the session's first run found (read then, and
// kept in *scratch). Every process of the namespace but I and its launcher is reaped.
// 0, or the errno of the failed step, *what naming it.
int ResetPidCounter(SessionScratch* scratch, const char** what);

// A fresh tmpfs with `options` (ChildPlan::scratch_options; nosuid, nodev) over /tmp, and another over
// /dev/shm: one mount each, nothing else (no mount point of their own, no bind, no
// remount; every mount operation takes the kernel's global mount lock, which other
// processes of the host contend for). 0, or the errno of the failed step, *what
// naming it.
int MountFreshScratch(const char* options, const char** what);

// Detaches the run's /tmp and /dev/shm: every file and page in them goes. Before the
// judge reads the run's counters. 0, or the errno of the failed step, *what naming it.
int DetachScratch(const char** what);

// Kills every process of the caller's pid namespace but the caller (its init), and
// reaps until none is left. The usage of what it reaps counts in RUSAGE_CHILDREN.
void KillAllOthersAndReap();

// Detaches the run's mounts, the kHost* targets of plan.fs_ops[fs_base_count, ...)
// (in reverse), and makes the root's mount writable again for the next run's mount
// points. They hold nothing the run's counters include, so this may follow the
// judge's answer (the keeper hands the init its next run only once it is done). 0, or
// the errno of the failed step.
int DetachRunMounts(const ChildPlan& plan);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_SESSION_RESET_H_
