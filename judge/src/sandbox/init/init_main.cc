// The init I as the keeper clones it (keeper_init.h): its main loop, what a session's
// init restores between runs, its launcher thread L, and the message channel every
// process of the sandbox uses (SendMessage, ReceiveMessage: the judge and the keeper
// call them too). Runs in I, a copy of the keeper: no allocation, no locks
// (child_setup.h).
//
// Theory of operation (InitMain). I prepares its base (PrepareInit), writes the ready
// byte on its link, then serves each GoMessage the link brings: RunInInit answers the
// judge with KeeperStarted and returns the run's KeeperEnded, which I sends to the
// judge and then, as a copy, to the keeper. A run on its own's I then exits; a
// session's I detaches the run's mounts, writes kRunDetached and waits for the next
// GoMessage. The messages are in keeper_protocol.h.
#include <fcntl.h>
#include <linux/futex.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <initializer_list>

#include "child_setup.h"
#include "keeper_protocol.h"

namespace judge::sandbox {
InitShared* init_shared = nullptr;

InitAnswered LastInitAnswer() {
  return static_cast<InitAnswered>(__atomic_load_n(&init_shared->answer_progress, __ATOMIC_SEQ_CST));
}

void NoteInitAnswer(InitAnswered what) {
  __atomic_store_n(&init_shared->answer_progress, static_cast<int>(what), __ATOMIC_SEQ_CST);
}

bool SendMessage(int socket, const void* bytes, std::size_t size, const int* fds, int fd_count) {
  if (fd_count < 0 || fd_count > kMaxMessageFds) {
    errno = EINVAL;
    return false;
  }
  struct iovec iov = {const_cast<void*>(bytes), size};
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
  alignas(struct cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxMessageFds)];
  if (fd_count > 0) {
    msg.msg_control = control;
    msg.msg_controllen = CMSG_SPACE(sizeof(int) * fd_count);
    struct cmsghdr* c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int) * fd_count);
    std::memcpy(CMSG_DATA(c), fds, sizeof(int) * fd_count);
  }
  ssize_t n;
  do n = sendmsg(socket, &msg, MSG_NOSIGNAL); while (n < 0 && errno == EINTR);
  if (n >= 0 && static_cast<std::size_t>(n) != size) errno = EMSGSIZE;
  return n >= 0 && static_cast<std::size_t>(n) == size;
}

