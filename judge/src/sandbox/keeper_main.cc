// judge-sandbox-keeper: a run slot's helper process. It starts each run of its slot,
// for every judge process on the host, and outlives them.
//
// Theory of operation. Forking the judge for each run copies its page tables (a large
// process: the binary, the plugins, the store) only for the child to throw them away;
// this small static program is forked instead. The first judge to need slot k starts
// it, handing it a listening socket bound at <state_dir>/slot<k>.keeper (in the
// judge's private state directory), and it detaches (a new session; its parent exits
// at once), having compiled the seccomp filter first (a judge that connects later pays
// nothing for it; a keeper that cannot compile it exits with kKeeperExitNoFilter).
// Every judge process then connects to it: a connection opens with a hello
// (the slot's report page and network namespace, the judge's pidfd),
// answered with a welcome naming the keeper's binary, and carries that judge's runs.
// The slot's lock (flock) keeps two judges from running in one slot at once, so the
// keeper serves one run at a time: it clones the run's init into a new pid namespace;
// the init does what child_setup.h describes and the program P execs. The keeper
// answers KeeperStarted once P has exec'd (the exec pipe closed), with the init's
// pidfd, and KeeperEnded once it has reaped the init, with its rusage. The judge
// watches and kills the run itself (cgroup, pidfd).
//
// A connection that ends (the judge closed it, or died) during a run kills that run.
// With no connection for kIdleSeconds the keeper exits. Only root (the keeper's own
// uid) may connect. It never runs anything of the program's: the init closes every
// descriptor but the run's, the keeper's sockets included.
#include <fcntl.h>
#include <linux/filter.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "child_setup.h"
#include "keeper_channel.h"
#include "keeper_protocol.h"
#include "seccomp_policy.h"

