#include "child_setup.h"

#include <fcntl.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <initializer_list>

#include "keeper_protocol.h"

namespace judge::sandbox {

namespace {

// Exit code of I when setup failed (the report says why).
constexpr int kSetupFailed = 120;
// At most one cgroup.procs per controller.
constexpr int kMaxProcsFds = 8;

void CopyString(char* dst, size_t cap, const char* a, const char* b) {
  size_t i = 0;
  for (const char* s : {a, b}) {
    if (s == nullptr) continue;
    while (*s != '\0' && i + 1 < cap) dst[i++] = *s++;
  }
  dst[i] = '\0';
}

[[noreturn]] void Fail(const ChildPlan& plan, const char* what, const char* arg, int err) {
  ChildReport* r = plan.report;
  CopyString(r->failed_what, sizeof r->failed_what, what, arg);
  r->failed_errno = err;
  __atomic_store_n(&r->failed, 1, __ATOMIC_SEQ_CST);
  _exit(kSetupFailed);
}

// Closes every descriptor >= 3 but those in keep[0..n) (unsorted, no allocation).
void CloseAllExcept(int* keep, int n) {
  for (int i = 1; i < n; ++i)  // insertion sort: a handful of descriptors
    for (int j = i; j > 0 && keep[j - 1] > keep[j]; --j) {
      int t = keep[j];
      keep[j] = keep[j - 1];
      keep[j - 1] = t;
    }
  unsigned next = 3;
  for (int i = 0; i < n; ++i) {
    if (keep[i] < static_cast<int>(next)) continue;
    if (static_cast<unsigned>(keep[i]) > next)
      syscall(SYS_close_range, next, static_cast<unsigned>(keep[i] - 1), 0u);
    next = static_cast<unsigned>(keep[i]) + 1;
  }
  syscall(SYS_close_range, next, ~0u, 0u);
}

void UnblockAllSignals() {
  sigset_t none;
  sigemptyset(&none);
  syscall(SYS_rt_sigprocmask, SIG_SETMASK, &none, nullptr, sizeof(long) * 1);
}

// The keeper's one departure from default signal dispositions (DefaultSignals, at
// its start) is SIGPIPE ignored: only that is undone here, one call instead of 64 on
// every run.
void ResetSignals() {
  struct sigaction sa = {};
  sa.sa_handler = SIG_DFL;
  sigaction(SIGPIPE, &sa, nullptr);
  UnblockAllSignals();
}

// The calling thread's scheduler slice (sched_attr::sched_runtime of a SCHED_OTHER
// task; 0: the kernel's default), its policy and nice value kept. Linux 6.12 and later
// honour it; older kernels ignore it, and so does this (a hint, never a failure).
void SetSchedulerSlice(uint64_t ns) {
  struct {
    uint32_t size;
    uint32_t policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime, deadline, period;
  } attr = {};
  if (syscall(SYS_sched_getattr, 0, &attr, sizeof attr, 0) != 0 || attr.policy != SCHED_OTHER) return;
  attr.size = sizeof attr;
  attr.flags = 0;
  attr.runtime = ns;
  (void)syscall(SYS_sched_setattr, 0, &attr, 0);
}

// Attaches the keeper's detached mount at path and gives it flags (read-only, nosuid...).
int AttachMount(int mount_fd, const char* path, unsigned long flags) {
  if (mount_fd < 0) {
    errno = EBADF;
    return -1;
  }
  int rc = static_cast<int>(syscall(SYS_move_mount, mount_fd, "", AT_FDCWD, path, MOVE_MOUNT_F_EMPTY_PATH));
  if (rc == 0 && flags != 0) rc = mount(nullptr, path, nullptr, MS_REMOUNT | MS_BIND | flags, nullptr);
  return rc;
}

// fs_ops[first, last); *next_mount counts the detached mounts used.
void RunFsOps(const ChildPlan& plan, int first, int last, int* next_mount) {
  for (int i = first; i < last; ++i) {
    const FsOp& op = plan.fs_ops[i];
    int rc = 0;
    const char* what = "";
    switch (op.kind) {
      case FsOp::kMkdir:
        what = "mkdir ";
        rc = mkdir(op.a, op.mode);
        if (rc != 0 && errno == EEXIST) rc = 0;
        break;
      case FsOp::kSymlink:
        what = "symlink ";
        rc = symlink(op.b, op.a);
        break;
      case FsOp::kMount:
        what = "mount ";
        rc = mount(op.b, op.a, op.fstype, op.flags, op.data);
        break;
      case FsOp::kBind:
        what = "bind mount ";
        rc = mount(op.b, op.a, nullptr, MS_BIND | MS_REC, nullptr);
        if (rc == 0) {
          what = "remount ";
          rc = mount(nullptr, op.a, nullptr, MS_REMOUNT | MS_BIND | op.flags, nullptr);
        }
        break;
      case FsOp::kHostBind:
      case FsOp::kHostOverlay: {
        what = "attaching the host's mount at ";
        int n = (*next_mount)++;
        rc = AttachMount(n < plan.mount_count ? plan.mount_fds[n] : -1, op.a, op.flags);
        break;
      }
      case FsOp::kMknod:
        what = "mknod ";
        rc = mknod(op.a, op.mode, op.dev);
        break;
      case FsOp::kRemount:
        what = "remount ";
        rc = mount(nullptr, op.a, nullptr, MS_REMOUNT | op.flags, op.data);
        break;
      case FsOp::kPivotRoot:
        what = "pivot_root ";
        rc = chdir(op.a);
        if (rc == 0) rc = static_cast<int>(syscall(SYS_pivot_root, ".", "."));
        // The old root is stacked under the new one: detach it.
        if (rc == 0) rc = umount2(".", MNT_DETACH);
        if (rc == 0) rc = chdir("/");
        break;
    }
    if (rc != 0 && !op.optional) Fail(plan, what, op.a, errno);
  }
}

// P: from root with every capability to the unprivileged, filtered program.
void BecomeProgram(const ChildPlan& plan) {
  // The keeper's short scheduler slice (ShortenSchedulerSlice) is its own and I's:
  // the program gets the kernel's default, as any process it is compared with.
  SetSchedulerSlice(0);
  // Into the run's cgroups first: everything the program does happens inside. I
  // stays out (the namespaces and mounts it built, and their lazily freed kernel
  // memory, are not the program's; a session's I outlives the run). P shares I's
  // memory until it execs, charged where I's is; the program's own is charged here.
  for (int i = 0; i < plan.procs_count; ++i) {
    if (write(plan.procs_fds[i], "0", 1) != 1) Fail(plan, "joining the cgroup", nullptr, errno);
  }
  // The program and its children are the OOM killer's first choice, never I (which
  // shares the judge's pages and looks big). Raising needs no capability.
  const int oom = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
  if (oom < 0 || write(oom, "1000", 4) != 4) Fail(plan, "writing /proc/self/oom_score_adj", nullptr, errno);
  close(oom);
  for (int i = 0; i < plan.rlimit_count; ++i) {
    struct rlimit rl = {plan.rlimits[i].soft, plan.rlimits[i].hard};
    if (setrlimit(plan.rlimits[i].resource, &rl) != 0) Fail(plan, "setrlimit", nullptr, errno);
  }
  // Always set: P would otherwise run at the keeper's nice (0, set at its start),
  // whatever the run asks for.
  if (setpriority(PRIO_PROCESS, 0, plan.nice) != 0) Fail(plan, "setpriority", nullptr, errno);
  if (chdir(plan.cwd) != 0) Fail(plan, "chdir ", plan.cwd, errno);
  // The capability bounding and ambient sets are empty already: the keeper emptied
  // its own at its start (EmptyInheritedCapabilitySets) and I and P inherit them.
  if (syscall(SYS_setgroups, 0, nullptr) != 0) Fail(plan, "setgroups", nullptr, errno);
  if (syscall(SYS_setresgid, plan.gid, plan.gid, plan.gid) != 0) Fail(plan, "setresgid", nullptr, errno);
  if (syscall(SYS_setresuid, plan.uid, plan.uid, plan.uid) != 0) Fail(plan, "setresuid", nullptr, errno);
  umask(022);
  // no_new_privs and the seccomp filter came with the clone: P is the launcher's child
  // (child_setup.h), and the filter has been in force since. One call checks it, so that
  // no program ever runs without it.
  if (plan.filter_len > 0 && prctl(PR_GET_SECCOMP, 0, 0, 0, 0) != SECCOMP_MODE_FILTER)
    Fail(plan, "seccomp: the launcher's filter is missing", nullptr, EPERM);
}

// P's body, on its own stack in I's memory (I is suspended until P execs or exits).
int ProgramMain(void* arg) {
  const ChildPlan& plan = *static_cast<const ChildPlan*>(arg);
  BecomeProgram(plan);
  execve(plan.program, const_cast<char* const*>(plan.argv), const_cast<char* const*>(plan.envp));
  __atomic_store_n(&plan.report->exec_errno, errno == 0 ? ENOEXEC : errno, __ATOMIC_SEQ_CST);
  _exit(127);
}

// P's stack until it execs. Static: I's page of it is touched by P alone, and only
// one P is ever being started from one I (by its launcher, I waiting meanwhile).
alignas(64) char program_stack[64 * 1024];

}  // namespace

void DefaultSignals() {
  // The raw system call: glibc's sigaction refuses the two numbers it reserves (32
  // and 33), which posix_spawn leaves ignored in the keeper, and which every program
  // would otherwise inherit.
  struct {
    void (*handler)(int);
    unsigned long flags;
    void (*restorer)();
    uint64_t mask;
  } dfl = {SIG_DFL, 0, nullptr, 0};
  for (int sig = 1; sig < NSIG; ++sig) {
    if (sig == SIGKILL || sig == SIGSTOP) continue;
    syscall(SYS_rt_sigaction, sig, &dfl, nullptr, sizeof dfl.mask);
  }
  UnblockAllSignals();
}

void ShortenSchedulerSlice() { SetSchedulerSlice(kHelperSliceNs); }

void EmptyInheritedCapabilitySets() {
  for (int cap = 0; cap < 64; ++cap) {
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno == EINVAL) break;  // past the last capability
  }
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
}

