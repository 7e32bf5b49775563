#include "run_limits.h"

#include <algorithm>
#include <string>

namespace judge::sandbox {

namespace {

// Upper bounds that keep the arithmetic below far from overflow and the values
// meaningful: a day of CPU, 1 TiB of memory or output, a million processes/files.
constexpr int64_t kMaxTimeMs = 24LL * 3600 * 1000;
constexpr int64_t kMaxKib = 1LL << 30;
constexpr int64_t kMaxCount = 1 << 20;

Status CheckRange(const char* name, int64_t value, int64_t lo, int64_t hi) {
  if (value < lo || value > hi)
    return Status::InvalidArgument("sandbox limit " + std::string(name) + ": expected " + std::to_string(lo) +
                                   ".." + std::to_string(hi) + ", found " + std::to_string(value));
  return Status::Ok();
}

}  // namespace

Status ValidateLimits(const SandboxLimits& l) {
  JUDGE_RETURN_IF_ERROR(CheckRange("cpu_time_ms", l.cpu_time_ms, 1, kMaxTimeMs));
  JUDGE_RETURN_IF_ERROR(CheckRange("wall_time_ms", l.wall_time_ms, 1, kMaxTimeMs));
  // Below 1 MiB nothing, not even the dynamic loader, runs.
  JUDGE_RETURN_IF_ERROR(CheckRange("memory_kib", l.memory_kib, 1024, kMaxKib));
  JUDGE_RETURN_IF_ERROR(CheckRange("output_kib", l.output_kib, 0, kMaxKib));
  JUDGE_RETURN_IF_ERROR(CheckRange("stack_kib", l.stack_kib, 0, kMaxKib));
  JUDGE_RETURN_IF_ERROR(CheckRange("max_processes", l.max_processes, 1, kMaxCount));
  // stdin, stdout, stderr and the program's own file.
  JUDGE_RETURN_IF_ERROR(CheckRange("max_open_files", l.max_open_files, 4, kMaxCount));
  JUDGE_RETURN_IF_ERROR(CheckRange("disk_kib", l.disk_kib, 0, kMaxKib));
  JUDGE_RETURN_IF_ERROR(CheckRange("disk_files", l.disk_files, 0, kMaxCount));
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

  rlim_t cpu_s = static_cast<rlim_t>((l.cpu_time_ms + 999) / 1000 + 1);
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

}  // namespace judge::sandbox
