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
// keeper serves one run at a time. Its init is cloned ahead of it: after each run the
// keeper clones the next init into a new pid namespace, which builds the part of the
// run's file system every run of the slot shares (child_setup.h's PrepareInit: from the
// plan of the run just served) while the judge concludes that run, and waits. A run
// whose plan has the same base (BaseKey) is handed to it with the descriptors it
// needs, the run's host directories among them as detached mounts the keeper makes
// (the init, pivoted into its new root, no longer sees the host's paths); any other
// plan gets a new init first. The init does the rest (StartRun) and the program P
// execs. The keeper answers KeeperStarted once P has exec'd (the exec pipe closed),
// with the init's pidfd, and KeeperEnded once it has reaped the init, with its rusage.
// The judge watches and kills the run itself (cgroup, pidfd).
//
// A connection that ends (the judge closed it, or died) during a run kills that run.
// With no connection for kIdleSeconds the keeper exits (a prepared init dies with it).
// Only root (the keeper's own uid) may connect. It never runs anything of the
// program's: the init closes every descriptor but the run's, the keeper's sockets
// included.
#include <fcntl.h>
#include <linux/filter.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/mount.h>
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
// welcome, also when it is of another protocol version. False: a malformed hello, or
// another version's (the connection is dropped).
bool Hello(Client* c, const std::string& msg, std::vector<int>* fds) {
  KeeperHello h;
  std::memcpy(&h, msg.data(), sizeof h);
  if (h.version != kKeeperProtocolVersion) {
    // A judge of another build: it learns who we are, and stops us (we would idle on,
    // unreachable, beside the keeper it starts).
    KeeperWelcome w = Welcome();
    (void)SendMessage(c->socket, &w, sizeof w, nullptr, 0);
    return false;
  }
  std::size_t want_fds = 1 + (h.has_netns ? 1 : 0) + (h.has_judge_pidfd ? 1 : 0);
  if (fds->size() != want_fds || msg.size() != sizeof h) return false;
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

// The init: cloned ahead of its run (Prepare), it does PrepareInit with the plan of
// the slot's last run, says so with a byte on its link, and waits there for its run
// (a GoMessage, descriptors beside it). I shares the keeper's memory (CLONE_VM: no page
// tables copied for it, none torn down when it exits), so the plans it reads are the
// keeper's own; what I does in that memory is child_setup.h's: system calls, no
// allocation, writes to its stack and the report pages only. I also shares the
// keeper's errno (one thread's TLS), so the keeper never works alongside an I that
// is building: it waits for the ready byte before anything else (a request that comes
// meanwhile waits in its socket), and while I is waiting for its run it is blocked in
// recvmsg. Once handed its run, I runs while the keeper closes its copies of the
// descriptors and waits on the exec pipe and the init's end, reading errno only
// to tell EINTR, which cannot come (the keeper has no signal handlers).

// What I receives with its run. Descriptors, in order: the exec pipe's write end,
// stdin, stdout, stderr, the slot's network namespace (has_netns), the judge's pidfd
// (has_judge_pidfd), procs_count cgroup files, mount_count detached mounts.
struct GoMessage {
  const ChildPlan* plan = nullptr;  // in the keeper's memory, alive until I is reaped
  int32_t has_netns = 0;
  int32_t has_judge_pidfd = 0;
  int32_t procs_count = 0;
  int32_t mount_count = 0;
};
constexpr int kMaxGoFds = 6 + kMaxRunFds + kMaxMountFds;

struct InitArgs {
  const ChildPlan* base;
  int link;
};

// The run, received in I without allocation: false when the keeper gave up on it.
bool ReceiveGo(int link, GoMessage* go, int* fds, int* fd_count) {
  alignas(struct cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxGoFds)];
  struct iovec iov = {go, sizeof *go};
  struct msghdr m = {};
  m.msg_iov = &iov;
  m.msg_iovlen = 1;
  m.msg_control = control;
  m.msg_controllen = sizeof control;
  ssize_t n;
  while ((n = recvmsg(link, &m, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR) {
  }
  if (n != static_cast<ssize_t>(sizeof *go) || (m.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0) return false;
  *fd_count = 0;
  for (struct cmsghdr* c = CMSG_FIRSTHDR(&m); c != nullptr; c = CMSG_NXTHDR(&m, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    int k = static_cast<int>((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    std::memcpy(fds + *fd_count, CMSG_DATA(c), sizeof(int) * static_cast<std::size_t>(k));
    *fd_count += k;
  }
  return *fd_count == 4 + go->has_netns + go->has_judge_pidfd + go->procs_count + go->mount_count;
}

int InitMain(void* arg) {
  const InitArgs a = *static_cast<const InitArgs*>(arg);  // the keeper's copy is gone once ready
  // Nothing of the keeper's but the link: no client's socket, no listener.
  if (a.link > 0) syscall(SYS_close_range, 0u, static_cast<unsigned>(a.link - 1), 0u);
  syscall(SYS_close_range, static_cast<unsigned>(a.link + 1), ~0u, 0u);
  PrepareInit(*a.base);
  const char ready = 1;
  if (write(a.link, &ready, 1) != 1) _exit(0);
  GoMessage go;
  int fds[kMaxGoFds];
  int n = 0;
  if (!ReceiveGo(a.link, &go, fds, &n)) _exit(0);  // discarded
  close(a.link);
  ChildPlan plan = *go.plan;
  int at = 1;
  plan.stdin_fd = fds[at++];
  plan.stdout_fd = fds[at++];
  plan.stderr_fd = fds[at++];
  plan.netns_fd = go.has_netns ? fds[at++] : -1;
  plan.judge_pidfd = go.has_judge_pidfd ? fds[at++] : -1;
  plan.procs_fds = fds + at;
  plan.procs_count = go.procs_count;
  plan.mount_fds = fds + at + go.procs_count;
  plan.mount_count = go.mount_count;
  StartRun(plan, fds[0]);
}

// I's stack: one suffices, as the keeper has one init at a time (prepared or running)
// and reaps it before cloning the next.
alignas(64) char init_stack[128 * 1024];

// Where an init being prepared reports a failure (it has no client yet).
ChildReport prepare_report;

// The init prepared for the next run: done with PrepareInit for plans of `key`.
struct PreparedInit {
  pid_t pid = -1;  // -1: none
  int pidfd = -1;
  int link = -1;   // the keeper's end of the pair I waits on
  std::string key;
};
PreparedInit prepared;

void DiscardPrepared() {
  if (prepared.pid < 0) return;
  syscall(SYS_pidfd_send_signal, prepared.pidfd, SIGKILL, nullptr, 0);
  while (waitpid(prepared.pid, nullptr, __WALL) < 0 && errno == EINTR) {
  }
  close(prepared.pidfd);
  close(prepared.link);
  prepared = PreparedInit{};
}

// Clones an init and waits until it has built the base of `like` (a run's plan, whose
// BaseKey is `key`); the init then waits for a run with the same key. False when it
// could not: errno, or prepare_report when the init failed.
bool Prepare(const ChildPlan& like, const std::string& key) {
  DiscardPrepared();
  ChildPlan base = like;
  base.report = &prepare_report;
  std::memset(&prepare_report, 0, sizeof prepare_report);
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) return false;
  InitArgs args{&base, pair[1]};
  int pidfd = -1;
  pid_t pid = clone(InitMain, init_stack + sizeof init_stack, CLONE_VM | CLONE_NEWPID | CLONE_PIDFD | SIGCHLD, &args,
                    &pidfd);
  int err = errno;
  close(pair[1]);
  if (pid < 0 || pidfd < 0) {
    close(pair[0]);
    if (pid > 0) waitpid(pid, nullptr, __WALL);  // cannot happen: CLONE_PIDFD gives one with the pid
    errno = pid < 0 ? err : EBADF;
    return false;
  }
  prepared = PreparedInit{pid, pidfd, pair[0], key};
  char byte;
  ssize_t n;
  while ((n = read(pair[0], &byte, 1)) < 0 && errno == EINTR) {
  }
  if (n == 1) return true;
  DiscardPrepared();  // it exited: prepare_report says why
  errno = EIO;
  return false;
}

bool FailPrepare(const Client& c) {
  if (!prepare_report.failed) return Fail(c, "preparing the run's init", errno);
  std::string what = std::string("preparing the run's init: ") + prepare_report.failed_what;
  return Fail(c, what.c_str(), prepare_report.failed_errno);
}

// A new overlay (options: RunDisk's key=value list, no commas inside values), not
// attached anywhere yet. -1 with errno when the kernel refuses it.
int NewOverlay(const char* options) {
  int fsfd = static_cast<int>(syscall(SYS_fsopen, "overlay", FSOPEN_CLOEXEC));
  if (fsfd < 0) return -1;
  bool ok = syscall(SYS_fsconfig, fsfd, FSCONFIG_SET_STRING, "source", "judge-work", 0) == 0;
  std::string all(options);
  for (std::size_t at = 0; ok && at < all.size();) {
    std::size_t end = all.find(',', at);
    if (end == std::string::npos) end = all.size();
    std::string item = all.substr(at, end - at);
    std::size_t eq = item.find('=');
    if (eq == std::string::npos)
      ok = syscall(SYS_fsconfig, fsfd, FSCONFIG_SET_FLAG, item.c_str(), nullptr, 0) == 0;
    else
      ok = syscall(SYS_fsconfig, fsfd, FSCONFIG_SET_STRING, item.substr(0, eq).c_str(), item.c_str() + eq + 1, 0) == 0;
    at = end + 1;
  }
  if (ok) ok = syscall(SYS_fsconfig, fsfd, FSCONFIG_CMD_CREATE, nullptr, nullptr, 0) == 0;
  int mount_fd = ok ? static_cast<int>(syscall(SYS_fsmount, fsfd, FSMOUNT_CLOEXEC, 0)) : -1;
  int err = errno;
  close(fsfd);
  errno = err;
  return mount_fd;
}

// The detached mount a kHost* op attaches, made here in the host's mount namespace
// (its paths are the host's): the overlay, or a copy of the host's directory (for a
// kHostOverlay the kernel refused, with the errno in the report).
int HostMount(const FsOp& op, ChildReport* report) {
  if (op.kind == FsOp::kHostOverlay) {
    int overlay = NewOverlay(op.data != nullptr ? op.data : "");
    if (overlay >= 0) return overlay;
    report->overlay_errno = errno;
  }
  return static_cast<int>(
      syscall(SYS_open_tree, AT_FDCWD, op.b, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE));
}

// Descriptors closed when they go out of scope.
struct FdList {
  std::vector<int> fds;
  ~FdList() {
    for (int fd : fds)
      if (fd >= 0) close(fd);
  }
};

// Hands the run to the prepared init: false with errno when it is gone.
bool Go(const Client& c, const ChildPlan& plan, const std::vector<int>& run_fds, const FdList& mounts,
        int exec_pipe_w) {
  GoMessage go;
  go.plan = &plan;
  go.has_netns = c.netns >= 0;
  go.has_judge_pidfd = c.judge_pidfd >= 0;
  go.procs_count = plan.procs_count;
  go.mount_count = static_cast<int32_t>(mounts.fds.size());
  std::vector<int> fds = {exec_pipe_w, run_fds[0], run_fds[1], run_fds[2]};
  if (c.netns >= 0) fds.push_back(c.netns);
  if (c.judge_pidfd >= 0) fds.push_back(c.judge_pidfd);
  fds.insert(fds.end(), run_fds.begin() + 3, run_fds.end());
  fds.insert(fds.end(), mounts.fds.begin(), mounts.fds.end());
  return SendMessage(prepared.link, &go, sizeof go, fds.data(), static_cast<int>(fds.size()));
}

// Hands the run to an init prepared for it (discarding one prepared for other plans,
// or gone), waits for the program's exec, answers, waits for the end. The run's stdin,
// stdout and stderr ((*fds)[0..2]) are closed once the program runs: a copy kept here
// would hide a pipe's end-of-file from the other side until the run ended (an
// interactor must see the submission close its stdout).
bool ServeRun(const Client& c, const ChildPlan& plan, const std::string& key, std::vector<int>* fds) {
  FdList mounts;
  for (int i = plan.fs_base_count; i < plan.fs_op_count; ++i) {
    const FsOp& op = plan.fs_ops[i];
    if (op.kind != FsOp::kHostBind && op.kind != FsOp::kHostOverlay) continue;
    mounts.fds.push_back(HostMount(op, c.report));
    if (mounts.fds.back() < 0) {
      int err = errno;
      return Fail(c, (std::string("a copy of the host's mount of ") + op.b).c_str(), err);
    }
  }
  int exec_pipe[2];
  if (pipe2(exec_pipe, O_CLOEXEC) != 0) return Fail(c, "pipe", errno);
  bool sent = false;
  for (int attempt = 0; attempt < 2 && !sent; ++attempt) {  // a prepared init may have been killed
    if ((prepared.pid < 0 || prepared.key != key) && !Prepare(plan, key)) {
      const int err = errno;  // FailPrepare reports it; keep it from the closes
      close(exec_pipe[0]);
      close(exec_pipe[1]);
      errno = err;
      return FailPrepare(c);
    }
    sent = Go(c, plan, *fds, mounts, exec_pipe[1]);
    if (!sent) DiscardPrepared();
  }
  close(exec_pipe[1]);
  if (!sent) {
    close(exec_pipe[0]);
    return Fail(c, "handing the run to its init", errno);
  }
  const pid_t init = prepared.pid;
  const int pidfd = prepared.pidfd;
  close(prepared.link);
  prepared = PreparedInit{};
  char byte;
  while (read(exec_pipe[0], &byte, 1) < 0 && errno == EINTR) {
  }
  close(exec_pipe[0]);
  for (std::size_t i = 0; i < 3; ++i) {
    close((*fds)[i]);
    (*fds)[i] = -1;
  }
  KeeperStarted s;
  s.ok = 1;
  s.init_pid = init;
  s.start_ns = NowNs();
  bool started = SendStarted(c, s, pidfd);
  bool go_on = AwaitInit(c, init, pidfd);
  close(pidfd);
  return started && go_on;
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
  const std::string key = BaseKey(plan);
  bool go_on = ServeRun(c, plan, key, fds_in);
  // The next run's init, prepared while the judge concludes this one.
  if (prepared.pid < 0) (void)Prepare(plan, key);
  return go_on;
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
