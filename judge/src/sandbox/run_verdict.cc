#include "run_verdict.h"

#include "run_limits.h"

#include <signal.h>
#include <string.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace judge::sandbox {

namespace {

RunStatus StatusOf(KillReason r) {
  switch (r) {
    case KillReason::kCpuTime:
    case KillReason::kWallTime: return RunStatus::kTimeLimitExceeded;
    case KillReason::kMemory: return RunStatus::kMemoryLimitExceeded;
    case KillReason::kOutput: return RunStatus::kOutputLimitExceeded;
    case KillReason::kProcesses: return RunStatus::kRuntimeError;
    case KillReason::kDisk: return RunStatus::kOutputLimitExceeded;
    case KillReason::kNone: break;
  }
  return RunStatus::kOk;
}

std::string Describe(KillReason r, const Measurement& m, const SandboxLimits& l, bool killed) {
  std::string how = killed ? "killed: " : "";
  switch (r) {
    case KillReason::kCpuTime:
      return how + "CPU time limit exceeded (" + std::to_string(m.cpu_ms) + " ms used, limit " +
             std::to_string(l.cpu_time_ms) + " ms)";
    case KillReason::kWallTime:
      return how + "wall time limit exceeded (" + std::to_string(m.wall_ms) + " ms, limit " +
             std::to_string(l.wall_time_ms) + " ms)";
    case KillReason::kMemory:
      return how + "memory limit exceeded (" + (killed ? "" : std::to_string(MemoryUsedKib(m)) + " KiB used, ") +
             "limit " + std::to_string(l.memory_kib) + " KiB" + (m.oom_killed ? ", out-of-memory kill" : "") + ")";
    case KillReason::kOutput:
      return how + "output limit exceeded (limit " + std::to_string(l.output_kib) + " KiB)";
    case KillReason::kProcesses:
      return how + "process/thread limit exceeded (limit " + std::to_string(l.max_processes) + ")";
    case KillReason::kDisk:
      return "disk quota of the work directory exceeded (" + std::to_string(m.disk_kib) + " KiB in " +
             std::to_string(m.disk_files) + " files written; limit " +
             std::to_string(l.disk_kib > 0 ? l.disk_kib : l.output_kib) + " KiB, " +
             std::to_string(l.disk_files > 0 ? l.disk_files : kDefaultDiskFiles) + " files)";
    case KillReason::kNone: break;
  }
  return "";
}

Decision DecideStatusAlone(const Measurement& m, const SandboxLimits& l) {
  Decision d;
  // 1. What stopped the run.
  KillReason reason = m.judge_kill;
  bool killed = reason != KillReason::kNone;
  if (reason == KillReason::kNone) {
    if (m.oom_killed) reason = KillReason::kMemory;
    else if (m.signal == SIGXFSZ) reason = KillReason::kOutput;
    else if (m.signal == SIGXCPU || (m.signal == SIGKILL && m.cpu_ms > l.cpu_time_ms)) reason = KillReason::kCpuTime;
    killed = reason != KillReason::kNone;
  }
  if ((reason == KillReason::kCpuTime || reason == KillReason::kWallTime) && l.reserved_memory_counts &&
      m.data_kib_at_stop > l.memory_kib) {
    d.status = RunStatus::kMemoryLimitExceeded;
    d.reason = KillReason::kMemory;
    d.message = "memory limit exceeded (limit " + std::to_string(l.memory_kib) + " KiB): " +
                std::to_string(m.data_kib_at_stop) + " KiB of writable memory allocated when the " +
                (reason == KillReason::kCpuTime ? "CPU" : "wall") + " time limit stopped it, " +
                std::to_string(MemoryUsedKib(m)) + " KiB of it touched";
    return d;
  }
  // 2. Limits checked after the fact.
  if (reason == KillReason::kNone) {
    if (m.cpu_ms > l.cpu_time_ms) reason = KillReason::kCpuTime;
    else if (m.wall_ms > l.wall_time_ms) reason = KillReason::kWallTime;
    else if (m.output_bytes > l.output_kib * 1024) reason = KillReason::kOutput;
    else if (m.disk_over_quota) reason = KillReason::kDisk;
    else if (MemoryUsedKib(m) > l.memory_kib) reason = KillReason::kMemory;
  }
  if (reason != KillReason::kNone) {
    d.status = StatusOf(reason);
    d.reason = reason;
    d.message = Describe(reason, m, l, killed);
    return d;
  }
  // 3. The program's own failure.
  if (m.exec_errno != 0) {
    if (m.exec_errno == ENOMEM) {
      d.status = RunStatus::kMemoryLimitExceeded;
      d.reason = KillReason::kMemory;
      d.message = "the program cannot be loaded: its static memory does not fit (ENOMEM)";
    } else {
      d.status = RunStatus::kRuntimeError;
      d.message = std::string("the program cannot be executed: ") + std::strerror(m.exec_errno);
    }
    return d;
  }
  const bool failed = m.signal != 0 || !m.exited || m.exit_code != 0;
  if (failed && m.memory_limit_hit) {
    d.status = RunStatus::kMemoryLimitExceeded;
    d.reason = KillReason::kMemory;
    d.message = "memory limit exceeded (limit " + std::to_string(l.memory_kib) +
                " KiB): an allocation was refused and the program failed (" +
                (m.signal != 0 ? SignalName(m.signal) : "exit code " + std::to_string(m.exit_code)) + ")";
    return d;
  }
  if (m.signal != 0) {
    d.status = RunStatus::kRuntimeError;
    d.message = "killed by " + SignalName(m.signal);
    return d;
  }
  if (!m.exited || m.exit_code != 0) {
    d.status = RunStatus::kRuntimeError;
    d.message = m.exited ? "exit code " + std::to_string(m.exit_code) : "the program did not report an exit status";
    return d;
  }
  d.status = RunStatus::kOk;
  return d;
}

}  // namespace

std::string SignalName(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  if (abbrev == nullptr) return "signal " + std::to_string(sig);
  return std::string("SIG") + abbrev;
}

int64_t MemoryUsedKib(const Measurement& m) { return std::max(m.memory_kib, m.program_rss_kib); }

Decision DecideStatus(const Measurement& m, const SandboxLimits& l) {
  Decision d = DecideStatusAlone(m, l);
  if (m.forks_denied > 0) {
    std::string note = std::to_string(m.forks_denied) + (m.forks_denied == 1 ? " fork was" : " forks were") +
                       " denied at the process limit of " + std::to_string(l.max_processes);
    d.message = d.message.empty() ? note : d.message + "; " + note;
  }
  return d;
}

}  // namespace judge::sandbox
