// Every privileged or escaping system call must fail: namespaces, mount, chroot,
// setuid(0), ptrace, bpf, perf, io_uring, keyrings, reboot, modules, clock; and the
// program runs under the seccomp filter, with no_new_privs and no capability.
#define _GNU_SOURCE
#include <sched.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "escape_common.h"
int main(void) {
  ATTEMPT(unshare(CLONE_NEWUSER) == 0, "unshare(CLONE_NEWUSER)");
  ATTEMPT(unshare(CLONE_NEWNS) == 0, "unshare(CLONE_NEWNS)");
  ATTEMPT(unshare(CLONE_NEWNET) == 0, "unshare(CLONE_NEWNET)");
  ATTEMPT(syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0) >= 0, "clone(CLONE_NEWUSER)");
  ATTEMPT(mount("none", "/tmp", "tmpfs", 0, 0) == 0, "mount tmpfs");
  ATTEMPT(umount2("/proc", MNT_DETACH) == 0, "umount /proc");
  ATTEMPT(chroot("/tmp") == 0, "chroot");
  ATTEMPT(setuid(0) == 0, "setuid(0)");
  ATTEMPT(setgid(0) == 0, "setgid(0)");
  ATTEMPT(ptrace(PTRACE_ATTACH, 1, 0, 0) == 0, "ptrace attach pid 1");
  ATTEMPT(ptrace(PTRACE_TRACEME, 0, 0, 0) == 0, "ptrace traceme");
  ATTEMPT(syscall(SYS_bpf, 0, 0, 0) >= 0, "bpf");
  ATTEMPT(syscall(SYS_perf_event_open, 0, 0, -1, -1, 0) >= 0, "perf_event_open");
  ATTEMPT(syscall(SYS_io_uring_setup, 4, 0) >= 0, "io_uring_setup");
  ATTEMPT(syscall(SYS_keyctl, 0, 0, 0, 0, 0) >= 0, "keyctl");
  ATTEMPT(syscall(SYS_add_key, "user", "k", "v", 1, -2) >= 0, "add_key");
  ATTEMPT(syscall(SYS_reboot, 0xfee1dead, 672274793, 0x1234567, 0) == 0, "reboot");
  ATTEMPT(syscall(SYS_init_module, 0, 0, "") == 0, "init_module");
  ATTEMPT(syscall(SYS_setns, 0, 0) == 0, "setns");
  ATTEMPT(syscall(SYS_userfaultfd, 0) >= 0, "userfaultfd");
  ATTEMPT(syscall(SYS_pivot_root, "/tmp", "/tmp") == 0, "pivot_root");
  struct timeval tv = {0, 0};
  ATTEMPT(settimeofday(&tv, 0) == 0, "settimeofday");
  struct timespec ts = {0, 0};
  ATTEMPT(clock_settime(CLOCK_REALTIME, &ts) == 0, "clock_settime");
  ATTEMPT(sethostname("x", 1) == 0, "sethostname");
  ATTEMPT(syscall(SYS_acct, "/tmp/acct") == 0, "acct");
  ATTEMPT(syscall(SYS_swapoff, "/dev/null") == 0, "swapoff");
  // No capability is left anywhere, not even in the bounding set; the seccomp filter
  // (mode 2) and no_new_privs are in force.
  FILE* f = fopen("/proc/self/status", "r");
  char line[256];
  while (f && fgets(line, sizeof line, f)) {
    if ((strncmp(line, "Cap", 3) == 0 && !strstr(line, "0000000000000000")) ||
        (strncmp(line, "Seccomp:", 8) == 0 && strcmp(line, "Seccomp:\t2\n") != 0) ||
        (strncmp(line, "NoNewPrivs:", 11) == 0 && strcmp(line, "NoNewPrivs:\t1\n") != 0)) {
      fprintf(stderr, "ESCAPED: %s", line);
      escaped = 1;
    }
  }
  if (f) fclose(f);
  return escaped;
}
