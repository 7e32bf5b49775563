// PluginCaller that runs every call in a forked child under limits.
//
// Theory of operation
// -------------------
// The plugin is loaded and checked once, in this process (LoadedPlugin::Open): its
// code and any tables its constructor built are then shared copy-on-write with every
// child. For each call:
//
//   parent                                 child (fork)
//   ------                                 ------------
//   fflush(all stdio)  (so exit() in the
//     child cannot print our buffers twice)
//   pipe2, fork ------------------------>  die with the parent (PR_SET_PDEATHSIG)
//                                          default signal actions, nothing blocked
//                                          stdin </dev/null, stdout >stderr
//                                          every fd closed but the pipe (fd 3)
//                                          RLIMIT_CORE 0, RLIMIT_CPU (backstop), RLIMIT_AS
//                                          on_exit hook: report exit() and _exit
//                                          call the plugin (inputs are the parent's
//                                            pages, no copy)
//   poll + read the pipe until EOF,  <---  write one frame, _exit(0)
//     every 10 ms: wall deadline, the
//     child's CPU time and RSS; over a
//     limit or the output cap: SIGKILL
//   wait4 (rusage: CPU used)
//   frame complete and exit 0: decode it; otherwise the Status says what happened:
//     a signal (by name), the CPU limit, the wall deadline, memory,
//     exit() called by the plugin, an exit without a frame.
//
// Frame: FrameHeader, then out_size bytes of output, message_size bytes of message,
// then kTrailer. The parent reads the pipe to EOF before waitpid (a child blocked on
// a full pipe never exits otherwise), accepts at most max_output_bytes +
// kMaxMessageBytes + framing, and never trusts a size before checking it.
//
// Memory: RLIMIT_AS is set to the parent's address-space size at fork plus
// memory_kib, so the limit bounds what the call adds, whatever the judge's own size.
// AddressSanitizer reserves terabytes of address space, so under ASan RLIMIT_AS is
// not set (detected with __SANITIZE_ADDRESS__) and the parent's RSS watch (child RSS
// minus the parent's RSS at fork, checked every 10 ms) is the only memory limit.
// CPU time: the parent reads the child's CPU clock (all its threads, as precise as the
// scheduler's accounting) every tick and stops it at the limit. RLIMIT_CPU, at twice
// the limit plus a second, is only a backstop: the kernel checks it against a
// tick-sampled clock, which runs ahead of the real figure on a busy host (seen 10 to
// 22 % ahead on a loaded VM), so a limit enforced by it could stop a call early. The
// wall deadline and the CPU limit are exact to the poll tick.
//
// Threads: nothing is shared between calls but the LoadedPlugin (immutable), so any
// number of threads may call at once. Only the forking thread exists in the child:
// a plugin lock held by another thread at fork time would deadlock the child, which
// the wall deadline then kills (the ABI asks plugins for immutable shared state).
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>

#include "caller_base.h"
#include "judge/base/errors.h"

#if defined(__SANITIZE_ADDRESS__)
#define JUDGE_PLUGIN_HOST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define JUDGE_PLUGIN_HOST_ASAN 1
#endif
#endif

