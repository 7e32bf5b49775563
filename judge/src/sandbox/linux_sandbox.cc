// The Linux sandbox: CreateSandbox() and Run().
//
// Theory of operation. A LinuxSandbox owns a pool of run slots. Slot k runs programs
// as uid/gid first_uid + k and owns, created on first use and reused by every later
// run: its cgroup(s), an empty network namespace, a host directory the run's root
// tmpfs is mounted on (in the run's private mount namespace only) and a shared page
// the supervisor processes report through. Slots are also locked across processes
// (flock on <state_dir>/slot<k>.lock), so two judges on one host never share a uid
// or a cgroup.
//
// Run(): validate the spec, take a slot, open stdin/stdout/stderr (the judge opens
// them: O_NOFOLLOW, outputs must be regular files), hand the work directory to the
// slot's uid, reset the cgroup and set its limits, then spawn through Boost.Process
// with an init hook that builds the namespaces (child_setup.h), the forked child
// being the init of a new pid namespace. Boost returns once the program has exec'd
// (its exec-error pipe closes). The monitor then polls the init's pidfd with a timeout and, on every tick, the cgroup's CPU counter, the wall
// clock, the output files' sizes and the pids.max event counter; the first limit
// crossed is the kill reason, and the whole tree is killed through the cgroup (or the
// pid namespace's init without one). After the init is reaped, the final counters
// are read, the status is decided (run_verdict.h), the cgroup is emptied for the
// next run and output paths the program replaced (symlink, FIFO) are restored.
//
// Without cgroups (SandboxMethod::kNoCgroup) the same isolation applies, time comes
// from rusage and /proc polling and memory from polling only; results say so.
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

// Boost.Process v2 with std::filesystem (no Boost.Filesystem library to link). Its
// 1.81 config header names boost::optional, boost::io::quoted and type traits
// without including them in this mode: include them first.
#define BOOST_PROCESS_USE_STD_FS 1
#include <type_traits>
#include <boost/io/quoted.hpp>
#include <boost/optional.hpp>
#include <boost/type_traits.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/process/v2.hpp>

#include "cgroup.h"
#include "child_setup.h"
#include "judge/sandbox.h"
#include "run_limits.h"
#include "linux_sandbox.h"
#include "proc_poller.h"
#include "run_filesystem.h"
#include "run_verdict.h"
#include "seccomp_policy.h"

namespace judge {

std::string_view SandboxMethodName(SandboxMethod m) {
  switch (m) {
    case SandboxMethod::kAuto: return "auto";
    case SandboxMethod::kCgroupV2: return "cgroup-v2";
    case SandboxMethod::kCgroupV1: return "cgroup-v1";
    case SandboxMethod::kNoCgroup: return "no-cgroup";
  }
  return "??";
}

namespace sandbox {

namespace bp = boost::process::v2;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kDefaultSlots = 16;
constexpr const char* kNoCgroupTimeMethod = "rusage+proc-polling";
constexpr const char* kNoCgroupMemoryMethod = "proc-polling (warning: no cgroup, approximate peak)";

std::string Errno(int err) { return std::strerror(err); }

int64_t MonotonicNs() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t{ts.tv_sec} * 1000000000 + ts.tv_nsec;
}

// An fd >= 3 (fds 0-2 of the child are built with dup2 from these), close-on-exec.
Result<int> HighFd(int fd, const std::string& what) {
  if (fd >= 3) return fd;
  int high = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  int err = errno;
  ::close(fd);
  if (high < 0) return Status::IoError("cannot duplicate the descriptor of " + what + ": " + Errno(err));
  return high;
}

class FdCloser {
 public:
  ~FdCloser() {
    for (int fd : fds_) ::close(fd);
  }
  void Add(int fd) {
    if (fd >= 0 && std::find(fds_.begin(), fds_.end(), fd) == fds_.end()) fds_.push_back(fd);
  }

