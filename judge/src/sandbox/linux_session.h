// The Linux sandbox's SandboxSession: the runs of one submission, each handed to the
// slot's keeper with the session's id, so that the keeper keeps the run's init (its
// namespaces and root, with the seccomp filter every program of the keeper gets) for
// the session's next run (keeper_init.h), and the init restores what a run changed
// before the next (session_reset.h). The judge's side of each run (the slot, the
// streams, the disk layer, the cgroup reset, limits and measurement) is Run()'s.
//
// Holds no slot between runs: the pool sends a session's run back to the slot whose
// keeper keeps its init when that slot is free (run_slot.h); on another slot, or
// after another run took the slot, the run simply gets a fresh init.
//
// Borrows the LinuxSandbox, which must outlive it. Not thread-safe (one run at a
// time); sessions of one sandbox may run concurrently.
#ifndef JUDGE_SRC_SANDBOX_LINUX_SESSION_H_
#define JUDGE_SRC_SANDBOX_LINUX_SESSION_H_

#include <cstdint>

#include "judge/base/status.h"
#include "judge/sandbox/sandbox.h"

namespace judge::sandbox {

class LinuxSandbox;

class LinuxSession final : public SandboxSession {
 public:
  explicit LinuxSession(LinuxSandbox* sandbox);
  ~LinuxSession() override;
  LinuxSession(const LinuxSession&) = delete;
  LinuxSession& operator=(const LinuxSession&) = delete;

  Result<RunResult> Run(const RunSpec& spec) override;
  uint64_t id() const { return id_; }

 private:
  LinuxSandbox* sandbox_;
  uint64_t id_;  // random, never 0 (0 is a run on its own)
};

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_LINUX_SESSION_H_