namespace judge {
namespace {

using plugin_internal::CallArgs;
using plugin_internal::LoadedPlugin;
using plugin_internal::RawOutcome;

constexpr uint32_t kFrameMagic = 0x474c504a;  // "JPLG"
constexpr uint32_t kExitMagic = 0x5458454a;   // "JEXT": the plugin called exit()
constexpr uint32_t kTrailer = 0x454e4f44;     // "DONE"
constexpr int kChildFd = 3;
constexpr int kExitCalledCode = 120;
constexpr int kPollTickMs = 10;

struct FrameHeader {
  uint32_t magic;
  int32_t status;
  int32_t verdict;
  uint32_t flags;  // bit 0: out overflowed, bit 1: message truncated
  double score;
  uint64_t out_size;
  uint64_t message_size;
};

struct ExitFrame {
  uint32_t magic;
  int32_t exit_status;
};


bool WriteAll(int fd, const void* data, size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    ssize_t n = ::write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

// Field `index` (0: size, 1: resident) of /proc/<pid>/statm, in bytes; -1 on error.
int64_t StatmBytes(const char* path, int index) {
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char buf[256];
  ssize_t n;
  do {
    n = ::read(fd, buf, sizeof(buf) - 1);
  } while (n < 0 && errno == EINTR);
  ::close(fd);
  if (n <= 0) return -1;
  buf[n] = '\0';
  long long fields[2] = {0, 0};
  if (std::sscanf(buf, "%lld %lld", &fields[0], &fields[1]) != 2) return -1;
  return fields[index] * static_cast<int64_t>(::sysconf(_SC_PAGESIZE));
}

std::string SignalName(int sig) {
  const char* abbrev = ::sigabbrev_np(sig);
  return "signal " + std::to_string(sig) + (abbrev ? std::string(" (SIG") + abbrev + ")" : std::string());
}

void OnExit(int status, void*) {
  ExitFrame frame{kExitMagic, status};
  WriteAll(kChildFd, &frame, sizeof(frame));
  ::_exit(kExitCalledCode);
}

// What a child runs: a plugin call, or the load probe.
using ChildWork = std::function<RawOutcome()>;

// The child's resource limits: no core file, CPU time as a backstop (SIGXCPU at twice
// the limit plus a second, in whole seconds; SIGKILL a second later), and address
// space of the parent's size plus the memory limit (not under ASan, whose shadow
// memory reserves terabytes of address space).
void SetChildLimits(const PluginCallLimits& limits, int64_t parent_vm_bytes) {
  struct rlimit core{0, 0};
  ::setrlimit(RLIMIT_CORE, &core);
  const rlim_t cpu_s = static_cast<rlim_t>((2 * limits.cpu_time_ms + 1000 + 999) / 1000);
  struct rlimit cpu{cpu_s, cpu_s + 1};  // SIGXCPU at the soft limit, SIGKILL a second later
  ::setrlimit(RLIMIT_CPU, &cpu);
#ifndef JUDGE_PLUGIN_HOST_ASAN
  if (parent_vm_bytes > 0) {
    rlim_t as = static_cast<rlim_t>(parent_vm_bytes) + static_cast<rlim_t>(limits.memory_kib) * 1024;
    struct rlimit mem{as, as};
    ::setrlimit(RLIMIT_AS, &mem);
  }
#else
  (void)parent_vm_bytes;
#endif
}

// The child's answer to the parent on kChildFd: header, output, message, trailer.
// False when the parent stopped reading.
bool WriteFrame(const RawOutcome& raw) {
  FrameHeader h{};
  h.magic = kFrameMagic;
  h.status = raw.status;
  h.verdict = raw.verdict;
  h.flags = (raw.out_overflow ? 1u : 0u) | (raw.message_truncated ? 2u : 0u);
  h.score = raw.score;
  h.out_size = raw.out.size();
  h.message_size = raw.message.size();
  return WriteAll(kChildFd, &h, sizeof(h)) && WriteAll(kChildFd, raw.out.data(), raw.out.size()) &&
         WriteAll(kChildFd, raw.message.data(), raw.message.size()) &&
         WriteAll(kChildFd, &kTrailer, sizeof(kTrailer));
}

// Runs in the child: never returns.
[[noreturn]] void RunChild(int pipe_fd, pid_t parent, const ChildWork& work, const PluginCallLimits& limits,
                           int64_t parent_vm_bytes) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(127);  // the parent died before prctl

  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  // Crashes are reported by signal, whatever handlers the judge (or a sanitizer)
  // installed; SIGPIPE kills a child whose parent stopped listening.
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGXCPU, SIGPIPE, SIGTERM, SIGINT})
    ::signal(sig, SIG_DFL);

  int fd = ::fcntl(pipe_fd, F_DUPFD, 10);  // out of the way of 0..3
  if (fd < 0) ::_exit(126);
  int devnull = ::open("/dev/null", O_RDONLY);
  if (devnull >= 0) {
    ::dup2(devnull, STDIN_FILENO);
    if (devnull != STDIN_FILENO) ::close(devnull);
  }
  ::dup2(STDERR_FILENO, STDOUT_FILENO);  // a plugin's debug prints never reach our stdout
  if (::dup2(fd, kChildFd) < 0) ::_exit(126);
  // Other calls' pipes, the store's database, the sandbox's pipes: none of them are
  // the plugin's business, and an inherited write end would delay another call's EOF.
  if (::syscall(SYS_close_range, kChildFd + 1, ~0U, 0) != 0) {
    long max_fd = ::sysconf(_SC_OPEN_MAX);
    for (long i = kChildFd + 1; i < (max_fd > 0 ? max_fd : 1024); ++i) ::close(static_cast<int>(i));
  }

