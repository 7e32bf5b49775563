#include "keeper_init.h"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "keeper_channel.h"

namespace judge::sandbox {
namespace {

constexpr int kMaxGoFds = 6 + kMaxRunFds + kMaxMountFds;

struct InitArgs {
  const ChildPlan* base;
  int link;
};

// RunInit::answered(), written by I (sharing the keeper's memory), read by the keeper
// once I is done with the run or gone.
int answer_progress = 0;

void NoteAnswered(RunInit::Answered what) {
  __atomic_store_n(&answer_progress, static_cast<int>(what), __ATOMIC_SEQ_CST);
}

// RunAnswer::started in I: KeeperStarted with P's pidfd, to the judge.
struct StartedAnswer {
  int judge;
  pid_t init_pid;
};
bool AnswerStarted(void* context, int pidfd, int64_t start_ns) {
  const StartedAnswer& a = *static_cast<const StartedAnswer*>(context);
  KeeperStarted s;
  s.ok = 1;
  s.init_pid = a.init_pid;
  s.start_ns = start_ns;
  if (!SendMessage(a.judge, &s, sizeof s, &pidfd, 1)) return false;
  NoteAnswered(RunInit::Answered::kStarted);
  return true;
}

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
  return *fd_count == 4 + go->has_judge_pidfd + go->procs_count + go->mount_count;
}

// The run's plan: the keeper's, with the descriptors I received.
ChildPlan PlanWithFds(const GoMessage& go, int* fds) {
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
  return plan;
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
    int fds[kMaxGoFds];
    int n = 0;
    if (!ReceiveGo(a.link, &go, fds, &n)) _exit(0);  // discarded
    // The judge's connection came first, into the lowest free descriptor: out of the
    // way of the run's stdin, stdout and stderr, which go to 0-2.
    if (fds[0] < 3) {
      const int moved = static_cast<int>(fcntl(fds[0], F_DUPFD_CLOEXEC, 3));
      if (moved < 0) _exit(0);
      close(fds[0]);
      fds[0] = moved;
    }
    const ChildPlan plan = PlanWithFds(go, fds);
    StartedAnswer started{fds[0], go.init_pid};
    const RunAnswer answer{fds[0], AnswerStarted, &started};
    const RunEnd end = RunInInit(plan, answer, a.link, go.keep ? &scratch : nullptr);
    KeeperEnded e;
    e.status = end.program_status;
    e.usage = end.usage;
    e.reaped_ns = end.reaped_ns;
    // The judge first: it concludes the run while the keeper hears of it.
    if (send(fds[0], &e, sizeof e, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof e)) _exit(0);
    NoteAnswered(RunInit::Answered::kEnded);
    close(fds[0]);
    if (send(a.link, &e, sizeof e, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof e)) _exit(0);
    // A run on its own: leaving tears the namespaces down, after the judge has heard.
    if (!go.keep) _exit(0);
    FinishSessionRun(plan, a.link);
  }
}

// I's stack: one suffices, as the keeper has one init at a time (prepared, running
// or kept for its session) and reaps it before cloning the next.
alignas(64) char init_stack[128 * 1024];

// Where an init being prepared reports a failure (it has no client yet).
ChildReport prepare_report;

// One byte from I on the link (its ready or reset answer): false when I ended instead.
bool ReadByteFrom(int link, char* byte) {
  ssize_t n;
  while ((n = read(link, byte, 1)) < 0 && errno == EINTR) {
  }
  return n == 1;
}

int64_t NowNs() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t{ts.tv_sec} * 1000000000 + ts.tv_nsec;
}

}  // namespace

void RunInit::Discard() {
  if (pid_ < 0) return;
  syscall(SYS_pidfd_send_signal, pidfd_.get(), SIGKILL, nullptr, 0);
  while (waitpid(pid_, nullptr, __WALL) < 0 && errno == EINTR) {
  }
  Forget();
}

void RunInit::Forget() {
  held_plan_.reset();
  pid_ = -1;
  pidfd_.Reset();
  link_.Reset();
  key_.clear();
  session_ = 0;
}

