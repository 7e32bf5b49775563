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
#ifndef JUDGE_SRC_SANDBOX_SLOT_KEEPER_H_
#define JUDGE_SRC_SANDBOX_SLOT_KEEPER_H_

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "init/child_setup.h"
#include "judge/base/status.h"
#include "judge/base/unique_fd.h"
#include "keeper_protocol.h"

namespace judge::sandbox {

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

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_SLOT_KEEPER_H_