  SetChildLimits(limits, parent_vm_bytes);
  ::on_exit(&OnExit, nullptr);
  const bool written = WriteFrame(work());
  ::_exit(written ? 0 : 125);
}

// Decodes a complete frame; false when it is not one.
bool DecodeFrame(const std::string& buf, size_t max_output_bytes, RawOutcome* raw) {
  if (buf.size() < sizeof(FrameHeader) + sizeof(kTrailer)) return false;
  FrameHeader h;
  std::memcpy(&h, buf.data(), sizeof(h));
  if (h.magic != kFrameMagic) return false;
  if (h.out_size > max_output_bytes || h.message_size > plugin_internal::kMaxMessageBytes)
    return false;
  size_t expected = sizeof(h) + h.out_size + h.message_size + sizeof(kTrailer);
  if (buf.size() != expected) return false;
  uint32_t trailer;
  std::memcpy(&trailer, buf.data() + expected - sizeof(trailer), sizeof(trailer));
  if (trailer != kTrailer) return false;
  raw->status = h.status;
  raw->verdict = h.verdict;
  raw->score = h.score;
  raw->out_overflow = h.flags & 1u;
  raw->message_truncated = h.flags & 2u;
  raw->out.assign(buf, sizeof(h), h.out_size);
  raw->message.assign(buf, sizeof(h) + h.out_size, h.message_size);
  return true;
}

enum class Kill { kNone, kWall, kMemory, kOutput, kReadError, kCpu };

// What watching the child saw: its bytes, or why it was stopped.
struct Watched {
  Kill kill = Kill::kNone;
  int read_errno = 0;
  int64_t peak_extra_bytes = 0;
  int64_t cpu_ms = 0;  // the child's CPU time at the last tick
  std::string buf;
};

// How the child ended.
struct Reaped {
  int wstatus = 0;
  int64_t cpu_ms = 0;
};

// One forked call. The child is killed and reaped on every path that does not reap
// it (RAII): no zombie, no orphan, whatever fails.
class Child {
 public:
  Child() = default;
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child() {
    if (rfd_ >= 0) ::close(rfd_);
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);  // still our child: not yet waited for
      while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
      }
    }
  }

  Status Spawn(const ChildWork& work, const PluginCallLimits& limits, int64_t parent_vm, const std::string& what) {
    std::fflush(nullptr);  // else exit() in the child would flush our buffers a second time
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return Status::IoError(what + ": cannot create a pipe: " + ErrnoText(errno));
    const pid_t parent = ::getpid();
    pid_ = ::fork();
    if (pid_ < 0) {
      int err = errno;
      ::close(fds[0]);
      ::close(fds[1]);
      return Status::IoError(what + ": cannot fork: " + ErrnoText(err));
    }
    if (pid_ == 0) {
      ::close(fds[0]);
      RunChild(fds[1], parent, work, limits, parent_vm);
    }
    ::close(fds[1]);
    rfd_ = fds[0];
    return Status::Ok();
  }

  // Reads the pipe to EOF, checking the wall deadline and the child's CPU time and
  // memory every tick; stops (without killing) at the first limit crossed.
  Watched Watch(const PluginCallLimits& limits, int64_t parent_rss, size_t max_frame_bytes) {
    Watched w;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(limits.wall_time_ms);
    char statm[64];
    std::snprintf(statm, sizeof(statm), "/proc/%d/statm", static_cast<int>(pid_));
    clockid_t cpu_clock;
    const bool has_cpu_clock = ::clock_getcpuclockid(pid_, &cpu_clock) == 0;
    char chunk[65536];
    for (;;) {
      auto now = std::chrono::steady_clock::now();
      if (now >= deadline) return w.kill = Kill::kWall, w;
      int64_t left_ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count() + 1;
      struct pollfd pfd{rfd_, POLLIN, 0};
      int pr = ::poll(&pfd, 1, static_cast<int>(std::min<int64_t>(left_ms, kPollTickMs)));
      if (pr < 0 && errno == EINTR) continue;
      if (pr == 0) {
        struct timespec cpu;
        if (has_cpu_clock && ::clock_gettime(cpu_clock, &cpu) == 0) {
          w.cpu_ms = static_cast<int64_t>(cpu.tv_sec) * 1000 + cpu.tv_nsec / 1000000;
          if (w.cpu_ms >= limits.cpu_time_ms) return w.kill = Kill::kCpu, w;
        }
        int64_t rss = StatmBytes(statm, 1);
        if (rss < 0 || parent_rss < 0) continue;
        w.peak_extra_bytes = std::max(w.peak_extra_bytes, rss - parent_rss);
        if (rss - parent_rss > limits.memory_kib * 1024) return w.kill = Kill::kMemory, w;
        continue;
      }
      ssize_t n = ::read(rfd_, chunk, sizeof(chunk));
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (n < 0) return w.read_errno = errno, w.kill = Kill::kReadError, w;
      if (n == 0) return w;  // EOF: the child exited or closed the pipe
      if (w.buf.size() + static_cast<size_t>(n) > max_frame_bytes) return w.kill = Kill::kOutput, w;
      w.buf.append(chunk, static_cast<size_t>(n));
    }
  }

  void Kill() { ::kill(pid_, SIGKILL); }

  Result<Reaped> Reap(const std::string& what) {
    ::close(rfd_);
    rfd_ = -1;
    Reaped r;
    struct rusage usage{};
    pid_t w;
    do {
      w = ::wait4(pid_, &r.wstatus, 0, &usage);
    } while (w < 0 && errno == EINTR);
    if (w < 0) return Status::Internal(what + ": lost the child process (" + ErrnoText(errno) + "; is SIGCHLD ignored?)");
    pid_ = -1;
    r.cpu_ms = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000 +
               (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000;
    return r;
  }

 private:
  pid_t pid_ = -1;
  int rfd_ = -1;
};

