#include "run_monitor.h"

#include <poll.h>
#include <sys/stat.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "judge/base/errors.h"

namespace judge::sandbox {
namespace {

// CPU time so far, from the cgroup or from /proc polling (lazily set up: the init's
// pid namespace identifies the run's processes).
class CpuReader {
 public:
  CpuReader(const MonitorInput& in, MonitorResult* out) : in_(in), out_(out) { out_->usage = in.base; }

  int64_t CpuNs() {
    if (in_.cgroup) {
      Result<CgroupUsage> u = in_.cgroup->ReadUsage();
      if (u.ok()) out_->usage = *u;
      return out_->usage.cpu_ns - in_.base.cpu_ns;
    }
    if (!poller_) {
      struct stat ns;
      std::string path = "/proc/" + std::to_string(in_.init) + "/ns/pid";
      if (::stat(path.c_str(), &ns) == 0) poller_ = std::make_unique<ProcTreePoller>(ns.st_ino);
    }
    if (poller_) {
      ProcTreePoller::Sample s = poller_->Poll();
      if (s.processes > 0) {
        out_->polled_cpu_ms = std::max(out_->polled_cpu_ms, s.cpu_ms);
        out_->polled_memory_peak_kib = std::max(out_->polled_memory_peak_kib, s.rss_kib);
      }
    }
    return out_->polled_cpu_ms * 1000000;
  }

 private:
  const MonitorInput& in_;
  MonitorResult* out_;
  std::unique_ptr<ProcTreePoller> poller_;
};

// Waits up to timeout_ms for the program to exit, draining the output pipes whenever
// they are readable: 1 exited, 0 not yet, -1 error (errno, or *error set).
int WaitTick(const MonitorInput& in, int timeout_ms, Status* error) {
  const int64_t deadline = MonotonicNs() + int64_t{timeout_ms} * 1000000;
  for (;;) {
    std::vector<struct pollfd> fds;
    if (in.pidfd >= 0) fds.push_back({in.pidfd, POLLIN, 0});
    if (in.stream_fds)
      for (int fd : in.stream_fds()) fds.push_back({fd, POLLIN, 0});
    int left_ms = static_cast<int>(std::max<int64_t>(0, (deadline - MonotonicNs() + 999999) / 1000000));
    if (fds.empty()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(left_ms));
      return 0;
    }
    int rc = ::poll(fds.data(), fds.size(), left_ms);
    if (rc < 0 && errno == EINTR) continue;
    if (rc <= 0) return rc;
    if (in.pidfd >= 0 && fds[0].revents != 0) return 1;
    if (in.drain) {
      Status drained = in.drain();
      if (!drained.ok()) {
        *error = drained;
        return -1;
      }
    }
    if (in.output_bytes && in.output_bytes() > in.output_limit_bytes) return 0;  // decided by the caller
    if (MonotonicNs() >= deadline) return 0;
  }
}

// The first limit crossed, in a fixed order.
KillReason LimitCrossed(const MonitorInput& in, const MonitorResult& out, int64_t cpu_ns, int64_t elapsed_ns) {
  if (cpu_ns > in.cpu_limit_ms * 1000000) return KillReason::kCpuTime;
  if (elapsed_ns >= in.wall_limit_ms * 1000000) return KillReason::kWallTime;
  if (in.output_bytes && in.output_bytes() > in.output_limit_bytes) return KillReason::kOutput;
  if (!in.cgroup && out.polled_memory_peak_kib > in.memory_limit_kib) return KillReason::kMemory;
  return KillReason::kNone;
}

// The private writable memory (data + stack) of the run's processes: those in the
// init's pid namespace. 0 when it cannot be read.
int64_t DataKibOfRun(pid_t init) {
  struct stat ns;
  std::string path = "/proc/" + std::to_string(init) + "/ns/pid";
  if (::stat(path.c_str(), &ns) != 0) return 0;
  return ProcTreePoller(ns.st_ino).Poll(/*with_data=*/true).data_kib;
}

}  // namespace

int64_t MonotonicNs() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t{ts.tv_sec} * 1000000000 + ts.tv_nsec;
}

MonitorResult WatchRun(const MonitorInput& in) {
  MonitorResult out;
  CpuReader reader(in, &out);
  int64_t cpu_ns = 0;
  for (;;) {
    int64_t elapsed = MonotonicNs() - in.start_ns;
    int64_t cpu_left_ms = (in.cpu_limit_ms * 1000000 - cpu_ns) / 1000000;
    int64_t tick = std::clamp<int64_t>(cpu_left_ms / (2 * static_cast<int64_t>(in.cpus)), 1, 20);
    int64_t wall_left_ms = (in.wall_limit_ms * 1000000 - elapsed + 999999) / 1000000;
    Status error;
    int waited = WaitTick(in, static_cast<int>(std::max<int64_t>(0, std::min(tick, wall_left_ms))), &error);
    if (waited > 0) return out;  // the program exited: the run is over (the init kills the rest)
    if (waited < 0) {
      out.error = error.ok() ? ErrnoStatus(errno, "poll on the run's process") : error;
      return out;
    }
    const int64_t now = MonotonicNs();
    cpu_ns = reader.CpuNs();
    out.kill = LimitCrossed(in, out, cpu_ns, now - in.start_ns);
    out.cancelled = in.cancel && in.cancel->load();
    if (out.kill != KillReason::kNone || out.cancelled) {
      out.stop_ns = now;
      if (in.reserved_memory_counts && (out.kill == KillReason::kCpuTime || out.kill == KillReason::kWallTime))
        out.data_kib_at_stop = DataKibOfRun(in.init);
      return out;
    }
  }
}

}  // namespace judge::sandbox