void PrepareInit(const ChildPlan& plan) {
  // I: the keeper cloned it into a new pid namespace, whose pid 1 it is. It dies with
  // the keeper (its parent, single-threaded).
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  if (syscall(SYS_getpid) != 1) Fail(plan, "fork: not the init of a new pid namespace", nullptr, 0);
  ResetSignals();
  if (unshare(static_cast<int>(plan.unshare_flags)) != 0) Fail(plan, "unshare namespaces", nullptr, errno);
  umask(0);
  int no_mounts = 0;
  RunFsOps(plan, 0, plan.fs_base_count, &no_mounts);
  if (sethostname(plan.hostname, __builtin_strlen(plan.hostname)) != 0) Fail(plan, "sethostname", nullptr, errno);
  // Last: the launcher shares I's root, working directory and namespaces, and its
  // filter, installed here ahead of the run, serves every run of this init.
  const char* what = "";
  if (int err = StartLauncher(plan.filter, plan.filter_len, &what); err != 0) Fail(plan, what, nullptr, err);
}

namespace {

// Up to P's exec: the run's descriptors, its mounts (after a session's /tmp and
// /dev/shm, so that the run's mount points below them are in the run's tmpfs), then
// P. Returns P's pid once P has exec'd (or died: the report says why), P's pidfd in
// *pidfd. Descriptors left open: 0-2, judge, keep_fd and the cgroup files.
pid_t LaunchProgram(const ChildPlan& plan, int judge, int keep_fd, int* pidfd) {
  // The judge is gone already: nobody would watch the run (the keeper kills it once it
  // sees the judge's connection closed). Do not start it.
  struct pollfd judge_alive = {plan.judge_pidfd, POLLIN, 0};
  if (plan.judge_pidfd >= 0 && poll(&judge_alive, 1, 0) != 0) _exit(kSetupFailed);
  if (dup2(plan.stdin_fd, 0) < 0 || dup2(plan.stdout_fd, 1) < 0 || dup2(plan.stderr_fd, 2) < 0)
    Fail(plan, "dup2 stdio", nullptr, errno);
  // Drop every other descriptor now: whatever else came along (the judge's pidfd) is
  // not the program's.
  int keep[3 + kMaxProcsFds + kMaxMountFds];
  int n = 0;
  keep[n++] = judge;
  if (keep_fd >= 0) keep[n++] = keep_fd;
  for (int i = 0; i < plan.procs_count && i < kMaxProcsFds; ++i) keep[n++] = plan.procs_fds[i];
  for (int i = 0; i < plan.mount_count && i < kMaxMountFds; ++i) keep[n++] = plan.mount_fds[i];
  CloseAllExcept(keep, n);
  int next_mount = 0;
  RunFsOps(plan, plan.fs_base_count, plan.fs_op_count, &next_mount);
  for (int i = 0; i < plan.mount_count && i < kMaxMountFds; ++i) close(plan.mount_fds[i]);
  // glibc's clone(), not fork(): no atfork handlers, no locks; the child runs
  // ProgramMain on program_stack (the stack grows down from its end). P joins the
  // cgroups itself (BecomeProgram). The launcher makes the clone (I waits), so that
  // P starts with its seccomp filter; P is still reaped here (child_setup.h).
  const int flags = CLONE_VM | CLONE_VFORK | CLONE_PIDFD | SIGCHLD;
  void* const stack_top = program_stack + sizeof program_stack;
  void* const arg = const_cast<ChildPlan*>(&plan);
  const char* what = "";
  int err = 0;
  const pid_t program = CloneInLauncher(ProgramMain, stack_top, flags, arg, pidfd, &what, &err);
  if (program < 0) Fail(plan, what, nullptr, err);
  return program;
}

// P has been reaped with this status and usage: into the report.
void RecordProgramEnd(const ChildPlan& plan, int status, const struct rusage& usage) {
  plan.report->program_end_ns = MonotonicNs();
  plan.report->program_status = status;
  plan.report->program_maxrss_kib = usage.ru_maxrss;
  __atomic_store_n(&plan.report->program_reaped, 1, __ATOMIC_SEQ_CST);
}

// Reaps I's children until P is among them.
void ReapProgram(const ChildPlan& plan, pid_t program) {
  for (;;) {
    int status = 0;
    struct rusage usage = {};
    pid_t pid = static_cast<pid_t>(syscall(SYS_wait4, -1, &status, __WALL, &usage));
    if (pid == program) {
      RecordProgramEnd(plan, status, usage);
      return;
    }
    if (pid < 0 && errno != EINTR) return;
  }
}

struct rusage Minus(const struct rusage& a, const struct rusage& b) {
  auto sub = [](struct timeval x, struct timeval y) {
    int64_t us = (int64_t{x.tv_sec} - y.tv_sec) * 1000000 + (x.tv_usec - y.tv_usec);
    struct timeval r;
    r.tv_sec = us / 1000000;
    r.tv_usec = us % 1000000;
    return r;
  };
  struct rusage r = {};
  r.ru_utime = sub(a.ru_utime, b.ru_utime);
  r.ru_stime = sub(a.ru_stime, b.ru_stime);
  // The other fields are sums or maxima since I began (ru_maxrss the session's
  // largest child): not the run's. The program's own peak is in the report.
  return r;
}

}  // namespace