 private:
  std::vector<int> fds_;
};

// Opens an output file the way the contract says: created fresh, never through a
// symlink, never a FIFO/device (O_NONBLOCK keeps a FIFO from blocking the judge).
Result<int> OpenOutput(const std::string& path, uid_t uid, gid_t gid) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd < 0) {
    int err = errno;
    if (err == ELOOP) return Status::InvalidArgument("output file " + path + " is a symbolic link");
    return Status::IoError("cannot create output file " + path + ": " + Errno(err));
  }
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Status::InvalidArgument("output file " + path + ": expected a regular file, found another kind");
  }
  ::fcntl(fd, F_SETFL, 0);
  // The program may reopen /dev/stdout (-> /proc/self/fd/1) by name.
  if (::fchown(fd, uid, gid) != 0) {
    int err = errno;
    ::close(fd);
    return Status::IoError("cannot hand output file " + path + " to the run's uid: " + Errno(err));
  }
  return HighFd(fd, path);
}

// Discarded output is still counted: an anonymous file in the state dir, bounded by
// RLIMIT_FSIZE like any output.
Result<int> OpenDiscard(const std::string& state_dir) {
  int fd = ::open(state_dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0) return Status::IoError("cannot create a scratch output file in " + state_dir + ": " + Errno(errno));
  return HighFd(fd, "the scratch output file");
}

int64_t FdSize(int fd) {
  struct stat st;
  return ::fstat(fd, &st) == 0 ? static_cast<int64_t>(st.st_size) : 0;
}

