// The launcher L: a thread of a run's init I that holds the seccomp filter and starts
// the init's programs, so that the filter is made once per init, not once per program.
//
// Theory of operation. Installing a filter costs the kernel a compilation (it is
// JIT-compiled, and its always-allowed system calls are found by emulating it for
// every number), and the filter is freed again when the program exits: about 0.1 ms
// of a 1.3 ms test. A filter is inherited across clone and exec, so a task that has
// it can give it to every program it starts. I cannot be that task: it must still
// mount and unmount for the later runs of its session, and the filter forbids both.
// L can: a thread of I (CLONE_THREAD, sharing I's memory, descriptors, root and
// working directory, signal handlers and namespaces as they were when L was made),
// which sets no_new_privs and installs the filter on itself alone (the filter and
// no_new_privs are per thread; no TSYNC), and stays root. For each run I hands L the
// clone of the program P; P, L's child, starts with L's filter and no_new_privs.
//
// Why a thread and not a process: kill(-1, SIGKILL) from I, pid 1 of its namespace
// (child_setup.h), spares the caller's thread group, so L outlives every run's
// kill; the program, another uid, can neither signal nor ptrace a root thread (and
// hidepid=2 hides it); a child of any thread of a group is reaped by every thread's
// wait4 (the kernel looks at each thread's children), so I reaps P and counts its
// rusage as before, and the orphans of P are reparented to I as before. I ends with
// exit_group (_exit) or SIGKILL, and L with it: nothing to clean up.
//
// Synchronisation: one futex word, `state`, in the memory I and L share, in strict
// alternation: I writes a job and sets kJob, L sets kIdle when it is done; each
// waits while the word holds the value the other must change. L was cloned with
// CLONE_CHILD_CLEARTID on that word: if L ever ends, the kernel writes 0 there and
// wakes the waiter, so I never waits for a launcher that is gone (a judge error, not
// a hang). The futex calls are raw system calls (inline asm) that never write errno:
// L has no thread-local storage of its own (no CLONE_SETTLS, like every clone here),
// so L and I share errno, and L must not write it while I runs. L writes errno only
// in the clone of P, while I waits in a raw futex wait; from the moment it sets kIdle
// until I has set kJob again, its only system calls are raw ones (the wake and the
// wait). Nothing here allocates or locks.
//
// The raw calls are written for x86_64 and aarch64, the sandbox's architectures.
#ifndef JUDGE_SRC_SANDBOX_LAUNCHER_H_
#define JUDGE_SRC_SANDBOX_LAUNCHER_H_

#include <linux/filter.h>
#include <sys/types.h>

namespace judge::sandbox {

// Starts L in the calling thread's group with `filter` (none when filter_len is 0)
// and waits until it has installed it. 0, or the errno of the failed step, *what
// naming it. The caller is a run's init, which starts one launcher.
int StartLauncher(const sock_filter* filter, unsigned short filter_len, const char** what);

// In L: clone(fn, stack_top, flags, arg, pidfd), what I would have done itself;
// waits until L is done (with CLONE_VFORK: until the child has exec'd or died). The
// child's pid, or -1 with *err and *what (ESRCH: there is no launcher, or it ended).
pid_t CloneInLauncher(int (*fn)(void*), void* stack_top, int flags, void* arg, int* pidfd, const char** what,
                      int* err);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_LAUNCHER_H_