KeeperEnded RunInInit(const ChildPlan& plan, int judge, pid_t init_pid, int link, SessionScratch* session) {
  struct rusage before = {};
  getrusage(RUSAGE_CHILDREN, &before);
  if (session != nullptr) {
    const char* what = "";
    if (int err = ResetPidCounter(session, &what); err != 0) Fail(plan, what, nullptr, err);
    if (int err = MountFreshScratch(plan.scratch_options, &what); err != 0) Fail(plan, what, nullptr, err);
  }
  int pidfd = -1;
  pid_t program = LaunchProgram(plan, judge, link, &pidfd);
  // The judge watches the run end through P's pidfd: the end of P, not of I, whose
  // namespaces take a while to tear down. A judge that is gone ends the run with I.
  KeeperStarted started;
  started.ok = 1;
  started.init_pid = init_pid;
  started.start_ns = MonotonicNs();
  if (!SendMessage(judge, &started, sizeof started, &pidfd, 1)) _exit(0);
  NoteInitAnswer(InitAnswered::kStarted);
  // Only the link and the judge's connection stay: the run's stdin, stdout and stderr
  // must see end of file when the program closes them, not when I ends.
  int keep[2] = {link, judge};
  CloseAllExcept(keep, 2);
  syscall(SYS_close_range, 0u, 2u, 0u);
  ReapProgram(plan, program);
  KillAllOthersAndReap();
  KeeperEnded end;
  end.reaped_ns = MonotonicNs();
  struct rusage after = {};
  getrusage(RUSAGE_CHILDREN, &after);
  end.usage = Minus(after, before);
  end.status = plan.report->program_status;
  if (session != nullptr) {
    // What holds pages goes before the judge hears that the run ended: the judge then
    // reads the cgroup's counters, and pages of files still held would count. The
    // run's mounts go after (FinishSessionRun).
    const char* what = "";
    if (int err = DetachScratch(&what); err != 0) Fail(plan, what, nullptr, err);
  }
  end.report = *plan.report;
  return end;
}

void FinishSessionRun(const ChildPlan& plan, int link) {
  // The judge has its answer and its report: a failure here is not the run's. I just
  // ends, and the keeper, which hears no byte, gives the session's next run a fresh init.
  if (DetachRunMounts(plan) != 0) _exit(kSetupFailed);
  if (write(link, &kRunDetached, 1) != 1) _exit(0);
}

}  // namespace judge::sandbox