namespace judge::sandbox {
namespace {

constexpr int kIdleSeconds = 600;

// Every run's filter, compiled in main() before the keeper detaches.
std::vector<sock_filter> filter;

int64_t NowNs() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t{ts.tv_sec} * 1000000000 + ts.tv_nsec;
}

// One judge process's connection and what its hello gave.
struct Client {
  int socket = -1;
  bool greeted = false;
  ChildReport* report = nullptr;
  int netns = -1;
  int judge_pidfd = -1;
  ~Client() {
    if (report) munmap(report, sizeof(ChildReport));
    for (int fd : {socket, netns, judge_pidfd})
      if (fd >= 0) close(fd);
  }
};

bool SendStarted(const Client& c, const KeeperStarted& s, int pidfd) {
  return SendMessage(c.socket, &s, sizeof s, &pidfd, pidfd >= 0 ? 1 : 0);
}

bool Fail(const Client& c, const char* what, int err) {
  KeeperStarted s;
  s.error = err;
  std::strncpy(s.what, what, sizeof s.what - 1);
  return SendStarted(c, s, -1);
}

KeeperWelcome Welcome() {
  KeeperWelcome w;
  w.pid = getpid();
  struct stat st;
  if (stat("/proc/self/exe", &st) == 0) {
    w.exe_dev = st.st_dev;
    w.exe_ino = st.st_ino;
    w.exe_mtime_ns = int64_t{st.st_mtim.tv_sec} * 1000000000 + st.st_mtim.tv_nsec;
  }
  return w;
}

// The hello: the slot's report page and network namespace. Answered with the
// welcome. False: a malformed hello (the connection is dropped).
bool Hello(Client* c, const std::string& msg, std::vector<int>* fds) {
  KeeperHello h;
  std::memcpy(&h, msg.data(), sizeof h);
  std::size_t want_fds = 1 + (h.has_netns ? 1 : 0) + (h.has_judge_pidfd ? 1 : 0);
  if (h.version != kKeeperProtocolVersion || fds->size() != want_fds || msg.size() != sizeof h) return false;
  void* page = mmap(nullptr, sizeof(ChildReport), PROT_READ | PROT_WRITE, MAP_SHARED, (*fds)[0], 0);
  if (page == MAP_FAILED) return false;
  c->report = static_cast<ChildReport*>(page);
  std::size_t next = 1;
  if (h.has_netns) c->netns = (*fds)[next++];
  if (h.has_judge_pidfd) c->judge_pidfd = (*fds)[next];
  close((*fds)[0]);
  fds->clear();  // kept by the client now
  c->greeted = true;
  KeeperWelcome w = Welcome();
  return SendMessage(c->socket, &w, sizeof w, nullptr, 0);
}

// Waits for the init: its exit is answered with KeeperEnded; the judge gone (end of
// stream on its socket) kills it first. False when the connection is over.
bool AwaitInit(const Client& c, pid_t init, int pidfd) {
  for (;;) {
    struct pollfd p[2] = {{pidfd, POLLIN, 0}, {c.socket, POLLIN, 0}};
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
    return SendMessage(c.socket, &e, sizeof e, nullptr, 0);
  }
}

// What the init I starts from: the plan and its copy of the exec pipe's two ends.
struct InitArgs {
  const ChildPlan* plan;
  int exec_pipe[2];
};

int InitMain(void* arg) {
  const InitArgs& a = *static_cast<const InitArgs*>(arg);
  close(a.exec_pipe[0]);
  EnterSandbox(*a.plan, a.exec_pipe[1]);
}

// I's stack. I shares the keeper's memory (CLONE_VM: no page tables copied for it,
// none torn down when it exits), so it needs a stack of its own; one suffices, as the
// keeper serves one run at a time and reaps its I before the next. What I does in the
// keeper's memory is child_setup.h's: system calls, no allocation, writes to its stack
// and the report page only; it reads the plan, which stays untouched until I is reaped.
// I also shares the keeper's errno (one thread's TLS): the keeper reads errno only
// after a call of its own failed, and while I lives only to tell EINTR, which cannot
// come (the keeper has no signal handlers), so an errno I wrote changes no decision.
alignas(64) char init_stack[128 * 1024];

// Clones the init, waits for the program's exec, answers, waits for the end. The run's
// stdin, stdout and stderr ((*fds)[0..2]) are closed once the program runs: a copy kept
// here would hide a pipe's end-of-file from the other side until the run ended (an
// interactor must see the submission close its stdout).
bool ServeRun(const Client& c, const ChildPlan& plan, std::vector<int>* fds) {
  if (c.netns >= 0 && setns(c.netns, CLONE_NEWNET) != 0) return Fail(c, "setns into the slot's network", errno);
  InitArgs args{&plan, {-1, -1}};
  if (pipe2(args.exec_pipe, O_CLOEXEC) != 0) return Fail(c, "pipe", errno);
  int pidfd = -1;
  pid_t init = clone(InitMain, init_stack + sizeof init_stack, CLONE_VM | CLONE_NEWPID | CLONE_PIDFD | SIGCHLD, &args,
                     &pidfd);
  int err = errno;
  int exec_pipe[2] = {args.exec_pipe[0], args.exec_pipe[1]};
  close(exec_pipe[1]);
  if (init < 0) {
    close(exec_pipe[0]);
    return Fail(c, "clone of the run's init", err);
  }
  char byte;
  while (read(exec_pipe[0], &byte, 1) < 0 && errno == EINTR) {
  }
  close(exec_pipe[0]);
  for (std::size_t i = 0; i < 3; ++i) {
    close((*fds)[i]);
    (*fds)[i] = -1;
  }
  KeeperStarted s;
  s.ok = pidfd >= 0;
  s.error = pidfd >= 0 ? 0 : EBADF;
  if (pidfd < 0) std::strncpy(s.what, "the run's init's pidfd", sizeof s.what - 1);
  s.init_pid = init;
  s.start_ns = NowNs();
  bool sent = SendStarted(c, s, pidfd);
  bool go_on = AwaitInit(c, init, pidfd >= 0 ? pidfd : -1);
  if (pidfd >= 0) close(pidfd);
  return sent && go_on;
}

// One run request of a greeted client.
bool Run(const Client& c, const std::string& msg, std::vector<int>* fds_in) {
  std::vector<int>& fds = *fds_in;
  UnpackedPlan up;
  if (!UnpackPlan(msg, &up) || fds.size() < 3 || fds.size() - 3 != up.procs_count)
    return Fail(c, "a malformed run request", EINVAL);
  ChildPlan& plan = up.plan;
  plan.judge_pidfd = c.judge_pidfd;
  plan.stdin_fd = fds[0];
  plan.stdout_fd = fds[1];
  plan.stderr_fd = fds[2];
  plan.procs_fds = fds.data() + 3;
  plan.procs_count = static_cast<int>(fds.size() - 3);
  plan.filter = filter.data();
  plan.filter_len = static_cast<unsigned short>(filter.size());
  plan.report = c.report;
  plan.program = up.program;
  plan.argv = up.argv.data();
  plan.envp = up.envp.data();
  return ServeRun(c, plan, fds_in);
}

// A message from a client: false when its connection is over.
bool Serve(Client* c) {
  std::string msg;
  std::vector<int> fds;
  if (ReceiveMessage(c->socket, kMaxKeeperMessage, &msg, &fds) != 1 || msg.size() < sizeof(uint32_t)) return false;
  uint32_t op;
  std::memcpy(&op, msg.data(), sizeof op);
  bool go_on = false;
  if (op == static_cast<uint32_t>(KeeperOp::kHello) && !c->greeted && msg.size() >= sizeof(KeeperHello)) {
    go_on = Hello(c, msg, &fds);
  } else if (op == static_cast<uint32_t>(KeeperOp::kRun) && c->greeted) {
    go_on = Run(*c, msg, &fds);
  }
  for (int fd : fds)
    if (fd >= 0) close(fd);
  return go_on;
}

// A new connection, kept only from our own uid.
void Accept(int listener, std::vector<std::unique_ptr<Client>>* clients) {
  int fd = accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd < 0) return;
  struct ucred peer;
  socklen_t len = sizeof peer;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &len) != 0 || peer.uid != geteuid()) {
    close(fd);
    return;
  }
  auto c = std::make_unique<Client>();
  c->socket = fd;
  clients->push_back(std::move(c));
}

