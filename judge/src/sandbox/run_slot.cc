#include "run_slot.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/hash.h"
#include "judge/base/paths.h"

namespace judge::sandbox {

namespace {

UniqueFd OpenLockAt(int dir, const std::string& name) {
  return UniqueFd(::openat(dir, name.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
}

// True when the lock file (held) already carries `stamp` (whoever took the slot last
// wrote theirs); else writes it there. A failed write only means the next Acquire()
// says "used elsewhere" again.
bool StampIsOurs(int fd, uint64_t stamp) {
  uint64_t found = 0;
  if (::pread(fd, &found, sizeof found, 0) == static_cast<ssize_t>(sizeof found) && found == stamp) return true;
  (void)!::pwrite(fd, &stamp, sizeof stamp, 0);
  return false;
}

}  // namespace

Result<UniqueFd> MakePrivateStateDir(const std::string& dir) {
  const std::string what = "sandbox state directory " + dir;
  std::size_t slash = dir.rfind('/');
  if (slash != 0 && slash != std::string::npos)
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(dir.substr(0, slash)).WithContext(what));
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return ErrnoStatus(errno, "cannot create " + what);
  UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) {
    if (errno == ELOOP || errno == ENOTDIR)
      return Status::InvalidArgument(what + ": expected a directory, found a symbolic link or another kind");
    return ErrnoStatus(errno, "cannot open " + what);
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) return ErrnoStatus(errno, "cannot stat " + what);
  if (st.st_uid != ::geteuid())
    return Status::InvalidArgument(what + ": expected a directory owned by uid " + std::to_string(::geteuid()) +
                                   ", found one owned by uid " + std::to_string(st.st_uid));
  if ((st.st_mode & 07777) != 0700 && ::fchmod(fd.get(), 0700) != 0)
    return ErrnoStatus(errno, "cannot make " + what + " private (mode 0700)");
  return fd;
}

// The state directory's lock files are opened when a slot is first tried (a judge that
// runs one program opens one or two, not sixteen); the first is opened here, so that a
// state directory the judge cannot use is an error at once. The host's are all opened
// here.
Status SlotPool::Init(const std::string& state_dir, int count, int first_uid) {
  if (::getrandom(&stamp_, sizeof stamp_, 0) != static_cast<ssize_t>(sizeof stamp_))
    return ErrnoStatus(errno, "getrandom for the slot pool's stamp");
  JUDGE_ASSIGN_OR_RETURN(UniqueFd host_dir, MakePrivateStateDir(kHostSlotLockDir));
  for (int k = 0; k < count; ++k) {
    auto slot = std::make_unique<Slot>();
    slot->index = k;
    slot->lock_path = state_dir + "/slot" + std::to_string(k) + ".lock";
    slot->host_lock = OpenLockAt(host_dir.get(), "uid" + std::to_string(first_uid + k) + ".lock");
    if (!slot->host_lock) return ErrnoStatus(errno, std::string("cannot open a slot lock in ") + kHostSlotLockDir);
    slots_.push_back(std::move(slot));
  }
  if (!slots_.empty()) {
    slots_[0]->lock = OpenLockAt(AT_FDCWD, slots_[0]->lock_path);
    if (!slots_[0]->lock) return ErrnoStatus(errno, "cannot open slot lock " + slots_[0]->lock_path);
  }
  return Status::Ok();
}

Slot* SlotPool::Acquire(const std::atomic<bool>* cancel, uint64_t session) {
  std::unique_lock<std::mutex> lock(mu_);
  // Pass 0: the session's own slot; 1: a slot no session keeps; 2: any.
  auto fits = [session](const Slot& s, int pass) {
    return pass == 0 ? session != 0 && s.session == session : pass == 1 ? s.session == 0 : true;
  };
  for (;;) {
    if (cancel && cancel->load()) return nullptr;
    for (int pass = 0; pass < 3; ++pass) {
      for (auto& s : slots_) {
        if (s->busy || !fits(*s, pass) || !TryLock(*s)) continue;
        s->busy = true;
        s->used_elsewhere = !StampIsOurs(s->host_lock.get(), stamp_);
        if (s->used_elsewhere) s->session = 0;  // another process's run ended any kept init
        return s.get();
      }
    }
    // All taken (here or by another judge process): wait for a release or retry soon.
    cv_.wait_for(lock, std::chrono::milliseconds(5));
  }
}

// Both locks or neither: the state directory's first, then the host's.
bool SlotPool::TryLock(Slot& s) {
  if (!s.lock) s.lock = OpenLockAt(AT_FDCWD, s.lock_path);
  if (!s.lock || ::flock(s.lock.get(), LOCK_EX | LOCK_NB) != 0) return false;
  if (::flock(s.host_lock.get(), LOCK_EX | LOCK_NB) == 0) return true;
  ::flock(s.lock.get(), LOCK_UN);
  return false;
}

void SlotPool::MarkSession(Slot* slot, uint64_t session) {
  std::lock_guard<std::mutex> lock(mu_);
  slot->session = session;
}

void SlotPool::ForgetSession(uint64_t session) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& s : slots_)
    if (s->session == session) s->session = 0;
}