// Clones an init and waits until it has built the base of `like`; the init then
// waits for a run with the same key. False when it could not: errno, or
// prepare_report when the init failed.
bool RunInit::Prepare(const ChildPlan& like, const std::string& key) {
  Discard();
  ChildPlan base = like;
  base.report = &prepare_report;
  std::memset(&prepare_report, 0, sizeof prepare_report);
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) return false;
  UniqueFd ours(pair[0]), theirs(pair[1]);
  InitArgs args{&base, pair[1]};
  int pidfd = -1;
  pid_t pid = clone(InitMain, init_stack + sizeof init_stack, CLONE_VM | CLONE_NEWPID | CLONE_PIDFD | SIGCHLD, &args,
                    &pidfd);
  const int err = errno;
  theirs.Reset();
  if (pid < 0 || pidfd < 0) {
    if (pid > 0) waitpid(pid, nullptr, __WALL);  // cannot happen: CLONE_PIDFD gives one with the pid
    errno = pid < 0 ? err : EBADF;
    return false;
  }
  pid_ = pid;
  pidfd_.Reset(pidfd);
  link_ = std::move(ours);
  key_ = key;
  session_ = 0;
  char byte;
  if (ReadByteFrom(link_.get(), &byte)) return true;
  Discard();  // it exited: prepare_report says why
  errno = EIO;
  return false;
}

bool RunInit::ReadyFor(const ChildPlan& like, const std::string& key, uint64_t session) {
  const bool usable = pid_ >= 0 && key_ == key && (session_ == 0 || session_ == session);
  if (usable && AwaitReset()) return true;
  return Prepare(like, key);
}

bool RunInit::AwaitReset() {
  if (!held_plan_) return true;
  char byte = 0;
  const bool answered = ReadByteFrom(link_.get(), &byte);
  held_plan_.reset();
  return answered && byte == kRunDetached;  // else I ended: the caller prepares a fresh one
}

void RunInit::FinishLastRun() {
  if (!AwaitReset()) Discard();
}

void RunInit::HoldUntilReset(std::unique_ptr<HeldPlan> plan, uint64_t session) {
  // Only the init that ran the run resets: not a fresh one prepared since (the
  // session's ended, or its judge went away), which would never send the byte.
  if (pid_ >= 0 && session_ == session) held_plan_ = std::move(plan);
}

void RunInit::PrepareAhead(const ChildPlan& like, const std::string& key) {
  if (pid_ < 0) (void)Prepare(like, key);
}

std::string RunInit::Failure(int* err) const {
  if (!prepare_report.failed) return "preparing the run's init";
  *err = prepare_report.failed_errno;
  return std::string("preparing the run's init: ") + prepare_report.failed_what;
}

bool RunInit::Go(const GoMessage& go, const std::vector<int>& fds, uint64_t session) {
  if (pid_ < 0) {
    errno = ESRCH;
    return false;
  }
  NoteAnswered(Answered::kNothing);  // I waits in recvmsg: it writes nothing meanwhile
  GoMessage to_init = go;
  to_init.init_pid = pid_;
  if (!SendMessage(link_.get(), &to_init, sizeof to_init, fds.data(), static_cast<int>(fds.size()))) {
    const int err = errno;
    Discard();
    errno = err;
    return false;
  }
  if (go.keep) session_ = session;
  return true;
}

RunInit::Answered RunInit::answered() {
  return static_cast<Answered>(__atomic_load_n(&answer_progress, __ATOMIC_SEQ_CST));
}

bool RunInit::ReceiveEnded(KeeperEnded* ended) {
  std::string msg;
  std::vector<int> fds;
  const int rc = ReceiveMessage(link_.get(), sizeof(KeeperEnded), &msg, &fds);
  for (int fd : fds) close(fd);
  if (rc == 1 && msg.size() == sizeof *ended) {
    std::memcpy(ended, msg.data(), sizeof *ended);
    return true;
  }
  // I ended (it failed, or was killed): reaped here, the session's next run gets a
  // fresh one.
  while (wait4(pid_, &ended->status, __WALL, &ended->usage) < 0 && errno == EINTR) {
  }
  ended->reaped_ns = NowNs();
  Forget();
  return false;
}

}  // namespace judge::sandbox
