#include "session_reset.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <initializer_list>

namespace judge::sandbox {

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

}  // namespace judge::sandbox