// The program may have replaced its output path (a symlink to the answers, a FIFO
// to hang the reader): put what it wrote on the descriptor back at the path, as a
// fresh regular file (a deleted file cannot be linked again, so its bytes are copied;
// at most the output limit).
void RestoreOutputPath(const std::string& path, int fd) {
  struct stat want, have;
  if (::fstat(fd, &want) != 0) return;
  if (::lstat(path.c_str(), &have) == 0 && have.st_dev == want.st_dev && have.st_ino == want.st_ino) return;
  if (::unlink(path.c_str()) != 0 && (errno == EISDIR || errno == EPERM)) {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  // The judge's descriptor is write-only: read the same file through /proc.
  char proc[64];
  std::snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
  int in = ::open(proc, O_RDONLY | O_CLOEXEC);
  if (in < 0) return;
  int out = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (out >= 0) {
    off_t offset = 0;
    while (offset < want.st_size) {
      ssize_t n = ::sendfile(out, in, &offset, static_cast<size_t>(want.st_size - offset));
      if (n <= 0) break;
    }
    ::close(out);
  }
  ::close(in);
}

bool IsExecutableFile(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// Creates an empty network namespace and returns an fd holding it.
Result<int> NewNetworkNamespace() {
  // Serialized: the holder child is cloned without exec, so O_CLOEXEC does not apply
  // and it inherits every fd open in the judge at that moment. Two threads creating
  // namespaces at once would each give their child the other's `hold` write end, and
  // neither child would ever see EOF: a deadlock (seen with `grade --jobs 2`). Creation
  // happens once per slot, so the lock costs nothing in steady state.
  static std::mutex creation_mu;
  std::lock_guard<std::mutex> creation_lock(creation_mu);
  int ready[2], hold[2];
  if (::pipe2(ready, O_CLOEXEC) != 0) return Status::IoError("pipe: " + Errno(errno));
  if (::pipe2(hold, O_CLOEXEC) != 0) {
    ::close(ready[0]);
    ::close(ready[1]);
    return Status::IoError("pipe: " + Errno(errno));
  }
  pid_t pid = static_cast<pid_t>(syscall(SYS_clone, CLONE_NEWNET | SIGCHLD, 0, 0, 0, 0));
  if (pid == 0) {
    // Waits for a byte, not for end-of-file: children other threads of the judge
    // fork at the same moment may hold copies of the pipe's write end.
    char c = 'x';
    (void)!::write(ready[1], &c, 1);
    (void)!::read(hold[0], &c, 1);  // until the judge has opened the namespace
    _exit(0);
  }
  int err = errno;
  ::close(ready[1]);
  ::close(hold[0]);
  Result<int> out = Status::IoError("cannot create a network namespace: " + Errno(err));
  if (pid > 0) {
    char c;
    struct pollfd ready_poll = {ready[0], POLLIN, 0};
    if (::poll(&ready_poll, 1, 5000) == 1 && ::read(ready[0], &c, 1) == 1) {
      std::string path = "/proc/" + std::to_string(pid) + "/ns/net";
      int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
      if (fd >= 0) out = fd;
      else out = Status::IoError("cannot open " + path + ": " + Errno(errno));
    }
  }
  if (pid > 0) {
    char c = 'x';
    (void)!::write(hold[1], &c, 1);
  }
  ::close(ready[0]);
  ::close(hold[1]);
  if (pid > 0) ::waitpid(pid, nullptr, 0);
  return out;
}

// The Boost.Process init hook: runs the child side of the sandbox.
struct SandboxInit {
  const ChildPlan* plan;
  const char* const* argv;

  template <typename Launcher>
  bp::error_code on_exec_setup(Launcher& launcher, const std::filesystem::path&, const char* const*(&cmd_line)) {
    // fd_whitelist = {0, 1, 2, exec-error pipe} at this point.
    EnterSandbox(*plan, launcher.fd_whitelist.back());
    cmd_line = argv;  // the caller's argv[0], not the resolved path
    return {};
  }
  // Boost 1.81 detects the hook with one argument list and calls it with another.
  template <typename Launcher, typename Path, typename Cmd>
  void on_exec_error(Launcher&, const bp::error_code&, const Path&, Cmd&, const bp::error_code&);
  template <typename Launcher>
  void on_exec_error(Launcher&, const std::filesystem::path&, const char* const*(&), const bp::error_code& ec) {
    ExecFailed(*plan, ec.value());
  }
};

}  // namespace

struct LinuxSandbox::Slot {
  int index = 0;
  int lock_fd = -1;
  bool busy = false;      // in this process
  bool ready = false;     // per-slot resources created
  std::unique_ptr<RunCgroup> cgroup;
  int netns_fd = -1;
  int discard_fd = -1;  // scratch file for discarded output (counted, then emptied)
  std::string root_dir;
  ChildReport* report = nullptr;
  std::unique_ptr<boost::asio::io_context> io;
};

LinuxSandbox::LinuxSandbox(const SandboxOptions& options) : options_(options) {}

LinuxSandbox::~LinuxSandbox() {
  if (own_pidns_fd_ >= 0) ::close(own_pidns_fd_);
  if (judge_pidfd_ >= 0) ::close(judge_pidfd_);
  for (auto& s : slots_) {
    if (s->netns_fd >= 0) ::close(s->netns_fd);
    if (s->discard_fd >= 0) ::close(s->discard_fd);
    if (s->lock_fd >= 0) ::close(s->lock_fd);
    if (s->report != nullptr) ::munmap(s->report, sizeof(ChildReport));
  }
}

Status LinuxSandbox::Init() {
  if (::geteuid() != 0)
    return Status::Unsupported("the sandbox needs root (to switch uids, create namespaces and cgroups); running as uid " +
                               std::to_string(::geteuid()));
  if (options_.slots < 0 || options_.first_uid <= 0)
    return Status::InvalidArgument("sandbox options: expected slots >= 0 and first_uid > 0");
  int slots = options_.slots == 0 ? kDefaultSlots : options_.slots;
  if (options_.state_dir.empty() || options_.state_dir[0] != '/')
    return Status::InvalidArgument("sandbox state_dir: expected an absolute path, found \"" + options_.state_dir + "\"");

  std::error_code ec;
  std::filesystem::create_directories(options_.state_dir, ec);
  if (ec) return Status::IoError("cannot create the sandbox state directory " + options_.state_dir + ": " + ec.message());
  ::chmod(options_.state_dir.c_str(), 0711);
  system_ = DetectSystemEntries();
  JUDGE_ASSIGN_OR_RETURN(etc_dir_, PrepareEtc(options_.state_dir, options_.first_uid, slots));
  JUDGE_ASSIGN_OR_RETURN(filter_, BuildSeccompFilter());
  cpus_ = std::max(1u, std::thread::hardware_concurrency());
  own_pidns_fd_ = ::open("/proc/self/ns/pid", O_RDONLY | O_CLOEXEC);
  if (own_pidns_fd_ < 0) return Status::Unsupported("cannot open /proc/self/ns/pid: " + Errno(errno));
  judge_pidfd_ = static_cast<int>(syscall(SYS_pidfd_open, ::getpid(), 0));
  for (int resource : {RLIMIT_CPU, RLIMIT_FSIZE, RLIMIT_STACK, RLIMIT_NOFILE, RLIMIT_NPROC, RLIMIT_CORE,
                       RLIMIT_MEMLOCK, RLIMIT_MSGQUEUE, RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit cur;
    if (::getrlimit(resource, &cur) == 0) hard_limits_[resource] = cur.rlim_max;
  }

  // Cgroups: detect (or take the forced method), fall back with a warning.
  CgroupLayout layout = DetectCgroupLayout(options_.cgroup_root);
  CgroupChoice choice = ChooseCgroups(layout, options_.method);
  if (choice.method == SandboxMethod::kNoCgroup) {
    bool forced = options_.method == SandboxMethod::kCgroupV1 || options_.method == SandboxMethod::kCgroupV2;
    if (forced || options_.require_cgroups)
      return Status::Unsupported("cgroups required but unusable: " + choice.why);
    warning_ = "no cgroups (" + choice.why + "): time and memory are approximate";
  }
  choice_ = choice;
  method_ = choice.method;

  for (int k = 0; k < slots; ++k) {
    auto slot = std::make_unique<Slot>();
    slot->index = k;
    std::string lock = options_.state_dir + "/slot" + std::to_string(k) + ".lock";
    slot->lock_fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (slot->lock_fd < 0) return Status::IoError("cannot open slot lock " + lock + ": " + Errno(errno));
    slots_.push_back(std::move(slot));
  }
  return Status::Ok();
}

Status LinuxSandbox::PrepareSlot(Slot& slot) {
  if (slot.ready) return Status::Ok();
  slot.root_dir = options_.state_dir + "/slot" + std::to_string(slot.index);
  std::error_code ec;
  std::filesystem::create_directories(slot.root_dir, ec);
  if (ec) return Status::IoError("cannot create " + slot.root_dir + ": " + ec.message());
  ::chmod(slot.root_dir.c_str(), 0700);
  if (method_ == SandboxMethod::kCgroupV2) {
    slot.cgroup = NewCgroupV2(CgroupFiles(choice_.v2_root), options_.cgroup_name, slot.index);
  } else if (method_ == SandboxMethod::kCgroupV1) {
    std::map<std::string, CgroupFiles> ctl;
    for (const auto& [name, root] : choice_.v1_roots) ctl.emplace(name, CgroupFiles(root));
    slot.cgroup = NewCgroupV1(std::move(ctl), options_.cgroup_name, slot.index);
  }
  Result<int> netns = NewNetworkNamespace();
  if (!netns.ok()) return netns.status().WithContext("slot " + std::to_string(slot.index));
  slot.netns_fd = *netns;
  void* page = ::mmap(nullptr, sizeof(ChildReport), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) return Status::IoError("mmap of the report page: " + Errno(errno));
  slot.report = static_cast<ChildReport*>(page);
  slot.io = std::make_unique<boost::asio::io_context>(1);
  slot.ready = true;
  return Status::Ok();
}

LinuxSandbox::Slot* LinuxSandbox::AcquireSlot() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    for (auto& s : slots_) {
      if (s->busy) continue;
      if (::flock(s->lock_fd, LOCK_EX | LOCK_NB) == 0) {
        s->busy = true;
        return s.get();
      }
    }
    // All taken (here or by another judge process): wait for a release or retry soon.
    cv_.wait_for(lock, std::chrono::milliseconds(5));
  }
}

