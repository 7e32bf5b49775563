// The judge's side of a slot's keeper (keeper_main.cc): starts the keeper process once
// per slot and this judge process, hands it each run, and hears back when the
// program has exec'd and when the run's init has been reaped.
//
// Theory of operation. Start() makes a SOCK_SEQPACKET pair, spawns the keeper binary
// (posix_spawn: the judge is not forked) with its end as the only descriptor beyond
// 0-2, and sends the hello. Launch() sends one run and waits for KeeperStarted: the
// init's pid and pidfd (the judge watches and kills through them, never by a bare pid
// the keeper might have reaped). Ended() waits for KeeperEnded. A keeper that dies or
// answers nonsense fails the run (a judge error) and is replaced at the next Start.
// The destructor closes the socket (the keeper then ends, killing a run it still
// has) and reaps the keeper.
//
// Not thread-safe: one slot, used by one run at a time (the slot lease).
#ifndef JUDGE_SRC_SANDBOX_SLOT_KEEPER_H_
#define JUDGE_SRC_SANDBOX_SLOT_KEEPER_H_

#include <linux/filter.h>
#include <sys/resource.h>
#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "child_setup.h"
#include "judge/base/unique_fd.h"
#include "judge/status.h"
#include "keeper_protocol.h"

namespace judge::sandbox {

// Where the keeper binary is: $JUDGE_SANDBOX_KEEPER, else beside the executable, else
// where this build put it.
std::string DefaultKeeperPath();

struct KeeperStart {
  std::string path;               // the keeper binary
  int report_fd = -1;             // memfd of the slot's ChildReport page (borrowed)
  int netns_fd = -1;              // the slot's network namespace, or -1 (borrowed)
  int judge_pidfd = -1;           // or -1 (borrowed)
  const std::vector<sock_filter>* filter = nullptr;
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
  // then the cgroup files) and waits until the program has exec'd or failed to.
  Result<Started> Launch(const std::string& packed_plan, const std::vector<int>& fds);

  struct Ended {
    int status = 0;
    struct rusage usage = {};
    int64_t reaped_ns = 0;
  };
  // Waits until the keeper has reaped the run's init.
  Result<Ended> WaitEnded();

  // False once the keeper is known to be gone: the slot needs a new one.
  bool alive() const { return alive_; }

 private:
  SlotKeeper() = default;
  Status Broken(const std::string& what);
  UniqueFd socket_;
  pid_t pid_ = 0;
  bool alive_ = true;
};

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_SLOT_KEEPER_H_