// The judge stopped the child: why, with the figures.
Status KillStatus(const std::string& what, const Watched& w, const Reaped& r, const PluginCallLimits& limits,
                  size_t max_output_bytes) {
  switch (w.kill) {
    case Kill::kWall:
      return Status::Internal(what + " timed out: no result after " + std::to_string(limits.wall_time_ms) +
                              " ms wall time (killed; " + std::to_string(r.cpu_ms) + " ms CPU)");
    case Kill::kMemory:
      return Status::Internal(what + " exceeded its memory limit of " + std::to_string(limits.memory_kib) +
                              " KiB (killed at " + std::to_string(w.peak_extra_bytes / 1024) + " KiB)");
    case Kill::kOutput:
      return Status::Internal(what + ": expected at most " + std::to_string(max_output_bytes) +
                              " bytes of output, found more (killed)");
    case Kill::kReadError:
      return Status::IoError(what + ": reading the child's result failed: " + ErrnoText(w.read_errno));
    case Kill::kCpu:
      return Status::Internal(what + " exceeded its CPU limit of " + std::to_string(limits.cpu_time_ms) +
                              " ms (killed at " + std::to_string(w.cpu_ms) + " ms CPU)");
    case Kill::kNone:
      break;
  }
  return Status::Internal(what + ": stopped for no reason");
}

// The child ended by itself: its frame, or what went wrong.
Result<RawOutcome> ExitStatus(const std::string& what, const Watched& w, const Reaped& r,
                              const PluginCallLimits& limits, size_t max_output_bytes) {
  if (WIFSIGNALED(r.wstatus)) {
    int sig = WTERMSIG(r.wstatus);
    // The backstop's signals (the watch stops a call at the limit first); a plugin
    // that raises SIGXCPU itself under the limit is killed by that signal.
    if ((sig == SIGXCPU || sig == SIGKILL) && r.cpu_ms >= limits.cpu_time_ms)
      return Status::Internal(what + " exceeded its CPU limit of " + std::to_string(limits.cpu_time_ms) +
                              " ms (killed by " + SignalName(sig) + " after " + std::to_string(r.cpu_ms) +
                              " ms CPU)");
    return Status::Internal(what + " killed by " + SignalName(sig));
  }
  int code = WIFEXITED(r.wstatus) ? WEXITSTATUS(r.wstatus) : -1;
  if (code == kExitCalledCode && w.buf.size() == sizeof(ExitFrame)) {
    ExitFrame ef;
    std::memcpy(&ef, w.buf.data(), sizeof(ef));
    if (ef.magic == kExitMagic)
      return Status::Internal(what + ": the plugin called exit(" + std::to_string(ef.exit_status) +
                              ") in the middle of the call");
  }
  RawOutcome raw;
  if (code == 0 && DecodeFrame(w.buf, max_output_bytes, &raw)) return raw;
  if (code == 0 && w.buf.empty())
    return Status::Internal(what + ": the child exited with status 0 without returning a result");
  if (code == 0)
    return Status::Internal(what + ": expected a complete result frame, found " + std::to_string(w.buf.size()) +
                            " bytes that are not one");
  return Status::Internal(what + ": the child exited with status " + std::to_string(code) +
                          " without returning a result");
}