void LinuxSandbox::ReleaseSlot(Slot* slot) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    ::flock(slot->lock_fd, LOCK_UN);
    slot->busy = false;
  }
  cv_.notify_one();
}

Result<std::string> LinuxSandbox::ResolveProgram(const RunSpec& spec, const std::string& work_dir) const {
  const std::string& name = spec.argv[0];
  if (name.empty()) return Status::InvalidArgument("RunSpec.argv[0]: expected a program, found an empty string");
  if (name.find('/') != std::string::npos) {
    std::string host = name[0] == '/' ? name : work_dir + "/" + name;
    if (!IsExecutableFile(host))
      return Status::NotFound("program " + name + ": expected an executable file, found none at " + host);
    return name;
  }
  std::string path = "/usr/local/bin:/usr/bin:/bin";
  for (const auto& kv : spec.env)
    if (kv.rfind("PATH=", 0) == 0) path = kv.substr(5);
  size_t i = 0;
  while (i <= path.size()) {
    size_t j = path.find(':', i);
    if (j == std::string::npos) j = path.size();
    std::string dir = path.substr(i, j - i);
    if (dir.empty()) dir = work_dir;
    if (dir[0] == '/' && IsExecutableFile(dir + "/" + name)) return dir + "/" + name;
    i = j + 1;
  }
  return Status::NotFound("program " + name + ": not found in PATH " + path);
}

