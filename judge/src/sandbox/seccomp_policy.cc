#include "seccomp_policy.h"

#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>

#include "judge/base/unique_fd.h"

namespace judge::sandbox {

const std::vector<std::string_view>& DeniedSyscalls() {
  static const std::vector<std::string_view> kDenied = {
      // Other processes' memory and control.
      "ptrace", "process_vm_readv", "process_vm_writev", "process_madvise", "pidfd_getfd", "kcmp",
      // Namespaces, mounts, root changes.
      "unshare", "setns", "mount", "umount", "umount2", "pivot_root", "chroot", "open_tree", "move_mount",
      "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr",
      // Kernel keyrings, BPF, perf, io_uring, userfaultfd.
      "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "io_uring_setup", "io_uring_enter",
      "io_uring_register", "userfaultfd",
      // The machine: reboot, kexec, modules, swap, quotas, accounting, time, host names.
      "reboot", "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
      "create_module", "swapon", "swapoff", "quotactl", "quotactl_fd", "acct", "settimeofday",
      "clock_settime", "clock_adjtime", "adjtimex", "stime", "sethostname", "setdomainname", "syslog",
      "vhangup", "iopl", "ioperm", "lookup_dcookie", "nfsservctl", "uselib", "_sysctl",
      // File handles bypass path permissions; fanotify watches the whole system.
      "open_by_handle_at", "name_to_handle_at", "fanotify_init",
      // SysV IPC and POSIX message queues: their ids count on in the IPC namespace a
      // session's runs share.
      "shmget", "shmat", "shmdt", "shmctl", "semget", "semop", "semtimedop", "semctl", "msgget", "msgsnd",
      "msgrcv", "msgctl", "mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify", "mq_getsetattr",
  };
  return kDenied;
}

unsigned long DeniedCloneFlags() {
  return CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET |
         CLONE_NEWCGROUP;
}

Result<std::vector<sock_filter>> BuildSeccompFilter(bool binary_tree) {
  std::unique_ptr<void, void (*)(scmp_filter_ctx)> ctx(seccomp_init(SCMP_ACT_ALLOW), seccomp_release);
  if (!ctx) return Status::Internal("seccomp_init failed");
  scmp_filter_ctx c = ctx.get();
  // Foreign ABIs (int 0x80, x32) are not allowed at all.
  if (seccomp_attr_set(c, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS) != 0)
    return Status::Internal("seccomp: cannot set the bad-architecture action");
  // A binary tree instead of a list of comparisons: the kernel emulates the filter for
  // every system call number when it is installed (to cache the always-allowed ones),
  // once per init, and the tree makes that cheaper (kernel_costs measures both); each
  // call the program makes is decided in fewer steps too.
  if (binary_tree && seccomp_attr_set(c, SCMP_FLTATR_CTL_OPTIMIZE, 2) != 0)
    return Status::Internal("seccomp: cannot ask for a binary tree filter");
  int rc = 0;
  auto deny = [&](uint32_t action, int nr, unsigned count, scmp_arg_cmp arg) {
    if (rc == 0 && nr >= 0)
      rc = count == 0 ? seccomp_rule_add(c, action, nr, 0) : seccomp_rule_add(c, action, nr, 1, arg);
  };
  for (std::string_view name : DeniedSyscalls())  // those this architecture lacks resolve to < 0
    deny(SCMP_ACT_ERRNO(EPERM), seccomp_syscall_resolve_name(std::string(name).c_str()), 0, {});
  const unsigned long flags = DeniedCloneFlags();
  for (unsigned long bit = 1; bit != 0; bit <<= 1)
    if ((flags & bit) != 0) deny(SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, bit, bit));
  // Every socket family but AF_UNIX (garbage in the upper 32 bits included) fails as on
  // a kernel built without it.
  for (int nr : {SCMP_SYS(socket), SCMP_SYS(socketpair)})
    deny(SCMP_ACT_ERRNO(EAFNOSUPPORT), nr, 1, SCMP_A0(SCMP_CMP_NE, static_cast<scmp_datum_t>(AF_UNIX)));
  deny(SCMP_ACT_ERRNO(ENOSYS), seccomp_syscall_resolve_name("clone3"), 0, {});
  if (rc != 0) return Status::Internal(std::string("seccomp: cannot add a rule: ") + std::strerror(-rc));

  // libseccomp 2.5 exports to a file descriptor only.
  UniqueFd fd(::memfd_create("judge-seccomp", MFD_CLOEXEC));
  if (!fd) return Status::IoError(std::string("memfd_create: ") + std::strerror(errno));
  if ((rc = seccomp_export_bpf(c, fd.get())) != 0)
    return Status::Internal(std::string("seccomp_export_bpf: ") + std::strerror(-rc));
  off_t size = ::lseek(fd.get(), 0, SEEK_END);
  std::vector<sock_filter> prog(static_cast<size_t>(size) / sizeof(sock_filter));
  ssize_t n = ::pread(fd.get(), prog.data(), prog.size() * sizeof(sock_filter), 0);
  if (size <= 0 || n != static_cast<ssize_t>(prog.size() * sizeof(sock_filter)))
    return Status::Internal("seccomp: cannot read back the compiled filter");
  return prog;
}

}  // namespace judge::sandbox
