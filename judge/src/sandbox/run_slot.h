// Run slots: slot k runs programs as uid/gid first_uid + k and owns, made on first use
// and reused by every later run, its cgroup(s), the host directory its root tmpfs is
// mounted on (in the run's mount namespace only), the directory each run's disk layer
// is mounted on, and its keeper process (SlotKeeper, below). Nothing a program can
// change is among them: a run's namespaces are its init's, and its disk layer is its own.
//
// Slots are taken in this process under a mutex and across processes with flock on
// two files: <state_dir>/slot<k>.lock, and the host's lock on the slot's uid,
// /run/judge-slots/uid<first_uid + k>.lock. The uid and the cgroup name do not depend
// on the state directory, so without the host's lock two judges with different state
// directories would run programs in one cgroup at once and kill each other's. A
// SlotLease gives one back on every path (RAII). Thread-safe.
//
// Whoever takes a slot writes its pool's random stamp in the host's lock file: a pool
// that finds another stamp there knows another process used the slot in between, and
// forgets what it knew of it (Slot::used_elsewhere): that its last run left the
// slot's cgroup empty, and the init its keeper kept for a session.
#ifndef JUDGE_SRC_SANDBOX_RUN_SLOT_H_
#define JUDGE_SRC_SANDBOX_RUN_SLOT_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "cgroup.h"
#include "init/child_setup.h"
#include "judge/base/status.h"
#include "judge/base/unique_fd.h"
#include "keeper_protocol.h"

namespace judge::sandbox {

// The judge's side of a slot's keeper (keeper/keeper_main.cc): connects to the slot's keeper,
// starting it when there is none, hands it each run, and hears back, from the run's
// init on the same connection, when the program has exec'd and when every process of
// the run is gone. The messages are in keeper_protocol.h.
//
// Theory of operation. A keeper serves its slot for every judge process of its
// installation on the host and outlives them, listening at
// <state_dir>/slot<k>.keeper-<id>, where <id> names the keeper binary (KeeperSocketPath:
// its device, inode, size and modification time). Two installations on one host (two
// builds, or one build copied elsewhere) thus never share or replace each other's
// keepers: each has its own, and the slot's lock (flock, shared by all) keeps their
// runs apart, so a keeper is never stopped under another's run in flight. Start()
// connects there and sends the hello, which names the keeper binary this judge would
// start; the first Launch() sends its run right behind it and reads the welcome
// before the run's answer (no round trip of its own for the hello). A keeper of
// another binary or protocol version (a broken one; the same socket name means the same
// binary) refuses the hello and drops the connection, run included, and answers with
// a welcome naming itself: it is stopped, and the run goes to a new keeper. With no
// keeper there (none yet, or it ended after being idle), Start() removes the slot's
// sockets nobody listens at any more (other installations' keepers that ended), binds
// the listening socket itself, spawns the keeper with it (posix_spawn: the judge is not
// forked; the keeper detaches, so the judge only waits for its first process), and
// connects. The caller holds the slot's lock: two judges never start one slot's
// keeper at once. Launch() sends one run and waits for KeeperStarted: the init's pid
// and the program's pidfd (the judge watches and kills through it, never by a bare pid
// the init might have reaped). WaitEnded() waits for KeeperEnded: every process of the
// run is gone. A keeper that dies or
// answers nonsense fails the run (a judge error) and is replaced at the next Start; a
// run it never received (the send failed: the keeper had ended) is kUnavailable, and
// may be handed to a new keeper. The destructor closes the connection (a run still
// going is killed by the keeper).
//
// Not thread-safe: one slot, used by one run at a time (the slot lease).
// Where the keeper binary is: $JUDGE_SANDBOX_KEEPER, else beside the executable, else
// where this build put it.
std::string DefaultKeeperPath();

// Where the keeper binary at keeper_path serves the slot whose sockets are named
// <socket_base>-<id>: <id> is 16 hex digits of a hash of the binary's identity (device,
// inode, size, modification time). An error when the binary cannot be stat'ed. Any
// length: a path too long for a socket address is reached through its directory.
Result<std::string> KeeperSocketPath(const std::string& socket_base, const std::string& keeper_path);

struct KeeperStart {
  std::string path;               // the keeper binary
  std::string socket_base;        // the slot's: <state_dir>/slot<k>.keeper
  int judge_pidfd = -1;           // or -1 (borrowed)
};

class SlotKeeper {
 public:
  static Result<std::unique_ptr<SlotKeeper>> Start(const KeeperStart& start);
  ~SlotKeeper();
  SlotKeeper(const SlotKeeper&) = delete;
  SlotKeeper& operator=(const SlotKeeper&) = delete;

  struct Started {
    pid_t init_pid = 0;
    UniqueFd pidfd;
    int64_t start_ns = 0;  // CLOCK_MONOTONIC when the program had exec'd
  };
  // Sends the run (a plan from PackPlan and its descriptors: stdin, stdout, stderr,
  // then the cgroup files) and waits until the program has exec'd or failed to (the
  // answer comes from the run's init). kUnavailable: the keeper did not take the run
  // (it had ended, or, on the connection's first run, its welcome named another
  // binary: it is stopped); nothing started.
  Result<Started> Launch(const std::string& packed_plan, const std::vector<int>& fds);

  // Waits until the run's init says every process of the run is gone (or the keeper,
  // for an init that ended early: then its status and usage).
  Result<KeeperEnded> WaitEnded();

  // False once the keeper is known to be gone: the slot needs a new one.
  bool alive() const { return alive_; }

