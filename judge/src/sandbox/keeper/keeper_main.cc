// judge-sandbox-keeper: a run slot's helper process. It starts each run of its slot,
// for every judge process of its installation on the host, and outlives them. Every
// message it exchanges (with judges, and with its init) is in keeper_protocol.h.
//
// Theory of operation. Forking the judge for each run would copy its page tables (a
// large process: the binary, the plugins, the store) only for the child to throw them
// away; this small static program starts every run instead, its init a copy of it
// (keeper_init.h). The first judge to need slot k starts
// it, handing it a listening socket bound at <state_dir>/slot<k>.keeper-<id> (in the
// judge's private state directory; <id> names the keeper binary), and it detaches (a
// new session; its parent exits at once), having compiled the seccomp filter first (a
// judge that connects later pays nothing for it; a keeper that cannot compile it
// exits with kKeeperExitNoFilter). Every judge process of the installation then
// connects to it: a connection opens with a hello, answered with a welcome, and
// carries that judge's runs (the first sent right behind the hello). The slot's lock
// (flock) keeps two judges from running in one slot at once, so the keeper serves one
// run at a time.
//
// Its init is cloned ahead of the run: after each run whose init it does not keep, the
// keeper clones the next init
// into new pid, mount, IPC, UTS and network namespaces, which builds the part of the
// run's file system every run of the slot shares (child_setup.h's PrepareInit, from
// the plan of the run just served) while the judge concludes that run, and waits. A
// run whose plan has the same base (BaseKey) is handed to it with the descriptors it
// needs, the run's host directories among them as detached mounts the keeper makes
// (HostMounts: the init, pivoted into its new root, does not see the host's
// paths); any other plan gets a new init first (keeper_init.h). The init does the rest
// (RunInInit), answers the judge itself on the judge's connection, which comes with
// the run, and sends the keeper a copy of its last answer; the keeper answers for an
// init that ended early. The judge watches and kills the run itself (cgroup, pidfd).
// The init of a run on its own then exits and the keeper reaps it, after the judge has
// its answer.
//
// A run of a session (the plan's session id, SandboxSession) leaves its init waiting
// for the session's next run instead: its KeeperEnded is sent once the run's processes
// are reaped and its /tmp and /dev/shm detached, and the keeper then waits for the
// init's kRunDetached (the work directory's overlay and extra mounts detached:
// init/child_setup.h) before it reads the next request. The kept init serves only
// runs of that session with the same base; any other run discards it for a fresh one.
//
// A connection that ends (the judge closed it, or died) during a run kills that run.
// With no connection for kIdleSeconds the keeper exits (a prepared init dies with it).
// Only root (the keeper's own uid) may connect. It never runs anything of the
// program's: the init closes every descriptor but the run's, the keeper's sockets
// included.
#include <fcntl.h>
#include <linux/filter.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <memory_resource>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "init/child_setup.h"
#include "judge/base/unique_fd.h"
#include "keeper_init.h"
#include "keeper_protocol.h"
#include "seccomp_policy.h"

