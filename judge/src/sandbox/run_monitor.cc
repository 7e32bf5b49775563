#include "run_monitor.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "judge/base/errors.h"
#include "judge/base/proc_stat.h"

namespace judge::sandbox {

ProcTreePoller::ProcTreePoller(ino_t pid_ns_inode)
    : ns_(pid_ns_inode), ticks_per_s_(sysconf(_SC_CLK_TCK)), page_kib_(sysconf(_SC_PAGESIZE) / 1024) {}

namespace {

// The sixth field of /proc/<pid>/statm: data + stack pages; 0 when unreadable.
int64_t DataPages(const char* pid) {
  char path[300];
  std::snprintf(path, sizeof path, "/proc/%s/statm", pid);
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char buf[256];
  ssize_t n = ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  if (n <= 0) return 0;
  buf[n] = '\0';
  long long fields[6] = {0, 0, 0, 0, 0, 0};
  if (std::sscanf(buf, "%lld %lld %lld %lld %lld %lld", &fields[0], &fields[1], &fields[2], &fields[3], &fields[4],
                  &fields[5]) != 6)
    return 0;
  return fields[5];
}

}  // namespace

ProcTreePoller::Sample ProcTreePoller::Poll(bool with_data) const {
  Sample s;
  DIR* d = ::opendir("/proc");
  if (d == nullptr) return s;
  int64_t ticks = 0;
  char path[300];
  while (struct dirent* e = ::readdir(d)) {
    if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
    std::snprintf(path, sizeof path, "/proc/%s/ns/pid", e->d_name);
    struct stat st;
    if (::stat(path, &st) != 0 || st.st_ino != ns_) continue;
    std::snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
    int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    char buf[1024];
    ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0) continue;
    Result<ProcStat> ps = ParseProcStat(std::string_view(buf, static_cast<size_t>(n)));
    if (!ps.ok()) continue;
    ticks += ps->utime_ticks + ps->stime_ticks + ps->cutime_ticks + ps->cstime_ticks;
    s.rss_kib += ps->rss_pages * page_kib_;
    if (with_data) s.data_kib += DataPages(e->d_name) * page_kib_;
    ++s.processes;
  }
  ::closedir(d);
  s.cpu_ms = ticks * 1000 / (ticks_per_s_ > 0 ? ticks_per_s_ : 100);
  return s;
}


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
    for (int fd : in.streams->PollFds()) fds.push_back({fd, POLLIN, 0});
    int left_ms = static_cast<int>(std::max<int64_t>(0, (deadline - MonotonicNs() + 999999) / 1000000));
    if (fds.empty()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(left_ms));
      return 0;
    }
    int rc = ::poll(fds.data(), fds.size(), left_ms);
    if (rc < 0 && errno == EINTR) continue;
    if (rc <= 0) return rc;
    if (in.pidfd >= 0 && fds[0].revents != 0) return 1;
    if (Status drained = in.streams->Drain(); !drained.ok()) {
      *error = drained;
      return -1;
    }
    if (in.streams->OutputBytes() > in.output_limit_bytes) return 0;  // decided by the caller
    if (MonotonicNs() >= deadline) return 0;
  }
}

// The first limit crossed, in a fixed order.
KillReason LimitCrossed(const MonitorInput& in, const MonitorResult& out, int64_t cpu_ns, int64_t elapsed_ns) {
  if (cpu_ns > in.cpu_limit_ms * 1000000) return KillReason::kCpuTime;
  if (elapsed_ns >= in.wall_limit_ms * 1000000) return KillReason::kWallTime;
  if (in.streams->OutputBytes() > in.output_limit_bytes) return KillReason::kOutput;
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