int Loop(int listener) {
  std::vector<std::unique_ptr<Client>> clients;
  for (;;) {
    std::vector<struct pollfd> p = {{listener, POLLIN, 0}};
    for (const auto& c : clients) p.push_back({c->socket, POLLIN, 0});
    int rc = poll(p.data(), p.size(), clients.empty() ? kIdleSeconds * 1000 : -1);
    if (rc < 0 && errno == EINTR) continue;
    if (rc < 0) return 3;
    if (rc == 0) return 0;  // idle: the next judge starts a new keeper
    for (std::size_t i = p.size() - 1; i >= 1; --i)
      if (p[i].revents != 0 && !Serve(clients[i - 1].get())) clients.erase(clients.begin() + static_cast<long>(i - 1));
    if (p[0].revents & POLLIN) Accept(listener, &clients);
  }
}

}  // namespace
}  // namespace judge::sandbox

// judge-sandbox-keeper <listening fd> --detach
int main(int argc, char** argv) {
  using namespace judge::sandbox;
  if (argc != 3 || std::strcmp(argv[2], "--detach") != 0) return 2;
  const int listener = std::atoi(argv[1]);
  judge::Result<std::vector<sock_filter>> compiled = BuildSeccompFilter();
  if (!compiled.ok()) return kKeeperExitNoFilter;
  filter = std::move(compiled).value();
  // Detached: the starting judge waits for this parent only; the keeper lives on in a
  // session of its own.
  pid_t child = fork();
  if (child < 0) return 3;
  if (child > 0) _exit(0);
  setsid();
  // Descriptors 0-2 are /dev/null (the judge's spawn), so received ones are >= 3;
  // nothing else of the judge's may linger here.
  syscall(SYS_close_range, static_cast<unsigned>(listener + 1), ~0u, 0u);
  if (listener > 3) syscall(SYS_close_range, 3u, static_cast<unsigned>(listener - 1), 0u);
  DefaultSignals();  // nothing the starting judge ignored or blocked lingers
  EmptyInheritedCapabilitySets();
  signal(SIGPIPE, SIG_IGN);
  return Loop(listener);
}
