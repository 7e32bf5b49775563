// The rule for a run that the wall clock stopped (internal to grading): a test run
// (test_runner.cc) and a compile (compiler.cc) both follow it.
//
// TLE and a compile's time limit mean CPU time. A run stopped by the wall clock while
// its CPU time was under its CPU limit is no evidence that the program (or the
// compiler) needed too long: the host may have been busy. Such a run is made again
// after a pause, at most kWallRetries more times, and the wall clock decides only when
// every attempt was stopped so; what the judge says then names the wall clock and the
// host's load (docs/grading.md, "Time limits" and "Compilation").
//
// Thread safety: the functions keep no state; HostLoadOneMinute reads /proc.
#ifndef JUDGE_SRC_GRADING_WALL_CLOCK_RETRY_H_
#define JUDGE_SRC_GRADING_WALL_CLOCK_RETRY_H_

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "judge/base/run_result.h"

namespace judge {

// A run stopped by the wall clock with its CPU time under its limit runs this many more
// times at most, each after this pause.
inline constexpr int kWallRetries = 2;
inline constexpr int kWallRetryPauseMs = 200;

// Whether the sandbox stopped a run by its wall clock while the run's CPU time was under
// cpu_limit_ms (the CPU limit it ran with).
bool WallStopUnderCpuLimit(RunStatus status, KillReason kill_reason, int64_t cpu_ms, int64_t cpu_limit_ms);

// /proc/loadavg's first figure (runnable tasks, averaged over a minute); -1 unreadable.
double HostLoadOneMinute();

// "host load 9.10", or "host load unknown" for a negative load.
std::string LoadText(double load);

// What one wall-clock stop measured.
struct WallStop {
  int64_t wall_ms = 0;
  int64_t cpu_ms = 0;
};

// "the wall clock decided: stopped on each of 3 attempts with its CPU time under the
// 1000 ms limit (<each stop>); host load 9.10": what a run (a test, a compile) that
// every attempt saw stopped so says. `stops` holds every attempt's, the last included.
std::string WallDecidedText(const std::vector<WallStop>& stops, int64_t cpu_limit_ms, double load);

// "<done> again after 2 wall-clock stops with CPU time under the limit (<each stop>);
// host load 9.10" (done: "judged", "compiled"): what a run that ended otherwise after
// wall-clock stops says. `stops` holds those stops (not empty).
std::string RetriedText(const std::string& done, const std::vector<WallStop>& stops, double load);

// Waits kWallRetryPauseMs unless *cancel (borrowed, may be null) is raised first: false
// then.
bool PauseBeforeRetry(const std::atomic<bool>* cancel);

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_WALL_CLOCK_RETRY_H_
