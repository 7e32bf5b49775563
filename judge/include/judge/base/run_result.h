// What one run of a program did: its status, why the judge stopped it, and what was
// measured. The sandbox returns it (judge/sandbox/sandbox.h); the records keep its status and
// kill reason (judge/config/records.h). Plain values, no behaviour: the base layer, so that
// storage need not know the sandbox.
#ifndef JUDGE_BASE_RUN_RESULT_H_
#define JUDGE_BASE_RUN_RESULT_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace judge {

// What the program did, decided after the run from the measurements and the reason
// the judge killed it (a program killed by the OOM killer is MLE, not RE or TLE).
enum class RunStatus : int {
  kOk = 0,                   // exited with code 0 within every limit
  kTimeLimitExceeded = 1,    // CPU or wall limit
  kMemoryLimitExceeded = 2,
  kOutputLimitExceeded = 3,
  kRuntimeError = 4,         // non-zero exit or a signal not caused by a limit
};

// Why the judge stopped the run, if it did. Stored: append only.
enum class KillReason : int {
  kNone = 0,
  kCpuTime = 1,
  kWallTime = 2,
  kMemory = 3,
  kOutput = 4,
  kProcesses = 5,
  kDisk = 6,  // the work directory's quota (bytes or files) was reached: OLE
};

struct RunResult {
  RunStatus status = RunStatus::kOk;
  KillReason kill_reason = KillReason::kNone;
  int64_t cpu_ms = 0;       // user + sys of the whole tree
  int64_t wall_ms = 0;
  int64_t memory_kib = 0;   // peak resident use of the whole tree
  int exit_code = -1;       // when exited normally, else -1
  int signal = 0;           // terminating signal, else 0
  int64_t output_bytes = 0; // stdout + stderr written
  std::string time_method;    // e.g. "cgroup-v1-cpuacct", "cgroup-v2", "rusage"
  std::string memory_method;  // e.g. "cgroup-v1-memory", "cgroup-v2", "proc-polling"
  int64_t disk_kib = 0;       // written in the work directory (page-granular)
  std::string disk_method;    // "overlay+tmpfs", or "none (...)" where not enforced
  std::string message;        // human explanation, e.g. "killed: CPU time limit"
  // When the program ended (CLOCK_MONOTONIC ns): reaped, or stopped by the judge; 0
  // when unknown. Tells which of two runs at once ended first (interactive problems).
  int64_t end_monotonic_ns = 0;
};

std::string_view RunStatusCode(RunStatus s);   // "OK", "TLE", "MLE", "OLE", "RE"
std::string_view KillReasonName(KillReason r); // "none", "cpu", "wall", ...

}  // namespace judge

#endif  // JUDGE_BASE_RUN_RESULT_H_