void SlotPool::Release(Slot* slot) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    ::flock(slot->host_lock.get(), LOCK_UN);
    ::flock(slot->lock.get(), LOCK_UN);
    slot->busy = false;
  }
  cv_.notify_one();
}


// The slot's keeper (run_slot.h).
namespace {

constexpr const char* kKeeperName = "judge-sandbox-keeper";

bool Executable(const std::string& path) { return !path.empty() && ::access(path.c_str(), X_OK) == 0; }

// Spawns the keeper with the listening socket `fd` as descriptor 3 and /dev/null as
// 0-2, and waits for its first process (the keeper detaches from it).
Status SpawnKeeper(const std::string& path, int fd) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, fd, 3);  // dup2 clears close-on-exec
  std::string path_copy = path;
  char fd_arg[] = "3";
  char detach[] = "--detach";
  char* argv[] = {path_copy.data(), fd_arg, detach, nullptr};
  char* envp[] = {nullptr};
  pid_t pid = 0;
  int rc = posix_spawn(&pid, path.c_str(), &fa, nullptr, argv, envp);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return ErrnoStatus(rc, "cannot start the sandbox keeper " + path);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == kKeeperExitNoFilter)
    return Status::Internal("the sandbox keeper " + path +
                            " did not start: it could not compile the seccomp filter (libseccomp)");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return Status::Internal("the sandbox keeper " + path + " did not start (status " + std::to_string(status) + ")");
  return Status::Ok();
}

// A socket's address. A path too long for sun_path (a deep state directory) is
// reached through its directory's descriptor: /proc/self/fd/<fd>/<name>, which the
// kernel resolves like any path. The descriptor must live while the address is used.
struct SocketAddress {
  explicit SocketAddress(const std::string& path) {
    a.sun_family = AF_UNIX;
    std::string reach = path;
    const std::size_t slash = path.rfind('/');
    if (path.size() >= sizeof a.sun_path && slash != std::string::npos) {
      dir.Reset(::open(path.substr(0, slash).c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC));
      if (dir) reach = "/proc/self/fd/" + std::to_string(dir.get()) + path.substr(slash);
    }
    std::strncpy(a.sun_path, reach.c_str(), sizeof a.sun_path - 1);
  }
  struct sockaddr* get() { return reinterpret_cast<struct sockaddr*>(&a); }
  UniqueFd dir;
  struct sockaddr_un a = {};
};

