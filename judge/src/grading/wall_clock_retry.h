// The rule for a run that the wall clock stopped, or that something outside the judge
// killed (internal to grading): a test run (test_runner.cc) and a compile
// (compiler.cc) both follow it.
//
// TLE and a compile's time limit mean CPU time. A run stopped by the wall clock while
// its CPU time was under its CPU limit is no evidence that the program (or the
// compiler) needed too long: the host may have been busy. A run ended by a SIGKILL
// that none of the judge's limits sent (KilledFromOutside) is no evidence either: the
// host's out-of-memory killer, an administrator or another installation cleaning up
// may have killed it. Such a run is made again after a pause, at most kWallRetries
// more times, and the attempts' ending decides only when every attempt ended so. The
// attempts after the first run alone: a test's while no other test of its submission
// runs (TestRunner's RunGate), a compile's while no other compile of the judge
// process runs (CompileGate), so that a retry does not compete with the work that
// slowed it. What the judge says names every stop, the kills and the host's load
// (docs/grading.md, "Time limits", "Killed from outside" and "Compilation").
//
// What an outside kill on the last attempt too means differs: a compiler does not
// kill itself, so for a compile it is the judge's failure (JE); a program may kill
// itself (kill(getpid(), SIGKILL)), so for a test it is the program's own ending (RE),
// the same verdict on every judging.
//
// Thread safety: RunWithWallRetries and the texts keep no state; HostLoadOneMinute
// reads /proc; CompileGate is one process-wide RunGate (thread-safe).
#ifndef JUDGE_SRC_GRADING_WALL_CLOCK_RETRY_H_
#define JUDGE_SRC_GRADING_WALL_CLOCK_RETRY_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "judge/base/run_result.h"
#include "judge/base/status.h"
#include "run_gate.h"

namespace judge {

// A run stopped by the wall clock with its CPU time under its limit, or killed from
// outside, runs this many more times at most, each after this pause.
inline constexpr int kWallRetries = 2;
inline constexpr int kWallRetryPauseMs = 200;

// Whether the sandbox stopped a run by its wall clock while the run's CPU time was under
// cpu_limit_ms (the CPU limit it ran with).
bool WallStopUnderCpuLimit(RunStatus status, KillReason kill_reason, int64_t cpu_ms, int64_t cpu_limit_ms);

// "each of 3" when n == attempts, else "2 of 3": on how many attempts something happened.
std::string OnAttemptsText(int n, int attempts);

// Whether a run ended by a SIGKILL that no limit of the judge's explains: the sandbox
// names every such cause (a kill of the judge's, an out-of-memory kill in the run's own
// cgroup, CPU time over the limit, a refused allocation) as the kill reason or another
// status, so RE with no kill reason and SIGKILL is a kill that came from elsewhere: from
// outside the judge, or from the program itself.
bool KilledFromOutside(RunStatus status, KillReason kill_reason, int signal);

// /proc/loadavg's first figure (runnable tasks, averaged over a minute); -1 unreadable.
double HostLoadOneMinute();

// "host load 9.10", or "host load unknown" for a negative load.
std::string LoadText(double load);

// What one wall-clock stop measured.
struct WallStop {
  int64_t wall_ms = 0;
  int64_t cpu_ms = 0;
};

// How an attempt ended. Neither field set: as the run ended it decides the run.
struct AttemptEnd {
  std::optional<WallStop> wall_stop;  // the wall clock stopped it under its CPU limit
  bool killed_from_outside = false;   // SIGKILLed by none of the judge's limits
};

// One attempt of a run, made by RunWithWallRetries: attempt counts from 1, and alone
// asks the caller to run it while no other run of its kind goes on (the file comment).
using WallAttempt = std::function<Result<AttemptEnd>(int attempt, bool alone)>;

// What RunWithWallRetries did.
struct WallAttempts {
  int attempts = 0;             // attempts made: 1 to 1 + kWallRetries
  std::vector<WallStop> stops;  // every wall-clock stop under the CPU limit, in order
  int outside_kills = 0;        // attempts killed from outside
  bool wall_decided = false;    // the last attempt was a wall-clock stop too (stops.back())
  bool killed_decided = false;  // the last attempt was killed from outside too
};

// "the wall clock decided: stopped on each of 3 attempts with its CPU time under the
// 1000 ms limit (<each stop>); host load 9.10", or with outside kills among the
// attempts "stopped on 2 of 3 attempts ... (<each stop>), the other killed by a
// SIGKILL that no limit of the judge's sent; host load 9.10": what a run (a test, a
// compile) whose last attempt was a wall-clock stop says (made.wall_decided).
std::string WallDecidedText(const WallAttempts& made, int64_t cpu_limit_ms, double load);

// "ended by a SIGKILL that no limit of the judge's sent on each of 3 attempts", or
// "on 2 of 3 attempts, the other stopped by the wall clock with its CPU time under the
// limit (<each stop>)": what a run whose last attempt was killed from outside says
// (made.killed_decided).
std::string KilledDecidedText(const WallAttempts& made);

// "<done> again after 2 wall-clock stops with CPU time under the limit (<each stop>)
// and 1 SIGKILL that no limit of the judge's sent; host load 9.10" (done: "judged",
// "compiled"; each part only when it happened): what a run that ended otherwise after
// made.attempts - 1 such attempts says.
std::string RetriedText(const std::string& done, const WallAttempts& made, double load);

// The rule: attempt(1, false), then, while an attempt ends stopped by the wall clock
// or killed from outside, a pause (PauseBeforeRetry) and attempt(n, true), at most
// kWallRetries more times. An attempt's error is returned as it is; *cancel (borrowed,
// may be null) raised during a pause returns Status::Cancelled(cancelled_message).
Result<WallAttempts> RunWithWallRetries(const WallAttempt& attempt, const std::atomic<bool>* cancel,
                                        const std::string& cancelled_message);

// The judge process's compiles: a compile's first attempt holds it shared, a retry
// alone, so a retried compile runs while no other compile of the process does (grade
// --jobs, verify, the service's workers). Lives as long as the process.
RunGate& CompileGate();

// Waits kWallRetryPauseMs unless *cancel (borrowed, may be null) is raised first: false
// then.
bool PauseBeforeRetry(const std::atomic<bool>* cancel);

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_WALL_CLOCK_RETRY_H_
