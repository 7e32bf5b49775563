// Watching a run while it runs: the one loop that decides whether and why the judge
// stops a program early.
//
// Theory of operation. The monitor polls the program's pidfd (the run's init sends it
// with its KeeperStarted answer: keeper_protocol.h), and the output pipes, with a
// timeout; output is drained as soon as it arrives. On every tick it reads the CPU
// counter (the cgroup's, or /proc polling without one), the wall clock, the output
// files' sizes and the cancellation flag; the first limit crossed is the kill reason.
// A fork refused at the process limit is not a reason: the program got EAGAIN and goes
// on. Ticks are frequent near the CPU limit (all cores may burn it), at most 20 ms.
// The monitor only decides; killing and reaping are the caller's.
#ifndef JUDGE_SRC_SANDBOX_RUN_MONITOR_H_
#define JUDGE_SRC_SANDBOX_RUN_MONITOR_H_

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <vector>

#include "cgroup.h"
#include "init/child_setup.h"
#include "run_streams.h"
#include "judge/base/status.h"
#include "judge/sandbox/sandbox.h"

namespace judge::sandbox {

// ProcTreePoller: measuring a run without cgroups: every poll scans /proc for the processes of the
// run's pid namespace and sums their CPU time (including reaped children's) and
// resident memory. Approximate by nature (a process that lives between two polls is
// only seen through its parent's cumulative times; memory peaks between polls are
// missed), which is why results measured this way say so.
class ProcTreePoller {
 public:
  // pid_ns_inode: st_ino of /proc/<init>/ns/pid.
  explicit ProcTreePoller(ino_t pid_ns_inode);
  struct Sample {
    int64_t cpu_ms = 0;
    int64_t rss_kib = 0;
    int processes = 0;
    // Private writable memory mapped (VmData + stack, /proc/<pid>/statm), summed;
    // read only when Poll(true).
    int64_t data_kib = 0;
  };
  Sample Poll(bool with_data = false) const;

 private:
  ino_t ns_;
  int64_t ticks_per_s_;
  int64_t page_kib_;
};

struct MonitorInput {
  RunCgroup* cgroup = nullptr;   // null: no cgroup, poll /proc
  CgroupUsage base;              // the cgroup's counters before the run
  pid_t init = 0;
  int pidfd = -1;                // the program's; -1: sleep ticks instead of polling
  int64_t start_ns = 0;          // CLOCK_MONOTONIC at spawn
  int64_t cpu_limit_ms = 0;
  int64_t wall_limit_ms = 0;
  int64_t memory_limit_kib = 0;  // enforced here only without a cgroup
  int64_t output_limit_bytes = 0;
  // The run's output: its pipes' read ends still open are polled with the program's
  // pidfd and drained when they are readable (the program blocks on a full pipe).
  RunStreams* streams = nullptr;
  unsigned cpus = 1;
  const std::atomic<bool>* cancel = nullptr;
  // SandboxLimits::reserved_memory_counts: at a time-limit stop, the run's private
  // writable memory is read (before the kill) into data_kib_at_stop.
  bool reserved_memory_counts = false;
};

struct MonitorResult {
  KillReason kill = KillReason::kNone;
  bool cancelled = false;        // the cancel flag was seen: kill, then report kCancelled
  int64_t stop_ns = 0;           // when the kill was decided (0: the program exited)
  Status error;                  // polling failed: kill, then report it
  CgroupUsage usage;             // the cgroup's last counters seen
  int64_t polled_cpu_ms = 0;     // without a cgroup
  int64_t polled_memory_peak_kib = 0;
  int64_t data_kib_at_stop = 0;  // see MonitorInput::reserved_memory_counts; else 0

  bool must_kill() const { return kill != KillReason::kNone || cancelled || !error.ok(); }
};

// Watches until the program exits or the run must be stopped.
MonitorResult WatchRun(const MonitorInput& in);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_RUN_MONITOR_H_
