// Measuring a run without cgroups: every poll scans /proc for the processes of the
// run's pid namespace and sums their CPU time (including reaped children's) and
// resident memory. Approximate by nature (a process that lives between two polls is
// only seen through its parent's cumulative times; memory peaks between polls are
// missed), which is why results measured this way say so.
#ifndef JUDGE_SRC_SANDBOX_PROC_POLLER_H_
#define JUDGE_SRC_SANDBOX_PROC_POLLER_H_

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "judge/base/proc_stat.h"
#include "judge/base/status.h"

namespace judge::sandbox {


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

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_PROC_POLLER_H_
