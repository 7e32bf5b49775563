#include "child_setup.h"

#include <linux/futex.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

namespace judge::sandbox {

namespace {

// The values of the futex word. kGone is what the kernel writes when L ends
// (CLONE_CHILD_CLEARTID), so it must be 0.
enum : int { kGone = 0, kStarting = 1, kIdle = 2, kJob = 3 };

// What I and L share (I's memory, which is the keeper's). I writes the job fields only
// while L waits (kIdle), L the result fields only while I waits (kJob, kStarting).
struct Shared {
  int state = kGone;  // the futex word
  // The job: a clone to make.
  int (*fn)(void*) = nullptr;
  void* stack_top = nullptr;
  int flags = 0;
  void* arg = nullptr;
  // Its result.
  pid_t pid = -1;
  int pidfd = -1;
  int err = 0;
  // What L was made with, and why its start failed.
  const sock_filter* filter = nullptr;
  unsigned short filter_len = 0;
  int setup_err = 0;
  const char* setup_what = "";
};
alignas(64) Shared shared;

// L's stack: one launcher per init, and one init per keeper at a time (keeper_init.h).
// A launcher that ended is done with it once the kernel has cleared the futex word.
alignas(64) char launcher_stack[32 * 1024];

#if defined(__x86_64__)
long RawSyscall(long nr, long a, long b, long c, long d, long e) {
  long ret;
  register long r10 __asm__("r10") = d;
  register long r8 __asm__("r8") = e;
  __asm__ volatile("syscall"
                   : "=a"(ret)
                   : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8)
                   : "rcx", "r11", "memory");
  return ret;
}
#elif defined(__aarch64__)
long RawSyscall(long nr, long a, long b, long c, long d, long e) {
  register long x8 __asm__("x8") = nr;
  register long x0 __asm__("x0") = a;
  register long x1 __asm__("x1") = b;
  register long x2 __asm__("x2") = c;
  register long x3 __asm__("x3") = d;
  register long x4 __asm__("x4") = e;
  __asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4) : "memory");
  return x0;
}
#else
#error "the launcher's raw system calls are written for x86_64 and aarch64 only"
#endif

// Raw system calls: a negative errno on failure, errno untouched. The futex calls are
// not FUTEX_PRIVATE: the kernel's wake at L's end (CLONE_CHILD_CLEARTID) is a shared
// one, and a private waiter would not hear it.
void FutexWait(int* word, int value) {
  (void)RawSyscall(SYS_futex, reinterpret_cast<long>(word), FUTEX_WAIT, value, 0, 0);
}
void FutexWake(int* word) { (void)RawSyscall(SYS_futex, reinterpret_cast<long>(word), FUTEX_WAKE, 1, 0, 0); }

int State() { return __atomic_load_n(&shared.state, __ATOMIC_SEQ_CST); }
void SetState(int value) {
  __atomic_store_n(&shared.state, value, __ATOMIC_SEQ_CST);
  FutexWake(&shared.state);
}

// Waits while the word is `value`; returns what it became. Any return of the wait
// (woken, the word changed before it slept, a spurious wake-up) just looks again.
int WaitWhile(int value) {
  for (;;) {
    const int now = State();
    if (now != value) return now;
    FutexWait(&shared.state, value);
  }
}

[[noreturn]] void EndLauncher(const char* what, long rc) {
  shared.setup_what = what;
  shared.setup_err = static_cast<int>(-rc);
  for (;;) (void)RawSyscall(SYS_exit, 0, 0, 0, 0, 0);  // the thread only; the kernel clears the word
}

// L. errno: L and I share it (one TLS). While L starts, I waits; from the moment L
// sets kIdle and wakes I, L's only system calls are raw futex waits (and the raw exit)
// until I has set kJob and is waiting itself: L then clones, the one call that may
// write errno (on failure), reads it, and sets kIdle again. I has no signal handlers
// (every disposition is the default), so nothing else runs on L's behalf.
int LauncherMain(void*) {
  // no_new_privs, then the filter, on this thread alone (no SECCOMP_FILTER_FLAG_TSYNC):
  // I stays unfiltered, and root, as L does. Every clone of L inherits both.
  long rc = RawSyscall(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
  if (rc != 0) EndLauncher("the launcher's no_new_privs", rc);
  if (shared.filter_len > 0) {
    struct sock_fprog prog = {shared.filter_len, const_cast<sock_filter*>(shared.filter)};
    rc = RawSyscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, reinterpret_cast<long>(&prog), 0, 0);
    if (rc != 0) EndLauncher("the launcher's seccomp filter", rc);
  }
  SetState(kIdle);
  for (;;) {
    (void)WaitWhile(kIdle);  // kJob: I is the only other writer of the word
    // glibc's clone(), as I used it: no atfork handlers, no locks.
    const pid_t pid = clone(shared.fn, shared.stack_top, shared.flags, shared.arg, &shared.pidfd);
    shared.err = pid < 0 ? errno : 0;
    shared.pid = pid;
    SetState(kIdle);
  }
}

}  // namespace

int StartLauncher(const sock_filter* filter, unsigned short filter_len, const char** what) {
  shared = Shared{};
  shared.filter = filter;
  shared.filter_len = filter_len;
  shared.state = kStarting;
  // A thread without TLS of its own (no CLONE_SETTLS): see LauncherMain on errno.
  const int flags =
      CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM | CLONE_CHILD_CLEARTID;
  if (clone(LauncherMain, launcher_stack + sizeof launcher_stack, flags, nullptr, nullptr, nullptr, &shared.state) < 0) {
    const int err = errno;
    shared.state = kGone;
    *what = "clone the launcher";
    return err;
  }
  if (WaitWhile(kStarting) == kIdle) return 0;
  *what = shared.setup_what;  // L ended: it said why
  return shared.setup_err != 0 ? shared.setup_err : EIO;
}

pid_t CloneInLauncher(int (*fn)(void*), void* stack_top, int flags, void* arg, int* pidfd, const char** what,
                      int* err) {
  if (State() != kIdle) {
    *what = "the program's launcher is gone";
    *err = ESRCH;
    return -1;
  }
  shared.fn = fn;
  shared.stack_top = stack_top;
  shared.flags = flags;
  shared.arg = arg;
  shared.pid = -1;
  shared.pidfd = -1;
  shared.err = 0;
  SetState(kJob);
  if (WaitWhile(kJob) != kIdle) {
    *what = "the program's launcher ended";
    *err = ESRCH;
    return -1;
  }
  *pidfd = shared.pidfd;
  *what = "clone program";
  *err = shared.err;
  return shared.pid;
}

}  // namespace judge::sandbox