// Runs work in a forked child under limits (the theory above); what the child
// returned, or a Status saying how it failed. `what` prefixes every error.
Result<RawOutcome> RunInChild(const ChildWork& work, const PluginCallLimits& limits, size_t max_output_bytes,
                              const std::string& what) {
  const size_t max_frame_bytes =
      sizeof(FrameHeader) + max_output_bytes + plugin_internal::kMaxMessageBytes + sizeof(kTrailer);
  const int64_t parent_vm = StatmBytes("/proc/self/statm", 0);
  const int64_t parent_rss = StatmBytes("/proc/self/statm", 1);
  Child child;
  JUDGE_RETURN_IF_ERROR(child.Spawn(work, limits, parent_vm, what));
  Watched watched = child.Watch(limits, parent_rss, max_frame_bytes);
  if (watched.kill != Kill::kNone) child.Kill();
  JUDGE_ASSIGN_OR_RETURN(Reaped reaped, child.Reap(what));
  if (watched.kill != Kill::kNone) return KillStatus(what, watched, reaped, limits, max_output_bytes);
  return ExitStatus(what, watched, reaped, limits, max_output_bytes);
}

class IsolatedCaller final : public plugin_internal::CallerBase {
 public:
  IsolatedCaller(std::shared_ptr<const LoadedPlugin> plugin, PluginCallLimits limits)
      : CallerBase(std::move(plugin), static_cast<size_t>(limits.max_output_bytes)), limits_(limits) {}

 protected:
  Result<RawOutcome> Invoke(const CallArgs& args) override {
    return RunInChild([&] { return plugin_->Call(args); }, limits_, max_output_bytes_,
                      plugin_->Name() + ": " + plugin_internal::OpName(args.op));
  }

 private:
  PluginCallLimits limits_;
};

}  // namespace

namespace plugin_internal {

Status ProbeLoad(const std::string& path, const std::string& expected_id, const PluginCallLimits& limits) {
  const std::string what = path + ": loading the plugin (probed in a child)";
  Result<RawOutcome> probed = RunInChild(
      [&] {
        RawOutcome raw;
        Result<std::shared_ptr<const LoadedPlugin>> opened = LoadedPlugin::Open(path, expected_id);
        raw.status = opened.ok() ? JUDGE_STATUS_OK : JUDGE_STATUS_FAILURE;
        if (!opened.ok()) raw.message = opened.status().message().substr(0, kMaxMessageBytes);
        raw.verdict = opened.ok() ? 0 : static_cast<int32_t>(opened.status().code());
        return raw;
      },
      limits, 0, what);
  if (!probed.ok()) return Status::Internal(probed.status().message());
  if (probed->status == JUDGE_STATUS_OK) return Status::Ok();
  // The child's own check failed: the same Status the load in this process would give.
  return Status::Error(static_cast<StatusCode>(probed->verdict), probed->message);
}

}  // namespace plugin_internal

Result<std::unique_ptr<PluginCaller>> LoadPluginIsolated(const std::string& path,
                                                         const std::string& expected_id,
                                                         PluginCallLimits limits) {
  if (limits.cpu_time_ms <= 0 || limits.wall_time_ms <= 0 || limits.memory_kib <= 0 ||
      limits.max_output_bytes <= 0)
    return Status::InvalidArgument(
        "plugin call limits: expected positive cpu_time_ms, wall_time_ms, memory_kib and "
        "max_output_bytes, found " + std::to_string(limits.cpu_time_ms) + ", " +
        std::to_string(limits.wall_time_ms) + ", " + std::to_string(limits.memory_kib) + ", " +
        std::to_string(limits.max_output_bytes));
  JUDGE_RETURN_IF_ERROR(plugin_internal::ProbeLoad(path, expected_id, limits));
  JUDGE_ASSIGN_OR_RETURN(auto plugin, plugin_internal::LoadedPlugin::Open(path, expected_id));
  return std::unique_ptr<PluginCaller>(new IsolatedCaller(std::move(plugin), limits));
}

}  // namespace judge