// Whether nobody listens at the socket `path` any more (its keeper ended). Never
// waits: a live keeper's full backlog is not "nobody".
bool NobodyListens(const std::string& path) {
  SocketAddress a(path);
  UniqueFd fd(::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  return fd && ::connect(fd.get(), a.get(), sizeof a.a) != 0 && errno == ECONNREFUSED;
}

// Removes the sockets of the slot (any installation's: <socket_base>-<id>) whose
// keepers ended. Safe only under
// the slot's lock, which every installation takes before it starts a keeper: none is
// being started meanwhile.
void RemoveDeadSockets(const std::string& socket_base) {
  const std::size_t slash = socket_base.rfind('/');
  const std::string dir = socket_base.substr(0, slash), base = socket_base.substr(slash + 1);
  std::unique_ptr<DIR, int (*)(DIR*)> d(::opendir(dir.c_str()), ::closedir);
  if (!d) return;
  while (struct dirent* e = ::readdir(d.get())) {
    const std::string name = e->d_name;
    if (e->d_type != DT_SOCK || name.rfind(base + "-", 0) != 0) continue;
    if (NobodyListens(dir + "/" + name)) (void)::unlinkat(::dirfd(d.get()), name.c_str(), 0);
  }
}

// A new keeper listening at socket_path (whatever stood there is replaced).
Status StartKeeper(const KeeperStart& start, const std::string& socket_path) {
  RemoveDeadSockets(start.socket_base);
  SocketAddress a(socket_path);
  UniqueFd listener(::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0));
  if (!listener) return ErrnoStatus(errno, "sandbox keeper: socket");
  (void)::unlink(socket_path.c_str());
  if (::bind(listener.get(), a.get(), sizeof a.a) != 0 ||
      ::chmod(socket_path.c_str(), 0600) != 0 || ::listen(listener.get(), 16) != 0)
    return ErrnoStatus(errno, "sandbox keeper: cannot listen at " + socket_path);
  if (listener.get() == 3) listener.Reset(::fcntl(3, F_DUPFD_CLOEXEC, 4));  // dup2(3, 3) would keep CLOEXEC
  if (!listener) return ErrnoStatus(errno, "sandbox keeper: fcntl");
  return SpawnKeeper(start.path, listener.get());
}

// A connection to the keeper at socket_path; none when there is no keeper listening.
UniqueFd Connect(const std::string& socket_path) {
  SocketAddress a(socket_path);
  UniqueFd fd(::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0));
  if (fd && ::connect(fd.get(), a.get(), sizeof a.a) != 0) fd.Reset();
  return fd;
}

}  // namespace

Result<std::string> KeeperSocketPath(const std::string& socket_base, const std::string& keeper_path) {
  struct stat st;
  if (::stat(keeper_path.c_str(), &st) != 0)
    return ErrnoStatus(errno, "sandbox keeper: cannot stat " + keeper_path);
  const std::string identity = std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino) + ":" +
                               std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
                               std::to_string(st.st_mtim.tv_nsec);
  return socket_base + "-" + Sha256Hex(identity).substr(0, 16);
}

std::string DefaultKeeperPath() {
  if (const char* env = std::getenv("JUDGE_SANDBOX_KEEPER"); env && *env) return env;
  std::string beside = ExecutableDir() + "/" + kKeeperName;
  if (Executable(beside)) return beside;
  return JUDGE_SANDBOX_KEEPER_BUILD_PATH;
}

Result<std::unique_ptr<SlotKeeper>> SlotKeeper::Start(const KeeperStart& start) {
  if (!Executable(start.path))
    return Status::NotFound("sandbox keeper: expected an executable at " + start.path + ", found none");
  KeeperHello h;
  h.has_judge_pidfd = start.judge_pidfd >= 0;
  h.binary = BinaryAt(start.path.c_str());
  if (h.binary.ino == 0) return ErrnoStatus(errno, "sandbox keeper: cannot stat " + start.path);
  std::vector<int> fds;
  if (h.has_judge_pidfd) fds.push_back(start.judge_pidfd);
  JUDGE_ASSIGN_OR_RETURN(const std::string socket_path, KeeperSocketPath(start.socket_base, start.path));
  // The keeper there (its welcome is read with the first run's answer, Launch);
  // else a new one.
  for (int attempt = 0; attempt < 2; ++attempt) {
    UniqueFd conn = Connect(socket_path);
    if (!conn) {
      JUDGE_RETURN_IF_ERROR(StartKeeper(start, socket_path));
      conn = Connect(socket_path);
      if (!conn) return Status::Unavailable("sandbox keeper: cannot connect to " + socket_path + ": " + ErrnoText(errno));
    }
    if (!SendMessage(conn.get(), &h, sizeof h, fds.data(), static_cast<int>(fds.size()))) continue;
    std::unique_ptr<SlotKeeper> k(new SlotKeeper());
    k->socket_ = std::move(conn);
    k->path_ = start.path;
    k->socket_path_ = socket_path;
    return k;
  }
  return Status::Unavailable("sandbox keeper: no usable keeper at " + socket_path);
}