namespace judge::sandbox {
namespace {

constexpr int kIdleSeconds = 600;

// Every run's filter, compiled in main() before the keeper detaches.
std::vector<sock_filter> filter;

// The slot's init: one at a time.
RunInit init;

// One judge process's connection and what its hello gave.
struct Client {
  UniqueFd socket;
  bool greeted = false;
  UniqueFd judge_pidfd;
};

bool Fail(const Client& c, const char* what, int err) {
  KeeperStarted s;
  s.error = err;
  std::strncpy(s.what, what, sizeof s.what - 1);
  return SendMessage(c.socket.get(), &s, sizeof s, nullptr, 0);
}

// The hello: the judge's pidfd, and the binary the judge
// expects. Answered with the welcome, also when it is of another protocol version or
// names another binary. False: a malformed hello, another version's, or one naming
// another binary (the connection is dropped, with the run the judge sent behind it).
bool Hello(Client* c, std::string_view msg, std::vector<int>* fds) {
  KeeperHello h;  // an older build's is shorter: its version tells
  std::memcpy(&h, msg.data(), std::min(msg.size(), sizeof h));
  KeeperWelcome w;
  w.pid = getpid();
  w.binary = BinaryAt("/proc/self/exe");
  if (h.version != kKeeperProtocolVersion || msg.size() != sizeof h || !(h.binary == w.binary)) {
    // A judge of another build, or of another binary at our name (replaced in place):
    // it learns who we are, and stops us (we would idle on, unreachable, beside the
    // keeper it starts). Its first run, sent behind the hello, goes with the connection.
    (void)SendMessage(c->socket.get(), &w, sizeof w, nullptr, 0);
    return false;
  }
  if (fds->size() != (h.has_judge_pidfd ? 1u : 0u)) return false;
  if (h.has_judge_pidfd) c->judge_pidfd.Reset((*fds)[0]);
  fds->clear();  // kept by the client now
  c->greeted = true;
  return SendMessage(c->socket.get(), &w, sizeof w, nullptr, 0);
}

// What the judge is still owed of a run whose init ended before it finished (a
// failed setup, or killed): the start, with the init's pidfd to watch (the report
// says why), and the end, the init's (*e: reaped already).
bool AnswerForInit(const Client& c, pid_t init_pid, int init_pidfd, InitAnswered answered, const KeeperEnded& e) {
  if (answered == InitAnswered::kNothing) {
    KeeperStarted s;
    s.ok = 1;
    s.init_pid = init_pid;
    s.start_ns = MonotonicNs();
    if (!SendMessage(c.socket.get(), &s, sizeof s, &init_pidfd, init_pidfd >= 0 ? 1 : 0)) return false;
  }
  if (answered == InitAnswered::kEnded) return true;
  return SendMessage(c.socket.get(), &e, sizeof e, nullptr, 0);
}

// Waits for the run to end: the init's copy of the KeeperEnded it sent the judge (or
// its exit, when it failed: then the keeper answers what the init did not); the judge
// gone discards the init, run and all. A request from the judge meanwhile is its next
// one (it has its answer, the init's copy is on its way): it waits. False when the
// connection is over.
bool AwaitRunEnd(const Client& c) {
  const pid_t init_pid = init.pid();
  UniqueFd init_pidfd(static_cast<int>(fcntl(init.pidfd(), F_DUPFD_CLOEXEC, 3)));  // outlives the reaping
  bool judge_waits = false;
  for (;;) {
    struct pollfd p[2] = {{init.link(), POLLIN, 0}, {c.socket.get(), POLLIN, 0}};
    if (poll(p, judge_waits ? 1 : 2, -1) < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (p[0].revents != 0) {
      KeeperEnded e;
      const InitAnswered answered = LastInitAnswer();
      if (init.ReceiveEnded(&e)) return true;  // else reaped and forgotten: e is its end
      return AnswerForInit(c, init_pid, init_pidfd.get(), answered, e);
    }
    if ((p[1].revents & (POLLHUP | POLLERR)) != 0) {
      init.Discard();
      return false;
    }
    if ((p[1].revents & POLLIN) != 0) judge_waits = true;
  }
}

// A new overlay (options: RunDisk's key=value list, no commas inside values), not
// attached anywhere yet; invalid with errno set when the kernel refuses it.
UniqueFd NewOverlay(const char* options) {
  UniqueFd fs(static_cast<int>(syscall(SYS_fsopen, "overlay", FSOPEN_CLOEXEC)));
  if (!fs) return UniqueFd();
  bool ok = syscall(SYS_fsconfig, fs.get(), FSCONFIG_SET_STRING, "source", "judge-work", 0) == 0;
  std::string item;
  for (std::istringstream all(options); ok && std::getline(all, item, ',');) {
    const std::size_t eq = item.find('=');
    const std::string key = item.substr(0, eq);
    const char* value = eq == std::string::npos ? nullptr : item.c_str() + eq + 1;
    ok = syscall(SYS_fsconfig, fs.get(), value ? FSCONFIG_SET_STRING : FSCONFIG_SET_FLAG, key.c_str(), value, 0) == 0;
  }
  if (ok) ok = syscall(SYS_fsconfig, fs.get(), FSCONFIG_CMD_CREATE, nullptr, nullptr, 0) == 0;
  UniqueFd mount(ok ? static_cast<int>(syscall(SYS_fsmount, fs.get(), FSMOUNT_CLOEXEC, 0)) : -1);
  const int err = errno;
  fs.Reset();
  errno = err;
  return mount;
}

// The detached mount a kHost* op attaches: the overlay, or a copy of the host's
// directory op.b. Invalid with errno set when the kernel refuses it.
UniqueFd HostMount(const FsOp& op) {
  if (op.kind == FsOp::kHostOverlay) return NewOverlay(op.data != nullptr ? op.data : "");
  return UniqueFd(
      static_cast<int>(syscall(SYS_open_tree, AT_FDCWD, op.b, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE)));
}

// The detached mounts of every kHost* op of plan.fs_ops[fs_base_count, ...), in order,
// made in the host's mount namespace with the new mount API (Linux 5.2) for the init
// to attach inside its own root, where host paths cannot be reached. False with errno
// set, *failed naming the host path, when one cannot be made.
bool HostMounts(const ChildPlan& plan, std::vector<UniqueFd>* mounts, const char** failed) {
  for (int i = plan.fs_base_count; i < plan.fs_op_count; ++i) {
    const FsOp& op = plan.fs_ops[i];
    if (op.kind != FsOp::kHostBind && op.kind != FsOp::kHostOverlay) continue;
    mounts->push_back(HostMount(op));
    if (!mounts->back()) {
      *failed = op.b;
      return false;
    }
  }
  return true;
}

// Hands the run to an init ready for it (a fresh one, or its session's). False with
// errno when no init took it; *prepare_failed when none could be made.
bool HandOver(const Client& c, const ChildPlan& plan, const std::string& key, uint64_t session,
              const std::vector<int>& run_fds, const std::vector<UniqueFd>& mounts, bool* prepare_failed) {
  GoMessage go;
  go.plan = &plan;
  go.has_judge_pidfd = c.judge_pidfd.valid();
  go.procs_count = plan.procs_count;
  go.mount_count = static_cast<int32_t>(mounts.size());
  go.keep = session != 0;
  std::vector<int> fds = {c.socket.get(), run_fds[0], run_fds[1], run_fds[2]};
  if (c.judge_pidfd) fds.push_back(c.judge_pidfd.get());
  fds.insert(fds.end(), run_fds.begin() + 3, run_fds.end());
  for (const UniqueFd& m : mounts) fds.push_back(m.get());
  for (int attempt = 0; attempt < 2; ++attempt) {  // a prepared init may have been killed
    if (!init.ReadyFor(plan, key, session)) {
      *prepare_failed = true;
      return false;
    }
    if (init.Go(go, fds, session)) return true;
  }
  return false;
}

// Hands the run to its init, which answers the judge itself, and waits for the end.
// The run's stdin, stdout and stderr ((*fds)[0..2]) are closed once handed over (the
// init has them): a copy kept here would hide a pipe's end-of-file from the other side
// until the run ended (an interactor must see the submission close its stdout).
bool ServeRun(const Client& c, ChildPlan& plan, const std::string& key, uint64_t session, std::vector<int>* fds) {
  std::vector<UniqueFd> mounts;
  const char* host_path = "";
  if (!HostMounts(plan, &mounts, &host_path)) {
    const int err = errno;
    return Fail(c, (std::string("the run's mount of ") + host_path).c_str(), err);
  }
  bool prepare_failed = false;
  if (!HandOver(c, plan, key, session, *fds, mounts, &prepare_failed)) {
    int err = errno;
    if (!prepare_failed) return Fail(c, "handing the run to its init", err);
    const std::string what = init.Failure(&err);
    return Fail(c, what.c_str(), err);
  }
  mounts.clear();
  for (std::size_t i = 0; i < 3; ++i) {
    close((*fds)[i]);
    (*fds)[i] = -1;
  }
  const bool go_on = AwaitRunEnd(c);
  if (session == 0) init.Discard();  // it exits on its own: reaped here, after the answer
  return go_on;
}

// One run request of a greeted client.
bool Run(const Client& c, std::string_view message, std::vector<int>* fds_in) {
  std::vector<int>& fds = *fds_in;
  // The plan and its tables go beside the message in InitShared's arena, where I reads them.
  // Each string of the message is at least 2 bytes, so argv and envp hold at most
  // kMaxKeeperMessage / 2 pointers, with their two terminating nulls.
  static_assert(kPlanArenaBytes - kMaxKeeperMessage >= (kMaxKeeperMessage / 2 + 2) * sizeof(char*) +
                                                         kMaxRunOps * sizeof(FsOp) + kMaxRunRlimits * sizeof(RlimitValue) + sizeof(ChildPlan) + 64,
                "room for the largest plan's tables");
  std::pmr::monotonic_buffer_resource arena(init_shared->plan_arena + kMaxKeeperMessage,
                                            kPlanArenaBytes - kMaxKeeperMessage, std::pmr::null_memory_resource());
  UnpackedPlan up(&arena);
  if (!UnpackPlan(message, &up) || fds.size() < 3 || fds.size() - 3 != up.procs_count)
    return Fail(c, "a malformed run request", EINVAL);
  ChildPlan& plan = *new (arena.allocate(sizeof(ChildPlan), alignof(ChildPlan))) ChildPlan(up.plan);  // I's to read
  plan.judge_pidfd = c.judge_pidfd.get();
  plan.stdin_fd = fds[0];
  plan.stdout_fd = fds[1];
  plan.stderr_fd = fds[2];
  plan.procs_fds = fds.data() + 3;
  plan.procs_count = static_cast<int>(fds.size() - 3);
  plan.filter = filter.data();
  plan.filter_len = static_cast<unsigned short>(filter.size());
  plan.report = init.report();
  plan.program = up.program;
  plan.argv = up.argv.data();
  plan.envp = up.envp.data();
  const std::string key = BaseKey(plan);
  bool go_on = ServeRun(c, plan, key, up.session, fds_in);
  // A session's init detaches the run's mounts after its answer, reading the plan
  // meanwhile; the judge concludes the run meanwhile.
  init.AwaitReset();
  // The next run's init, prepared while the judge concludes this one (unless this
  // run's session keeps its own).
  init.PrepareAhead(plan, key);
  return go_on;
}

// A message from a client: false when its connection is over. Received into
// InitShared's arena, where a run's plan must be for its init; no init reads the arena
// between runs (keeper_init.h).
bool Serve(Client* c) {
  char* bytes = reinterpret_cast<char*>(init_shared->plan_arena);
  int got[kMaxMessageFds];
  int count = 0;
  const ssize_t n = ReceiveMessage(c->socket.get(), bytes, kMaxKeeperMessage, got, &count);
  std::vector<int> fds(got, got + count);
  const std::string_view msg(bytes, n > 0 ? static_cast<std::size_t>(n) : 0);
  uint32_t op = 0;
  if (msg.size() >= sizeof op) std::memcpy(&op, msg.data(), sizeof op);
  bool go_on = false;
  if (op == static_cast<uint32_t>(KeeperOp::kHello) && !c->greeted && msg.size() >= 2 * sizeof(uint32_t)) {
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
  UniqueFd fd(accept4(listener, nullptr, nullptr, SOCK_CLOEXEC));
  if (!fd) return;
  struct ucred peer;
  socklen_t len = sizeof peer;
  if (getsockopt(fd.get(), SOL_SOCKET, SO_PEERCRED, &peer, &len) != 0 || peer.uid != geteuid()) return;
  auto c = std::make_unique<Client>();
  c->socket = std::move(fd);
  clients->push_back(std::move(c));
}

int Loop(int listener) {
  std::vector<std::unique_ptr<Client>> clients;
  for (;;) {
    std::vector<struct pollfd> p = {{listener, POLLIN, 0}};
    for (const auto& c : clients) p.push_back({c->socket.get(), POLLIN, 0});
    int rc = poll(p.data(), p.size(), clients.empty() ? kIdleSeconds * 1000 : -1);
    if (rc < 0 && errno == EINTR) continue;
    if (rc < 0) return 3;
    if (rc == 0) return 0;  // idle: the next judge starts a new keeper
    for (std::size_t i = p.size() - 1; i >= 1; --i) {
      if (p[i].revents == 0 || Serve(clients[i - 1].get())) continue;
      clients.erase(clients.begin() + static_cast<long>(i - 1));
    }
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
  void* shared = mmap(nullptr, sizeof(InitShared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE,
                      -1, 0);
  if (shared == MAP_FAILED) return 3;
  init_shared = new (shared) InitShared;  // zero already (mmap): left untouched
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
  setpriority(PRIO_PROCESS, 0, 0);  // nor the starting judge's nice: the keeper serves every judge
  ShortenSchedulerSlice();
  signal(SIGPIPE, SIG_IGN);
  return Loop(listener);
}
