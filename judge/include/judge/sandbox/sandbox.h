// The sandbox: runs one untrusted program under limits and measures it.
//
// The grader only sees this interface, so it is tested with a fake (no processes).
// The Linux implementation (judge/src/sandbox/linux_sandbox.cc) uses namespaces, cgroups
// (v2, else v1, else rlimits + /proc polling), an unprivileged uid and seccomp.
//
// Two kinds of failure are kept apart:
//  - Run() returning a non-OK Status: the judge could not run the program (spawn
//    failed, cgroup setup failed...). The caller reports JE; it is never a verdict.
//    kUnavailable among them: the run was not started (the slot's keeper process went
//    away before it received the run); the same spec may be run again
//    (RetryingSandbox, judge/grading/sandbox_retry.h).
//  - RunResult::status: what the program did (OK, TLE, MLE, OLE, RE).
#ifndef JUDGE_SANDBOX_H_
#define JUDGE_SANDBOX_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/run_result.h"
#include "judge/base/status.h"

namespace judge {

// The ranges Sandbox::Run accepts for SandboxLimits (InvalidArgument outside them),
// for front ends to check their options against: upper bounds that keep the limits'
// arithmetic far from overflow and the values meaningful (a day of CPU, 1 TiB of
// memory or output, a million processes or files); below 1 MiB of memory nothing,
// not even the dynamic loader, runs.
inline constexpr int64_t kMaxLimitMs = 24LL * 3600 * 1000;
inline constexpr int64_t kMinMemoryKib = 1024;
inline constexpr int64_t kMaxLimitKib = 1LL << 30;
inline constexpr int64_t kMaxLimitCount = 1 << 20;

// Limits for one run. 0 means "no limit" only where stated.
struct SandboxLimits {
  int64_t cpu_time_ms = 1000;     // CPU user+sys of the whole process tree
  int64_t wall_time_ms = 3000;    // monotonic wall clock from start to reap
  int64_t memory_kib = 262144;    // resident memory of the whole tree (cgroup)
  int64_t output_kib = 65536;     // stdout + stderr + files written, each capped at this
  int64_t stack_kib = 0;          // 0: as large as memory_kib
  int32_t max_processes = 1;      // processes + threads alive at once
  int32_t max_open_files = 64;
  // What the program may write in its work directory, all files together (bytes,
  // page-granular) and how many files and directories; more is OLE. 0: output_kib
  // (disk_kib), 16384 (disk_files). Enforced where overlayfs exists (docs/sandbox.md).
  int64_t disk_kib = 0;
  int32_t disk_files = 0;
  // DOMjudge's output limit: stdout and stderr past output_kib are dropped (the kept
  // output is truncated) and the program runs on; it is OLE only if it then ends
  // within its time limits, else TLE. False: the run is stopped at the limit (OLE).
  bool output_truncates = false;
  // When true, a run stopped at a time limit while its processes had mapped more
  // private writable memory (data + stack) than memory_kib is MLE, not TLE: it asked
  // for more than it may have and was still faulting it in (touching 2 GiB takes
  // longer than a second). Meant for native code, whose writable mappings are what it
  // allocated; not for runtimes that map far more than they use (a JVM with -Xmx64m
  // maps about 700 MiB writable).
  bool reserved_memory_counts = false;
};

// A directory from the host made visible inside the run, read-only unless stated.
struct SandboxMount {
  std::string host_path;
  std::string inside_path;  // same as host_path when empty
  bool writable = false;
};

struct RunSpec {
  // argv[0] is resolved inside the run (e.g. "./main" in the work dir, or
  // "/usr/bin/python3"). Must not be empty.
  std::vector<std::string> argv;
  // Host directory that becomes the program's working directory; created and owned
  // by the caller. It should hold only what the program must see. The program sees
  // it writable but never writes the host directory itself: its writes go to a
  // bounded layer (SandboxLimits::disk_kib) that the judge copies back into it after
  // the run (regular files, directories and links only; see docs/sandbox.md).
  std::string work_dir;
  // Which of the program's writes in work_dir come back: nullopt, everything it
  // wrote (a compiler's output, the jury's tools); else only these names of work_dir's
  // top level (plain names, no '/': e.g. a file-I/O problem's output file), the rest
  // dropped with the run. Either way files come back by their real blocks (holes stay
  // holes), an inode once (its other names as hard links), and all together at most
  // what the run's write layer was charged; past that the run is OLE (KillReason::kDisk).
  std::optional<std::vector<std::string>> copy_back_only;
  // Host paths opened by the judge (not the program). Empty stdin: /dev/null. Empty
  // stdout/stderr: discarded (still counted against output_kib). Output files are
  // created or emptied, without following links.
  std::string stdin_path;
  std::string stdout_path;
  std::string stderr_path;
  // Interactive runs: descriptors the program gets as its stdin and stdout instead of
  // stdin_path / stdout_path (-1: unused), e.g. the ends of pipes to an interactor.
  // Borrowed: Run() duplicates them before starting the program and closes its copies
  // once the program runs; stdout given this way is not counted against output_kib
  // (the reader at the other end decides what to do with it), and stderr never joins
  // it. on_started, when set, is called from Run()'s thread once the program runs, so
  // the caller can close its own copies (the other end then sees end-of-file when the
  // program's end closes).
  int stdin_fd = -1;
  int stdout_fd = -1;
  std::function<void()> on_started;
  // The whole environment ("KEY=value"); nothing is inherited from the judge.
  std::vector<std::string> env;
  // Extra read-only (or writable) directories, e.g. a JDK. The system directories
  // needed to run dynamically linked programs and compilers are always mounted
  // read-only.
  std::vector<SandboxMount> mounts;
  SandboxLimits limits;
  // The program's nice value (0 to 19; setpriority before exec): compiles run at 10 so
  // that they never starve the tests of another submission. It cannot lower it again.
  int32_t nice = 0;
  // Borrowed; may be null. When it becomes true the run is killed at the next monitor
  // tick and Run() returns a kCancelled Status (not a verdict: nothing is judged).
  const std::atomic<bool>* cancel = nullptr;
};

// The runs of one submission's tests in one prepared sandbox (Sandbox::OpenSession).
// Isolation is per session: a session's first run gets fresh namespaces (network,
// IPC and UTS included), a fresh seccomp filter and a fresh cgroup use, as a separate
// Run() does, and its later runs reuse them, with everything a run can change or
// observe restored in between: a new write layer for the work directory, no process
// left (the tree killed and the cgroup checked empty), the pid counter set back, /tmp
// and /dev/shm fresh, counters and peaks reset and read per run (SysV IPC and inet
// sockets are refused to every run). A run can never see what an earlier run of the
// session left, nor that one came before. Run() has Sandbox::Run's contract (limits, measurements, errors); a spec whose
// limits need another prepared sandbox (another memory limit sizes the root) simply
// gets a fresh one. Holds nothing between runs (no slot, no process of the judge's):
// an idle session costs nothing and never blocks other runs.
//
// Lifetime: borrows the Sandbox that opened it, which must outlive it. Not
// thread-safe: one run at a time per session; distinct sessions (and plain Run()
// calls) of one sandbox may run concurrently.
class SandboxSession {
 public:
  virtual ~SandboxSession() = default;
  virtual Result<RunResult> Run(const RunSpec& spec) = 0;
};

// Thread safety: Run() may be called concurrently from several threads; each call
// gets its own cgroup, namespaces and uid slot. OpenSession() is thread-safe.
class Sandbox {
 public:
  virtual ~Sandbox() = default;
  virtual Result<RunResult> Run(const RunSpec& spec) = 0;
  // A session for the runs of one submission (see SandboxSession). The default runs
  // each spec as a separate Run() (fakes; sandboxes without prepared sessions): the
  // same contract, without the saving. The caller owns the result.
  virtual std::unique_ptr<SandboxSession> OpenSession();
};

// A session whose every run is a separate Sandbox::Run(): Sandbox::OpenSession's
// default. Borrows `sandbox`.
class SeparateRunsSession final : public SandboxSession {
 public:
  explicit SeparateRunsSession(Sandbox* sandbox) : sandbox_(sandbox) {}
  Result<RunResult> Run(const RunSpec& spec) override { return sandbox_->Run(spec); }

