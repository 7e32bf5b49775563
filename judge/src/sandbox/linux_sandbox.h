// The Linux implementation of judge::Sandbox (see linux_sandbox.cc for the theory of
// operation). Created through judge::CreateSandbox(); thread-safe: concurrent Run()
// calls take different slots.
#ifndef JUDGE_SRC_SANDBOX_LINUX_SANDBOX_H_
#define JUDGE_SRC_SANDBOX_LINUX_SANDBOX_H_

#include <sys/resource.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "judge/base/unique_fd.h"
#include "judge/sandbox/sandbox.h"
#include "run_filesystem.h"
#include "run_limits.h"
#include "run_slot.h"
#include "run_streams.h"

namespace judge::sandbox {

class SpawnedInit;
struct WorkLayer;

class LinuxSandbox final : public Sandbox {
 public:
  explicit LinuxSandbox(const SandboxOptions& options);
  ~LinuxSandbox() override;
  LinuxSandbox(const LinuxSandbox&) = delete;
  LinuxSandbox& operator=(const LinuxSandbox&) = delete;

  // Detects the method, prepares the state directory and /etc.
  Status Init();
  Result<RunResult> Run(const RunSpec& spec) override;
  std::unique_ptr<SandboxSession> OpenSession() override;  // a LinuxSession (linux_sandbox.cc)

  // Run() as a run of `session` (0: on its own): the slot's keeper keeps the run's
  // init for the session's next run (keeper/keeper_init.h). For LinuxSession.
  Result<RunResult> RunInSession(const RunSpec& spec, uint64_t session);
  // The session ended: its slots are no longer preferred for it.
  void EndSession(uint64_t session);

  SandboxMethod method() const { return method_; }
  const std::string& warning() const { return warning_; }

 private:
  Status InitCgroups();
  Status PrepareSlot(Slot& slot);
  Result<RunResult> RunInSlot(Slot& slot, const RunSpec& spec, const RunPaths& paths, uint64_t session);
  DerivedLimits ClampedLimits(const SandboxLimits& limits, bool with_cgroup) const;
  Result<WorkLayer> OpenWorkLayer(Slot& slot, const std::string& work_dir, const DerivedLimits& derived, uid_t uid);
  Result<SpawnedInit> Spawn(Slot& slot, const RunSpec& spec, const WorkLayer& layer, const DerivedLimits& derived,
                            const RunStreams& streams, const std::string& program, uint64_t session);
  Result<SlotKeeper*> KeeperOf(Slot& slot);
  Result<RunResult> Conclude(Slot& slot, const RunSpec& spec, const MonitorResult& watched, SpawnedInit& init,
                             RunStreams& streams, const WorkLayer& layer, const CgroupUsage& base);

  SandboxOptions options_;
  SandboxMethod method_ = SandboxMethod::kNoCgroup;
  CgroupChoice choice_;
  std::string warning_;
  std::string etc_dir_;
  std::vector<SystemEntry> system_;
  unsigned cpus_ = 1;
  UniqueFd judge_pidfd_;  // lets a freshly forked init notice that the judge died
  std::map<int, rlim_t> hard_limits_;  // the judge's own hard rlimits
  std::string keeper_path_;  // the slots' keeper binary (slot_keeper.h)
  SlotPool slots_;
};

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_LINUX_SANDBOX_H_
