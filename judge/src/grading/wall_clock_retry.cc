// A run that the wall clock stopped, or that was killed from outside, made again (see
// wall_clock_retry.h).
#include "wall_clock_retry.h"

#include <signal.h>

#include <chrono>
#include <cstdio>
#include <thread>

namespace judge {

bool WallStopUnderCpuLimit(RunStatus status, KillReason kill_reason, int64_t cpu_ms, int64_t cpu_limit_ms) {
  return status == RunStatus::kTimeLimitExceeded && kill_reason == KillReason::kWallTime && cpu_ms < cpu_limit_ms;
}

bool KilledFromOutside(RunStatus status, KillReason kill_reason, int signal) {
  return status == RunStatus::kRuntimeError && kill_reason == KillReason::kNone && signal == SIGKILL;
}

std::string OnAttemptsText(int n, int attempts) {
  return n == attempts ? "each of " + std::to_string(n) : std::to_string(n) + " of " + std::to_string(attempts);
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

// "killed by a SIGKILL that no limit of the judge's sent" (n == 1), "2 killed by ...".
std::string KillsText(int n) {
  return (n == 1 ? std::string() : std::to_string(n) + " ") + "killed by a SIGKILL that no limit of the judge's sent";
}

}  // namespace

std::string WallDecidedText(const WallAttempts& made, int64_t cpu_limit_ms, double load) {
  const std::string on = OnAttemptsText(static_cast<int>(made.stops.size()), made.attempts);
  std::string text = "the wall clock decided: stopped on " + on + " attempts with its CPU time under the " +
                     std::to_string(cpu_limit_ms) + " ms limit (" + StopsText(made.stops) + ")";
  if (made.outside_kills > 0) text += ", the other " + KillsText(made.outside_kills);
  return text + "; " + LoadText(load);
}

std::string KilledDecidedText(const WallAttempts& made) {
  std::string text = "ended by a SIGKILL that no limit of the judge's sent on " +
                     OnAttemptsText(made.outside_kills, made.attempts) + " attempts";
  if (!made.stops.empty())
    text += ", the other " + (made.stops.size() == 1 ? std::string() : std::to_string(made.stops.size()) + " ") +
            "stopped by the wall clock with its CPU time under the limit (" + StopsText(made.stops) + ")";
  return text;
}

std::string RetriedText(const std::string& done, const WallAttempts& made, double load) {
  std::string why;
  const std::size_t stops = made.stops.size();
  if (stops > 0)
    why = std::to_string(stops) + " wall-clock " + (stops == 1 ? "stop" : "stops") +
          " with CPU time under the limit (" + StopsText(made.stops) + ")";
  if (made.outside_kills > 0) {
    if (!why.empty()) why += " and ";
    why += std::to_string(made.outside_kills) + (made.outside_kills == 1 ? " SIGKILL" : " SIGKILLs") +
           " that no limit of the judge's sent";
  }
  return done + " again after " + why + "; " + LoadText(load);
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
