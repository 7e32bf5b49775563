#include "run_streams.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <memory>
#include <thread>

#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/proc_stat.h"

namespace judge::sandbox {
namespace {

// The judge keeps at most 1 MiB in flight per pipe (root may raise the size).
constexpr int kPipeBytes = 1 << 20;

// An fd >= 3 (fds 0-2 of the child are built with dup2 from these), close-on-exec.
Result<UniqueFd> HighFd(UniqueFd fd, const std::string& what) {
  if (fd.get() >= 3) return fd;
  UniqueFd high(::fcntl(fd.get(), F_DUPFD_CLOEXEC, 3));
  if (!high) return ErrnoStatus(errno, "cannot duplicate the descriptor of " + what);
  return high;
}

// The input's bytes in a sealed memfd: a neutral name, seekable and mappable like a
// file, and no one can change it.
Result<UniqueFd> OpenInput(const std::string& path) {
  if (path.empty()) {
    UniqueFd null(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    if (!null) return ErrnoStatus(errno, "cannot open /dev/null");
    return HighFd(std::move(null), "stdin");
  }
  UniqueFd file(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (!file) {
    if (errno == ELOOP) return Status::InvalidArgument("stdin file " + path + " is a symbolic link");
    return ErrnoStatus(errno, "cannot open stdin file " + path);
  }
  struct stat st;
  if (::fstat(file.get(), &st) != 0) return ErrnoStatus(errno, "cannot stat stdin file " + path);
  if (!S_ISREG(st.st_mode))
    return Status::InvalidArgument("stdin file " + path + ": expected a regular file, found a " +
                                   std::string(fs::FileKindName(st.st_mode)));
  UniqueFd mem(::memfd_create("stdin", MFD_CLOEXEC | MFD_ALLOW_SEALING));
  if (!mem) return ErrnoStatus(errno, "cannot create the memory file for stdin");
  off_t offset = 0;
  while (offset < st.st_size) {
    ssize_t n = ::sendfile(mem.get(), file.get(), &offset, static_cast<size_t>(st.st_size - offset));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ErrnoStatus(errno, "cannot copy stdin file " + path);
    if (n == 0) break;  // shrank meanwhile
  }
  if (::fcntl(mem.get(), F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL) != 0)
    return ErrnoStatus(errno, "cannot seal the memory file for stdin");
  if (::lseek(mem.get(), 0, SEEK_SET) != 0) return ErrnoStatus(errno, "cannot rewind stdin");
  // The program gets a read-only descriptor: reopened through /proc.
  std::string self = "/proc/self/fd/" + std::to_string(mem.get());
  UniqueFd ro(::open(self.c_str(), O_RDONLY | O_CLOEXEC));
  if (!ro) return ErrnoStatus(errno, "cannot reopen the memory file for stdin");
  return HighFd(std::move(ro), "stdin");
}

// "dir/name" split.
Status SplitPath(const std::string& path, std::string* dir, std::string* name) {
  std::size_t slash = path.rfind('/');
  *name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (name->empty() || *name == "." || *name == "..")
    return Status::InvalidArgument("output file \"" + path + "\": expected a file name at the end");
  *dir = slash == std::string::npos ? "." : path.substr(0, slash);
  return Status::Ok();
}

// The directory, opened without following any link.
Result<UniqueFd> OpenParent(const std::string& path, const std::string& dir) {
  int flags = O_RDONLY | O_DIRECTORY;
  if (dir.empty() || dir[0] == '/') {
    UniqueFd root(::open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!root) return ErrnoStatus(errno, "cannot open /");
    std::string rel = dir.substr(std::min(dir.find_first_not_of('/'), dir.size()));
    if (rel.empty()) return root;
    Result<UniqueFd> d = fs::OpenBeneath(root.get(), rel, flags);
    if (!d.ok()) return d.status().WithContext("output file " + path);
    return d;
  }
  Result<UniqueFd> d = fs::OpenBeneath(AT_FDCWD, dir, flags);
  if (!d.ok()) return d.status().WithContext("output file " + path);
  return d;
}

}  // namespace

Status RunStreams::OpenPipe(const std::string& path, uid_t uid, gid_t gid, const Pipe* sibling, Pipe* p) {
  if (!path.empty()) {
    JUDGE_RETURN_IF_ERROR(SplitPath(path, &p->dir, &p->name));
    // stdout and stderr side by side (a grading lane's): the directory opened once,
    // not walked again from /.
    if (sibling && sibling->parent_dir && sibling->dir == p->dir) {
      p->parent_dir.Reset(::fcntl(sibling->parent_dir.get(), F_DUPFD_CLOEXEC, 3));
      if (!p->parent_dir) return ErrnoStatus(errno, "cannot duplicate the directory of output file " + path);
    } else {
      JUDGE_ASSIGN_OR_RETURN(p->parent_dir, OpenParent(path, p->dir));
    }
    UniqueFd file(::openat(p->parent_dir.get(), p->name.c_str(),
                           O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644));
    if (!file) {
      if (errno == ELOOP) return Status::InvalidArgument("output file " + path + " is a symbolic link");
      return ErrnoStatus(errno, "cannot create output file " + path);
    }
    struct stat st;
    if (::fstat(file.get(), &st) != 0 || !S_ISREG(st.st_mode))
      return Status::InvalidArgument("output file " + path + ": expected a regular file, found another kind");
    ::fcntl(file.get(), F_SETFL, 0);
    p->file = std::move(file);
    p->path = path;
  }
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return ErrnoStatus(errno, "cannot create the output pipe");
  UniqueFd r(fds[0]), w(fds[1]);
  ::fcntl(r.get(), F_SETPIPE_SZ, kPipeBytes);  // best effort: a smaller pipe only means more wakeups
  if (::fcntl(r.get(), F_SETFL, O_NONBLOCK) != 0) return ErrnoStatus(errno, "cannot make the output pipe non-blocking");
  // The program may reopen /dev/stdout (/proc/self/fd/1) by name: the pipe is its.
  if (::fchown(w.get(), uid, gid) != 0) return ErrnoStatus(errno, "cannot hand the output pipe to the run's uid");
  JUDGE_ASSIGN_OR_RETURN(p->read_end, HighFd(std::move(r), "an output pipe"));
  JUDGE_ASSIGN_OR_RETURN(p->write_end, HighFd(std::move(w), "an output pipe"));
  return Status::Ok();
}

namespace {

// A caller's descriptor (RunSpec::stdin_fd / stdout_fd), duplicated >= 3.
Result<UniqueFd> Borrowed(int fd, const std::string& what) {
  UniqueFd dup(::fcntl(fd, F_DUPFD_CLOEXEC, 3));
  if (!dup) return ErrnoStatus(errno, "cannot duplicate the " + what + " descriptor given to the run");
  return dup;
}

}  // namespace

Result<RunStreams> RunStreams::Open(const RunSpec& spec, int64_t output_limit_bytes, uid_t uid, gid_t gid) {
  RunStreams s;
  s.kept_budget_ = output_limit_bytes + 1;
  if (spec.stdin_fd >= 0) {
    JUDGE_ASSIGN_OR_RETURN(s.in_, Borrowed(spec.stdin_fd, "stdin"));
  } else {
    JUDGE_ASSIGN_OR_RETURN(s.in_, OpenInput(spec.stdin_path));
  }
  if (spec.stdout_fd >= 0) {
    JUDGE_ASSIGN_OR_RETURN(s.out_.write_end, Borrowed(spec.stdout_fd, "stdout"));
  } else {
    JUDGE_RETURN_IF_ERROR(OpenPipe(spec.stdout_path, uid, gid, nullptr, &s.out_));
  }
  // Both discarded, or the same file: one pipe. Never into a borrowed stdout.
  bool shared = spec.stdout_fd < 0 && spec.stderr_path == spec.stdout_path;
  if (!shared) JUDGE_RETURN_IF_ERROR(OpenPipe(spec.stderr_path, uid, gid, &s.out_, &s.err_));
  return s;
}

RunStreams::~RunStreams() {
  (void)Drain();
  out_.Restore();
  err_.Restore();
}

void RunStreams::CloseChildEnds() {
  in_.Reset();  // a borrowed pipe's writer must see the reader gone when the program goes
  out_.write_end.Reset();
  err_.write_end.Reset();
}

std::vector<int> RunStreams::PollFds() const {
  std::vector<int> fds;
  for (const Pipe* p : {&out_, &err_})
    if (p->read_end) fds.push_back(p->read_end.get());
  return fds;
}

Status RunStreams::Drain() {
  Status out = out_.Drain(&kept_budget_);
  Status err = err_.Drain(&kept_budget_);
  return out.ok() ? err : out;
}

// Reads until the pipe is empty (EAGAIN: writers may remain) or closed (EOF: the read
// end is closed, so it leaves the poll set). Up to *kept_budget bytes go to the file.
Status RunStreams::Pipe::Drain(int64_t* kept_budget) {
  char buf[65536];
  while (read_end) {
    ssize_t n;
    if (file && *kept_budget > 0) {
      n = ::splice(read_end.get(), nullptr, file.get(), nullptr,
                   static_cast<size_t>(std::min<int64_t>(*kept_budget, kPipeBytes)), SPLICE_F_NONBLOCK);
      if (n > 0) *kept_budget -= n;
      if (n < 0 && errno == EINVAL) n = ::read(read_end.get(), buf, sizeof buf);  // a file splice cannot write
    } else {
      n = ::read(read_end.get(), buf, sizeof buf);
    }
    if (n > 0) {
      bytes += n;
      continue;
    }
    if (n == 0) {
      read_end.Reset();
      break;
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN) break;
    return ErrnoStatus(errno, "cannot save the program's output" + (path.empty() ? "" : " to " + path));
  }
  return Status::Ok();
}

// The program may have moved, replaced or removed the output's name in its directory:
// put the judge's bytes back there, as a fresh regular file, with *at() calls on the
// directory opened before the run.
void RunStreams::Pipe::Restore() {
  if (!file || !parent_dir) return;
  struct stat want, have;
  if (::fstat(file.get(), &want) != 0) return;
  const int dir = parent_dir.get();
  if (::fstatat(dir, name.c_str(), &have, AT_SYMLINK_NOFOLLOW) == 0) {
    if (have.st_dev == want.st_dev && have.st_ino == want.st_ino) return;
    if (::unlinkat(dir, name.c_str(), 0) != 0 && (errno == EISDIR || errno == EPERM))
      (void)fs::RemoveTreeAt(dir, name, path);
  }
  UniqueFd fresh(::openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
  if (!fresh) return;
  off_t offset = 0;
  while (offset < want.st_size) {
    ssize_t n = ::sendfile(fresh.get(), file.get(), &offset, static_cast<size_t>(want.st_size - offset));
    if (n <= 0) break;
  }
}


// Watching the run (run_streams.h).
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