ssize_t ReceiveMessage(int socket, void* bytes, std::size_t cap, int* fds, int* fd_count) {
  struct iovec iov = {bytes, cap};
  alignas(struct cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxMessageFds)];
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
  ssize_t n;
  do n = recvmsg(socket, &msg, MSG_CMSG_CLOEXEC); while (n < 0 && errno == EINTR);
  *fd_count = 0;
  if (n < 0) return -1;
  for (struct cmsghdr* c = CMSG_FIRSTHDR(&msg); c != nullptr; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    const int k = static_cast<int>((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    std::memcpy(fds + *fd_count, CMSG_DATA(c), sizeof(int) * static_cast<std::size_t>(k));
    *fd_count += k;
  }
  if ((msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) == 0) return n;
  for (int i = 0; i < *fd_count; ++i) close(fds[i]);
  *fd_count = 0;
  errno = EMSGSIZE;
  return -1;
}

int InitMain(void* arg) {
  const InitArgs a = *static_cast<const InitArgs*>(arg);  // the keeper's copy is gone once ready
  // Nothing of the keeper's but the link: no client's socket, no listener.
  const unsigned link = static_cast<unsigned>(a.link);
  if (link > 0) syscall(SYS_close_range, 0u, link - 1, 0u);
  syscall(SYS_close_range, link + 1, ~0u, 0u);
  PrepareInit(*a.base);
  const char ready = 1;
  if (write(a.link, &ready, 1) != 1) _exit(0);
  SessionScratch scratch;  // what this init restores before each later run of its session
  for (;;) {
    GoMessage go;
    int fds[kMaxMessageFds];
    int n = 0;
    // Discarded: the keeper closed the link, or sent what is not a whole run.
    if (ReceiveMessage(a.link, &go, sizeof go, fds, &n) != static_cast<ssize_t>(sizeof go)) _exit(0);
    if (n != 4 + go.has_judge_pidfd + go.procs_count + go.mount_count) _exit(0);
    // The judge's connection came first, into the lowest free descriptor: out of the
    // way of the run's stdin, stdout and stderr, which go to 0-2.
    if (fds[0] < 3) {
      const int moved = static_cast<int>(fcntl(fds[0], F_DUPFD_CLOEXEC, 3));
      if (moved < 0) _exit(0);
      close(fds[0]);
      fds[0] = moved;
    }
    // The run's plan: the keeper's, with the descriptors I received.
    ChildPlan plan = *go.plan;
    int at = 1;
    plan.stdin_fd = fds[at++];
    plan.stdout_fd = fds[at++];
    plan.stderr_fd = fds[at++];
    plan.judge_pidfd = go.has_judge_pidfd ? fds[at++] : -1;
    plan.procs_fds = fds + at;
    plan.procs_count = go.procs_count;
    plan.mount_fds = fds + at + go.procs_count;
    plan.mount_count = go.mount_count;
    const KeeperEnded e = RunInInit(plan, fds[0], go.init_pid, a.link, go.keep ? &scratch : nullptr);
    // The judge first: it concludes the run while the keeper hears of it.
    if (!SendMessage(fds[0], &e, sizeof e, nullptr, 0)) _exit(0);
    NoteInitAnswer(InitAnswered::kEnded);
    close(fds[0]);
    if (!SendMessage(a.link, &e, sizeof e, nullptr, 0)) _exit(0);
    // A run on its own: leaving tears the namespaces down, after the judge has heard.
    if (!go.keep) _exit(0);
    FinishSessionRun(plan, a.link);
  }
}


// What a session's init restores between runs (child_setup.h).
namespace {

int Failed(const char* step, const char** what) {
  *what = step;
  return errno != 0 ? errno : EIO;
}

constexpr const char* kLastPid = "/proc/sys/kernel/ns_last_pid";

}  // namespace

int MountFreshScratch(const char* options, const char** what) {
  for (const char* at : {"/tmp", "/dev/shm"})
    if (mount("judge-scratch", at, "tmpfs", MS_NOSUID | MS_NODEV, options) != 0)
      return Failed("mount the run's /tmp or /dev/shm", what);
  return 0;
}

int DetachScratch(const char** what) {
  for (const char* at : {"/dev/shm", "/tmp"})
    if (umount2(at, MNT_DETACH) != 0) return Failed("detaching the run's /tmp or /dev/shm", what);
  return 0;
}

int ResetPidCounter(SessionScratch* scratch, const char** what) {
  const bool first = scratch->last_pid_len == 0;
  const int fd = open(kLastPid, (first ? O_RDONLY : O_WRONLY) | O_CLOEXEC);
  if (fd < 0) return Failed("open /proc/sys/kernel/ns_last_pid", what);
  ssize_t n = first ? read(fd, scratch->last_pid, sizeof scratch->last_pid - 1)
                    : write(fd, scratch->last_pid, static_cast<size_t>(scratch->last_pid_len));
  const int err = errno;
  close(fd);
  errno = err;
  if (n <= 0 || (!first && n != scratch->last_pid_len)) return Failed("the pid counter (ns_last_pid)", what);
  if (first) scratch->last_pid_len = static_cast<int>(n);
  return 0;
}

void KillAllOthersAndReap() {
  // Every other process of the namespace descends from I (the program's orphans are
  // reparented to I; nothing joins from outside): I with no child, not even a zombie,
  // is alone. The kill(-1) is then skipped: it walks every process of the host (the
  // kernel looks each one up in the namespace), most of a small run's reset.
  siginfo_t info;
  if (syscall(SYS_waitid, P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT | __WALL, nullptr) < 0 && errno == ECHILD)
    return;
  for (;;) {
    // As pid 1 of the namespace, -1 reaches every other process in it; a fork racing
    // with it fails (its parent has a fatal signal pending), so none escapes.
    kill(-1, SIGKILL);
    pid_t pid = static_cast<pid_t>(syscall(SYS_wait4, -1, nullptr, __WALL, nullptr));
    if (pid < 0 && errno == ECHILD) return;
  }
}

int DetachRunMounts(const ChildPlan& plan) {
  for (int i = plan.fs_op_count - 1; i >= plan.fs_base_count; --i) {
    const FsOp& op = plan.fs_ops[i];
    if (op.kind != FsOp::kHostBind && op.kind != FsOp::kHostOverlay) continue;
    // EINVAL, ENOENT: gone already, with the scratch tmpfs it was mounted in.
    if (umount2(op.a, MNT_DETACH) != 0 && errno != EINVAL && errno != ENOENT) return errno;
  }
  if (mount(nullptr, "/", nullptr, MS_REMOUNT | MS_BIND | MS_NOSUID, nullptr) != 0) return errno;
  return 0;
}


// The launcher L (child_setup.h).
namespace {

// The values of the futex word. kGone is what the kernel writes when L ends
// (CLONE_CHILD_CLEARTID), so it must be 0.
enum : int { kGone = 0, kStarting = 1, kIdle = 2, kJob = 3 };

// What I and L share (I's memory). I writes the job fields only
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
