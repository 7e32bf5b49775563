// The clock, behind an interface so logic that depends on time (leases, rate limits,
// reload checks) is tested with a clock the test moves, not by waiting.
//
// SystemClock() is thread-safe and lives for the whole process. A test's clock must
// outlive every object it is handed to.
#ifndef JUDGE_BASE_CLOCK_H_
#define JUDGE_BASE_CLOCK_H_

#include <cstdint>

namespace judge {

class Clock {
 public:
  virtual ~Clock() = default;
  // Milliseconds since the Unix epoch (wall time: stored, compared across processes).
  virtual int64_t NowUnixMs() = 0;
  // Milliseconds of a monotonic clock with an arbitrary origin (durations, rates).
  virtual int64_t NowSteadyMs() = 0;
};

// The real clocks (system_clock, and CLOCK_MONOTONIC as MonotonicNs reads it).
Clock* SystemClock();

// CLOCK_MONOTONIC in nanoseconds: the clock of every measured run (a run's start and
// end, RunResult's *_ns fields). Async-signal-safe (a forked child may call it).
int64_t MonotonicNs();

}  // namespace judge

#endif  // JUDGE_BASE_CLOCK_H_
