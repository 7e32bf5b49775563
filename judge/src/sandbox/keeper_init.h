// The keeper's run init (keeper_main.cc): the one process I it has at a time, cloned
// ahead of its run into a new pid namespace, handed the run, and kept for the next
// run of the same session.
//
// Theory of operation. Prepare clones I (CLONE_VM: no page tables copied for it,
// none torn down when it exits; on a stack of its own) with one end of a socket pair,
// its link; I builds the base of the run's file system (child_setup.h, PrepareInit)
// from the plan of the slot's last run, in the network namespace that run came with
// (a copy of its descriptor is kept for this: the launcher I makes there, which holds
// the seccomp filter, stays in the network namespace it is made in, and a run with
// another one needs a new launcher), writes a byte on its link, and waits there
// for its run: a GoMessage with the run's descriptors beside it. I shares the
// keeper's memory, errno included (one thread's TLS), so the keeper never works
// alongside an I that is building: it waits for the ready byte first, and while I
// waits for a run it is blocked in recvmsg. Once handed a run, I runs while the
// keeper closes its copies of the descriptors and waits, reading errno only to tell
// EINTR, which cannot come (the keeper has no signal handlers).
//
// Handed a run, I answers the judge itself, on the judge's connection that comes with
// the run: KeeperStarted with the program's pidfd once the program has exec'd, and a
// KeeperEnded once the program has exited and every other process of the run is gone
// (child_setup.h, RunInInit); the keeper gets a copy of the latter on the link. The
// keeper is not between the program's start or end and the judge: on a loaded host
// every process woken on the way may wait for a core. What I has sent it notes in the
// memory it shares with the keeper (answered()), so that the keeper, seeing I end
// early (a failed setup), sends the judge the rest. After a run on its own (session 0) I exits,
// and the keeper reaps it (its namespaces torn down meanwhile, after the judge has
// its answer) and only then prepares the next one: measured back to back on a
// loaded host, building the next init's namespaces while the last one's were being
// torn down made runs slower (docs/figures.md, runpath; the two compete for the same
// cores and kernel locks), so the keeper waits, the judge does not. A session's run (GoMessage::keep) leaves I
// waiting on its link for the session's next run, everything the run could change
// gone before its KeeperEnded, and its mounts detached after it (FinishSessionRun),
// but for a work directory overlay the run wrote nothing through: the init says
// whether it kept that one, and the keeper lets the session's next run use it only
// when the judge vouches for what lies below it (ChildPlan::work_unchanged). Such an I belongs to its session: ReadyFor hands it to
// no other (a run of another session, or on its own, gets a fresh init), so
// isolation stays per session.
//
// Not thread-safe: the keeper is single-threaded.
#ifndef JUDGE_SRC_SANDBOX_KEEPER_INIT_H_
#define JUDGE_SRC_SANDBOX_KEEPER_INIT_H_

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "child_setup.h"
#include "judge/base/unique_fd.h"
#include "keeper_protocol.h"

namespace judge::sandbox {

// What I receives with its run. Descriptors, in order: the judge's connection (I
// answers KeeperStarted and KeeperEnded on it itself), stdin, stdout, stderr, the
// slot's network namespace (has_netns), the judge's pidfd (has_judge_pidfd),
// procs_count cgroup files, mount_count detached mounts, the write layer's upper
// directory (has_upper: a session's run with a work overlay).
struct GoMessage {
  const ChildPlan* plan = nullptr;  // in the keeper's memory, alive until the run ends
  int32_t init_pid = 0;             // I's pid as the judge sees it (KeeperStarted)
  int32_t has_netns = 0;
  int32_t has_judge_pidfd = 0;
  int32_t procs_count = 0;
  int32_t mount_count = 0;
  int32_t keep = 0;  // a session's run: I stays for the session's next run
  int32_t has_upper = 0;
  // Not a run: I detaches the work directory overlay it kept, writes one byte on its
  // link and waits for its run again (no descriptors come with it).
  int32_t drop_work = 0;
};

// A run's request as received, and the plan that points into it: what a session's
// init reads until it has detached the run's mounts (FinishSessionRun).
struct HeldPlan {
  std::string message;
  UnpackedPlan unpacked;
};

class RunInit {
 public:
  RunInit() = default;
  ~RunInit() { Discard(); }
  RunInit(const RunInit&) = delete;
  RunInit& operator=(const RunInit&) = delete;

