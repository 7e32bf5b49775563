// A run that the wall clock stopped, judged again (see wall_clock_retry.h).
#include "wall_clock_retry.h"

#include <chrono>
#include <cstdio>
#include <thread>

namespace judge {

bool WallStopUnderCpuLimit(RunStatus status, KillReason kill_reason, int64_t cpu_ms, int64_t cpu_limit_ms) {
  return status == RunStatus::kTimeLimitExceeded && kill_reason == KillReason::kWallTime && cpu_ms < cpu_limit_ms;
}

double HostLoadOneMinute() {
  std::FILE* f = std::fopen("/proc/loadavg", "re");
  if (f == nullptr) return -1;
  double load = -1;
  if (std::fscanf(f, "%lf", &load) != 1) load = -1;
  std::fclose(f);
  return load;
}

std::string LoadText(double load) {
  if (load < 0) return "host load unknown";
  char buf[48];
  std::snprintf(buf, sizeof buf, "host load %.2f", load);
  return buf;
}

namespace {

// "2003 ms wall, 452 ms CPU", one per stop, joined by "; ".
std::string StopsText(const std::vector<WallStop>& stops) {
  std::string text;
  for (const WallStop& s : stops) {
    if (!text.empty()) text += "; ";
    text += std::to_string(s.wall_ms) + " ms wall, " + std::to_string(s.cpu_ms) + " ms CPU";
  }
  return text;
}

}  // namespace

std::string WallDecidedText(const std::vector<WallStop>& stops, int64_t cpu_limit_ms, double load) {
  return "the wall clock decided: stopped on each of " + std::to_string(stops.size()) +
         " attempts with its CPU time under the " + std::to_string(cpu_limit_ms) + " ms limit (" + StopsText(stops) +
         "); " + LoadText(load);
}

std::string RetriedText(const std::string& done, const std::vector<WallStop>& stops, double load) {
  return done + " again after " + std::to_string(stops.size()) + " wall-clock " +
         (stops.size() == 1 ? "stop" : "stops") + " with CPU time under the limit (" + StopsText(stops) + "); " +
         LoadText(load);
}

bool PauseBeforeRetry(const std::atomic<bool>* cancel) {
  constexpr int kSliceMs = 20;
  auto cancelled = [cancel] { return cancel != nullptr && cancel->load(); };
  for (int waited = 0; waited < kWallRetryPauseMs; waited += kSliceMs) {
    if (cancelled()) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(kSliceMs));
  }
  return !cancelled();
}

Result<WallAttempts> RunWithWallRetries(const WallAttempt& attempt, const std::atomic<bool>* cancel,
                                        const std::string& cancelled_message) {
  WallAttempts made;
  for (int n = 1;; ++n) {
    Result<AttemptEnd> end = attempt(n, /*alone=*/n > 1);
    if (!end.ok()) return end.status();
    made.attempts = n;
    if (end->wall_stop) {
      made.stops.push_back(*end->wall_stop);
    } else if (end->killed_from_outside) {
      ++made.outside_kills;
    } else {
      return made;
    }
    if (n > kWallRetries) {
      (end->wall_stop ? made.wall_decided : made.killed_decided) = true;
      return made;
    }
    if (!PauseBeforeRetry(cancel)) return Status::Cancelled(cancelled_message);
  }
}

RunGate& CompileGate() {
  static RunGate* gate = new RunGate();  // never destroyed: compiles may run at exit
  return *gate;
}

}  // namespace judge
