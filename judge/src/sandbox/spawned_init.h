// The init of one run, as the judge holds it between its two answers, KeeperStarted
// and KeeperEnded (keeper_protocol.h), which the init sends on the judge's connection
// to the keeper (slot_keeper.h): started, watched, and its end awaited on every path.
//
// Not thread-safe: one run, one slot.
#ifndef JUDGE_SRC_SANDBOX_SPAWNED_INIT_H_
#define JUDGE_SRC_SANDBOX_SPAWNED_INIT_H_

#include <sys/resource.h>
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <utility>

#include "judge/base/status.h"
#include "judge/base/unique_fd.h"
#include "run_monitor.h"
#include "slot_keeper.h"

namespace judge::sandbox {

// The init of a run's pid namespace, started by the slot's keeper and not yet reaped.
// When it goes without Reap(), the whole tree is killed and the keeper waited for
// (RAII), so no path leaves a process behind or a keeper out of step.
class SpawnedInit {
 public:
  SpawnedInit(SlotKeeper* keeper, SlotKeeper::Started started, std::function<void()> kill_tree)
      : keeper_(keeper), pid_(started.init_pid), start_ns_(started.start_ns), pidfd_(std::move(started.pidfd)),
        kill_tree_(std::move(kill_tree)) {}
  SpawnedInit(SpawnedInit&& o) noexcept
      : keeper_(o.keeper_), pid_(std::exchange(o.pid_, 0)), start_ns_(o.start_ns_), pidfd_(std::move(o.pidfd_)),
        kill_tree_(std::move(o.kill_tree_)) {}
  SpawnedInit& operator=(SpawnedInit&&) = delete;
  ~SpawnedInit() {
    if (pid_ <= 0) return;
    kill_tree_();
    (void)Reap();
  }

  pid_t pid() const { return pid_; }
  int pidfd() const { return pidfd_.get(); }
  int64_t start_ns() const { return start_ns_; }

  struct Reaped {
    int status = 0;
    struct rusage usage = {};  // the whole reaped tree: the fallback's time
    int64_t reaped_ns = 0;
    Status error;              // the keeper failed: the run cannot be concluded
  };
  Reaped Reap() {
    Reaped r;
    Result<SlotKeeper::Ended> ended = keeper_->WaitEnded();
    if (ended.ok()) {
      r.status = ended->status;
      r.usage = ended->usage;
      r.reaped_ns = ended->reaped_ns;
    } else {
      r.error = ended.status();
      r.reaped_ns = MonotonicNs();
    }
    pid_ = 0;
    return r;
  }

 private:
  SlotKeeper* keeper_;
  pid_t pid_;
  int64_t start_ns_;
  // The program's (the init sends it with KeeperStarted), readable once the program
  // has ended; kept until the object goes: signals go through it.
  UniqueFd pidfd_;
  std::function<void()> kill_tree_;
};

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_SPAWNED_INIT_H_