  // Makes sure an init for a run of `like` (whose BaseKey is `key`) of `session` (0:
  // a run on its own) waits: the one there when it was prepared for `key` and is
  // fresh or `session`'s own; else a new one. False when none could be made: errno,
  // or Failure() says why.
  bool ReadyFor(const ChildPlan& like, const std::string& key, uint64_t session);
  // Prepares a fresh init for plans like `like` when none waits (after a run).
  void PrepareAhead(const ChildPlan& like, const std::string& key);
  // Why the last ReadyFor failed: *err the errno to report.
  std::string Failure(int* err) const;

  // Hands the run to the waiting init (ReadyFor first); for a session's run
  // (go.keep) the init then belongs to `session`. False with errno when the init was
  // gone (it is discarded).
  bool Go(const GoMessage& go, const std::vector<int>& fds, uint64_t session);

  pid_t pid() const { return pid_; }
  int pidfd() const { return pidfd_.get(); }
  int link() const { return link_.get(); }

  // What I has sent the judge of the run handed over last (I sets it, in the memory
  // it shares with the keeper, once each answer is sent): what the keeper still owes
  // the judge when I ends without finishing the run.
  enum class Answered { kNothing = 0, kStarted = 1, kEnded = 2 };
  static Answered answered();
  // After the run: I's copy of the KeeperEnded it sent the judge. False when I ended
  // instead (then reaped, its status and usage in *ended, and forgotten).
  bool ReceiveEnded(KeeperEnded* ended);
  // Before the next run's mounts are made: waits until a session's init has detached
  // the last run's (HoldUntilReset); an init that ended instead is reaped.
  void FinishLastRun();
  // After a run of `session`, answered: the run's request, kept (I still reads its
  // mount table) until I says the run's mounts are detached; ReadyFor and
  // FinishLastRun wait for that. Nothing is kept when the init there is not the one
  // that ran it (it ended, and a fresh one was prepared).
  void HoldUntilReset(std::unique_ptr<HeldPlan> plan, uint64_t session);
  // Whether the init there is `session`'s, built for `key`, and kept its last run's
  // work directory overlay, made with `overlay_options` (the kHostOverlay op's data):
  // then that overlay may serve the session's next run (ChildPlan::reuse_work). Only
  // after FinishLastRun (the init says whether it kept it).
  bool KeepsWorkFor(const std::string& key, uint64_t session, const std::string& overlay_options) const;
  // Whether the init there keeps a work directory overlay, and would not be handed a
  // run of `session` with `key`: discard it before another overlay is made on the
  // slot's write layer (overlayfs warns of an upper directory two mounts use).
  bool KeepsWorkNotFor(const std::string& key, uint64_t session) const;
  // Has the init detach the work directory overlay it kept, if any, before another
  // overlay is made on the same write layer (the run will not use the kept one).
  // Waits for the last run's reset first (FinishLastRun). An init that fails to is
  // discarded.
  void DropKeptWork();
  // Kills and reaps the init, if any.
  void Discard();

 private:
  bool Prepare(const ChildPlan& like, const std::string& key);
  // Whether the init there was handed a run of `session` (not 0) with `key` already.
  bool SessionsOwn(const std::string& key, uint64_t session) const;
  void Forget();  // no init any more (reaped already, or taken away)
  bool AwaitReset();  // false: I ended instead of finishing the last run's reset

  pid_t pid_ = -1;  // -1: none
  UniqueFd pidfd_;
  UniqueFd link_;   // the keeper's end of the pair I waits on
  std::string key_;
  uint64_t session_ = 0;  // 0: fresh (never handed a run)
  std::unique_ptr<HeldPlan> held_plan_;  // set while I detaches the last run's mounts
  std::string kept_work_;  // the overlay options of the work overlay I kept; empty: none
  // The network namespace the last run came with (a copy), which the next init is
  // prepared in, and the keeper's descriptor it was copied from.
  UniqueFd last_netns_;
  int last_netns_source_ = -1;
};

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_KEEPER_INIT_H_
