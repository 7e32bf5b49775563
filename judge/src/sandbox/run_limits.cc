#include "run_limits.h"

#include <signal.h>
#include <string.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

namespace judge::sandbox {

namespace {

// The bounds are sandbox.h's (kMaxLimitMs and the others).
Status CheckRange(const char* name, int64_t value, int64_t lo, int64_t hi) {
  if (value < lo || value > hi)
    return Status::InvalidArgument("sandbox limit " + std::string(name) + ": expected " + std::to_string(lo) +
                                   ".." + std::to_string(hi) + ", found " + std::to_string(value));
  return Status::Ok();
}

}  // namespace

Status ValidateLimits(const SandboxLimits& l) {
  JUDGE_RETURN_IF_ERROR(CheckRange("cpu_time_ms", l.cpu_time_ms, 1, kMaxLimitMs));
  JUDGE_RETURN_IF_ERROR(CheckRange("wall_time_ms", l.wall_time_ms, 1, kMaxLimitMs));
  JUDGE_RETURN_IF_ERROR(CheckRange("memory_kib", l.memory_kib, kMinMemoryKib, kMaxLimitKib));
  JUDGE_RETURN_IF_ERROR(CheckRange("output_kib", l.output_kib, 0, kMaxLimitKib));
  JUDGE_RETURN_IF_ERROR(CheckRange("stack_kib", l.stack_kib, 0, kMaxLimitKib));
  JUDGE_RETURN_IF_ERROR(CheckRange("max_processes", l.max_processes, 1, kMaxLimitCount));
  // stdin, stdout, stderr and the program's own file.
  JUDGE_RETURN_IF_ERROR(CheckRange("max_open_files", l.max_open_files, 4, kMaxLimitCount));
  JUDGE_RETURN_IF_ERROR(CheckRange("disk_kib", l.disk_kib, 0, kMaxLimitKib));
  JUDGE_RETURN_IF_ERROR(CheckRange("disk_files", l.disk_files, 0, kMaxLimitCount));
  return Status::Ok();
}

DerivedLimits DeriveLimits(const SandboxLimits& l, bool with_cgroup) {
  DerivedLimits d;
  auto add = [&d](int resource, rlim_t soft, rlim_t hard) {
    d.rlimits[d.rlimit_count++] = RlimitValue{resource, soft, hard};
  };
  d.cgroup_memory_bytes = l.memory_kib * 1024;
  d.stack_bytes = (l.stack_kib > 0 ? l.stack_kib : l.memory_kib) * 1024;
  d.output_bytes = l.output_kib * 1024;
  // At least a page: a run must be able to write one small file.
  d.disk_bytes = std::max<int64_t>(4096, (l.disk_kib > 0 ? l.disk_kib : l.output_kib) * 1024);
  d.disk_files = l.disk_files > 0 ? l.disk_files : kDefaultDiskFiles;
  // With a cgroup, tmpfs pages are charged to the run and the memory limit binds
  // first (MLE, not a full disk); without one, the tmpfs size is the only bound.
  d.tmpfs_bytes = with_cgroup ? 2 * d.cgroup_memory_bytes : d.cgroup_memory_bytes;
  // Only the program's processes are in the cgroup: the pid namespace's init never
  // joins it (init/child_setup.h).
  d.cgroup_pids_max = int64_t{l.max_processes};

  rlim_t cpu_s = static_cast<rlim_t>((2 * l.cpu_time_ms + 999) / 1000 + 1);
  add(RLIMIT_CPU, cpu_s, cpu_s + 1);
  add(RLIMIT_FSIZE, static_cast<rlim_t>(d.output_bytes + 1), static_cast<rlim_t>(d.output_bytes + 1));
  add(RLIMIT_STACK, static_cast<rlim_t>(d.stack_bytes), static_cast<rlim_t>(d.stack_bytes));
  add(RLIMIT_NOFILE, static_cast<rlim_t>(l.max_open_files), static_cast<rlim_t>(l.max_open_files));
  rlim_t nproc = static_cast<rlim_t>(l.max_processes) + (with_cgroup ? 1 : 0);
  add(RLIMIT_NPROC, nproc, nproc);
  add(RLIMIT_CORE, 0, 0);
  add(RLIMIT_MEMLOCK, 64 * 1024, 64 * 1024);
  add(RLIMIT_MSGQUEUE, 0, 0);
  add(RLIMIT_AS, RLIM_INFINITY, RLIM_INFINITY);
  add(RLIMIT_DATA, RLIM_INFINITY, RLIM_INFINITY);
  return d;
}


// The verdict (run_limits.h).
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

// The run reached its memory limit: a charge failed there, or a cgroup's peak came
// within 4 MiB of it (a quarter of a limit under 16 MiB). A v1 cgroup whose equal
// memsw limit fails first counts no failcnt on kernel 6.18, and a charge that fails at
// the limit asks for at most one 2 MiB folio.
bool ReachedMemoryLimit(const Measurement& m, const SandboxLimits& l) {
  return m.memory_limit_hit ||
         (m.memory_enforced && m.memory_kib + std::min<int64_t>(4096, l.memory_kib / 4) >= l.memory_kib);
}

Decision DecideStatusAlone(const Measurement& m, const SandboxLimits& l) {
  Decision d;
  // 1. What stopped the run.
  // The kernel's OOM kill comes first: it does not pick a program the judge already
  // killed, so a judge's kill seen with it found the program dying of it. It is the
  // run's MLE only if the run reached its own limit: the kernel counts the host's
  // OOM kills (a full host, an ancestor's limit) in the victim's cgroup too.
  const bool own_oom = m.oom_killed && ReachedMemoryLimit(m, l);
  KillReason reason = own_oom ? KillReason::kMemory : m.judge_kill;
  bool killed = reason != KillReason::kNone;
  if (reason == KillReason::kNone) {
    if (m.signal == SIGXFSZ) reason = KillReason::kOutput;
    // The kernel's signals of RLIMIT_CPU (SIGXCPU, then SIGKILL at the hard limit) are
    // TLE only when the CPU time measured is over the limit too: the kernel counts one
    // process by its own tick-sampled clock, which can run ahead of the measurement,
    // and a program may raise SIGXCPU itself. Otherwise the signal is the program's
    // ending (step 3), named with the CPU time it had.
    else if ((m.signal == SIGXCPU || m.signal == SIGKILL) && m.cpu_ms > l.cpu_time_ms) reason = KillReason::kCpuTime;
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
  if (failed && ReachedMemoryLimit(m, l)) {
    d.status = RunStatus::kMemoryLimitExceeded;
    d.reason = KillReason::kMemory;
    d.message = "memory limit exceeded (limit " + std::to_string(l.memory_kib) +
                " KiB): the program reached it and failed (" +
                (m.signal != 0 ? SignalName(m.signal) : "exit code " + std::to_string(m.exit_code)) + ")";
    return d;
  }
  if (m.signal != 0) {
    d.status = RunStatus::kRuntimeError;
    d.message = "killed by " + SignalName(m.signal);
    if (m.oom_killed) d.message += " (the host's out-of-memory killer; the run was under its memory limit)";
    if (m.signal == SIGXCPU)
      d.message += " with " + std::to_string(m.cpu_ms) + " ms of CPU time, within the limit of " +
                   std::to_string(l.cpu_time_ms) + " ms";
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
