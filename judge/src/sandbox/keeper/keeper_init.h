// The keeper's run init (keeper_main.cc): the one process I it has at a time, cloned
// ahead of its run into a new pid namespace, handed the run, and kept for the next
// run of the same session. The messages on its link are in keeper_protocol.h.
//
// Theory of operation. Prepare clones I (without CLONE_VM, as fork would: I gets a copy
// of the keeper's memory, on a stack of its own, and shares only InitShared with it,
// child_setup.h) with one end of a socket pair, its link; I makes its namespaces (a
// new network namespace among them) and builds the base of the run's file system
// (child_setup.h, PrepareInit) from the plan of the slot's last run, writes a byte on
// its link, and waits there for its run: a GoMessage with the run's descriptors beside
// it, whose plan lies in InitShared's arena. The keeper writes that arena only while
// no I reads it: it waits for the ready byte after each clone, and for a session's I
// to detach the last run's mounts (AwaitReset) before it unpacks the next run.
//
// Handed a run, I answers the judge itself, on the judge's connection that comes with
// the run: KeeperStarted with the program's pidfd once the program has exec'd, and a
// KeeperEnded once the program has exited and every other process of the run is gone
// (child_setup.h, RunInInit); the keeper gets a copy of the latter on the link. What
// I has sent it notes in InitShared (LastInitAnswer), so that
// the keeper, seeing I end early (a failed setup), sends the judge the rest. After a
// run on its own (session 0) I exits, and the keeper reaps it (its namespaces torn
// down meanwhile, after the judge has its answer) and only then prepares the next one:
// one init at a time, on one stack (init_stack). A session's run (GoMessage::keep)
// leaves I waiting on its link for the session's next run: the run's processes
// reaped and its /tmp and /dev/shm detached before its KeeperEnded, its work
// directory's overlay and extra mounts detached after it (FinishSessionRun, which
// ends with a byte on the link, which the keeper waits for before it serves its next
// request: AwaitReset). Such an I
// belongs to its session: ReadyFor hands it to no other (a run of another session, or
// on its own, gets a fresh init), so every submission gets fresh namespaces.
//
// Not thread-safe: the keeper is single-threaded.
#ifndef JUDGE_SRC_SANDBOX_KEEPER_INIT_H_
#define JUDGE_SRC_SANDBOX_KEEPER_INIT_H_

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "judge/base/unique_fd.h"
#include "keeper_protocol.h"

namespace judge::sandbox {

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

  // How the run handed over last (or the init prepared last) went: I writes it (in
  // InitShared), Go and Prepare zero it.
  ChildReport* report() const { return &init_shared->report; }
  pid_t pid() const { return pid_; }
  int pidfd() const { return pidfd_.get(); }
  int link() const { return link_.get(); }

  // After the run: I's copy of the KeeperEnded it sent the judge. False when I ended
  // instead (then reaped, its status, usage and report in *ended, and forgotten).
  bool ReceiveEnded(KeeperEnded* ended);
  // After a session's run, answered: waits until I has detached the run's mounts
  // (kRunDetached; I reads the run's plan until then, so the caller keeps it alive);
  // an init that ends instead is reaped. Returns at once when no such run is owed.
  void AwaitReset();
  // Kills and reaps the init, if any.
  void Discard();

 private:
  bool Prepare(const ChildPlan& like, const std::string& key);
  void Forget();  // no init any more (reaped already, or taken away)

  pid_t pid_ = -1;  // -1: none
  UniqueFd pidfd_;
  UniqueFd link_;   // the keeper's end of the pair I waits on
  std::string key_;
  uint64_t session_ = 0;  // 0: fresh (never handed a run)
  bool reset_owed_ = false;  // I ran a session's run and owes its kRunDetached
};

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_KEEPER_INIT_H_
