#include "keeper_init.h"

#include <sched.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

namespace judge::sandbox {
namespace {

// I's stack (I's own copy of it): one suffices, as the keeper has one init at a time
// (prepared, running or kept for its session) and reaps it before cloning the next.
alignas(64) char init_stack[128 * 1024];

// One byte from I on the link (its ready or reset answer): false when I ended instead.
bool ReadByteFrom(int link, char* byte) {
  ssize_t n;
  while ((n = read(link, byte, 1)) < 0 && errno == EINTR) {
  }
  return n == 1;
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
  reset_owed_ = false;
  pid_ = -1;
  pidfd_.Reset();
  link_.Reset();
  key_.clear();
  session_ = 0;
}

// Clones an init and waits until it has built the base of `like`; the init then
// waits for a run with the same key. False when it could not: errno, or the
// report (Failure()) when the init failed.
bool RunInit::Prepare(const ChildPlan& like, const std::string& key) {
  Discard();
  ChildPlan base = like;
  base.report = report();
  *report() = ChildReport{};
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) return false;
  UniqueFd ours(pair[0]), theirs(pair[1]);
  InitArgs args{&base, pair[1]};
  int pidfd = -1;
  pid_t pid = clone(InitMain, init_stack + sizeof init_stack, CLONE_NEWPID | CLONE_PIDFD | SIGCHLD, &args,
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
  Discard();  // it exited: its report says why
  errno = EIO;
  return false;
}

bool RunInit::ReadyFor(const ChildPlan& like, const std::string& key, uint64_t session) {
  const bool usable = pid_ >= 0 && key_ == key && (session_ == 0 || session_ == session);
  if (usable) return true;
  return Prepare(like, key);
}

void RunInit::AwaitReset() {
  if (!reset_owed_) return;
  reset_owed_ = false;
  char byte = 0;
  if (!ReadByteFrom(link_.get(), &byte) || byte != kRunDetached) Discard();  // the next run gets a fresh one
}

void RunInit::PrepareAhead(const ChildPlan& like, const std::string& key) {
  if (pid_ < 0) (void)Prepare(like, key);
}

std::string RunInit::Failure(int* err) const {
  if (!report()->failed) return "preparing the run's init";
  *err = report()->failed_errno;
  return std::string("preparing the run's init: ") + report()->failed_what;
}

bool RunInit::Go(const GoMessage& go, const std::vector<int>& fds, uint64_t session) {
  if (pid_ < 0) {
    errno = ESRCH;
    return false;
  }
  NoteInitAnswer(InitAnswered::kNothing);  // I waits in recvmsg: it writes nothing meanwhile
  *report() = ChildReport{};
  GoMessage to_init = go;
  to_init.init_pid = pid_;
  if (!SendMessage(link_.get(), &to_init, sizeof to_init, fds.data(), static_cast<int>(fds.size()))) {
    const int err = errno;
    Discard();
    errno = err;
    return false;
  }
  if (go.keep) session_ = session;
  reset_owed_ = go.keep != 0;
  return true;
}

bool RunInit::ReceiveEnded(KeeperEnded* ended) {
  int fds[kMaxMessageFds];
  int n = 0;
  const ssize_t got = ReceiveMessage(link_.get(), ended, sizeof *ended, fds, &n);
  for (int i = 0; i < n; ++i) close(fds[i]);
  if (got == static_cast<ssize_t>(sizeof *ended)) return true;
  // I ended (it failed, or was killed): reaped here, the session's next run gets a
  // fresh one.
  while (wait4(pid_, &ended->status, __WALL, &ended->usage) < 0 && errno == EINTR) {
  }
  ended->reaped_ns = MonotonicNs();
  ended->report = *report();  // why it ended
  Forget();
  return false;
}

}  // namespace judge::sandbox
