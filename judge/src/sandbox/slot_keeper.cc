#include "slot_keeper.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "judge/base/errors.h"
#include "judge/base/paths.h"
#include "keeper_channel.h"

extern char** environ;

namespace judge::sandbox {
namespace {

constexpr const char* kKeeperName = "judge-sandbox-keeper";

bool Executable(const std::string& path) { return !path.empty() && ::access(path.c_str(), X_OK) == 0; }

// Spawns the keeper with `fd` as descriptor 3 and /dev/null as 0-2.
Result<pid_t> SpawnKeeper(const std::string& path, int fd) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, fd, 3);  // dup2 clears close-on-exec
  std::string path_copy = path;
  char fd_arg[] = "3";
  char* argv[] = {path_copy.data(), fd_arg, nullptr};
  char* envp[] = {nullptr};
  pid_t pid = 0;
  int rc = posix_spawn(&pid, path.c_str(), &fa, nullptr, argv, envp);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return ErrnoStatus(rc, "cannot start the sandbox keeper " + path);
  return pid;
}

}  // namespace

std::string DefaultKeeperPath() {
  if (const char* env = std::getenv("JUDGE_SANDBOX_KEEPER"); env && *env) return env;
  std::string beside = ExecutableDir() + "/" + kKeeperName;
  if (Executable(beside)) return beside;
  return JUDGE_SANDBOX_KEEPER_BUILD_PATH;
}

Result<std::unique_ptr<SlotKeeper>> SlotKeeper::Start(const KeeperStart& start) {
  if (!Executable(start.path))
    return Status::NotFound("sandbox keeper: expected an executable at " + start.path + ", found none");
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0)
    return ErrnoStatus(errno, "sandbox keeper: socketpair");
  std::unique_ptr<SlotKeeper> k(new SlotKeeper());
  k->socket_.Reset(pair[0]);
  UniqueFd theirs(pair[1]);
  if (theirs.get() == 3) theirs.Reset(::fcntl(pair[1], F_DUPFD_CLOEXEC, 4));  // dup2(3, 3) would keep CLOEXEC
  if (!theirs) return ErrnoStatus(errno, "sandbox keeper: fcntl");
  JUDGE_ASSIGN_OR_RETURN(k->pid_, SpawnKeeper(start.path, theirs.get()));
  theirs.Reset();
  KeeperHello h;
  h.has_netns = start.netns_fd >= 0;
  h.has_judge_pidfd = start.judge_pidfd >= 0;
  h.filter_len = start.filter ? static_cast<uint32_t>(start.filter->size()) : 0;
  std::string msg(reinterpret_cast<const char*>(&h), sizeof h);
  if (h.filter_len > 0)
    msg.append(reinterpret_cast<const char*>(start.filter->data()), h.filter_len * sizeof(sock_filter));
  std::vector<int> fds = {start.report_fd};
  if (h.has_netns) fds.push_back(start.netns_fd);
  if (h.has_judge_pidfd) fds.push_back(start.judge_pidfd);
  if (!SendMessage(k->socket_.get(), msg.data(), msg.size(), fds.data(), static_cast<int>(fds.size())))
    return k->Broken("cannot send the slot to the sandbox keeper: " + ErrnoText(errno));
  return k;
}

SlotKeeper::~SlotKeeper() {
  socket_.Reset();  // the keeper reads end of stream: it kills a run it has and ends
  if (pid_ > 0) {
    int status;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
}

Status SlotKeeper::Broken(const std::string& what) {
  alive_ = false;
  if (pid_ > 0) ::kill(pid_, SIGKILL);
  return Status::Internal(what);
}

Result<SlotKeeper::Started> SlotKeeper::Launch(const std::string& packed_plan, const std::vector<int>& fds) {
  if (!alive_) return Status::Internal("the sandbox keeper is gone");
  if (packed_plan.size() > kMaxKeeperMessage)
    return Status::InvalidArgument("the run's plan is too large (" + std::to_string(packed_plan.size()) +
                                   " bytes; arguments and environment must stay under 256 KiB)");
  if (!SendMessage(socket_.get(), packed_plan.data(), packed_plan.size(), fds.data(), static_cast<int>(fds.size())))
    return Broken("cannot hand the run to the sandbox keeper: " + ErrnoText(errno));
  std::string reply;
  std::vector<int> got;
  int rc = ReceiveMessage(socket_.get(), sizeof(KeeperStarted), &reply, &got);
  std::vector<UniqueFd> owned;
  for (int fd : got) owned.emplace_back(fd);
  if (rc <= 0 || reply.size() != sizeof(KeeperStarted))
    return Broken(rc == 0 ? "the sandbox keeper ended unexpectedly" : "the sandbox keeper answered nonsense");
  KeeperStarted s;
  std::memcpy(&s, reply.data(), sizeof s);
  s.what[sizeof s.what - 1] = '\0';
  if (!s.ok) return ErrnoStatus(s.error, std::string("sandbox keeper: ") + s.what);
  if (owned.size() != 1) return Broken("the sandbox keeper sent no pidfd");
  Started started;
  started.init_pid = s.init_pid;
  started.pidfd = std::move(owned[0]);
  started.start_ns = s.start_ns;
  return started;
}

Result<SlotKeeper::Ended> SlotKeeper::WaitEnded() {
  if (!alive_) return Status::Internal("the sandbox keeper is gone");
  std::string reply;
  std::vector<int> got;
  int rc = ReceiveMessage(socket_.get(), sizeof(KeeperEnded), &reply, &got);
  for (int fd : got) ::close(fd);
  if (rc <= 0 || reply.size() != sizeof(KeeperEnded))
    return Broken(rc == 0 ? "the sandbox keeper ended unexpectedly" : "the sandbox keeper answered nonsense");
  KeeperEnded e;
  std::memcpy(&e, reply.data(), sizeof e);
  Ended out;
  out.status = e.status;
  out.usage = e.usage;
  out.reaped_ns = e.reaped_ns;
  return out;
}

}  // namespace judge::sandbox