Result<RunResult> LinuxSandbox::Run(const RunSpec& spec) {
  if (spec.argv.empty()) return Status::InvalidArgument("RunSpec.argv: expected a program and its arguments, found none");
  JUDGE_RETURN_IF_ERROR(ValidateLimits(spec.limits));
  // The work directory, as a canonical host path (it is also its path inside).
  char real[PATH_MAX];
  if (spec.work_dir.empty() || ::realpath(spec.work_dir.c_str(), real) == nullptr)
    return Status::NotFound("RunSpec.work_dir: expected an existing directory, found \"" + spec.work_dir + "\"");
  std::string work_dir = real;
  struct stat wst;
  if (::lstat(work_dir.c_str(), &wst) != 0 || !S_ISDIR(wst.st_mode))
    return Status::InvalidArgument("RunSpec.work_dir: expected a directory, found another kind at " + work_dir);
  JUDGE_RETURN_IF_ERROR(CheckInsidePath("RunSpec.work_dir", work_dir, system_));
  if ((options_.state_dir + "/").rfind(work_dir + "/", 0) == 0)
    return Status::InvalidArgument("RunSpec.work_dir: must not contain the sandbox state directory, found " + work_dir);
  for (const auto& m : spec.mounts) {
    const std::string& inside = m.inside_path.empty() ? m.host_path : m.inside_path;
    JUDGE_RETURN_IF_ERROR(CheckInsidePath("RunSpec.mounts inside path", inside, system_));
    struct stat mst;
    if (::stat(m.host_path.c_str(), &mst) != 0 || !S_ISDIR(mst.st_mode))
      return Status::NotFound("RunSpec.mounts: expected a host directory, found none at " + m.host_path);
  }
  JUDGE_ASSIGN_OR_RETURN(std::string program, ResolveProgram(spec, work_dir));

  Slot* slot = AcquireSlot();
  Result<RunResult> result = RunInSlot(*slot, spec, work_dir, program);
  ReleaseSlot(slot);
  return result;
}