Status SlotKeeper::AwaitWelcome() {
  if (welcomed_) return Status::Ok();
  KeeperWelcome w;
  const bool whole = Receive(&w, sizeof w, nullptr) == 1;
  if (whole && w.version == kKeeperProtocolVersion && w.binary == BinaryAt(path_.c_str())) {
    welcomed_ = true;
    pid_ = w.pid;
    return Status::Ok();
  }
  // A broken keeper, or one of another protocol at our binary's name (the binary was
  // replaced in place), which refused the hello and so never took the run: stop it;
  // the run goes to a new one (kUnavailable). Under the slot's lock, so it has no run
  // in flight.
  if (whole && w.pid > 0) ::kill(w.pid, SIGKILL);
  (void)::unlink(socket_path_.c_str());
  (void)Broken("");
  return Status::Unavailable("sandbox keeper: the keeper at " + socket_path_ + " was not this build's; replaced");
}

SlotKeeper::~SlotKeeper() = default;  // closing the connection is all: the keeper lives on

Status SlotKeeper::Broken(const std::string& what) {
  alive_ = false;
  socket_.Reset();  // a keeper that kept a run ends it now
  return Status::Internal(what);
}

Result<SlotKeeper::Started> SlotKeeper::Launch(const std::string& packed_plan, const std::vector<int>& fds) {
  if (!alive_) return Status::Internal("the sandbox keeper is gone");
  if (packed_plan.size() > kMaxKeeperMessage)
    return Status::InvalidArgument("the run's plan is too large (" + std::to_string(packed_plan.size()) +
                                   " bytes; arguments and environment must stay under 256 KiB)");
  const bool sent =
      SendMessage(socket_.get(), packed_plan.data(), packed_plan.size(), fds.data(), static_cast<int>(fds.size()));
  const std::string why = sent ? "" : ErrnoText(errno);
  // The hello's answer, when this is the connection's first run: sent right behind the
  // hello, the run costs no round trip of its own to the keeper (a keeper that refuses
  // the hello drops the run with the connection).
  JUDGE_RETURN_IF_ERROR(AwaitWelcome());
  if (!sent) {
    (void)Broken("");
    return Status::Unavailable("cannot hand the run to the sandbox keeper: " + why);
  }
  KeeperStarted s;
  Started started;
  const int rc = Receive(&s, sizeof s, &started.pidfd);
  if (rc <= 0) return Broken(rc == 0 ? "the sandbox keeper ended unexpectedly" : "the sandbox keeper answered nonsense");
  s.what[sizeof s.what - 1] = '\0';
  if (!s.ok) return ErrnoStatus(s.error, std::string("sandbox keeper: ") + s.what);
  if (!started.pidfd) return Broken("the sandbox keeper sent no pidfd");
  started.init_pid = s.init_pid;
  started.start_ns = s.start_ns;
  return started;
}

Result<KeeperEnded> SlotKeeper::WaitEnded() {
  if (!alive_) return Status::Internal("the sandbox keeper is gone");
  KeeperEnded e;
  const int rc = Receive(&e, sizeof e, nullptr);
  if (rc <= 0) return Broken(rc == 0 ? "the sandbox keeper ended unexpectedly" : "the sandbox keeper answered nonsense");
  return e;
}

int SlotKeeper::Receive(void* message, std::size_t size, UniqueFd* fd) {
  int fds[kMaxMessageFds];
  int count = 0;
  const ssize_t n = ReceiveMessage(socket_.get(), message, size, fds, &count);
  for (int i = 0; i < count; ++i) {
    if (i == 0 && fd != nullptr) fd->Reset(fds[i]);
    else ::close(fds[i]);
  }
  if (n == 0 && count == 0) return 0;
  return n == static_cast<ssize_t>(size) && count == (fd != nullptr ? 1 : 0) ? 1 : -1;
}


Status KillTree(Slot& slot, int program_pidfd) {
  if (slot.cgroup) return slot.cgroup->KillAll().WithContext("killing the run");
  if (program_pidfd >= 0) ::syscall(SYS_pidfd_send_signal, program_pidfd, SIGKILL, nullptr, 0);
  return Status::Ok();
}

}  // namespace judge::sandbox