 private:
  SlotKeeper() = default;
  Status Broken(const std::string& what);
  // The welcome to the hello Start() sent, read once, before the first answer: Ok
  // when it names this build's keeper binary; else that keeper is stopped (kUnavailable).
  Status AwaitWelcome();
  // One answer of exactly `size` bytes into *message, with one descriptor into *fd (none
  // when fd is null): 1, 0 at end of stream, -1 when it is not such an answer.
  int Receive(void* message, std::size_t size, UniqueFd* fd);
  UniqueFd socket_;
  std::string path_;         // the keeper binary, as the welcome must name it
  std::string socket_path_;  // where the keeper listens
  pid_t pid_ = 0;            // the keeper's, from its welcome
  bool welcomed_ = false;
  bool alive_ = true;
};

// Slots when SandboxOptions::slots is 0.
inline constexpr int kDefaultSlots = 16;

// The sandbox's state directory (SandboxOptions::state_dir) holds the slots' locks,
// the runs' /etc and the runs' root mount points, so it must be the judge's alone: on
// /run by default, a tmpfs every boot empties, so it is made on first use. Created 0700
// when missing; an existing one must be a real directory (not a symlink) owned by us,
// and is made 0700 again. Another local user who pre-created it (in a world-writable
// /tmp) is refused with one line. Returns the directory, opened O_DIRECTORY.
Result<UniqueFd> MakePrivateStateDir(const std::string& dir);

struct Slot {
  int index = 0;
  std::string lock_path;
  UniqueFd lock;  // opened when the slot is first tried
  UniqueFd host_lock;  // in kHostSlotLockDir, opened by SlotPool::Init
  bool busy = false;   // in this process (under the pool's mutex)
  // Set by Acquire() when another process held the slot since this one last did (the
  // lock file's stamp was not this pool's): state cached about the slot is stale.
  bool used_elsewhere = true;
  bool ready = false;  // the per-slot resources below exist
  std::unique_ptr<RunCgroup> cgroup;  // null without cgroups
  std::string root_dir;
  std::string disk_dir;  // where each run's disk layer is mounted (run_disk.h)
  std::unique_ptr<SlotKeeper> keeper;  // started on first use (SlotKeeper, above)
  // The session (SandboxSession) whose init the slot's keeper keeps after this
  // process's last run here; 0: none. A preference only (under the pool's mutex): the
  // keeper itself never hands a session's init to another run.
  uint64_t session = 0;
};

class SlotPool {
 public:
  SlotPool() = default;
  SlotPool(const SlotPool&) = delete;
  SlotPool& operator=(const SlotPool&) = delete;
  // Opens <state_dir>/slot<k>.lock for k in [0, count), and the host's lock
  // directory (made 0700 when missing; refused when it is not a directory of the
  // judge's user that only it can write).
  Status Init(const std::string& state_dir, int count, int first_uid);
  // Blocks until a slot is free here and its lock is taken, or until *cancel (when
  // given) is set: then null, without a slot. A run of a session (session != 0) goes
  // back to the slot that keeps the session's init when it is free; any run takes a
  // slot that keeps no session's init before one that does.
  Slot* Acquire(const std::atomic<bool>* cancel = nullptr, uint64_t session = 0);
  // The slot's keeper now keeps `session`'s init (0: none). The slot is held.
  void MarkSession(Slot* slot, uint64_t session);
  // The session ended: no slot is kept for it any more.
  void ForgetSession(uint64_t session);
  void Release(Slot* slot);

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool TryLock(Slot& s);
  std::vector<std::unique_ptr<Slot>> slots_;
  uint64_t stamp_ = 0;  // this pool's, random
};

// Host-wide: every judge on the host takes slot k's uid here, whatever its state_dir.
inline constexpr const char* kHostSlotLockDir = "/run/judge-slots";

// Holds a slot for one run; gives it back however the run ends.
class SlotLease {
 public:
  explicit SlotLease(SlotPool* pool, const std::atomic<bool>* cancel = nullptr, uint64_t session = 0)
      : pool_(pool), slot_(pool->Acquire(cancel, session)) {}
  ~SlotLease() {
    if (slot_) pool_->Release(slot_);
  }
  SlotLease(const SlotLease&) = delete;
  SlotLease& operator=(const SlotLease&) = delete;
  bool held() const { return slot_ != nullptr; }  // false: cancelled while waiting
  Slot& slot() { return *slot_; }

 private:
  SlotPool* pool_;
  Slot* slot_;
};

// Kills the run's tree (the judge's side): through the cgroup; without one, the
// program through its pidfd (so a pid the init has reaped and the kernel reused is never
// hit), and once it has exited the init kills every other process of its namespace
// (kill(-1)) before the run is said to have ended.
Status KillTree(Slot& slot, int program_pidfd);

// The run's init between its two answers, KeeperStarted and KeeperEnded
// (keeper_protocol.h). When it goes without Reap(), the run is killed and its end
// awaited, so no path leaves a process behind or the keeper out of step.
class SpawnedInit {
 public:
  SpawnedInit(Slot* slot, SlotKeeper* keeper, SlotKeeper::Started started)
      : slot_(slot), keeper_(keeper), started_(std::move(started)) {}
  SpawnedInit(SpawnedInit&& o) noexcept
      : slot_(o.slot_), keeper_(std::exchange(o.keeper_, nullptr)), started_(std::move(o.started_)) {}
  ~SpawnedInit() {
    if (keeper_ == nullptr) return;
    (void)KillTree(*slot_, pidfd());
    (void)Reap();
  }
  pid_t pid() const { return started_.init_pid; }
  int pidfd() const { return started_.pidfd.get(); }  // the program's; signals go through it
  int64_t start_ns() const { return started_.start_ns; }
  Result<KeeperEnded> Reap() { return std::exchange(keeper_, nullptr)->WaitEnded(); }

 private:
  Slot* slot_;
  SlotKeeper* keeper_;  // null once reaped
  SlotKeeper::Started started_;
};

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_RUN_SLOT_H_
