// judge-sandbox-keeper: a run slot's helper process, started once per slot by a judge
// process (slot_keeper.h) and serving that slot's runs one at a time.
//
// Theory of operation. Forking the judge for each run copies its page tables (a large
// process: the binary, the plugins, the store) only for the child to throw them away;
// this small static program is forked instead. At start it receives the slot's fixed
// parts (KeeperHello: the report page, the network namespace it enters once for all
// its children, the seccomp filter). Then, per run, it receives the plan and the
// run's descriptors, and clones the run's init into a new pid namespace; the init
// does what child_setup.h describes (namespaces, file system, cgroups, the program P)
// and P execs. The keeper answers KeeperStarted once P has exec'd (the exec pipe
// closed), with the init's pidfd, and KeeperEnded once it has reaped the init, with
// its rusage. The judge watches and kills the run itself (cgroup, pidfd).
//
// The keeper ends when the judge closes the socket or dies (the socket reads end of
// stream): it kills a run in progress first. It never runs anything of the program's:
// the init closes every descriptor but the run's, the keeper's socket included.
#include <fcntl.h>
#include <linux/filter.h>
#include <poll.h>
#include <signal.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "child_setup.h"
#include "keeper_channel.h"
#include "keeper_protocol.h"

namespace judge::sandbox {
namespace {

int64_t NowNs() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t{ts.tv_sec} * 1000000000 + ts.tv_nsec;
}

struct Slot {
  int socket = -1;
  ChildReport* report = nullptr;
  int judge_pidfd = -1;
  std::vector<sock_filter> filter;
};

bool SendStarted(const Slot& slot, const KeeperStarted& s, int pidfd) {
  return SendMessage(slot.socket, &s, sizeof s, &pidfd, pidfd >= 0 ? 1 : 0);
}

bool Fail(const Slot& slot, const char* what, int err) {
  KeeperStarted s;
  s.error = err;
  std::strncpy(s.what, what, sizeof s.what - 1);
  return SendStarted(slot, s, -1);
}

// The hello: the slot's report page, network namespace and filter.
bool Hello(Slot* slot) {
  std::string msg;
  std::vector<int> fds;
  if (ReceiveMessage(slot->socket, kMaxKeeperMessage, &msg, &fds) != 1 || msg.size() < sizeof(KeeperHello)) return false;
  KeeperHello h;
  std::memcpy(&h, msg.data(), sizeof h);
  std::size_t want_fds = 1 + (h.has_netns ? 1 : 0) + (h.has_judge_pidfd ? 1 : 0);
  if (h.op != static_cast<uint32_t>(KeeperOp::kHello) || h.version != kKeeperProtocolVersion ||
      fds.size() != want_fds || msg.size() != sizeof h + h.filter_len * sizeof(sock_filter))
    return false;
  void* page = mmap(nullptr, sizeof(ChildReport), PROT_READ | PROT_WRITE, MAP_SHARED, fds[0], 0);
  if (page == MAP_FAILED) return false;
  slot->report = static_cast<ChildReport*>(page);
  close(fds[0]);
  std::size_t next = 1;
  if (h.has_netns) {
    if (setns(fds[next], CLONE_NEWNET) != 0) return false;
    close(fds[next++]);
  }
  if (h.has_judge_pidfd) slot->judge_pidfd = fds[next];
  slot->filter.resize(h.filter_len);
  if (h.filter_len > 0) std::memcpy(slot->filter.data(), msg.data() + sizeof h, h.filter_len * sizeof(sock_filter));
  return true;
}

// Waits for the init: its exit is answered with KeeperEnded; the judge gone (end of
// stream on the socket) kills it first. False when the keeper must end.
bool AwaitInit(const Slot& slot, pid_t init, int pidfd) {
  for (;;) {
    struct pollfd p[2] = {{pidfd, POLLIN, 0}, {slot.socket, POLLIN, 0}};
    if (poll(p, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bool judge_gone = (p[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0;
    if (judge_gone) syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, nullptr, 0);
    if (!judge_gone && p[0].revents == 0) continue;
    KeeperEnded e;
    while (wait4(init, &e.status, __WALL, &e.usage) < 0 && errno == EINTR) {
    }
    e.reaped_ns = NowNs();
    if (judge_gone) return false;
    return SendMessage(slot.socket, &e, sizeof e, nullptr, 0);
  }
}

// Clones the init, waits for the program's exec, answers, waits for the end.
bool ServeRun(const Slot& slot, const UnpackedPlan& up, const ChildPlan& plan) {
  int exec_pipe[2];
  if (pipe2(exec_pipe, O_CLOEXEC) != 0) return Fail(slot, "pipe", errno);
  pid_t init = static_cast<pid_t>(syscall(SYS_clone, CLONE_NEWPID | SIGCHLD, 0, 0, 0, 0));
  if (init == 0) {
    close(exec_pipe[0]);
    EnterSandbox(plan, exec_pipe[1]);  // returns in the program P only
    execve(up.program, const_cast<char* const*>(up.argv.data()), const_cast<char* const*>(up.envp.data()));
    ExecFailed(plan, errno);
  }
  int err = errno;
  close(exec_pipe[1]);
  if (init < 0) {
    close(exec_pipe[0]);
    return Fail(slot, "clone of the run's init", err);
  }
  int pidfd = static_cast<int>(syscall(SYS_pidfd_open, init, 0));
  char c;
  while (read(exec_pipe[0], &c, 1) < 0 && errno == EINTR) {
  }
  close(exec_pipe[0]);
  KeeperStarted s;
  s.ok = pidfd >= 0;
  s.error = pidfd >= 0 ? 0 : errno;
  if (pidfd < 0) std::strncpy(s.what, "pidfd_open of the run's init", sizeof s.what - 1);
  s.init_pid = init;
  s.start_ns = NowNs();
  bool sent = SendStarted(slot, s, pidfd);
  bool go_on = AwaitInit(slot, init, pidfd >= 0 ? pidfd : -1);
  if (pidfd >= 0) close(pidfd);
  return sent && go_on;
}

int Serve(Slot* slot) {
  std::string msg;
  std::vector<int> fds;
  for (;;) {
    int rc = ReceiveMessage(slot->socket, kMaxKeeperMessage, &msg, &fds);
    if (rc <= 0) return rc == 0 ? 0 : 3;
    UnpackedPlan up;
    bool ok = UnpackPlan(msg, &up) && fds.size() >= 3 && fds.size() - 3 == up.procs_count;
    bool go_on = true;
    if (!ok) {
      go_on = Fail(*slot, "a malformed run request", EINVAL);
    } else {
      ChildPlan& plan = up.plan;
      plan.judge_pidfd = slot->judge_pidfd;
      plan.stdin_fd = fds[0];
      plan.stdout_fd = fds[1];
      plan.stderr_fd = fds[2];
      plan.procs_fds = fds.data() + 3;
      plan.procs_count = static_cast<int>(fds.size() - 3);
      plan.filter = slot->filter.data();
      plan.filter_len = static_cast<unsigned short>(slot->filter.size());
      plan.report = slot->report;
      go_on = ServeRun(*slot, up, plan);
    }
    for (int fd : fds) close(fd);
    if (!go_on) return 0;
  }
}

}  // namespace
}  // namespace judge::sandbox

int main(int argc, char** argv) {
  using namespace judge::sandbox;
  if (argc != 2) return 2;
  // Descriptors 0-2 exist (the judge gives /dev/null), so received ones are >= 3;
  // nothing else of the judge's may linger here (another thread's descriptor opened
  // without close-on-exec at the moment of the spawn).
  syscall(SYS_close_range, 4u, ~0u, 0u);
  signal(SIGPIPE, SIG_IGN);
  Slot slot;
  slot.socket = std::atoi(argv[1]);
  if (!Hello(&slot)) return 3;
  return Serve(&slot);
}
