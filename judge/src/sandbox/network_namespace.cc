#include "network_namespace.h"

#include <fcntl.h>
#include <linux/magic.h>
#include <linux/nsfs.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/statfs.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <mutex>
#include <string>

#include "judge/base/errors.h"

namespace judge::sandbox {

Result<UniqueFd> NewNetworkNamespace() {
  // Serialized: the holder child is cloned without exec, so O_CLOEXEC does not apply
  // and it inherits every fd open in the judge at that moment. Two threads creating
  // namespaces at once would each give their child the other's `hold` write end, and
  // neither child would ever see EOF: a deadlock (seen with `grade --jobs 2`). Creation
  // happens once per slot, so the lock costs nothing in steady state.
  static std::mutex creation_mu;
  std::lock_guard<std::mutex> creation_lock(creation_mu);
  int ready[2], hold[2];
  if (::pipe2(ready, O_CLOEXEC) != 0) return Status::IoError("pipe: " + ErrnoText(errno));
  if (::pipe2(hold, O_CLOEXEC) != 0) {
    ::close(ready[0]);
    ::close(ready[1]);
    return Status::IoError("pipe: " + ErrnoText(errno));
  }
  pid_t pid = static_cast<pid_t>(syscall(SYS_clone, CLONE_NEWNET | SIGCHLD, 0, 0, 0, 0));
  if (pid == 0) {
    // Waits for a byte, not for end-of-file: children other threads of the judge
    // fork at the same moment may hold copies of the pipe's write end.
    char c = 'x';
    (void)!::write(ready[1], &c, 1);
    (void)!::read(hold[0], &c, 1);  // until the judge has opened the namespace
    _exit(0);
  }
  int err = errno;
  ::close(ready[1]);
  ::close(hold[0]);
  Result<UniqueFd> out = Status::IoError("cannot create a network namespace: " + ErrnoText(err));
  if (pid > 0) {
    char c;
    struct pollfd ready_poll = {ready[0], POLLIN, 0};
    if (::poll(&ready_poll, 1, 5000) == 1 && ::read(ready[0], &c, 1) == 1) {
      std::string path = "/proc/" + std::to_string(pid) + "/ns/net";
      UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
      if (fd) out = std::move(fd);
      else out = ErrnoStatus(errno, "cannot open " + path);
    }
  }
  if (pid > 0) {
    char c = 'x';
    (void)!::write(hold[1], &c, 1);
  }
  ::close(ready[0]);
  ::close(hold[1]);
  if (pid > 0) ::waitpid(pid, nullptr, 0);
  return out;
}

namespace {

// Whether fd is a network namespace (an nsfs file of type net).
bool IsNetworkNamespace(int fd) {
  struct statfs sf;
  if (::fstatfs(fd, &sf) != 0 || sf.f_type != NSFS_MAGIC) return false;
  return ::ioctl(fd, NS_GET_NSTYPE) == CLONE_NEWNET;
}

}  // namespace

Result<UniqueFd> OpenSlotNetworkNamespace(const std::string& path) {
  UniqueFd kept(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (kept && IsNetworkNamespace(kept.get())) return kept;
  kept.Reset();
  JUDGE_ASSIGN_OR_RETURN(UniqueFd fresh, NewNetworkNamespace());
  // Whatever stands at path (a stale file, a stale mount) is replaced.
  while (::umount2(path.c_str(), MNT_DETACH | UMOUNT_NOFOLLOW) == 0) {
  }
  UniqueFd file(::open(path.c_str(), O_RDONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
  if (!file) return ErrnoStatus(errno, "cannot create " + path);
  file.Reset();
  const std::string source = "/proc/self/fd/" + std::to_string(fresh.get());
  // When the bind fails (an unusual host) the namespace is still this process's to use.
  (void)::mount(source.c_str(), path.c_str(), nullptr, MS_BIND, nullptr);
  return fresh;
}

}  // namespace judge::sandbox