 private:
  Sandbox* sandbox_;
};

inline std::unique_ptr<SandboxSession> Sandbox::OpenSession() { return std::make_unique<SeparateRunsSession>(this); }

// How a sandbox limits and measures time and memory (docs/sandbox.md, "Methods").
enum class SandboxMethod : int {
  kAuto = 0,      // the best this host supports: cgroup v2, else v1, else kNoCgroup
  kCgroupV2 = 1,  // unified hierarchy: memory.max/peak, pids.max, cpu.stat, cgroup.kill
  kCgroupV1 = 2,  // memory + cpuacct + pids + freezer controllers
  kNoCgroup = 3,  // rlimits + rusage + /proc polling (approximate; results say so)
};

std::string_view SandboxMethodName(SandboxMethod m);  // "auto", "cgroup-v2", ...

struct SandboxOptions {
  // Where the sandbox keeps per-run scratch state (its own, never the program's):
  // made 0700; refused when it exists as a symlink or belongs to another user.
  std::string state_dir = "/run/judge-sandbox";
  // When true, CreateSandbox fails instead of falling back to rlimits + /proc polling.
  bool require_cgroups = false;

  // Optional:
  // Forces a method (tests; hosts where detection picks wrongly). kAuto detects.
  SandboxMethod method = SandboxMethod::kAuto;
  // Number of concurrent run slots; slot k runs as uid/gid first_uid + k. Sandboxes in
  // several processes share slots through lock files in state_dir and in
  // /run/judge-slots (one per uid, whatever the state_dir), so processes that use one
  // cgroup_name must use the same first_uid. 0: 16.
  int32_t slots = 0;
  int32_t first_uid = 60000;
  // Name of the judge's cgroup directory under each controller's root (v1) or the
  // unified root (v2); slot k uses <root>/<cgroup_name>/slot<k>.
  std::string cgroup_name = "judge";
  // Empty: found in /proc/self/mounts. Else the cgroup2 mount (v2) or the directory
  // holding one mount per v1 controller (e.g. "/sys/fs/cgroup").
  std::string cgroup_root;
  // The slots' keeper binary (judge-sandbox-keeper, which starts each run). Empty:
  // $JUDGE_SANDBOX_KEEPER, else beside the executable, else where the build put it.
  std::string keeper_path;
};

// The best sandbox this host supports: cgroup v2, else cgroup v1, else rlimits +
// /proc polling (with a warning in every result's method fields). Implemented by the
// Linux sandbox (judge_sandbox). The caller owns the result; thread-safe.
Result<std::unique_ptr<Sandbox>> CreateSandbox(const SandboxOptions& options);

}  // namespace judge

#endif  // JUDGE_SANDBOX_H_