Result<RunResult> LinuxSandbox::RunInSlot(Slot& slot, const RunSpec& spec, const std::string& work_dir,
                                          const std::string& program) {
  JUDGE_RETURN_IF_ERROR(PrepareSlot(slot));
  const SandboxLimits& limits = spec.limits;
  const bool with_cgroup = slot.cgroup != nullptr;
  DerivedLimits derived = DeriveLimits(limits, with_cgroup);
  // Without CAP_SYS_RESOURCE a hard limit cannot be raised: stay within the judge's
  // (read once, in Init).
  for (int i = 0; i < derived.rlimit_count; ++i) {
    RlimitValue& v = derived.rlimits[i];
    auto it = hard_limits_.find(v.resource);
    if (it != hard_limits_.end() && it->second != RLIM_INFINITY) {
      v.hard = std::min(v.hard, it->second);
      v.soft = std::min(v.soft, v.hard);
    }
  }
  const uid_t uid = static_cast<uid_t>(options_.first_uid + slot.index);
  const gid_t gid = static_cast<gid_t>(uid);

  // Standard streams, opened by the judge.
  FdCloser closer;
  int in_fd = ::open(spec.stdin_path.empty() ? "/dev/null" : spec.stdin_path.c_str(),
                     O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (in_fd < 0) {
    int err = errno;
    if (err == ELOOP) return Status::InvalidArgument("stdin file " + spec.stdin_path + " is a symbolic link");
    return Status::IoError("cannot open stdin file " + spec.stdin_path + ": " + Errno(err));
  }
  ::fcntl(in_fd, F_SETFL, 0);
  JUDGE_ASSIGN_OR_RETURN(in_fd, HighFd(in_fd, "stdin"));
  closer.Add(in_fd);
  // Discarded streams go to the slot's scratch file, emptied for each run (both
  // streams share it when both are discarded: one count).
  int out_fd, err_fd;
  if (spec.stdout_path.empty() || spec.stderr_path.empty()) {
    if (slot.discard_fd < 0) {
      JUDGE_ASSIGN_OR_RETURN(slot.discard_fd, OpenDiscard(options_.state_dir));
    }
    if (::ftruncate(slot.discard_fd, 0) != 0 || ::lseek(slot.discard_fd, 0, SEEK_SET) != 0)
      return Status::IoError("cannot empty the scratch output file: " + Errno(errno));
  }
  if (spec.stdout_path.empty()) {
    out_fd = slot.discard_fd;
  } else {
    JUDGE_ASSIGN_OR_RETURN(out_fd, OpenOutput(spec.stdout_path, uid, gid));
    closer.Add(out_fd);
  }
  if (!spec.stderr_path.empty() && spec.stderr_path == spec.stdout_path) {
    err_fd = out_fd;
  } else if (spec.stderr_path.empty()) {
    err_fd = slot.discard_fd;
  } else {
    JUDGE_ASSIGN_OR_RETURN(err_fd, OpenOutput(spec.stderr_path, uid, gid));
    closer.Add(err_fd);
  }

  // The work directory belongs to the run's uid for the run.
  if (::lchown(work_dir.c_str(), uid, gid) != 0 || ::chmod(work_dir.c_str(), 0755) != 0)
    return Status::IoError("cannot hand the work directory " + work_dir + " to uid " + std::to_string(uid) + ": " +
                           Errno(errno));

  // Cgroup: empty, reset, limited.
  CgroupUsage base;
  if (with_cgroup) {
    JUDGE_RETURN_IF_ERROR(slot.cgroup->Prepare(derived.cgroup_memory_bytes, derived.cgroup_pids_max)
                              .WithContext("preparing the run's cgroup"));
    JUDGE_ASSIGN_OR_RETURN(base, slot.cgroup->ReadUsage());
  }

  // Everything the child needs, prepared here (the child must not allocate).
  std::deque<std::string> storage;
  std::vector<FsOp> ops = BuildFsOps(slot.root_dir, system_, etc_dir_, work_dir, spec.mounts, derived.tmpfs_bytes,
                                     &storage);
  std::vector<const char*> argv;
  for (const auto& a : spec.argv) argv.push_back(a.c_str());
  argv.push_back(nullptr);
  std::vector<const char*> envp;
  for (const auto& e : spec.env) envp.push_back(e.c_str());
  envp.push_back(nullptr);
  std::memset(slot.report, 0, sizeof(ChildReport));

  ChildPlan plan;
  plan.judge_pidfd = judge_pidfd_;
  static const std::vector<int> kNoFds;
  const std::vector<int>& procs = with_cgroup ? slot.cgroup->procs_fds() : kNoFds;
  plan.procs_fds = procs.data();
  plan.procs_count = static_cast<int>(procs.size());
  plan.stdin_fd = in_fd;
  plan.stdout_fd = out_fd;
  plan.stderr_fd = err_fd;
  plan.netns_fd = slot.netns_fd;
  plan.unshare_flags = CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | (slot.netns_fd < 0 ? CLONE_NEWNET : 0);
  plan.fs_ops = ops.data();
  plan.fs_op_count = static_cast<int>(ops.size());
  plan.rlimits = derived.rlimits.data();
  plan.rlimit_count = derived.rlimit_count;
  plan.uid = uid;
  plan.gid = gid;
  plan.cwd = work_dir.c_str();
  plan.filter = filter_.data();
  plan.filter_len = static_cast<unsigned short>(filter_.size());
  plan.report = slot.report;

  // Spawn. This thread's next child is pid 1 of a new pid namespace (unshare affects
  // only the children of the calling thread), and the thread gets its own namespace
  // for children back right after the fork. Boost returns when the program has
  // exec'd (or setup/exec failed).
  if (::unshare(CLONE_NEWPID) != 0) {
    if (with_cgroup) (void)slot.cgroup->Finish();
    return Status::IoError("cannot create a pid namespace: " + Errno(errno));
  }
  bp::posix::default_launcher launcher;
  launcher.env = envp.data();
  bp::error_code ec;
  std::vector<std::string> no_args;  // argv comes from the hook
  auto proc = launcher(slot.io->get_executor(), ec, std::filesystem::path(program), no_args,
                       SandboxInit{&plan, argv.data()});
  const int64_t start_ns = MonotonicNs();
  if (::setns(own_pidns_fd_, CLONE_NEWPID) != 0) {
    // This thread would create every later child in a fresh pid namespace: the
    // judge is in an unsafe state, say so loudly rather than continue silently.
    std::fprintf(stderr, "judge sandbox: cannot restore the pid namespace for children: %s\n", Errno(errno).c_str());
  }
  auto handle = proc.detach();  // we reap the init ourselves (Boost's pidfd closes with it)
  const pid_t init = launcher.pid;
  if (init <= 0) {
    if (with_cgroup) (void)slot.cgroup->Finish();
    return Status::IoError("cannot spawn the sandboxed process: " + ec.message());
  }
  // The init is our child: no pid reuse race until we reap it.
  const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, init, 0));

  // Monitor.
  CgroupUsage usage = base;
  std::unique_ptr<ProcTreePoller> poller;
  ProcTreePoller::Sample polled;
  int64_t polled_mem_peak_kib = 0;
  KillReason kill = KillReason::kNone;
  int64_t kill_ns = 0;
  int64_t pids_events_seen = base.pids_max_events;
  Status monitor_error;
  const int64_t cpu_limit_ns = limits.cpu_time_ms * 1000000;
  const int64_t wall_limit_ns = limits.wall_time_ms * 1000000;
  const int64_t out_limit = derived.output_bytes;
  int64_t cpu_ns = 0;
  for (;;) {
    int64_t now = MonotonicNs();
    int64_t elapsed = now - start_ns;
    int64_t cpu_left_ms = (cpu_limit_ns - cpu_ns) / 1000000;
    // Tick: frequent near the CPU limit (all cores may burn it), at most 20 ms.
    int64_t tick = std::clamp<int64_t>(cpu_left_ms / (2 * static_cast<int64_t>(cpus_)), 1, 20);
    int64_t wall_left_ms = (wall_limit_ns - elapsed + 999999) / 1000000;
    int timeout = static_cast<int>(std::max<int64_t>(0, std::min(tick, wall_left_ms)));
    struct pollfd pfd = {pidfd, POLLIN, 0};
    int rc = pidfd >= 0 ? ::poll(&pfd, 1, timeout) : 0;
    if (pidfd < 0) std::this_thread::sleep_for(std::chrono::milliseconds(timeout));
    if (rc > 0) break;  // the init exited: the run is over
    if (rc < 0 && errno != EINTR) {
      monitor_error = Status::IoError("poll on the run's process: " + Errno(errno));
      kill = KillReason::kNone;
      break;
    }
    now = MonotonicNs();
    elapsed = now - start_ns;
    if (with_cgroup) {
      Result<CgroupUsage> u = slot.cgroup->ReadUsage();
      if (u.ok()) usage = *u;
      cpu_ns = usage.cpu_ns - base.cpu_ns;
    } else {
      if (!poller) {
        struct stat ns;
        std::string path = "/proc/" + std::to_string(init) + "/ns/pid";
        if (::stat(path.c_str(), &ns) == 0) poller = std::make_unique<ProcTreePoller>(ns.st_ino);
      }
      if (poller) {
        ProcTreePoller::Sample s = poller->Poll();
        if (s.processes > 0) {
          polled.cpu_ms = std::max(polled.cpu_ms, s.cpu_ms);
          polled_mem_peak_kib = std::max(polled_mem_peak_kib, s.rss_kib);
        }
      }
      cpu_ns = polled.cpu_ms * 1000000;
    }
    int64_t out_bytes = FdSize(out_fd) + (err_fd != out_fd ? FdSize(err_fd) : 0);
    if (cpu_ns > cpu_limit_ns) kill = KillReason::kCpuTime;
    else if (elapsed >= wall_limit_ns) kill = KillReason::kWallTime;
    else if (out_bytes > out_limit) kill = KillReason::kOutput;
    else if (with_cgroup && usage.pids_max_events > pids_events_seen) kill = KillReason::kProcesses;
    else if (!with_cgroup && polled_mem_peak_kib > limits.memory_kib) kill = KillReason::kMemory;
    if (kill != KillReason::kNone) {
      kill_ns = now;
      break;
    }
  }
  if (kill != KillReason::kNone || !monitor_error.ok()) {
    Status killed = KillTree(slot, init);
    if (monitor_error.ok() && !killed.ok()) monitor_error = killed;
  }

  // Reap the init (its rusage holds the whole reaped tree: the fallback's time).
  int status = 0;
  struct rusage ru = {};
  while (::wait4(init, &status, __WALL, &ru) < 0 && errno == EINTR) {
  }
  const int64_t reaped_ns = MonotonicNs();
  if (pidfd >= 0) ::close(pidfd);

  RunResult r;
  ChildReport report = *slot.report;
  Measurement m;
  m.judge_kill = kill;
  if (with_cgroup) {
    Result<CgroupUsage> u = slot.cgroup->ReadUsage();
    if (u.ok()) usage = *u;
    m.cpu_ms = (usage.cpu_ns - base.cpu_ns) / 1000000;
    m.memory_kib = usage.memory_peak_bytes / 1024;
    m.oom_killed = usage.oom_kills > base.oom_kills;
    m.memory_limit_hit = usage.memory_limit_hits > base.memory_limit_hits;
    m.memory_enforced = true;
    r.time_method = std::string(slot.cgroup->time_method());
    r.memory_method = std::string(slot.cgroup->memory_method());
    Status fin = slot.cgroup->Finish();
    if (!fin.ok()) return fin.WithContext("cleaning up after the run");
  } else {
    int64_t ru_ms = (int64_t{ru.ru_utime.tv_sec} + ru.ru_stime.tv_sec) * 1000 +
                    (int64_t{ru.ru_utime.tv_usec} + ru.ru_stime.tv_usec) / 1000;
    m.cpu_ms = std::max(ru_ms, polled.cpu_ms);
    m.memory_kib = std::max<int64_t>(polled_mem_peak_kib, ru.ru_maxrss);
    m.memory_enforced = false;
    r.time_method = kNoCgroupTimeMethod;
    r.memory_method = kNoCgroupMemoryMethod;
  }
  if (report.failed) {
    return Status::Internal("sandbox setup failed: " + std::string(report.failed_what) +
                            (report.failed_errno != 0 ? ": " + Errno(report.failed_errno) : ""));
  }
  if (!monitor_error.ok()) return monitor_error;
  if (report.exec_errno == ENOENT || report.exec_errno == EACCES) {
    return Status::NotFound("cannot execute " + program + " inside the sandbox: " + Errno(report.exec_errno));
  }
  m.exec_errno = report.exec_errno;
  if (report.program_reaped) {
    int st = report.program_status;
    if (WIFEXITED(st)) {
      m.exited = true;
      m.exit_code = WEXITSTATUS(st);
    } else if (WIFSIGNALED(st)) {
      m.signal = WTERMSIG(st);
    }
  } else if (m.exec_errno == 0) {
    // Killed with the tree before it could exit (by the judge or the OOM killer).
    m.signal = SIGKILL;
  }
  int64_t end_ns = kill != KillReason::kNone ? kill_ns
                   : report.program_reaped   ? report.program_end_ns
                                             : reaped_ns;
  m.wall_ms = std::max<int64_t>(0, end_ns - start_ns) / 1000000;
  m.output_bytes = FdSize(out_fd) + (err_fd != out_fd ? FdSize(err_fd) : 0);
  if (!spec.stdout_path.empty()) RestoreOutputPath(spec.stdout_path, out_fd);
  if (!spec.stderr_path.empty() && err_fd != out_fd) RestoreOutputPath(spec.stderr_path, err_fd);

  Decision d = DecideStatus(m, limits);
  r.status = d.status;
  r.kill_reason = d.reason;
  r.cpu_ms = m.cpu_ms;
  r.wall_ms = m.wall_ms;
  r.memory_kib = m.memory_kib;
  r.exit_code = m.exited ? m.exit_code : -1;
  r.signal = m.signal;
  r.output_bytes = m.output_bytes;
  r.message = d.message;
  if (!warning_.empty()) r.message += (r.message.empty() ? "" : "; ") + warning_;
  return r;
}

Status LinuxSandbox::KillTree(Slot& slot, pid_t init) {
  if (slot.cgroup) return slot.cgroup->KillAll(0).WithContext("killing the run");
  // No cgroup: killing the pid namespace's init kills everything inside it. The init
  // is the judge's child and not reaped yet, so its pid cannot have been reused.
  if (init > 0) ::kill(init, SIGKILL);
  return Status::Ok();
}

}  // namespace sandbox

Result<std::unique_ptr<Sandbox>> CreateSandbox(const SandboxOptions& options) {
  auto sb = std::make_unique<sandbox::LinuxSandbox>(options);
  JUDGE_RETURN_IF_ERROR(sb->Init().WithContext("creating the sandbox"));
  return std::unique_ptr<Sandbox>(std::move(sb));
}

}  // namespace judge
